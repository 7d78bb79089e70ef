package io.pilotbench.cli;

import io.pilotbench.core.analysis.SeriesAnalyzer;
import io.pilotbench.core.api.Session;
import io.pilotbench.core.model.AnalysisSettings;
import io.pilotbench.core.model.CiMethod;
import io.pilotbench.core.model.CiTarget;
import io.pilotbench.core.model.Defaults;
import io.pilotbench.core.model.InputException;
import io.pilotbench.core.model.PerformanceIndex;
import io.pilotbench.core.model.Preset;
import io.pilotbench.core.model.SeriesAnalysis;
import io.pilotbench.core.model.SessionResult;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.core.model.StoredSession;
import io.pilotbench.core.model.WarmupRemoval;
import io.pilotbench.core.store.SessionReader;
import io.pilotbench.report.AnalysisRenderer;
import io.pilotbench.report.Format;
import io.pilotbench.report.SessionRenderer;
import io.pilotbench.stats.MeanMethod;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.UnaryOperator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code pilot analyze}: the statistics of data you already have. */
@Command(
        name = "analyze",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        usageHelpAutoWidth = true,
        description = {
            "Analyse samples you already have: mean, spread, autocorrelation, a warm-up or cool-down a test finds "
                    + "(cut) and level shifts in between (reported), the confidence interval of the mean with the "
                    + "autocorrelation accounted for, and how many samples the CI target needs.",
            "",
            "INPUT is a file or - (standard input): one number per line, or CSV, TSV, semicolon- or "
                    + "whitespace-separated columns. Blank lines and # comments are skipped; a header line is detected "
                    + "and skipped with a notice.",
            "",
            "INPUT may instead be a session directory recorded by Pilot (it holds session.json): the session is "
                    + "re-analysed, per PI, readings and unit readings, with the settings it was recorded with; "
                    + "--confidence, --method, --ac-limit, --ci-width, --min-subsessions, --warmup-removal and --preset, "
                    + "when given, replace them. Session directories and data files cannot be mixed in one call.",
            ""
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  pilot analyze latencies.txt",
            "  pilot analyze --column latency --unit ms --ci-width 5%% results.csv",
            "  pilot analyze --format json a.csv b.csv > summary.json",
            "  pilot analyze --decimal-comma werte.txt          (10,5 means 10.5)",
            "  pilot analyze --ci-width 5%% results/my-session  (a recorded session)",
            "",
            "Exit codes:",
            "  0    every input analysed",
            "  2    bad usage, or an input could not be analysed (the others are",
            "       still reported)",
            "  1    internal error (a bug: please report it)"
        })
