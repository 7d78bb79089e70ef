package io.pilotbench.core.engine;

import io.pilotbench.core.model.Defaults;
import io.pilotbench.core.model.WpsResult;
import io.pilotbench.stats.ConfidenceInterval;
import io.pilotbench.stats.MeanMethod;
import io.pilotbench.stats.StudentT;
import io.pilotbench.stats.Subsessions;
import io.pilotbench.stats.regression.LinearRegression;
import io.pilotbench.stats.regression.OlsResult;
import java.util.Arrays;
import java.util.OptionalInt;

/**
 * The work-per-second (WPS) linear-regression method (Pilot paper §III-A, eq. 4): t = α + w/v.
 *
 * <ol>
 *   <li>Fit t on w by OLS over the rounds in order; if the intercept α is positive, drop the rounds whose work is
 *       below α·v (the work the non-stable phases stand for; paper §III-A: "remove all results from previous rounds
 *       whose work amount is smaller than the newly calculated α"), at most down to half of the rounds, and refit.</li>
 *   <li>Subsessions: the smallest q in 1..n/3 for which the lag-1 autocorrelation of the q-block means of the
 *       residuals is within the limit (an exact fit needs no merging: q = 1). The regression errors, not the raw
 *       speeds, must be independent for the slope's CI to hold.</li>
 *   <li>Fit t̄ = α + w̄/v on the h = ⌊n/q⌋ block means (w̄, t̄). Means, not sums, so α is the true intercept (the
 *       original used sums and reported q·α, bug docs/original.md#bug-wps-regression).</li>
 *   <li>The CI of the slope b = 1/v is b ± t_{h−2}·se(b) (the original used a fixed factor 2), se(b) the
 *       heteroscedasticity-consistent HC3 error with the variance margin of {@code MeanAnalyzer} (a session stops when
 *       its estimate is low); the CI of v is [1/b_high, 1/b_low], +∞ above when b_low ≤ 0.</li>
 *   <li>Required points: the slope's standard error falls like 1/√h for a fixed spread of work amounts, so the target
 *       width W* needs about h·(W/W*)² points, and at least {@link Defaults#WPS_MIN_SUBSESSIONS}.</li>
 * </ol>
 *
 * Pure; inputs are parallel arrays in round order.
 */
final class WpsRegression {
    /** Residual SS below this fraction of Σt² (residuals ~1e-12 of the durations) is an exact fit. */
    private static final double EXACT_FIT = 1e-24;

    private WpsRegression() {}

    /**
     * @param work       work amounts of the rounds that may enter the fit
     * @param seconds    their durations in seconds
     * @param acLimit    autocorrelation limit for the residuals
     * @param confidence CI level
     * @param ciWidth    the target: a fraction of v when {@code relative}, else an absolute width in work/s
     * @param minSubsessions fewest regression points before the target can be met
     * @param workFloor  whether rounds below the work floor α·v are dropped (the session does; the bare method of
     *                   the original's unit tests does not)
     */
    static WpsResult analyze(
            double[] work,
            double[] seconds,
            double acLimit,
            double confidence,
            double ciWidth,
            boolean relative,
            int minSubsessions,
            boolean workFloor) {
        if (work.length < 3 || distinct(work) < 2) {
            return notEnough(work.length, naive(work, seconds));
        }
        OlsResult first = LinearRegression.simple(work, seconds);
        Rounds rounds = workFloor ? aboveWorkFloor(work, seconds, first) : new Rounds(work, seconds, 0);
        int n = rounds.work().length;
        double naive = naive(rounds.work(), rounds.seconds());
        if (n < work.length) {
            if (n < 3 || distinct(rounds.work()) < 2) {
                return notEnough(n, naive);
            }
            first = LinearRegression.simple(rounds.work(), rounds.seconds());
        }
        long floor = rounds.floor();
        int q = subsessionSize(first, rounds.work(), rounds.seconds(), acLimit);
        if (q == 0) {
            return withoutSpeed(
                    WpsResult.Status.TOO_AUTOCORRELATED, n, 0, 0, Double.NaN, naive, first.rSquared(), floor);
        }
        int h = n / q;
        double[] wMean = blockMeans(rounds.work(), q, h);
        double[] tMean = blockMeans(rounds.seconds(), q, h);
        if (h < 3 || distinct(wMean) < 2) {
            return notEnough(n, naive);
        }
        OlsResult fit = LinearRegression.simple(wMean, tMean);
        double a = fit.coefficient(0).estimate();
        double b = fit.coefficient(1).estimate();
        if (!(b > 0)) {
            return withoutSpeed(WpsResult.Status.NOT_LINEAR, n, q, h, a, naive, fit.rSquared(), floor);
        }
        double v = 1 / b;
        ConfidenceInterval vCi = speedInterval(wMean, tMean, a, b, confidence);
        double target = relative ? ciWidth * v : ciWidth;
        long required = requiredPoints(vCi, target, h, minSubsessions);
        boolean met = vCi.width() <= target && h >= minSubsessions;
        return new WpsResult(
                WpsResult.Status.OK, n, q, h, a, v, vCi, naive, fit.rSquared(), floor, target, required, met);
    }

