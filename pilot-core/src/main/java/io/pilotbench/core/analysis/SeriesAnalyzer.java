package io.pilotbench.core.analysis;

import io.pilotbench.core.model.AnalysisSettings;
import io.pilotbench.core.model.Defaults;
import io.pilotbench.core.model.Formats;
import io.pilotbench.core.model.InputException;
import io.pilotbench.core.model.LevelShift;
import io.pilotbench.core.model.MetricResult;
import io.pilotbench.core.model.Phases;
import io.pilotbench.core.model.Series;
import io.pilotbench.core.model.SeriesAnalysis;
import io.pilotbench.core.model.WarmupRemoval;
import io.pilotbench.stats.Descriptive;
import io.pilotbench.stats.MeanMethod;
import io.pilotbench.stats.Spread;
import io.pilotbench.stats.changepoint.Edm;
import io.pilotbench.stats.changepoint.EdmResult;
import io.pilotbench.stats.changepoint.EdmSettings;
import io.pilotbench.stats.changepoint.StableSegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

/**
 * Analyses existing data (paper §III-A, D, E): cut the warm-up and cool-down as the settings say, look for level
 * shifts in the rest, and estimate the mean, its CI and the samples the CI target needs ({@link MeanAnalyzer}). A
 * pure function: no I/O, no clock.
 *
 * <p>With the default {@code auto} removal a prefix and a suffix are cut only when a test finds them (1% false
 * alarms each); {@code none} keeps everything but still names a warm-up or cool-down the test would have cut; the
 * original's {@code edm} keeps EDM's stable segment and reports its change points.
 */
public final class SeriesAnalyzer {
    private final AnalysisSettings settings;

    public SeriesAnalyzer(AnalysisSettings settings) {
        this.settings = settings;
    }

    /**
     * Analyses one series.
     *
     * @throws InputException when the sample cannot be analysed: fewer than 2 values, or (harmonic
     *     mean) a value ≤ 0
     */
    public SeriesAnalysis analyze(Series series) {
        return Concurrently.analysing(() -> analyzeCounted(series));
    }

    private SeriesAnalysis analyzeCounted(Series series) {
        double[] all = series.values();
        String where = series.label();
        List<String> warnings = new ArrayList<>();
        Cut cut = cut(all, warnings);
        int from = cut.from();
        int to = cut.to();
        double[] x = Arrays.copyOfRange(all, from, to);
        if (x.length < 2) {
            throw new InputException(where + ": only " + x.length + " value" + (x.length == 1 ? "" : "s")
                    + "; a mean and its spread need at least 2 (a confidence interval 3, a trustworthy one about "
                    + Defaults.MIN_SAMPLES + ")");
        }
        double min = Descriptive.min(x);
        double max = Descriptive.max(x);
        if (min == max) {
            // a session of equal readings converges on them (MeanAnalyzer: "all equal"); a file gets the same
            // result, and a word in case the column is the wrong one
            warnings.add(where + ": all " + x.length + " analysed values equal " + Formats.significant(min, 10)
                    + " (is this the right column?)");
        }
        if (settings.meanMethod() == MeanMethod.HARMONIC && min <= 0) {
            throw new InputException(where + ": the harmonic mean needs values > 0, found " + Formats.number(min)
                    + "; use --mean arithmetic for data that can be zero or negative");
        }
        int n = x.length;
        double stddev = Descriptive.stddev(x);
        // the spread, on a long series beside the level shifts and the estimate (Concurrently); it rearranges x
        Supplier<Spread> spreadOf = Concurrently.start(n, () -> Spread.rearranging(x));
        // the tested removals' level shifts in what is kept, found here so that the spread runs beside them
        Phases found = settings.warmupRemoval().tested()
                ? cut.phases().withShifts(PhaseDetector.shifts(all, from, to, settings.confidence()))
                : cut.phases();
        MetricResult estimate = MeanAnalyzer.analyze(all, from, to, from + (all.length - to), false, settings, false);
        // the same steady-level check and interval as a session's look (SteadyLevel): one series, one interval
        SteadyLevel.Checked checked = SteadyLevel.check(
                all, from, to, found, estimate, settings.meanMethod() == MeanMethod.ARITHMETIC, false);
        Phases phases = checked.phases();
        Spread spread = spreadOf.get();
        estimate = checked.result().withSpread(spread);
        warnings.addAll(warnings(phases, estimate, n));
        return new SeriesAnalysis(
                series.source(),
                series.column(),
                settings,
                all.length,
                cut.changePoints(),
                cut.stable(),
                phases,
                from,
                spread.median(),
                min,
                max,
                stddev,
                estimate,
                warnings);
    }

    /**
     * What the warm-up and cool-down removal leaves: the analysed samples {@code [from, to)} of the series, the phases
     * found (without level shifts for the tested removals: {@link #analyze} finds them), and with {@code edm} its
     * change points and stable segment (null when it found none).
     */
    private record Cut(int from, int to, Phases phases, List<Integer> changePoints, StableSegment stable) {}

