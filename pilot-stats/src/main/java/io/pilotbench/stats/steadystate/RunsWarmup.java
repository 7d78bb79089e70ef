package io.pilotbench.stats.steadystate;

import io.pilotbench.stats.StudentT;
import java.util.ArrayList;
import java.util.List;

/**
 * A warm-up shared by independent runs that are each too short to be tested on their own — a JMH fork of five
 * iterations, a round of a dozen unit readings — found by comparing every run with itself.
 *
 * <p>{@link WarmupDetector} tests one series (for unit readings: the runs' average by position) with a CUSUM whose
 * null distribution is asymptotic, so it needs {@value WarmupDetector#MIN_SAMPLES} positions; below that a short
 * round's warm-up was never looked for, and it stayed in the mean (the JMH driver reported 5–10% above JMH's own
 * warmed-up measurement of the same benchmark). Here the replication is across runs instead of along one:
 * <ol>
 *   <li>the candidate length k is the least-squares two-level split of the runs' average by position (the locator
 *       {@link WarmupDetector} uses), among 1 … ⌊n · maxFraction⌋;</li>
 *   <li>each run r gives d_r = mean of its first k readings − mean of the rest; the runs are independent (separate
 *       processes), so the d_r are i.i.d. whatever the dependence of readings within a run, and under "no warm-up"
 *       their mean is 0: a paired t-test (Student, R − 1 degrees of freedom, two-sided);</li>
 *   <li>the candidate was chosen by looking at the data, so its p-value is multiplied by the number of candidates
 *       (Bonferroni): the false-alarm rate is at most α.</li>
 * </ol>
 * Measured on seeded runs (RunsWarmupTest, α = 1%): false alarms 0.3–1.6% (1,000 sessions per cell; 1.6% is within
 * two binomial standard errors of 1%) in sessions of 6 to 40 runs of 5 or 10 readings — i.i.d. normal, AR(1)
 * φ = 0.6 within runs, log-normal, and with a random level per run twice the noise (the fork effect); a warm-up of
 * 2 readings of +3σ in runs of 5 found in 97.2% of sessions of only 6 runs.
 */
public final class RunsWarmup {
    /** Fewer runs than this are not tested: a t-test on 4 differences has too little power to be worth a cut. */
    public static final int MIN_RUNS = 5;

    private RunsWarmup() {}

    /**
     * Tests for a warm-up at the start of the runs' first {@code length} readings (runs shorter than that are left
     * out).
     *
     * @param runs        each run's readings in time order (for a cool-down: reversed)
     * @param length      how many positions to consider, at least 2 to test anything
     * @param alpha       the false-alarm rate, in (0, 1)
     * @param maxFraction the largest fraction of {@code length} that is a warm-up, in (0, 1)
     * @return the cut (0: none), with the test's statistic, p-value and the means before and after it
     */
    public static Truncation warmup(List<double[]> runs, int length, double alpha, double maxFraction) {
        if (!(alpha > 0 && alpha < 1) || !(maxFraction > 0 && maxFraction < 1)) {
            throw new IllegalArgumentException(
                    "alpha and maxFraction must be in (0, 1), got " + alpha + " and " + maxFraction);
        }
        List<double[]> used = new ArrayList<>();
        for (double[] r : runs) {
            if (r.length >= length) {
                used.add(r);
            }
        }
        int candidates = (int) Math.floor(length * maxFraction);
        double[] ensemble = new double[Math.max(length, 0)];
        for (double[] r : used) {
            for (int i = 0; i < length; i++) {
                ensemble[i] += r[i] / used.size();
            }
        }
        if (used.size() < MIN_RUNS || length < 2 || candidates < 1) {
            return Truncation.none(mean(ensemble, 0, length));
        }
        int k = bestSplit(ensemble, candidates);
        int runsCount = used.size();
        double[] d = new double[runsCount];
        double sum = 0;
        for (int r = 0; r < runsCount; r++) {
            d[r] = mean(used.get(r), 0, k) - mean(used.get(r), k, length);
            sum += d[r];
        }
        double meanD = sum / runsCount;
        double ss = 0;
        for (double v : d) {
            ss += (v - meanD) * (v - meanD);
        }
        double se = Math.sqrt(ss / (runsCount - 1) / runsCount);
        double t = se > 0 ? meanD / se : (meanD == 0 ? 0 : Double.POSITIVE_INFINITY);
        double p = Double.isInfinite(t) ? 0 : 2 * (1 - StudentT.cdf(Math.abs(t), runsCount - 1));
        p = Math.min(1, p * candidates);
        double before = mean(ensemble, 0, k);
        double after = mean(ensemble, k, length);
        return p < alpha
                ? new Truncation(k, k, t, p, before, after, 0)
                : new Truncation(0, k, t, p, Double.NaN, mean(ensemble, 0, length), 0);
    }

    /** The k in 1..most that minimises the two-level sum of squares of x (x[0, k) and x[k, n) at their means). */
    private static int bestSplit(double[] x, int most) {
        int n = x.length;
        double total = 0;
        for (double v : x) {
            total += v;
        }
        int best = 1;
        double bestGain = Double.NEGATIVE_INFINITY;
        double prefix = 0;
        for (int k = 1; k <= most; k++) {
            prefix += x[k - 1];
            double a = prefix / k;
            double b = (total - prefix) / (n - k);
            // the between-segments sum of squares: maximising it minimises the within-segments one
            double gain = k * (double) (n - k) / n * (a - b) * (a - b);
            if (gain > bestGain) {
                bestGain = gain;
                best = k;
            }
        }
        return best;
    }

    private static double mean(double[] x, int from, int to) {
        if (to <= from) {
            return Double.NaN;
        }
        double s = 0;
        for (int i = from; i < to; i++) {
            s += x[i];
        }
        return s / (to - from);
    }
}
