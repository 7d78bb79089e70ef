package io.pilotbench.stats.steadystate;

import java.util.Arrays;

/**
 * Finds a warm-up: a prefix whose level differs from the rest, cut only when a test says the difference is real.
 *
 * <p>Method ({@link Locator#LEAST_SQUARES}, the default, chosen by measuring candidates side by side; bench/README.md):
 * <ol>
 *   <li>Locate: the k in [1, n/2] that best splits the series into two levels, argmax S_k²/(k(n − k)) with
 *       S_k = Σ_{i&lt;k}(x_i − x̄) (the least-squares change point; D. V. Hinkley, Biometrika 57, 1970).</li>
 *   <li>Test: the CUSUM statistic at k, |S_k|/√(m·σ²_LR) ({@link Cusum}) of the prefix against the level that
 *       follows it up to the next clear change m (a cool-down, a shift; p &lt; 10⁻⁴), σ²_LR estimated by {@link
 *       LongRunVariance} on the series with each of these levels removed (so that neither the warm-up itself nor a
 *       later change inflates the variance and hides it, and a cool-down does not pass for a warm-up). Its p-value is
 *       the Kolmogorov tail, conservative for a location restricted to the first half.</li>
 *   <li>Cut k when p &lt; α, then look again at what is left (a decaying warm-up is peeled off until the rest
 *       shows no significant prefix), never past the largest fraction allowed. A significant warm-up that ends
 *       beyond it, but within twice that fraction, is not cut but reported as <i>pending</i> ({@link
 *       Truncation#pending()}): a session that stopped with it in, or with the part of it that fits, would report a
 *       biased mean — and the sessions whose location falls short of the true end are exactly the ones that could
 *       stop first (a 3σ step of 10 rounds: before this rule 5% of sessions stopped at 32–48 rounds, covering
 *       75%; coverage over 2 × 2,000 sessions rose from 92.9% to 94.2%). Later than that, a change is a level
 *       shift ({@link LevelShifts}), reported and never cut.</li>
 * </ol>
 * Under a constant level the first test fails with probability 1 − α, so the false-alarm rate is about α per
 * analysis. Measured with α = 1% on seeded series (WarmupDetectorTest): false alarms at most 2% on i.i.d. normal and
 * Pareto samples (n = 100) and on AR(1) φ = 0.9 (n = 400); a 3σ step of 50 samples in 400 cut within 5 samples in
 * 98% of the series or more; a 20-sample step in an AR(1) of unit readings cut within 5 in 97% or more.
 *
 * <p>{@link Locator#MSER5} locates with MSER-5 instead ({@link Mser}; K. P. White 1997, rated best of 44 methods by
 * Hoad, Robinson &amp; Davies 2010), tested the same way. Measured on the same series it overshot the end of a 3σ
 * step (10th–90th percentile of the cut 50–65: MSER's minimum wanders over the flat tail) and found a 20-sample step
 * in an AR(1) of unit readings less often.
 *
 * <p>A cut is never carried over from an earlier analysis: each call judges the series as it is (the original Pilot's
 * readings tracking only ever moved its start forward, chasing noise: with EDM's percent penalty, a change point in
 * almost every window of 60 stationary samples, docs/original.md#readings-changepoints). Also rejected after measuring:
 * the CUSUM with the long-run variance of the part after the cut (5–10% false alarms on heavy-tailed samples: one early
 * spike looks like a warm-up); a rank CUSUM (no false alarms, but it missed 95% of the warm-ups of an AR(1)).
 */
public final class WarmupDetector {
    /** Series shorter than this are not tested. */
    public static final int MIN_SAMPLES = 20;
    /** The largest fraction of a series that may be cut by default: half, the MSER literature's rule (White 1997). */
    public static final double MAX_FRACTION = 0.5;
    /** The level after a warm-up ends at a later change found at this significance. */
    static final double LATER_CHANGE_ALPHA = 1e-4;

    /** How the candidate cut is located. */
    public enum Locator {
        /** The least-squares two-level split, repeated while significant (default). */
        LEAST_SQUARES,
        /** MSER-5 (MSER-1 below 100 samples), tested once. */
        MSER5
    }

    private WarmupDetector() {}

    /** {@link #warmup(double[], double, Locator, double)} with the least-squares locator, at most half cut. */
    public static Truncation warmup(double[] x, double alpha) {
        return warmup(x, alpha, Locator.LEAST_SQUARES, MAX_FRACTION);
    }

    /** {@link #warmup(double[], double, Locator, double)} with at most half cut. */
    public static Truncation warmup(double[] x, double alpha, Locator locator) {
        return warmup(x, alpha, locator, MAX_FRACTION);
    }

