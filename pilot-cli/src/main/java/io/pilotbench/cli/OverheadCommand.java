package io.pilotbench.cli;

import io.pilotbench.core.files.JsonMappers;
import io.pilotbench.core.model.Formats;
import io.pilotbench.core.store.CompareRecord;
import io.pilotbench.core.store.ComparisonSummary;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;
import tools.jackson.databind.JsonNode;

/**
 * {@code pilot overhead -- CMD_WITH ::: CMD_WITHOUT}: the instrumentation overhead of the Pilot paper (§III-C), an
 * interleaved comparison of a command with its measurement hooks and without them, reported as the overhead with its
 * CI. A thin layer over {@code pilot compare} (every option of it applies), so the stop rule, the report and the
 * directory are the comparison's.
 */
@Command(name = "overhead", sortOptions = false, usageHelpAutoWidth = true,
        description = {
            "Measure the overhead of instrumentation (unit readings, tracing, a monitor): run CMD_WITH and "
                + "CMD_WITHOUT in interleaved rounds until their comparison is decided, as pilot compare does, then "
                + "report the overhead (CMD_WITH / CMD_WITHOUT - 1) with its confidence interval.",
            "",
            "Every option of pilot compare applies (precision, limits, --pi, -o, --format).",
            ""},
        footerHeading = "%nExamples:%n",
        footer = {
            "  pilot overhead -- ./server --trace ::: ./server",
            "  pilot overhead --max-time 5m -- ./bench --unit-readings ::: ./bench",
            "",
            "Exit codes: as pilot compare's (0 decided, 3 a limit ended it undecided, 2 bad",
            "usage, 130/143 interrupted)."})
final class OverheadCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Unmatched
    List<String> args = new ArrayList<>();

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (args.contains("-h") || args.contains("--help")) {
            spec.commandLine().usage(out);
            return ExitCode.OK.code();
        }
        int separators = (int) args.stream().filter(CompareCommand.SEPARATOR::equals).count();
        if (separators != 1 || !args.contains("--")) {
            throw new IllegalArgumentException("give the command with its instrumentation and the one without, after "
                    + "--, separated by ::: (pilot overhead -- CMD_WITH ::: CMD_WITHOUT)");
        }
        List<String> compare = new ArrayList<>(List.of("compare"));
        int dashes = args.indexOf("--");
        List<String> options = args.subList(0, dashes);
        if (!options.contains("--name")) {
            compare.addAll(List.of("--name", "with", "--name", "without"));
        }
        Path dir;
        if (options.contains("-o") || options.contains("--output")) {
            int at = Math.max(options.indexOf("-o"), options.indexOf("--output"));
            dir = Path.of(options.get(at + 1));
        } else {
            dir = OutputDirs.claimNew("overhead");
            compare.addAll(List.of("-o", dir.toString()));
        }
        compare.addAll(args);
        int code = PilotCommand.run(compare.toArray(String[]::new), out, err, System.in);
        Path result = dir.resolve(ComparisonSummary.FILE);
        if ((code == ExitCode.OK.code() || code == ExitCode.LIMIT.code()) && Files.isRegularFile(result)) {
            Path record = dir.resolve(CompareRecord.FILE);
            String sentence = sentence(JsonMappers.plain().readTree(Files.readString(result)), Files.isRegularFile(record)
                    ? JsonMappers.plain().readTree(Files.readString(record)).path("workloads") : null);
            if (sentence != null) {
                out.println();
                out.println(sentence);
                out.flush();
            }
        }
        return code;
    }

    /** "overhead of with over without: +4.8% (95% CI +3.9% to +5.7%), significant" from comparison.json's pair. */
    static String sentence(JsonNode comparison, JsonNode inputOrder) {
        JsonNode workloads = comparison.path("workloads");
        if (workloads.size() != 2) {
            return null;
        }
        // the command with the instrumentation is the first given (compare.json keeps the order; the report ranks)
        String with = inputOrder != null && inputOrder.size() == 2 ? inputOrder.get(0).asString()
                : workloads.get(0).path("name").asString();
        String without = inputOrder != null && inputOrder.size() == 2 ? inputOrder.get(1).asString()
                : workloads.get(1).path("name").asString();
        for (JsonNode pair : comparison.path("pairs")) {
            boolean forward = pair.path("a").asString().equals(with);
            JsonNode ratio = pair.path("ratio");
            if (!ratio.path("value").isNumber()) {
                continue;
            }
            double value = forward ? ratio.path("value").asDouble() : 1 / ratio.path("value").asDouble();
            double low = forward ? ratio.path("low").asDouble() : 1 / ratio.path("high").asDouble();
            double high = forward ? ratio.path("high").asDouble() : 1 / ratio.path("low").asDouble();
            String confidence = Formats.significant(100 * comparison.path("settings").path("confidence")
                    .asDouble(0.95), 3);
            boolean excludesNone = low > 1 || high < 1;
            return "overhead of " + with + " over " + without + ": " + signed(value - 1) + " (" + confidence + "% CI "
                    + signed(low - 1) + " to " + signed(high - 1) + (excludesNone ? ", which excludes none)"
                    : ", which includes none: no overhead is distinguishable)");
        }
        return null;
    }

    private static String signed(double fraction) {
        String s = Formats.significant(100 * fraction, 3) + "%";
        return fraction >= 0 ? "+" + s : s;
    }
}
