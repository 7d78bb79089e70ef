package io.pilotbench.cli;

import io.pilotbench.report.ChangepointRenderer;
import io.pilotbench.report.Format;
import io.pilotbench.stats.changepoint.Edm;
import io.pilotbench.stats.changepoint.EdmSettings;
import io.pilotbench.stats.changepoint.Penalty;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code pilot changepoints}: where a series changes, and its stable segment. */
@Command(
        name = "changepoints",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        usageHelpAutoWidth = true,
        description = {
            "Find the change points of each series with E-Divisive with Medians (James, Kejariwal & Matteson 2014; "
                    + "Twitter BreakoutDetection) and its stable segment: the first segment, from the left, that is the "
                    + "longest so far and holds more than half of the samples. Samples before it are warm-up, after it "
                    + "cool-down (Pilot paper §III-A).",
            "",
            "A change point is the 0-based index of the first sample of a new segment. Defaults are Pilot's: "
                    + "min size 30, percent 0.25, degree 1.",
            ""
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  pilot changepoints round_latencies.txt",
            "  pilot changepoints --beta 0.008 --format json -c 2 log.csv",
            "",
            "Exit codes:",
            "  0    every input processed",
            "  2    bad usage, or an input could not be read (the others are still",
            "       reported)",
            "  1    internal error (a bug: please report it)"
        })
final class ChangepointsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    InputOptions input;

    @Option(
            names = "--min-size",
            paramLabel = "N",
            defaultValue = "30",
            description = "Fewest samples in a segment, >= 2. Default: ${DEFAULT-VALUE}.")
    int minSize;

    @ArgGroup(exclusive = true)
    PenaltyOption penalty = new PenaltyOption();

    static final class PenaltyOption {
        @Option(
                names = "--percent",
                paramLabel = "P",
                description = "Percent penalty (Pilot): each extra change point must raise the statistic by P·G(k) "
                        + "of its value. Default: 0.25.")
        Double percent;

        @Option(
                names = "--beta",
                paramLabel = "B",
                description = "Beta penalty (BreakoutDetection 'multi'; data rescaled to [0, 1]): each change point "
                        + "costs B·G(k); 0.008 is BreakoutDetection's default.")
        Double beta;
    }

    @Option(
            names = "--degree",
            paramLabel = "D",
            defaultValue = "1",
            description = "Penalty growth with the number of change points k: 0 constant (G = 0 for percent), "
                    + "1 linear, 2 quadratic. Default: ${DEFAULT-VALUE}.")
    int degree;

    @Option(names = "--amoc", description = "At most one change point.")
    boolean amoc;

    @Option(
            names = "--mode",
            paramLabel = "M",
            defaultValue = "auto",
            description =
                    "exact (the reference dynamic programme, O(n²)), scalable (block medians then exact "
                            + "refinement, O(n log n)) or auto (exact up to 4,000 samples, where both cost the same). Default: ${DEFAULT-VALUE}.")
    EdmSettings.Mode mode;

    @Option(
            names = "--format",
            paramLabel = "F",
            defaultValue = "text",
            description = "Report format: text or json. Default: ${DEFAULT-VALUE}.")
    TextOrJson textOrJson;

    private final InputStream stdin;

    ChangepointsCommand(InputStream stdin) {
        this.stdin = stdin;
    }

    @Override
    public Integer call() {
        Format format = textOrJson.format();
        EdmSettings settings = settings();
        List<ChangepointRenderer.Item> items = new ArrayList<>();
        List<String> errors = input.forEachSeries(
                stdin,
                spec.commandLine().getErr(),
                series -> items.add(
                        new ChangepointRenderer.Item(series, settings, Edm.detect(series.values(), settings))));
        if (!items.isEmpty() || format == Format.JSON) {
            ChangepointRenderer.render(items, errors, format, spec.commandLine().getOut());
        }
        return errors.isEmpty() ? ExitCode.OK.code() : ExitCode.USAGE.code();
    }

    private EdmSettings settings() {
        if (minSize < 2) {
            throw new IllegalArgumentException("--min-size: must be 2 or more, got " + minSize);
        }
        if (degree < 0 || degree > 2) {
            throw new IllegalArgumentException("--degree: must be 0, 1 or 2, got " + degree);
        }
        Penalty p;
        if (penalty.beta != null) {
            p = Options.parse("--beta", "", v -> Penalty.beta(penalty.beta));
        } else {
            p = Options.parse(
                    "--percent",
                    "",
                    v -> Penalty.percent(penalty.percent == null ? EdmSettings.DEFAULT_PERCENT : penalty.percent));
        }
        return new EdmSettings(minSize, p, degree, amoc, mode);
    }
}
