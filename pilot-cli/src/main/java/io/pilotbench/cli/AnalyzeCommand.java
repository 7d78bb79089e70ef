package io.pilotbench.cli;

import io.pilotbench.core.Defaults;
import io.pilotbench.core.analysis.AnalysisSettings;
import io.pilotbench.core.analysis.CiTarget;
import io.pilotbench.core.analysis.Preset;
import io.pilotbench.core.analysis.SeriesAnalysis;
import io.pilotbench.core.analysis.SeriesAnalyzer;
import io.pilotbench.core.input.ColumnSelector;
import io.pilotbench.core.input.InputException;
import io.pilotbench.core.input.Series;
import io.pilotbench.core.input.SeriesReader;
import io.pilotbench.core.report.AnalysisRenderer;
import io.pilotbench.core.report.Format;
import io.pilotbench.stats.MeanMethod;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code pilot analyze}: the statistics of data you already have. */
@Command(name = "analyze", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        description = {
            "Analyse samples you already have: mean, spread, autocorrelation, the subsession size that removes it, "
                + "the confidence interval, and how many samples the CI target needs.",
            "",
            "INPUT is a file or - (standard input): one number per line, or CSV, TSV, semicolon- or "
                + "whitespace-separated columns. Blank lines and # comments are skipped; a header line is detected "
                + "and skipped with a notice.",
            ""},
        footerHeading = "%nExamples:%n",
        footer = {
            "  pilot analyze latencies.txt",
            "  pilot analyze --column latency --unit ms --ci-width 5% results.csv",
            "  pilot analyze --format json a.csv b.csv > summary.json",
            "",
            "Exit codes: 0 every input analysed; 2 bad usage or an input could not be analysed (the others are "
                + "still reported); 1 internal error."})
final class AnalyzeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "INPUT", description = "Files to analyse; - reads standard input.")
    List<String> inputs;

    @Option(names = {"-c", "--column"}, paramLabel = "N|NAME",
            description = "Column to analyse: a 0-based index or a header name; repeat for several. Default: 0.")
    List<String> columns = new ArrayList<>();

    @Option(names = "--delimiter", paramLabel = "D", defaultValue = "auto",
            description = "Field separator: auto, comma, tab, semicolon or whitespace. Default: ${DEFAULT-VALUE}.")
    String delimiter;

    @Option(names = "--confidence", paramLabel = "LEVEL",
            description = "Confidence level of the CI, in (0, 1) or as a percentage. Default: 0.95.")
    String confidence;

    @Option(names = "--ac-limit", paramLabel = "R",
            description = "Largest |lag-1 autocorrelation| of subsession means treated as independent, in (0, 1]; "
                + "1 turns subsession merging off. Default: 0.1.")
    Double acLimit;

    @Option(names = "--ci-width", paramLabel = "W",
            description = "Target CI full width: a percentage of the mean (10% = the CI spans 10% of the mean, "
                + "i.e. mean ± 5%) or an absolute width in the data's unit. Default: 10%.")
    String ciWidth;

    @Option(names = "--mean", paramLabel = "M",
            description = "arithmetic (times, latencies) or harmonic (rates, throughput). Default: arithmetic.")
    String mean;

    @Option(names = "--min-subsessions", paramLabel = "N",
            description = "Fewest subsessions a trusted CI may rest on (the required sample size is at least N·q). "
                + "Default: " + Defaults.MIN_SUBSESSIONS + ".")
    Long minSubsessions;

    @Option(names = "--preset", paramLabel = "P",
            description = "The original Pilot's presets: quick (|r1| ≤ 0.8, CI 20%, 30 subsessions), normal (0.2, "
                + "10%, 50) or strict (0.1, 10%, 200). Options given explicitly override the preset.")
    String preset;

    @Option(names = "--format", paramLabel = "F", defaultValue = "text",
            description = "Report format: text, json, csv or markdown. Default: ${DEFAULT-VALUE}.")
    String format;

    @Option(names = "--unit", paramLabel = "U", defaultValue = "",
            description = "The data's unit, shown in text and Markdown reports (e.g. ms).")
    String unit;

    @Option(names = {"-q", "--quiet"}, description = "Do not print notices (such as a skipped header) on stderr.")
    boolean quiet;

    private final InputStream stdin;

    AnalyzeCommand(InputStream stdin) {
        this.stdin = stdin;
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        AnalysisSettings settings = settings();
        Format outputFormat = Options.enumValue(Format.class, "--format", format);
        SeriesReader reader = new SeriesReader(Options.enumValue(SeriesReader.Delimiter.class, "--delimiter", delimiter),
                columns.isEmpty() ? List.of(ColumnSelector.FIRST)
                        : columns.stream().map(c -> Options.parse("--column", c, ColumnSelector::parse)).toList());
        SeriesAnalyzer analyzer = new SeriesAnalyzer(settings);

        List<SeriesAnalysis> results = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        for (String input : inputs) {
            try {
                for (Series series : read(reader, input, quiet ? s -> { } : s -> err.println("pilot: note: " + s))) {
                    try {
                        results.add(analyzer.analyze(series));
                    } catch (InputException e) {
                        errors.add(e.getMessage());
                        err.println("pilot: " + e.getMessage());
                    }
                }
            } catch (InputException e) {
                errors.add(e.getMessage());
                err.println("pilot: " + e.getMessage());
            }
        }
        err.flush();
        if (!results.isEmpty() || outputFormat == Format.JSON) {
            new AnalysisRenderer(unit).render(results, errors, outputFormat, out);
        }
        return errors.isEmpty() ? ExitCodes.OK : ExitCodes.USAGE;
    }

    private List<Series> read(SeriesReader reader, String input, java.util.function.Consumer<String> notices) {
        if (input.equals("-")) {
            try {
                return reader.read("-", stdin, notices);
            } catch (IOException e) {
                throw new InputException("-: cannot read standard input (" + e.getMessage() + ")");
            }
        }
        return reader.read(Path.of(input), notices);
    }

    private AnalysisSettings settings() {
        AnalysisSettings s = preset == null ? AnalysisSettings.defaults()
                : AnalysisSettings.of(Options.enumValue(Preset.class, "--preset", preset));
        if (confidence != null) {
            s = s.withConfidence(Options.fraction("--confidence", confidence));
        }
        if (acLimit != null) {
            s = s.withAutocorrelationLimit(acLimit);
        }
        if (ciWidth != null) {
            s = s.withCiTarget(Options.parse("--ci-width", ciWidth, CiTarget::parse));
        }
        if (mean != null) {
            s = s.withMeanMethod(Options.enumValue(MeanMethod.class, "--mean", mean));
        }
        if (minSubsessions != null) {
            s = s.withMinSubsessions(minSubsessions);
        }
        return s;
    }
}
