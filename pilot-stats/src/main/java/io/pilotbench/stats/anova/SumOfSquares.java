package io.pilotbench.stats.anova;

/**
 * Which sums of squares a factorial ANOVA table reports; they differ only for unbalanced data (Langsrud, "ANOVA for
 * unbalanced data: Use Type II instead of Type III sums of squares", Statistics and Computing 13 (2003) 163–167;
 * Fox &amp; Weisberg, An R Companion to Applied Regression, 3rd ed., §5.3.4).
 */
public enum SumOfSquares {
    /** Sequential: each term adjusted for the terms before it (R's {@code anova}, statsmodels {@code typ=1}). */
    TYPE_I,
    /**
     * Each term adjusted for every other term that does not contain it (marginality; {@code car::Anova}, statsmodels
     * {@code typ=2}).
     */
    TYPE_II,
    /**
     * Each term, and the intercept, adjusted for all others, with sum-to-zero (effect) coding ({@code car::Anova
     * type = 3} with {@code contr.sum}, statsmodels {@code typ=3} with {@code C(x, Sum)}); the table has an
     * "Intercept" row first.
     */
    TYPE_III
}