final class AnalyzeCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    InputOptions input;

    @Option(
            names = "--confidence",
            paramLabel = "LEVEL",
            description = "Confidence level of the CI, in (0, 1) or as a percentage. Default: 0.95.")
    Converters.Fraction confidence;

    @Option(
            names = "--method",
            paramLabel = "M",
            description = "How the CI of the mean is built: ar (the long-run variance of autocorrelated samples from "
                    + "an autoregressive model, with the degrees of freedom it leaves) or pilot (the original Pilot's "
                    + "subsessions and numbers; add --warmup-removal none for the original's analyze). Default: "
                    + Defaults.CI_METHOD + ".")
    CiMethod method;

    @Option(
            names = "--ac-limit",
            paramLabel = "R",
            description = "With --method pilot: largest |lag-1 autocorrelation| of subsession means treated as "
                    + "independent, in (0, 1]; 1 turns subsession merging off. Default: 0.1.")
    Double acLimit;

    @Option(
            names = "--ci-width",
            paramLabel = "W",
            description = "Target CI full width: a percentage of the mean (10%% = the CI spans 10%% of the mean, "
                    + "i.e. mean ± 5%%) or an absolute width in the data's unit. Default: 10%%.")
    CiTarget ciWidth;

    @Option(
            names = "--mean",
            paramLabel = "M",
            description = "arithmetic (times, latencies) or harmonic (rates, throughput). Default: arithmetic.")
    MeanMethod mean;

    @Option(
            names = "--min-subsessions",
            paramLabel = "N",
            description = "With --method pilot: fewest subsessions a trusted CI may rest on (the required sample "
                    + "size is at least N·q). Default: " + Defaults.MIN_SUBSESSIONS + ".")
    Long minSubsessions;

    @Option(
            names = "--preset",
            paramLabel = "P",
            description = "The original Pilot's presets: quick (|r1| ≤ 0.8, CI 20%%, 30 subsessions), normal (0.2, "
                    + "10%%, 50) or strict (0.1, 10%%, 200). Options given explicitly override the preset.")
    Preset preset;

    @Option(
            names = "--format",
            paramLabel = "F",
            defaultValue = "text",
            description = "Report format: text, json, csv or markdown. Default: ${DEFAULT-VALUE}.")
    Format format;

    @Option(
            names = "--unit",
            paramLabel = "U",
            defaultValue = "",
            description = "The data's unit, shown in text and Markdown reports (e.g. ms).")
    String unit;

    @Option(
            names = "--warmup-removal",
            paramLabel = "W",
            description = "auto: cut a warm-up at the start and a cool-down at the end only when a test finds them "
                    + "(1%% false alarms each; a level shift in between is reported, never cut); mser: the same test of "
                    + "MSER-5's cut; none: keep everything (a warm-up the test finds is still named); edm: the original's "
                    + "(keep the stable segment E-Divisive with Medians finds, and report its change points); fixed:P%% "
                    + "(drop the first P%%). Default: " + Defaults.WARMUP_REMOVAL + ".")
    WarmupRemoval warmupRemoval;

    private final InputStream stdin;

    AnalyzeCommand(InputStream stdin) {
        this.stdin = stdin;
    }

    @Override
    public Integer call() {
        List<String> files = new ArrayList<>();
        List<String> sessions = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        PrintWriter err = spec.commandLine().getErr();
        for (String in : input.inputs) {
            Path path = in.equals("-") ? null : Path.of(in);
            if (path == null || !Files.isDirectory(path)) {
                files.add(in);
            } else if (SessionReader.isSession(path)) {
                sessions.add(in);
            } else {
                errors.add(SessionReader.whyNotASession(Path.of(in)));
                err.println("pilot: " + errors.get(errors.size() - 1));
            }
        }
        if (!sessions.isEmpty() && !files.isEmpty()) {
            throw new IllegalArgumentException("session directories (" + sessions.get(0) + ") and data files ("
                    + files.get(0) + ") cannot be analysed in one call; run pilot analyze once for each");
        }
        return sessions.isEmpty() ? analyseFiles(files, errors, format) : analyseSessions(sessions, errors, format);
    }

    private int analyseFiles(List<String> files, List<String> errors, Format outputFormat) {
        AnalysisSettings settings = settings();
        SeriesAnalyzer analyzer = new SeriesAnalyzer(settings);
        List<SeriesAnalysis> results = new ArrayList<>();
        errors.addAll(input.forEachSeries(
                files, stdin, spec.commandLine().getErr(), series -> results.add(analyzer.analyze(series))));
        if (!results.isEmpty() || outputFormat == Format.JSON) {
            Colour.print(
                    spec.commandLine().getOut(),
                    outputFormat == Format.TEXT && Colour.onStdout(),
                    o -> new AnalysisRenderer(unit).render(results, errors, outputFormat, o));
        }
        return errors.isEmpty() ? ExitCode.OK.code() : ExitCode.USAGE.code();
    }

    /**
     * Re-analyses recorded sessions; a session that cannot be read is one line on stderr (in {@code errors}) and the
     * others are still reported.
     */
    private int analyseSessions(List<String> dirs, List<String> errors, Format outputFormat) {
        for (String option : new String[] {"--mean", "--unit", "--column", "--delimiter"}) {
            if (spec.commandLine().getParseResult().hasMatchedOption(option)) {
                throw new IllegalArgumentException(option + " does not apply to a session directory: the session "
                        + "records its PIs, their units and kinds (a ratio PI uses the harmonic mean)");
            }
        }
        UnaryOperator<SessionSettings> overrides = sessionOverrides();
        PrintWriter err = spec.commandLine().getErr();
        List<SessionResult> results = new ArrayList<>();
        for (String dir : dirs) {
            try {
                StoredSession recorded = SessionReader.read(Path.of(dir));
                results.add(Session.analyse(recorded.withSettings(overrides.apply(recorded.settings()))));
            } catch (InputException e) {
                errors.add(e.getMessage());
                err.println("pilot: " + e.getMessage());
            }
        }
        err.flush();
        if (!results.isEmpty() || outputFormat == Format.JSON) {
            Colour.print(
                    spec.commandLine().getOut(),
                    outputFormat == Format.TEXT && Colour.onStdout(),
                    o -> SessionRenderer.render(results, errors, outputFormat, o));
        }
        return errors.isEmpty() ? ExitCode.OK.code() : ExitCode.USAGE.code();
    }

    /**
     * The options given explicitly, applied over a session's recorded settings (the preset first, then the others);
     * checked here, once, so that a bad value is reported before any session is read.
     */
    private UnaryOperator<SessionSettings> sessionOverrides() {
        SessionOptions.Precision given = precision();
        UnaryOperator<SessionSettings> change =
                recorded -> given.applyTo(recorded.toBuilder()).build();
        // Validate the values once against the defaults (a session's own settings are valid as recorded).
        var unused = change.apply(
                SessionSettings.builder().pi(PerformanceIndex.of("x", "")).build());
        return change;
    }

    private AnalysisSettings settings() {
        AnalysisSettings s = precision().toAnalysisSettings();
        return mean == null ? s : s.withMeanMethod(mean);
    }

    /** The precision options given, typed by picocli and checked. */
    private SessionOptions.Precision precision() {
        return SessionOptions.Precision.of(preset, confidence, acLimit, ciWidth, minSubsessions, warmupRemoval, method);
    }
}
