package io.pilotbench.stats;

import org.hipparchus.special.Beta;

/**
 * Fisher's F distribution, for ANOVA and regression F tests. Only the upper tail is offered: it is what a test needs,
 * and computing it directly keeps full relative precision for tiny p-values, where 1 − CDF would round to 0.
 */
public final class FisherF {
    private FisherF() {}

    /**
     * P(F(d1, d2) &gt; f) = I_{d2/(d2 + d1 f)}(d2/2, d1/2) (Abramowitz &amp; Stegun 26.6.2). f ≤ 0 gives 1, +∞ gives 0; NaN or
     * degrees of freedom ≤ 0 give NaN.
     */
    public static double upperTail(double f, double d1, double d2) {
        if (Double.isNaN(f) || !(d1 > 0) || !(d2 > 0)) {
            return Double.NaN;
        }
        if (f == Double.POSITIVE_INFINITY) {
            return 0;
        }
        if (f <= 0) {
            return 1;
        }
        return Beta.regularizedBeta(d2 / (d2 + d1 * f), d2 / 2, d1 / 2);
    }
}