    /** The rounds that enter the fit, and the work floor that selected them (0: none). */
    private record Rounds(double[] work, double[] seconds, long floor) {}

    /**
     * Step 1: when the first fit's intercept α is positive, the rounds whose work is at least α·v, but never fewer
     * than half of them (paper §III-A).
     */
    private static Rounds aboveWorkFloor(double[] work, double[] seconds, OlsResult first) {
        double alpha = first.coefficient(0).estimate();
        double slope = first.coefficient(1).estimate();
        if (!(alpha > 0 && slope > 0)) {
            return new Rounds(work, seconds, 0);
        }
        double wantFloor = alpha / slope;
        double[] sorted = work.clone();
        Arrays.sort(sorted);
        double cap = sorted[(work.length - 1) / 2]; // never drop more than half of the rounds
        long floor = (long) Math.ceil(Math.min(wantFloor, cap));
        double[][] kept = atLeast(work, seconds, floor);
        return kept[0].length < work.length ? new Rounds(kept[0], kept[1], floor) : new Rounds(work, seconds, floor);
    }

    /** Step 4: the CI of v = 1/b from the slope's HC3 error over the h block means. */
    private static ConfidenceInterval speedInterval(
            double[] wMean, double[] tMean, double a, double b, double confidence) {
        int h = wMean.length;
        double v = 1 / b;
        // HC3's variance, times the margin the AR method uses for a variance a session stops on (MeanAnalyzer)
        double se = slopeStandardErrorHc3(wMean, tMean, a, b)
                * Math.exp(Defaults.VARIANCE_MARGIN * Math.sqrt(2.0 / (h - 2)) / 2);
        double half = StudentT.critical(confidence, h - 2) * se;
        double low = 1 / (b + half);
        double high = b - half > 0 ? 1 / (b - half) : Double.POSITIVE_INFINITY;
        return new ConfidenceInterval(confidence, v, low, high, high - low);
    }

    /** Step 5: the regression points the target width needs, -1 when the CI is unbounded. */
    private static long requiredPoints(ConfidenceInterval vCi, double target, int h, int minSubsessions) {
        if (Double.isInfinite(vCi.width())) {
            return -1;
        } else if (vCi.width() == 0) {
            return minSubsessions;
        }
        double ratio = vCi.width() / target;
        return Math.max(minSubsessions, (long) Math.ceil(h * ratio * ratio));
    }

