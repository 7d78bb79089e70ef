package io.pilotbench.stats.regression;

/**
 * Trend test: is there a linear drift in a series of readings taken one after another?
 *
 * <p>Fits y_i = β0 + β1·i for i = 0..n−1 by {@link LinearRegression#simple} and tests β1 = 0 with the two-sided t
 * test on n − 2 degrees of freedom. This is Auto-pilot's leak and degradation detector (Wright, Joukov, Kulkarni,
 * Miretskiy, Zadok, "Auto-pilot: A Platform for System Software Benchmarking", USENIX ATC 2005 FREENIX track,
 * §"Getstats"): "If the results are stable, then the slope … should be zero … If the free memory slope is negative,
 * then it indicates that on each iteration the software is leaking memory. If the elapsed or CPU times have positive
 * slopes, it similarly indicates … a gradual performance degradation." Auto-pilot compares |slope| with a
 * user-set threshold; here the threshold is replaced by a significance level, and {@link TrendResult#slope()} with
 * its confidence interval lets a caller also apply a practical threshold.
 *
 * <p>The t test assumes independent normal errors about the line; autocorrelated readings make it anti-conservative
 * (too many false alarms), so apply it to subsession means when the readings are autocorrelated.
 */
public final class Trend {
    private Trend() {}

    /**
     * Tests a series for a linear trend against its index.
     *
     * @param series readings in order of collection (any unit), finite, n ≥ 2; with n = 2 the slope is exact but
     *               untestable (standard error and p NaN, never significant)
     * @param alpha  significance level in (0, 1), e.g. 0.05
     * @return slope (series unit per reading), its standard error, t, p, and the verdict at {@code alpha}; a constant
     *         series has slope 0 and p NaN (not significant); an exactly linear non-constant one has p 0
     * @throws IllegalArgumentException if n &lt; 2, a value is NaN/∞, or alpha is outside (0, 1)
     */
    public static TrendResult test(double[] series, double alpha) {
        if (!(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("alpha must be in (0, 1), got " + alpha);
        }
        if (series.length < 2) {
            throw new IllegalArgumentException("a trend needs at least 2 readings, got " + series.length);
        }
        LinearRegression.requireFinite(series, "series");
        if (constant(series)) {
            // the least-squares residue of a constant (slope -5e-48, standard error 0, p 0) is no trend
            double nan = Double.NaN;
            return new TrendResult(
                    series.length,
                    series[0],
                    0,
                    nan,
                    nan,
                    series.length - 2,
                    nan,
                    alpha,
                    false,
                    TrendResult.Direction.NONE);
        }
        double[] index = new double[series.length];
        for (int i = 0; i < index.length; i++) {
            index[i] = i;
        }
        OlsResult fit = LinearRegression.simple(index, series);
        Coefficient slope = fit.coefficient(1);
        boolean significant = slope.pValue() < alpha;
        TrendResult.Direction direction = !significant
                ? TrendResult.Direction.NONE
                : slope.estimate() > 0 ? TrendResult.Direction.INCREASING : TrendResult.Direction.DECREASING;
        return new TrendResult(
                series.length,
                fit.coefficient(0).estimate(),
                slope.estimate(),
                slope.standardError(),
                slope.t(),
                fit.residualDf(),
                slope.pValue(),
                alpha,
                significant,
                direction);
    }

    private static boolean constant(double[] x) {
        for (double v : x) {
            if (v != x[0]) {
                return false;
            }
        }
        return true;
    }
}
