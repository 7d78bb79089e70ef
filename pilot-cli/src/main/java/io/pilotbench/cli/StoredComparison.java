package io.pilotbench.cli;

import io.pilotbench.core.api.RecordedComparison;
import io.pilotbench.core.compare.CompareSettings;
import io.pilotbench.core.compare.Comparison;
import io.pilotbench.core.compare.Contender;
import io.pilotbench.core.compare.Gate;
import io.pilotbench.core.input.ToolResults;
import io.pilotbench.core.model.InputException;
import io.pilotbench.core.model.PerformanceIndex;
import io.pilotbench.core.model.Series;
import io.pilotbench.report.ComparisonReport;
import io.pilotbench.report.Format;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code pilot compare FILE|SESSION...}: data already recorded — session directories (re-analysed with the precision
 * options given now) and files of numbers — ranked and compared pairwise by {@link RecordedComparison}; this class
 * checks the options, names the inputs, reads the files of numbers (with pilot analyze's reader) and prints.
 */
final class StoredComparison {
    private final CompareCommand cmd;

    StoredComparison(CompareCommand command) {
        this.cmd = command;
    }

    int run(CompareSettings settings, Gate gate, Format outputFormat) throws InterruptedException {
        for (String option : ProcessOptions.RECORDED) {
            if (cmd.given(option)) {
                throw new IllegalArgumentException(option + " applies to commands; to compare commands, put them "
                        + "after -- separated by ::: (pilot compare -- CMD_A ::: CMD_B)");
            }
        }
        List<Series> tool = cmd.args.size() == 1 && Files.isRegularFile(Path.of(cmd.args.get(0)))
                ? RecordedComparison.toolResults(Path.of(cmd.args.get(0)))
                : List.of();
        List<RecordedComparison.Input> inputs = new ArrayList<>();
        if (tool.size() >= 2) {
            // one hyperfine or JMH result with several commands or benchmarks: they are the contenders; hyperfine's
            // are run times in seconds, so they are compared as times ("faster", in ms) unless --unit says otherwise
            cmd.checkNames(tool.size());
            boolean seconds = tool.stream().allMatch(t -> t.column().endsWith(ToolResults.HYPERFINE_SECONDS));
            String unit = cmd.unit.isBlank() && seconds ? "s" : cmd.unit.strip();
            for (int i = 0; i < tool.size(); i++) {
                String column = tool.get(i).column();
                String name = seconds && unit.equals("s")
                        ? column.substring(0, column.length() - ToolResults.HYPERFINE_SECONDS.length())
                        : column;
                inputs.add(RecordedComparison.Numbers.of(
                        cmd.names.isEmpty() ? name : cmd.names.get(i),
                        PerformanceIndex.of(seconds ? "time" : "value", unit),
                        tool.get(i)));
            }
        } else {
            if (cmd.args.size() < 2) {
                throw new IllegalArgumentException(
                        cmd.args.isEmpty()
                                ? "nothing to compare: give two or more files or session directories, or commands "
                                        + "after -- separated by ::: (pilot compare -- CMD_A ::: CMD_B)"
                                : "only one input (" + cmd.args.get(0)
                                        + "): a comparison needs at least two; to compare commands, "
                                        + "separate them with ::: after --");
            }
            cmd.checkNames(cmd.args.size());
            if (cmd.args.stream().filter("-"::equals).count() > 1) {
                throw new IllegalArgumentException("'-' (standard input) is given more than once; it can be read once");
            }
            for (int i = 0; i < cmd.args.size(); i++) {
                String input = cmd.args.get(i);
                inputs.add(input(input, cmd.names.isEmpty() ? input : cmd.names.get(i)));
            }
        }
        SessionOptions.Precision precision = cmd.precision();
        Comparison c = new RecordedComparison(
                        s -> precision.applyTo(s.toBuilder()).build(), precision.toAnalysisSettings(), cmd.metric)
                .compare(inputs, settings, cmd::direction);
        new ComparisonReport(c, null, Double.NaN, gate, null)
                .render(outputFormat, cmd.spec.commandLine().getOut());
        return empty(c) ? ExitCode.USAGE.code() : cmd.exitCode(c, null, gate);
    }

    /**
     * Whether an input has nothing to compare (a session whose every round failed, an empty file), said in a line
     * on stderr for each. Its comparisons are "undecided", and a gate passed them: {@code --fail-if-slower 5% main
     * branch} exited 0 when no round of the branch had run. As {@code pilot analyze} does with an input it cannot
     * analyse, the others are still reported and the exit code is 2.
     */
    private boolean empty(Comparison c) {
        boolean any = false;
        for (Contender k : c.contenders()) {
            if (k.n() == 0) {
                cmd.spec
                        .commandLine()
                        .getErr()
                        .println(
                                "pilot: " + k.name() + ": no " + k.pi().name()
                                        + " to compare (no round of it succeeded, or it holds no values); the others are compared");
                any = true;
            }
        }
        cmd.spec.commandLine().getErr().flush();
        return any;
    }

    /** A session directory, or a file of numbers read (on the comparison's threads) as pilot analyze reads it. */
    private RecordedComparison.Input input(String input, String name) {
        if (Files.isDirectory(Path.of(input))) {
            return new RecordedComparison.SessionDirectory(input, name);
        }
        String piName = cmd.column == null
                ? "value"
                : cmd.column.byName() ? cmd.column.name() : Integer.toString(cmd.column.index());
        return new RecordedComparison.Numbers(name, PerformanceIndex.of(piName, cmd.unit.strip()), () -> read(input));
    }

    private Series read(String input) {
        if (!input.equals("-") && !Files.exists(Path.of(input))) {
            throw new InputException(input + ": no such file or directory; to compare commands, separate two or more "
                    + "with ::: after -- (pilot compare -- CMD_A ::: CMD_B), or give one with --baseline SESSION_DIR");
        }
        InputOptions in = new InputOptions();
        in.columns = cmd.column == null ? List.of() : List.of(cmd.column);
        in.delimiter = cmd.delimiter;
        in.quiet = cmd.report.quiet;
        List<Series> series = new ArrayList<>();
        List<String> errors =
                in.forEachSeries(List.of(input), cmd.stdin, new PrintWriter(PrintWriter.nullWriter()), series::add);
        if (!errors.isEmpty()) {
            throw new InputException(errors.get(0));
        }
        return series.get(0);
    }
}