    /** The rounds whose work is at least {@code floor}: their work and their seconds, in order. */
    private static double[][] atLeast(double[] work, double[] seconds, long floor) {
        int kept = 0;
        for (double w : work) {
            if (w >= floor) {
                kept++;
            }
        }
        double[] w2 = new double[kept];
        double[] t2 = new double[kept];
        int j = 0;
        for (int i = 0; i < work.length; i++) {
            if (work[i] >= floor) {
                w2[j] = work[i];
                t2[j++] = seconds[i];
            }
        }
        return new double[][] {w2, t2};
    }

    /**
     * The slope's heteroscedasticity-consistent standard error HC3 (J. G. MacKinnon &amp; H. White, "Some
     * heteroskedasticity-consistent covariance matrix estimators with improved finite sample properties", Journal of
     * Econometrics 29, 1985): Σ(x_i − x̄)²·e_i²/(1 − h_i)² / S_xx², h_i = 1/n + (x_i − x̄)²/S_xx. A round's time varies
     * with its work (the noise of a longer round is larger), which makes the OLS standard error too small: measured
     * with {@code pilot simulate -w wps}, 500 sessions, the CI of v covered 90.6% with the OLS error and, with HC3,
     * see bench/README.md.
     */
    static double slopeStandardErrorHc3(double[] x, double[] y, double a, double b) {
        int n = x.length;
        double mean = 0;
        for (double v : x) {
            mean += v;
        }
        mean /= n;
        double sxx = 0;
        for (double v : x) {
            sxx += (v - mean) * (v - mean);
        }
        double sum = 0;
        for (int i = 0; i < n; i++) {
            double d = x[i] - mean;
            double e = y[i] - (a + b * x[i]);
            double leverage = 1.0 / n + d * d / sxx;
            double r = e / (1 - leverage);
            sum += d * d * r * r;
        }
        return Math.sqrt(sum) / sxx;
    }

    private static int subsessionSize(OlsResult fit, double[] work, double[] seconds, double acLimit) {
        double sumSquares = 0;
        for (double t : seconds) {
            sumSquares += t * t;
        }
        if (fit.residualSs() <= EXACT_FIT * sumSquares) {
            return 1; // exact to working precision: the residuals are rounding noise, nothing to decorrelate
        }
        double a = fit.coefficient(0).estimate();
        double b = fit.coefficient(1).estimate();
        double[] residuals = new double[work.length];
        for (int i = 0; i < work.length; i++) {
            residuals[i] = seconds[i] - (a + b * work[i]);
        }
        OptionalInt q = Subsessions.of(residuals, MeanMethod.ARITHMETIC).optimalSize(acLimit);
        return q.orElse(0);
    }

    private static double[] blockMeans(double[] x, int q, int h) {
        double[] out = new double[h];
        for (int j = 0; j < h; j++) {
            double s = 0;
            for (int i = j * q; i < (j + 1) * q; i++) {
                s += x[i];
            }
            out[j] = s / q;
        }
        return out;
    }

    private static double naive(double[] work, double[] seconds) {
        double w = 0;
        double t = 0;
        for (int i = 0; i < work.length; i++) {
            w += work[i];
            t += seconds[i];
        }
        return t > 0 ? w / t : Double.NaN;
    }

    private static int distinct(double[] x) {
        double first = x[0];
        for (double v : x) {
            if (v != first) {
                return 2;
            }
        }
        return 1;
    }

    /** A result with no speed and no CI: the data did not allow a regression. */
    private static WpsResult withoutSpeed(
            WpsResult.Status status, int n, int q, int h, double intercept, double naive, double rSquared, long floor) {
        return new WpsResult(
                status, n, q, h, intercept, Double.NaN, null, naive, rSquared, floor, Double.NaN, -1, false);
    }

    private static WpsResult notEnough(int n, double naive) {
        return new WpsResult(
                WpsResult.Status.NOT_ENOUGH_DATA,
                n,
                0,
                0,
                Double.NaN,
                Double.NaN,
                null,
                naive,
                Double.NaN,
                0,
                Double.NaN,
                -1,
                false);
    }
}
