package io.pilotbench.core.engine;

import io.pilotbench.core.api.MetricResult;
import io.pilotbench.core.api.PerformanceIndex.Kind;
import io.pilotbench.core.api.SessionSettings;
import io.pilotbench.stats.BinomialProportion;
import io.pilotbench.stats.ConfidenceInterval;
import io.pilotbench.stats.Descriptive;
import io.pilotbench.stats.MeanMethod;
import io.pilotbench.stats.SampleSize;
import io.pilotbench.stats.Subsessions;
import java.util.OptionalInt;

/**
 * One sample → {@link MetricResult}: Pilot's subsession analysis (paper §III-D/E; PILOT-ORIGINAL.md §2.1–2.3) with
 * the PI kind honoured (ratio → harmonic mean, binary → proportion CI; the original ignored the kind, bug B1).
 * Pure; never throws on data, it reports a status instead.
 */
final class MetricAnalyzer {
    private MetricAnalyzer() {
    }

    static MetricResult analyze(double[] x, long removed, Kind kind, SessionSettings settings) {
        int n = x.length;
        if (n == 0) {
            return MetricResult.empty(Double.NaN);
        }
        double variance = n >= 2 ? Descriptive.variance(x) : Double.NaN;
        double r1 = n >= 3 ? Descriptive.lag1Autocorrelation(x) : Double.NaN;
        MeanMethod method = kind.meanMethod();
        if (method == MeanMethod.HARMONIC && Descriptive.min(x) <= 0) {
            return new MetricResult(MetricResult.Status.INVALID_FOR_KIND, n, removed, Descriptive.mean(x), variance,
                    r1, 0, Double.NaN, Double.NaN, null, Double.NaN, -1, false);
        }
        double mean = Descriptive.mean(x, method);
        double target = settings.ciTarget().widthFor(mean);
        if (kind == Kind.BINARY) {
            return proportion(x, removed, variance, r1, mean, target, settings);
        }
        if (n < 3) {
            return notEnough(n, removed, mean, variance, r1, target);
        }
        Subsessions sub = Subsessions.of(x, method);
        if (variance == 0) {
            // Constant data: the estimate is exact (width 0), but it still has to rest on enough samples.
            ConfidenceInterval ci = ConfidenceInterval.around(mean, 0, settings.confidence());
            long required = Math.max(settings.minSubsessions(), 3);
            return new MetricResult(MetricResult.Status.OK, n, removed, mean, 0, Double.NaN, 1, 0, Double.NaN, ci,
                    target, required, n >= required);
        }
        OptionalInt q = sub.optimalSize(settings.autocorrelationLimit());
        if (q.isEmpty()) {
            return new MetricResult(MetricResult.Status.TOO_AUTOCORRELATED, n, removed, mean, variance, r1, 0,
                    Double.NaN, Double.NaN, null, target, -1, false);
        }
        int size = q.getAsInt();
        ConfidenceInterval ci = sub.confidenceInterval(size, settings.confidence()).orElseThrow();
        long required = -1;
        if (target > 0) {
            SampleSize s = sub.requiredSampleSize(target, settings.confidence(), settings.autocorrelationLimit(),
                    settings.minSubsessions()).orElseThrow();
            required = s.samples();
        }
        return new MetricResult(MetricResult.Status.OK, n, removed, mean, variance, r1, size, sub.variance(size),
                sub.autocorrelation(size), ci, target, required, required >= 0 && n >= required);
    }

    private static MetricResult proportion(double[] x, long removed, double variance, double r1, double mean,
            double target, SessionSettings settings) {
        int n = x.length;
        if (n < 2) {
            return notEnough(n, removed, mean, variance, r1, target);
        }
        for (double v : x) {
            if (v < 0 || v > 1) {
                return new MetricResult(MetricResult.Status.INVALID_FOR_KIND, n, removed, mean, variance, r1, 0,
                        Double.NaN, Double.NaN, null, target, -1, false);
            }
        }
        ConfidenceInterval ci = BinomialProportion.confidenceInterval(x, settings.confidence());
        long required = -1;
        if (target > 0 && variance > 0) {
            required = BinomialProportion.requiredSampleSize(x, target, settings.confidence(),
                    settings.minSubsessions()).samples();
        } else if (variance == 0) {
            required = Math.max(settings.minSubsessions(), 2);
        }
        return new MetricResult(MetricResult.Status.OK, n, removed, mean, variance, r1, 1, variance, r1, ci, target,
                required, required >= 0 && n >= required);
    }

    private static MetricResult notEnough(int n, long removed, double mean, double variance, double r1,
            double target) {
        return new MetricResult(MetricResult.Status.NOT_ENOUGH_DATA, n, removed, mean, variance, r1, 0, Double.NaN,
                Double.NaN, null, target, -1, false);
    }
}