    /**
     * Tests for a warm-up at the start of {@code x}.
     *
     * @param x           the series in time order, finite values
     * @param alpha       the false-alarm rate of one analysis, in (0, 1)
     * @param locator     how the candidate is found
     * @param maxFraction the largest fraction of the series that is a warm-up, in (0, 1); a change later is not
     *                    one (see {@link LevelShifts})
     */
    public static Truncation warmup(double[] x, double alpha, Locator locator, double maxFraction) {
        if (!(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("alpha must be in (0, 1), got " + alpha);
        }
        if (!(maxFraction > 0 && maxFraction < 1)) {
            throw new IllegalArgumentException("the largest warm-up fraction must be in (0, 1), got " + maxFraction);
        }
        int n = x.length;
        int limit = (int) Math.floor(n * maxFraction);
        int cut = 0;
        int pending = 0;
        Truncation first = null;
        while (n - cut >= MIN_SAMPLES) {
            int k = locate(x, cut, n, locator);
            if (k == 0) {
                break;
            }
            double[] test = test(x, cut, k, n);
            if (first == null) {
                first = new Truncation(0, k, test[0], test[1], Double.NaN, Double.NaN, 0);
            }
            if (!(test[1] < alpha)) {
                break;
            }
            if (cut + k > limit) {
                // found, but too long to be cut yet: cutting part of it would leave the rest in (see the class
                // comment); a change later than twice the largest fraction is a level shift, not a warm-up
                pending = cut + k <= 2 * maxFraction * n ? cut + k : 0;
                break;
            }
            cut += k;
            if (locator == Locator.MSER5) {
                break;
            }
        }
        double meanAfter = mean(x, cut, n);
        if (first == null) {
            return Truncation.none(meanAfter);
        }
        return new Truncation(
                cut,
                cut > 0 ? cut : first.candidate(),
                first.statistic(),
                first.pValue(),
                cut > 0 ? mean(x, 0, cut) : Double.NaN,
                meanAfter,
                pending);
    }

    /** Tests for a cool-down at the end of {@code x}: {@link #warmup} of the reversed series. */
    public static Truncation coolDown(double[] x, double alpha, Locator locator) {
        double[] r = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            r[i] = x[x.length - 1 - i];
        }
        return warmup(r, alpha, locator);
    }

    /** The candidate cut within x[from, to), relative to from: the best split of the first half, or 0 when none. */
    private static int locate(double[] x, int from, int to, Locator locator) {
        int n = to - from;
        int best;
        if (locator == Locator.MSER5) {
            best = Mser.truncation(Arrays.copyOfRange(x, from, to), n >= 100 ? 5 : 1, MAX_FRACTION);
        } else {
            best = Cusum.bestSplit(x, from, to, 1, n / 2);
        }
        return best;
    }

    /**
     * {statistic, p-value} of the CUSUM at from + k: the prefix [from, from + k) against the level that follows it.
     * That level ends at the best split j of [from + k, to) when j is itself a clear change (a cool-down, a shift;
     * CUSUM at 10⁻⁴), at {@code to} otherwise, and the statistic is taken within [from, j). The long-run variance is
     * estimated on the whole of [from, to) with each of these levels removed.
     */
    private static double[] test(double[] x, int from, int k, int to) {
        int n = to - from;
        double lrv =
                LongRunVariance.estimate(demeaned(x, from, new int[] {0, k, n})).variance();
        int end = n;
        int j = k + bestSplit(x, from + k, to);
        if (j > k) {
            // Is the later split a change of its own? Judged against the variance without it — a change inflates
            // the variance that would judge it — and at a strict level, so that a stationary series is seldom split
            // twice (which would shrink the variance and raise the false alarms of the warm-up test).
            double without = LongRunVariance.estimate(demeaned(x, from, new int[] {0, k, j, n}))
                    .variance();
            double tail = mean(x, from + k, to);
            double sj = (j - k) * (mean(x, from + k, from + j) - tail);
            if (without > 0 && Cusum.kolmogorovTail(Math.abs(sj) / Math.sqrt((n - k) * without)) < LATER_CHANGE_ALPHA) {
                end = j;
                lrv = without;
            }
        }
        double mean = mean(x, from, from + end);
        double s = k * (mean(x, from, from + k) - mean);
        double stat = lrv > 0 ? Math.abs(s) / Math.sqrt(end * lrv) : (s == 0 ? 0 : Double.POSITIVE_INFINITY);
        return new double[] {stat, Cusum.kolmogorovTail(stat)};
    }

    /** x[from, from + bounds[last]) with the mean of each [bounds[b], bounds[b + 1]) removed. */
    private static double[] demeaned(double[] x, int from, int[] bounds) {
        double[] y = new double[bounds[bounds.length - 1]];
        for (int b = 0; b + 1 < bounds.length; b++) {
            double level = mean(x, from + bounds[b], from + bounds[b + 1]);
            for (int i = bounds[b]; i < bounds[b + 1]; i++) {
                y[i] = x[from + i] - level;
            }
        }
        return y;
    }

    /** The least-squares two-level split of x[from, to), relative to from, leaving 5 on each side; 0 if none. */
    private static int bestSplit(double[] x, int from, int to) {
        int n = to - from;
        if (n < 10) {
            return 0;
        }
        return Cusum.bestSplit(x, from, to, 5, n - 5);
    }

    static double mean(double[] x, int from, int to) {
        double s = 0;
        for (int i = from; i < to; i++) {
            s += x[i];
        }
        return to > from ? s / (to - from) : Double.NaN;
    }
}
