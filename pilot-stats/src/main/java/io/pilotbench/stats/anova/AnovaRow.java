package io.pilotbench.stats.anova;

/**
 * One row of an ANOVA table.
 *
 * @param term       the term ("A", "A:B", "Intercept" or "Residuals")
 * @param df         degrees of freedom
 * @param ss         sum of squares (response unit squared)
 * @param meanSquare ss / df
 * @param f          meanSquare / residual mean square; NaN for the residual row, +∞ when the residual SS is 0 and ss
 *                   &gt; 0
 * @param pValue     P(F(df, residual df) &gt; f); NaN for the residual row
 */
public record AnovaRow(String term, int df, double ss, double meanSquare, double f, double pValue) {}
