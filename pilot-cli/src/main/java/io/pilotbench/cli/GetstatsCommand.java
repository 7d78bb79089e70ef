package io.pilotbench.cli;

import io.pilotbench.report.Format;
import io.pilotbench.script.Getstats;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code pilot getstats}: Auto-pilot's Getstats tables, warnings and t-tests. */
@Command(
        name = "getstats",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        usageHelpAutoWidth = true,
        description = {
            "Summarise benchmark results as Auto-pilot's Getstats did: per TEST (or file) and column, COUNT MEAN "
                    + "MEDIAN LOW HIGH (the confidence interval of the mean) MIN MAX SDEV%% HW%% and O/H (the mean's "
                    + "difference from the first sample's, in percent of it); warnings for values with a high z-score "
                    + "and for columns that drift (a leak, a degradation); and each later sample compared with the "
                    + "first: the CI of the difference and three t-tests, pooled or Welch as an F-test of the "
                    + "variances decides.",
            "",
            "FILES: pilot script results directories, TEST directories, CSV files with a header, GNU time -v logs.",
            ""
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  pilot getstats results/zip",
            "  pilot getstats --format markdown before.csv after.csv",
            "  pilot getstats --predicate '($delta < 0.05 * $mean) || ($count > 30)' \\",
            "      results/zip/000-gzip-1",
            "      exit 0 when the predicate holds for elapsed, user and system",
            "      (a TEST stop program)",
            "",
            "Predicate variables (per column): $mean $median $delta (the CI half-width)",
            "  $hw%% $sdev $sdev%% $count $slope $min $max $low $high",
            "  operators: + - * / < <= > >= == != && || !",
            "",
            "Exit codes:",
            "  0    report printed; with --predicate: it holds",
            "  1    with --predicate: it does not hold",
            "  2    bad usage or unreadable input"
        })
final class GetstatsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(
            names = "--format",
            paramLabel = "FORMAT",
            order = 1,
            defaultValue = "text",
            description = "text, csv, json or markdown (default: ${DEFAULT-VALUE}). The CSV is two tables, an empty "
                    + "line between them: the statistics, then the t-tests (docs/getstats.md).")
    Format format;

    @Option(
            names = "--confidence",
            paramLabel = "LEVEL",
            order = 2,
            defaultValue = "0.95",
            description =
                    "Confidence of LOW/HIGH and of the CI of differences, 0.99 or 99%% (default: ${DEFAULT-VALUE}).")
    Converters.Fraction confidence;

    @Option(
            names = "--alpha",
            paramLabel = "A",
            order = 3,
            defaultValue = "0.05",
            description = "Significance level of the F-test, t-tests and drift warnings, 0.05 or 5%% (default: "
                    + "${DEFAULT-VALUE}).")
    Converters.Alpha alpha;

    @Option(
            names = "--z",
            paramLabel = "Z",
            order = 4,
            defaultValue = "2",
            description = "Count, per column, the values whose |z-score| exceeds Z, and name the worst three "
                    + "(default: ${DEFAULT-VALUE}, the paper's).")
    double z;

    @Option(
            names = "--column",
            paramLabel = "NAME",
            order = 5,
            split = ",",
            description = "Only these columns (default: all; with --predicate: elapsed, user, system).")
    List<String> columns = new ArrayList<>();

    @Option(
            names = "--predicate",
            paramLabel = "EXPR",
            order = 6,
            description = "Print nothing; exit 0 when EXPR holds for every column of every sample, else 1.")
    String predicate;

    @Parameters(arity = "1..*", paramLabel = "FILES", description = "Results to read.")
    List<Path> files = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        return Getstats.run(
                files,
                new Getstats.Options(
                        confidence.value(),
                        alpha.value(),
                        z,
                        format.name().toLowerCase(Locale.ROOT),
                        columns,
                        predicate),
                spec.commandLine().getOut());
    }
}
