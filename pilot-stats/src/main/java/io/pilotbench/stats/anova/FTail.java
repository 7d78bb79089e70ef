package io.pilotbench.stats.anova;

import org.hipparchus.special.Beta;

/** Upper tail of the F distribution with full relative precision for tiny p (not 1 − CDF). */
final class FTail {
    private FTail() {
    }

    /**
     * P(F(d1, d2) &gt; f) = I_{d2/(d2 + d1 f)}(d2/2, d1/2) (Abramowitz &amp; Stegun 26.6.2). +∞ gives 0; NaN gives NaN.
     */
    static double upper(double f, double d1, double d2) {
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
