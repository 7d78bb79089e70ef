package io.pilotbench.core.analysis;

import io.pilotbench.core.input.InputException;
import io.pilotbench.core.input.Series;
import io.pilotbench.stats.ConfidenceInterval;
import io.pilotbench.stats.Descriptive;
import io.pilotbench.stats.MeanMethod;
import io.pilotbench.stats.SampleSize;
import io.pilotbench.stats.Subsessions;
import io.pilotbench.stats.changepoint.Edm;
import io.pilotbench.stats.changepoint.EdmResult;
import io.pilotbench.stats.changepoint.EdmSettings;
import io.pilotbench.stats.changepoint.StableSegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalInt;

/**
 * Analyses a sample the way Pilot does (paper §III-A, D, E): find its change points and stable segment (E-Divisive
 * with Medians, Pilot's settings), cut the warm-up as the settings say, find the smallest subsession size whose means
 * are uncorrelated, build the CI from the subsession means, and estimate how many samples the CI target needs.
 * A pure function: no I/O, no clock.
 */
public final class SeriesAnalyzer {
    private final AnalysisSettings settings;

    public SeriesAnalyzer(AnalysisSettings settings) {
        this.settings = settings;
    }

    /**
     * Analyses one series.
     *
     * @throws InputException when the sample cannot be analysed: fewer than 2 values, all values equal, or (harmonic
     *     mean) a value ≤ 0
     */
    public SeriesAnalysis analyze(Series series) {
        double[] all = series.values();
        String where = series.label();
        List<String> warnings = new ArrayList<>();
        EdmResult edm = Edm.detect(all, EdmSettings.pilot());
        StableSegment stable = edm.stableSegment();
        int from = 0;
        int to = all.length;
        switch (settings.warmupRemoval().method()) {
            case NONE -> {
                if (stable.isFound() && (stable.begin() > 0 || stable.end() < all.length)) {
                    warnings.add(String.format("change points at %s: the stable segment is samples [%d, %d) (warm-up "
                            + "%d, cool-down %d); --warmup-removal edm analyses only that segment",
                            edm.changePoints(), stable.begin(), stable.end(), stable.warmUpLength(),
                            stable.coolDownLength()));
                }
            }
            case EDM -> {
                if (stable.isFound()) {
                    from = stable.begin();
                    to = stable.end();
                } else if (!edm.changePoints().isEmpty()) {
                    warnings.add(String.format("change points at %s, but no segment holds more than half of the "
                            + "samples: no stable segment, so every sample was analysed", edm.changePoints()));
                }
            }
            case FIXED -> from = settings.warmupRemoval().fixedBegin(all.length);
            default -> throw new IllegalStateException(settings.warmupRemoval().toString());
        }
        double[] x = Arrays.copyOfRange(all, from, to);
        if (x.length < 2) {
            throw new InputException(where + ": only " + x.length + " value" + (x.length == 1 ? "" : "s")
                    + "; at least 2 are needed for a confidence interval (and many more for a trustworthy one)");
        }
        double min = Descriptive.min(x);
        double max = Descriptive.max(x);
        if (min == max) {
            throw new InputException(where + ": all " + x.length + " values equal " + Formats.significant(min, 10)
                    + "; with no variation there is nothing to estimate (is this the right column?)");
        }
        if (settings.meanMethod() == MeanMethod.HARMONIC && min <= 0) {
            throw new InputException(where + ": the harmonic mean needs values > 0, found " + Formats.number(min)
                    + "; use --mean arithmetic for data that can be zero or negative");
        }
        Subsessions sub = Subsessions.of(x, settings.meanMethod());
        double mean = sub.mean();
        double targetWidth = settings.ciTarget().widthFor(mean);

        OptionalInt q = sub.optimalSize(settings.autocorrelationLimit());
        SeriesAnalysis.Subsession subsession = null;
        ConfidenceInterval ci = null;
        SampleSize required = null;
        if (q.isEmpty()) {
            warnings.add(String.format("no subsession size up to n/3 = %d brings |r1| under %s: the samples are too "
                    + "autocorrelated for a valid CI; collect more data (or raise --ac-limit)", x.length / 3,
                    Formats.number(settings.autocorrelationLimit())));
        } else {
            int size = q.getAsInt();
            subsession = new SeriesAnalysis.Subsession(size, sub.count(size), sub.variance(size),
                    sub.autocorrelation(size));
            ci = sub.confidenceInterval(size, settings.confidence()).orElseThrow();
            if (targetWidth > 0) {
                required = sub.requiredSampleSize(targetWidth, settings.confidence(), settings.autocorrelationLimit(),
                        settings.minSubsessions()).orElseThrow();
                if (!required.isMetBy(x.length)) {
                    warnings.add(targetWarning(x.length, ci, required, targetWidth));
                }
            } else {
                warnings.add("the CI target is relative to a mean of 0: give an absolute --ci-width");
            }
        }
        return new SeriesAnalysis(series.source(), series.column(), settings, all.length, edm.changePoints(),
                stable.isFound() ? stable : null, from, x.length, mean, Descriptive.median(x),
                min, max, Descriptive.variance(x), Descriptive.stddev(x), Descriptive.lag1Autocorrelation(x),
                subsession, ci, targetWidth, required, warnings);
    }

    private String targetWarning(int n, ConfidenceInterval ci, SampleSize required, double targetWidth) {
        String floor = required.subsessions() == settings.minSubsessions()
                ? String.format(" (the floor of %d subsessions of %d)", settings.minSubsessions(),
                        required.subsessionSize())
                : "";
        if (ci.width() <= targetWidth) {
            return String.format("the CI width is within the target, but it rests on %d subsessions; %d samples are "
                    + "required%s, %d more", n / required.subsessionSize(), required.samples(), floor,
                    required.samples() - n);
        }
        return String.format("the CI (width %s) is wider than the target (%s): about %d samples are needed%s, "
                + "%d more than the %d here", Formats.number(ci.width()), Formats.number(targetWidth),
                required.samples(), floor, required.samples() - n, n);
    }
}
