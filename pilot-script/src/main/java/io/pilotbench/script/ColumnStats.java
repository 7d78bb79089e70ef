package io.pilotbench.script;

import io.pilotbench.stats.Descriptive;
import io.pilotbench.stats.StudentT;
import io.pilotbench.stats.regression.Trend;
import io.pilotbench.stats.regression.TrendResult;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Getstats' summary of one column of one TEST (Auto-pilot, Wright et al., USENIX ATC 2005 FREENIX, §3.3): COUNT, MEAN,
 * MEDIAN, LOW and HIGH (the Student-t confidence interval of the mean), MIN, MAX, SDEV% and HW% (standard deviation
 * and half-width as percentages of the mean), and the slope of the values against their run index with its p-value
 * ({@link Trend}: leak and degradation warnings).
 *
 * <p>With one value the standard deviation, the interval and the slope are NaN; with a zero mean SDEV% and HW% are
 * NaN (or ±∞). A constant column has SDEV 0, HW 0 and slope 0 with p-value NaN.
 *
 * @param delta the half-width of the confidence interval (the paper's {@code $delta})
 */
record ColumnStats(
        String name,
        int count,
        double mean,
        double median,
        double low,
        double high,
        double min,
        double max,
        double sdev,
        double delta,
        double slope,
        double slopeP) {

    static ColumnStats of(String name, double[] x, double confidence) {
        int n = x.length;
        if (n == 0) {
            return new ColumnStats(
                    name,
                    0,
                    Double.NaN,
                    Double.NaN,
                    Double.NaN,
                    Double.NaN,
                    Double.NaN,
                    Double.NaN,
                    Double.NaN,
                    Double.NaN,
                    Double.NaN,
                    Double.NaN);
        }
        double mean = Descriptive.mean(x);
        double sdev = n < 2 ? Double.NaN : Descriptive.stddev(x);
        double delta = n < 2 ? Double.NaN : StudentT.critical(confidence, n - 1) * sdev / Math.sqrt(n);
        double slope = Double.NaN;
        double p = Double.NaN;
        if (n >= 2) {
            TrendResult t = Trend.test(x, 1 - confidence);
            slope = t.slope();
            p = t.pValue();
        }
        return new ColumnStats(
                name,
                n,
                mean,
                Descriptive.median(x),
                mean - delta,
                mean + delta,
                Descriptive.min(x),
                Descriptive.max(x),
                sdev,
                delta,
                slope,
                p);
    }

    /**
     * Whether the column is constant for what its numbers can tell: its range is at most {@link #NUMERICAL_NOISE}
     * of its largest magnitude (a column of zeros, a counter that never moved, a value that differs only in the
     * last digits {@code runs.csv} keeps). Such a column has no outliers and no trend to warn about.
     */
    boolean constant() {
        double scale = Math.max(Math.abs(min), Math.abs(max));
        return count > 0 && (max - min <= NUMERICAL_NOISE * scale);
    }

    /**
     * Whether the fitted change over the runs, |slope| × (count − 1), is more than rounding noise: above
     * {@link #MEANINGFUL_CHANGE} of the column's largest magnitude. A slope's p-value alone cannot say so: when the
     * values lie on a line up to their last digit the residuals vanish and any slope, even 1e-49, has p-value 0.
     */
    boolean slopeAboveNoise() {
        double scale = Math.max(Math.abs(min), Math.abs(max));
        return Math.abs(slope) * (count - 1) > MEANINGFUL_CHANGE * scale;
    }

    /** Relative range below which a column is constant: far above double rounding (1e-16), at runs.csv's 9 digits. */
    static final double NUMERICAL_NOISE = 1e-9;
    /** Relative change over the runs below which a slope is noise: 1000 times the 9 digits runs.csv keeps. */
    static final double MEANINGFUL_CHANGE = 1e-6;

    double sdevPercent() {
        return sdev / mean * 100;
    }

    double hwPercent() {
        return delta / mean * 100;
    }

    /** The predicate variables: $mean $median $delta $hw% $sdev $count $slope $min $max (and $low $high $sdev%). */
    Map<String, Double> variables() {
        Map<String, Double> v = new LinkedHashMap<>();
        v.put("mean", mean);
        v.put("median", median);
        v.put("delta", delta);
        v.put("hw%", hwPercent());
        v.put("sdev", sdev);
        v.put("sdev%", sdevPercent());
        v.put("count", (double) count);
        v.put("slope", slope);
        v.put("min", min);
        v.put("max", max);
        v.put("low", low);
        v.put("high", high);
        return v;
    }
}