    /** Applies the settings' removal to the series; a warm-up it finds but keeps, or a failed EDM, adds a warning. */
    private Cut cut(double[] all, List<String> warnings) {
        WarmupRemoval removal = settings.warmupRemoval();
        switch (removal.method()) {
            case AUTO, MSER -> {
                Phases phases = PhaseDetector.detect(all, removal, true, false, settings.confidence());
                return new Cut(phases.warmup(), all.length - phases.cooldown(), phases, List.of(), null);
            }
            case NONE -> {
                Phases found = PhaseDetector.detect(all, WarmupRemoval.AUTO, true, true, settings.confidence());
                // nothing is cut, so the analysed sample is the whole series and starts at its first sample
                Phases phases = new Phases(
                        0,
                        found.warmupPValue(),
                        Double.NaN,
                        0,
                        found.cooldownPValue(),
                        Double.NaN,
                        0,
                        found.shifts().stream().map(s -> s.analysedFrom(0)).toList());
                if (found.warmup() > 0 || found.cooldown() > 0) {
                    warnings.add(String.format(
                            "the first %d and last %d samples differ in level from the rest "
                                    + "(warm-up %s, cool-down %s); --warmup-removal auto cuts them",
                            found.warmup(),
                            found.cooldown(),
                            Formats.pValue(found.warmupPValue()),
                            Formats.pValue(found.cooldownPValue())));
                }
                return new Cut(0, all.length, phases, List.of(), null);
            }
            case EDM -> {
                EdmResult edm = Edm.detect(all, EdmSettings.pilot());
                StableSegment s = edm.stableSegment();
                if (s.isFound()) {
                    return new Cut(
                            s.begin(),
                            s.end(),
                            Phases.untested(s.begin(), all.length - s.end()),
                            edm.changePoints(),
                            s);
                }
                if (!edm.changePoints().isEmpty()) {
                    warnings.add(String.format(
                            "change points at %s, but no segment holds more than half of the "
                                    + "samples: no stable segment, so every sample was analysed",
                            edm.changePoints()));
                }
                return new Cut(0, all.length, Phases.NONE, edm.changePoints(), null);
            }
            case FIXED -> {
                int from = removal.fixedBegin(all.length);
                return new Cut(from, all.length, Phases.untested(from, 0), List.of(), null);
            }
            default -> throw new IllegalStateException(removal.toString());
        }
    }

    /** What the reader of the estimate must know: a trend, level shifts, an unusual or missing CI, a missed target. */
    private List<String> warnings(Phases phases, MetricResult estimate, int n) {
        List<String> warnings = new ArrayList<>();
        if (phases.trending()) {
            warnings.add("the analysed samples still trend (" + Formats.number(phases.trendSlope()) + " per sample, "
                    + Formats.pValue(phases.trendPValue()) + "): no steady level is shown, and their mean depends on "
                    + "where they start and end");
        }
        for (LevelShift s : phases.shifts()) {
            warnings.add(shiftWarning(s));
        }
        if (estimate.error() != null && !estimate.error().fallback().isEmpty()) {
            warnings.add("the confidence interval is not the usual one: "
                    + estimate.error().fallback());
        }
        if (estimate.error() != null && estimate.error().nonStationary()) {
            warnings.add("the samples trend or wander (a unit root): their mean depends on where they start and end, "
                    + "so no confidence interval of a steady mean exists; is this the right column?");
        }
        if (estimate.status() == MetricResult.Status.NOT_ENOUGH_DATA || estimate.ci() == null && n < 3) {
            warnings.add("only " + estimate.n() + " samples" + (estimate.n() < n ? " after the warm-up" : "")
                    + ": too few for a confidence interval (it needs at least 3, and a trustworthy one about "
                    + Defaults.MIN_SAMPLES + ")");
        } else if (estimate.status() == MetricResult.Status.TOO_AUTOCORRELATED) {
            warnings.add(String.format(
                    "no subsession size up to n/3 = %d brings |r1| under %s: the samples are too "
                            + "autocorrelated for a valid CI; collect more data (or raise --ac-limit, or use --method ar)",
                    n / 3, Formats.number(settings.autocorrelationLimit())));
        } else if (estimate.targetWidth() > 0 && !estimate.targetMet()) {
            warnings.add(targetWarning(estimate));
        } else if (!(estimate.targetWidth() > 0)) {
            warnings.add("the CI target is relative to a mean of 0: give an absolute --ci-width");
        }
        return warnings;
    }

    /**
     * "the level shifts at analysed sample 143 (sample 163 of the series): from 12.1 ± 0.2 to 13 ± 0.2 (+7.4%,
     * p = 0.0001); …": both positions, since the analysed sample starts after the warm-up cut.
     */
    static String shiftWarning(LevelShift s) {
        return String.format(
                "the level shifts at analysed sample %d (sample %d of the series): from %s ± %s to %s ± "
                        + "%s (%s%s%%, %s); the mean mixes both levels",
                s.sample(),
                s.index(),
                Formats.number(s.before()),
                Formats.number(s.beforeHalfWidth()),
                Formats.number(s.after()),
                Formats.number(s.afterHalfWidth()),
                s.after() >= s.before() ? "+" : "",
                Formats.significant(100 * s.relativeChange(), 2),
                Formats.pValue(s.pValue()));
    }

    private String targetWarning(MetricResult m) {
        long required = m.requiredSamples();
        if (m.ci() != null && m.ci().width() <= m.targetWidth()) {
            String why = java.util.Objects.requireNonNullElse(
                    m.shortfall(settings.method(), settings.minSubsessions()), "the level may still be moving");
            return String.format(
                    "the CI width is within the target, but %s; %d samples are required, %d more",
                    why, required, required - m.n());
        }
        return String.format(
                "the CI (width %s) is wider than the target (%s): about %d samples are needed, %d more "
                        + "than the %d here",
                Formats.number(m.ci() == null ? Double.NaN : m.ci().width()),
                Formats.number(m.targetWidth()),
                required,
                required - m.n(),
                m.n());
    }
}
