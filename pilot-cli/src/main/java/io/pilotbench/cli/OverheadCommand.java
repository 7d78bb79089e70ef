package io.pilotbench.cli;

import io.pilotbench.core.compare.Comparison;
import io.pilotbench.core.compare.PairComparison;
import io.pilotbench.core.model.Formats;
import io.pilotbench.report.Format;
import io.pilotbench.stats.ConfidenceInterval;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

/**
 * {@code pilot overhead -- CMD_WITH ::: CMD_WITHOUT}: the instrumentation overhead of the Pilot paper (§III-C), an
 * interleaved comparison of a command with its measurement hooks and without them, reported as the overhead with its
 * CI. A thin layer over {@code pilot compare} (every option of it applies, parsed by it), so the stop rule, the
 * report and the directory are the comparison's; the overhead is read from the comparison's result.
 */
@Command(
        name = "overhead",
        sortOptions = false,
        usageHelpAutoWidth = true,
        description = {
            "Measure the overhead of instrumentation (unit readings, tracing, a monitor): run CMD_WITH and "
                    + "CMD_WITHOUT in interleaved rounds until their comparison is decided, as pilot compare does, then "
                    + "report the overhead (CMD_WITH / CMD_WITHOUT - 1) with its confidence interval.",
            "",
            "Every option of pilot compare applies (precision, limits, --pi, -o, --format).",
            ""
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  pilot overhead -- ./server --trace ::: ./server",
            "  pilot overhead --max-time 5m -- ./bench --unit-readings ::: ./bench",
            "",
            "Exit codes: as pilot compare's (0 decided, 3 a limit ended it undecided, 2 bad",
            "usage, 130/143 interrupted)."
        })
final class OverheadCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Unmatched
    List<String> args = new ArrayList<>();

    private final InputStream stdin;

    OverheadCommand(InputStream stdin) {
        this.stdin = stdin;
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (args.contains("-h") || args.contains("--help")) {
            spec.commandLine().usage(out);
            return ExitCode.OK.code();
        }
        int separators =
                (int) args.stream().filter(CompareCommand.SEPARATOR::equals).count();
        if (separators != 1 || !args.contains("--")) {
            throw new IllegalArgumentException("give the command with its instrumentation and the one without, after "
                    + "--, separated by ::: (pilot overhead -- CMD_WITH ::: CMD_WITHOUT)");
        }
        List<String> compare = new ArrayList<>();
        int dashes = args.indexOf("--");
        List<String> options = args.subList(0, dashes);
        if (!options.contains("--name")) {
            compare.addAll(List.of("--name", "with", "--name", "without"));
        }
        if (!options.contains("-o") && !options.contains("--output")) {
            Path dir = OutputDirs.claimNew("overhead");
            compare.addAll(List.of("-o", dir.toString()));
        }
        compare.addAll(args);
        // pilot compare parses the options (its messages name it), then runs here: a bad one is its usage error
        CommandLine line = PilotCommand.parse("compare", compare, out, err, stdin);
        if (CommandLine.printHelpIfRequested(line.getParseResult())) {
            return ExitCode.OK.code();
        }
        Format format = line.<CompareCommand>getCommand().report.format();
        // JSON is one document: compare's is held back and the overhead added to it, not printed after it
        java.io.StringWriter held = new java.io.StringWriter();
        if (format == Format.JSON) {
            line.setOut(new PrintWriter(held));
        }
        LiveComparison.Outcome outcome;
        try {
            outcome = line.<CompareCommand>getCommand().compare();
        } finally {
            line.setOut(out);
        }
        int code = outcome.code();
        Overhead overhead = (code == ExitCode.OK.code() || code == ExitCode.LIMIT.code()) && outcome.result() != null
                ? Overhead.of(outcome.result().comparison(), outcome.workloads())
                : null;
        if (format == Format.JSON) {
            Map<String, Object> json = io.pilotbench.core.files.JsonMappers.plain()
                    .readValue(
                            held.toString(),
                            new tools.jackson.core.type.TypeReference<LinkedHashMap<String, Object>>() {});
            json.put("overhead", overhead == null ? null : overhead.toMap());
            out.println(io.pilotbench.core.files.JsonMappers.indented().writeValueAsString(json));
        } else if (overhead != null && (format == Format.TEXT || format == Format.MARKDOWN)) {
            // CSV stays rows of pairs: a sentence after them is no row
            out.println();
            out.println(overhead.sentence());
        }
        out.flush();
        return code;
    }

    /**
     * The overhead of the first workload given (with the instrumentation) over the second: the ratio of their means
     * minus 1, with its CI, as comparison.json records the pair.
     */
    record Overhead(String with, String without, double value, double low, double high, double confidence) {
        static Overhead of(Comparison comparison, List<String> inputOrder) {
            return overhead(comparison, inputOrder);
        }

        /** "overhead of with over without: +4.8% (95% CI +3.9% to +5.7%, which excludes none)". */
        String sentence() {
            boolean excludesNone = low > 0 || high < 0;
            return "overhead of " + with + " over " + without + ": " + signed(value) + " ("
                    + Formats.significant(100 * confidence, 3) + "% CI " + signed(low) + " to " + signed(high)
                    + (excludesNone
                            ? ", which excludes none)"
                            : ", which includes none: no overhead is distinguishable)");
        }

        Map<String, Object> toMap() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("with", with);
            m.put("without", without);
            m.put("value", value);
            m.put("low", low);
            m.put("high", high);
            m.put("confidence", confidence);
            return m;
        }
    }

    /** The sentence of {@link Overhead#sentence}, or null when the pair has no difference. */
    static String sentence(Comparison comparison, List<String> inputOrder) {
        Overhead o = overhead(comparison, inputOrder);
        return o == null ? null : o.sentence();
    }

    /**
     * The overhead from the pair of the two workloads, the first given (in {@code inputOrder}; the comparison ranks
     * them) being the one with the instrumentation; null when there is none to give. The numbers are those
     * comparison.json records.
     */
    private static Overhead overhead(Comparison comparison, List<String> inputOrder) {
        if (comparison.contenders().size() != 2) {
            return null;
        }
        String with = inputOrder.size() == 2
                ? inputOrder.get(0)
                : comparison.contenders().get(0).name();
        String without = inputOrder.size() == 2
                ? inputOrder.get(1)
                : comparison.contenders().get(1).name();
        for (PairComparison pair : comparison.pairs()) {
            boolean forward = pair.a().name().equals(with);
            if (pair.difference() == null) {
                continue;
            }
            ConfidenceInterval ratio = pair.ratio();
            double ratioValue = pair.paired() != null
                    ? ratio.center()
                    : pair.a().mean() / pair.b().mean();
            if (!Double.isFinite(ratioValue)) {
                continue;
            }
            // as comparison.json holds them: a bound that is not a number is null there, and read as 0
            double ratioLow = ratio == null || !Double.isFinite(ratio.low()) ? 0 : ratio.low();
            double ratioHigh = ratio == null || !Double.isFinite(ratio.high()) ? 0 : ratio.high();
            double value = forward ? ratioValue : 1 / ratioValue;
            double low = forward ? ratioLow : 1 / ratioHigh;
            double high = forward ? ratioHigh : 1 / ratioLow;
            return new Overhead(
                    with,
                    without,
                    value - 1,
                    low - 1,
                    high - 1,
                    comparison.settings().confidence());
        }
        return null;
    }

    private static String signed(double fraction) {
        String s = Formats.significant(100 * fraction, 3) + "%";
        return fraction >= 0 ? "+" + s : s;
    }
}
