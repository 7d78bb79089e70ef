package io.pilotbench.cli;

import io.pilotbench.core.analysis.SeriesAnalyzer;
import io.pilotbench.core.api.Session;
import io.pilotbench.core.compare.CompareSettings;
import io.pilotbench.core.compare.Comparison;
import io.pilotbench.core.compare.Contender;
import io.pilotbench.core.compare.Direction;
import io.pilotbench.core.compare.Gate;
import io.pilotbench.core.model.InputException;
import io.pilotbench.core.model.PerformanceIndex;
import io.pilotbench.core.model.SessionResult;
import io.pilotbench.core.model.StoredSession;
import io.pilotbench.core.store.SessionReader;
import io.pilotbench.report.ComparisonReport;
import io.pilotbench.report.Format;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code pilot compare FILE|SESSION...}: data already recorded — session directories (re-analysed with the precision
 * options given now) and files of numbers — ranked and compared pairwise.
 */
final class StoredComparison {
    private final CompareCommand cmd;

    StoredComparison(CompareCommand command) {
        this.cmd = command;
    }

    int run(CompareSettings settings, Gate gate, Format outputFormat) {
        for (String option : ProcessOptions.RECORDED) {
            if (cmd.given(option)) {
                throw new IllegalArgumentException(option + " applies to commands; to compare commands, put them "
                        + "after -- separated by ::: (pilot compare -- CMD_A ::: CMD_B)");
            }
        }
        if (cmd.args.size() < 2) {
            throw new IllegalArgumentException(cmd.args.isEmpty()
                    ? "nothing to compare: give two or more files or session directories, or commands after -- "
                        + "separated by ::: (pilot compare -- CMD_A ::: CMD_B)"
                    : "only one input (" + cmd.args.get(0) + "): a comparison needs at least two; to compare commands, "
                        + "separate them with ::: after --");
        }
        cmd.checkNames(cmd.args.size());
        SessionOptions.Precision precision = cmd.precision();
        List<Contender> contenders = new ArrayList<>();
        for (int i = 0; i < cmd.args.size(); i++) {
            contenders.add(contender(cmd.args.get(i), cmd.names.isEmpty() ? null : cmd.names.get(i), precision));
        }
        contenders = cmd.uniqueNames(contenders);
        Direction direction = cmd.direction(contenders.get(0).pi());
        Comparison c = Comparison.of(contenders, settings, direction);
        new ComparisonReport(c, null, Double.NaN, gate, null).render(outputFormat, cmd.spec.commandLine().getOut());
        return cmd.exitCode(c, null, gate);
    }

    private Contender contender(String input, String givenName, SessionOptions.Precision precision) {
        Path path = Path.of(input);
        if (Files.isDirectory(path)) {
            if (!SessionReader.isSession(path)) {
                throw new InputException(SessionReader.whyNotASession(Path.of(input)));
            }
            StoredSession recorded = SessionReader.read(path);
            SessionResult r = Session.analyse(recorded.withSettings(precision.applyTo(recorded.settings()
                    .toBuilder()).build()));
            return cmd.contender(givenName != null ? givenName : input, r, input);
        }
        if (!Files.exists(path)) {
            throw new InputException(input + ": no such file or directory; to compare commands, separate two or more "
                    + "with ::: after -- (pilot compare -- CMD_A ::: CMD_B), or give one with --baseline SESSION_DIR");
        }
        InputOptions in = new InputOptions();
        in.columns = cmd.column == null ? List.of() : List.of(cmd.column);
        in.delimiter = cmd.delimiter;
        in.quiet = cmd.report.quiet;
        List<io.pilotbench.core.model.Series> series = new ArrayList<>();
        List<String> errors = in.forEachSeries(List.of(input), cmd.stdin, new PrintWriter(PrintWriter.nullWriter()),
                series::add);
        if (!errors.isEmpty()) {
            throw new InputException(errors.get(0));
        }
        var analysis = new SeriesAnalyzer(precision.toAnalysisSettings()).analyze(series.get(0));
        String piName = cmd.column == null ? "value" : cmd.column;
        return Contender.of(givenName != null ? givenName : input, PerformanceIndex.of(piName, cmd.unit.strip()),
                analysis);
    }
}
