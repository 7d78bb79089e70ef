package io.pilotbench.stats;

import java.util.Arrays;

/**
 * How a sample spreads around its mean: order statistics, how many values lie beyond Tukey's far-out fences, and a
 * modality value, so that a report can show what a mean and its CI hide — a command that takes an extra 300 ms one
 * round in eight, or two modes (a cache that is sometimes cold).
 *
 * <p>Percentiles are R's {@code quantile(type = 7)} ({@link Descriptive#percentile}). An outlier has a modified
 * z-score 0.6745·(x − median)/MAD beyond ±{@value #OUTLIER_Z} (B. Iglewicz and D. C. Hoaglin, How to Detect and
 * Handle Outliers, ASQC 1993; with the mean absolute deviation when more than half the values are equal): the
 * threshold hyperfine warns at, lenient enough that a skewed but clean sample (exponential, lognormal) is seldom
 * flagged. The modality value is Brendan
 * Gregg's mvalue (B. Gregg, "Frequency Trails: Modes and Modality", 2014): the sum of the absolute changes in bar
 * height along a histogram, walked from zero to zero, divided by the tallest bar — 2 for one mode, about 4 for two,
 * 6 for three. The bars are three quarters as wide as Scott's rule asks (D. W. Scott, "On optimal and data-based histograms",
 * Biometrika 66, 1979: 3.49·s·n^(−1/3)), so that two modes a rule-of-thumb width would merge stay apart.
 *
 * @param n         the number of values
 * @param min       the smallest value
 * @param q1        the 25th percentile
 * @param median    the median
 * @param q3        the 75th percentile
 * @param p90       the 90th percentile
 * @param p99       the 99th percentile
 * @param max       the largest value
 * @param low       outliers below the median
 * @param high      outliers above the median
 * @param mvalue    the modality value; NaN below {@value #MIN_FOR_MODES} values, where a histogram is too coarse
 */
public record Spread(
        int n,
        double min,
        double q1,
        double median,
        double q3,
        double p90,
        double p99,
        double max,
        int low,
        int high,
        double mvalue) {

    /** The fewest values for which a modality value is computed. */
    public static final int MIN_FOR_MODES = 30;
    /**
     * The modality value from which a report warns of several modes: BenchmarkDotNet's threshold for "bimodal"; its
     * false-alarm rate on seeded unimodal samples is measured in {@code SpreadTest}.
     */
    public static final double SEVERAL_MODES = 3.2;
    /** Tukey's "far out" fence factor, for the values the modality value leaves out. */
    public static final double FAR_OUT = 3;
    /** The MAD of a normal sample is 0.6745 σ. */
    static final double MAD_Z = 0.6745;
    /** The modified z-score beyond which a value is an outlier. */
    public static final double OUTLIER_Z = 14;

    /**
     * The spread of {@code data} (not modified).
     *
     * @throws IllegalArgumentException on an empty sample or a NaN/∞
     */
    public static Spread of(double[] data) {
        return rearranging(data.clone());
    }

    /**
     * The spread of {@code x}, whose values it rearranges (they stay the same): for a caller that holds its own copy,
     * one array of the sample's size fewer.
     *
     * @throws IllegalArgumentException on an empty sample or a NaN/∞
     */
    public static Spread rearranging(double[] x) {
        if (x.length == 0) {
            throw new IllegalArgumentException("a spread needs at least one value");
        }
        // Order statistics by selection (Descriptive.percentilesInPlace), not a sort: expected O(n), where two
        // sorts of 10^6 values were half of pilot analyze's time. The values are exactly those of a sort.
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (double v : x) {
            if (!Double.isFinite(v)) {
                throw new IllegalArgumentException("values must be finite, got " + v);
            }
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        double[] order = Descriptive.percentilesInPlace(x, 25, 50, 75, 90, 99);
        double q1 = order[0];
        double median = order[1];
        double q3 = order[2];
        double p90 = order[3];
        double p99 = order[4];
        double[] deviation = new double[x.length];
        double sumDeviation = 0;
        for (int i = 0; i < x.length; i++) {
            deviation[i] = Math.abs(x[i] - median);
            sumDeviation += deviation[i];
        }
        double mad = Descriptive.percentileInPlace(deviation, 50);
        // more than half the values equal: Iglewicz and Hoaglin's fallback, the mean absolute deviation
        double scale = mad > 0 ? mad / MAD_Z : 1.253314 * sumDeviation / x.length;
        int low = 0;
        int high = 0;
        for (double v : x) {
            double z = scale > 0 ? (v - median) / scale : 0;
            if (z < -OUTLIER_Z) {
                low++;
            } else if (z > OUTLIER_Z) {
                high++;
            }
        }
        return new Spread(
                x.length,
                min,
                q1,
                median,
                q3,
                p90,
                p99,
                max,
                low,
                high,
                // the deviations are no longer needed: their array holds the values the modality value keeps
                x.length < MIN_FOR_MODES ? Double.NaN : mvalue(x, q1, q3, deviation));
    }

    /** Outliers on either side. */
    public int outliers() {
        return low + high;
    }

    /** Whether the modality value reaches {@link #SEVERAL_MODES}. */
    public boolean severalModes() {
        return mvalue >= SEVERAL_MODES;
    }

    /**
     * Gregg's mvalue of {@code x} (in any order), whose quartiles are {@code q1} and {@code q3}; 2 when the values
     * are all equal. Bars start at the smallest value kept; far-out values are left out, so that one slow round does
     * not count as a mode (it is reported as an outlier). The values kept are copied into {@code scratch}, at least as
     * long as x: no array is made for them.
     */
    private static double mvalue(double[] x, double q1, double q3, double[] scratch) {
        double iqr = q3 - q1;
        double lowFence = q1 - FAR_OUT * iqr;
        double highFence = q3 + FAR_OUT * iqr;
        int kept = 0;
        for (double v : x) {
            if (v >= lowFence && v <= highFence) {
                scratch[kept++] = v;
            }
        }
        double sd = Math.sqrt(Descriptive.variance(scratch, 0, kept));
        if (!(sd > 0)) {
            return 2;
        }
        double first = Double.POSITIVE_INFINITY;
        double last = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < kept; i++) {
            first = Math.min(first, scratch[i]);
            last = Math.max(last, scratch[i]);
        }
        double width = 0.75 * 3.49 * sd * Math.pow(kept, -1.0 / 3);
        int bins = (int) Math.min(10_000, Math.floor((last - first) / width) + 1);
        int[] count = new int[bins];
        for (int i = 0; i < kept; i++) {
            count[Math.min(bins - 1, (int) ((scratch[i] - first) / width))]++;
        }
        int tallest = Arrays.stream(count).max().orElse(1);
        long steps = count[0] + count[bins - 1];
        for (int i = 1; i < bins; i++) {
            steps += Math.abs(count[i] - count[i - 1]);
        }
        return (double) steps / tallest;
    }
}
