package io.pilotbench.stats;

import java.util.function.DoubleUnaryOperator;

/**
 * The highest sampling rate whose overhead stays within a limit, by Newton's method (Pilot paper §III-B, step 4:
 * "we use Newton's method to find the highest sampling rate whose overhead is below the threshold").
 *
 * <p>The overhead f(r) of monitoring at rate r grows with r, roughly as a power of it, so the root of
 * g(x) = f(eˣ) − limit is sought in x = log r, where that curve is close to a line and Newton's step (with the slope of
 * the last two evaluations, the secant form, since f is only measured) converges in a few steps. Each step is kept
 * inside the bracket of the highest rate known to be within the limit and the lowest known to be over it, and falls
 * back to the bracket's geometric middle when the step leaves it: measured overheads are noisy, and the bracket keeps
 * the search safe where the slope is not.
 */
public final class RateSearch {
    private RateSearch() {}

    /**
     * @param rate        the highest rate found within the limit (the lowest rate tried when none was)
     * @param overhead    its measured overhead
     * @param evaluations how many times the overhead was measured
     * @param withinLimit whether {@code rate}'s overhead is within the limit (false: even the lowest rate is not)
     */
    public record Result(double rate, double overhead, int evaluations, boolean withinLimit) {}

    /**
     * Searches [low, high] for the highest rate with {@code overheadAt(rate) <= limit}.
     *
     * @param overheadAt      the measured overhead at a rate (a fraction: 0.01 is 1%); called at most
     *                        {@code maxEvaluations} times
     * @param limit           the largest acceptable overhead, &gt; 0
     * @param low             the lowest rate, &gt; 0
     * @param high            the highest rate, &gt; low
     * @param tolerance       stop when the overhead is within limit·(1 − tolerance) and limit, or the bracket's
     *                        ratio is below 1 + tolerance; in (0, 1)
     * @param maxEvaluations  at least 2
     */
    public static Result highestRate(
            DoubleUnaryOperator overheadAt,
            double limit,
            double low,
            double high,
            double tolerance,
            int maxEvaluations) {
        if (!(limit > 0) || !(low > 0) || !(high > low) || !(tolerance > 0 && tolerance < 1) || maxEvaluations < 2) {
            throw new IllegalArgumentException("need limit > 0, 0 < low < high, tolerance in (0, 1) and at least 2 "
                    + "evaluations; got " + limit + ", " + low + ", " + high + ", " + tolerance + ", "
                    + maxEvaluations);
        }
        double fLow = overheadAt.applyAsDouble(low);
        int evaluations = 1;
        if (fLow > limit) {
            return new Result(low, fLow, evaluations, false);
        }
        double fHigh = overheadAt.applyAsDouble(high);
        evaluations++;
        if (fHigh <= limit) {
            return new Result(high, fHigh, evaluations, true);
        }
        // bracket in log-rate: a within the limit, b over it; (x0, g0), (x1, g1) the last two evaluations
        double a = Math.log(low);
        double fa = fLow;
        double b = Math.log(high);
        double x0 = a;
        double g0 = fLow - limit;
        double x1 = b;
        double g1 = fHigh - limit;
        while (evaluations < maxEvaluations && b - a > Math.log1p(tolerance) && !(fa >= limit * (1 - tolerance))) {
            double x = g1 != g0 ? x1 - g1 * (x1 - x0) / (g1 - g0) : Double.NaN;
            if (!(x > a && x < b)) {
                x = (a + b) / 2;
            }
            double f = overheadAt.applyAsDouble(Math.exp(x));
            evaluations++;
            if (f <= limit) {
                a = x;
                fa = f;
            } else {
                b = x;
            }
            x0 = x1;
            g0 = g1;
            x1 = x;
            g1 = f - limit;
        }
        return new Result(Math.exp(a), fa, evaluations, true);
    }
}
