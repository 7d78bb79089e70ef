package io.pilotbench.stats.anova;

/**
 * A one-way analysis of variance table, in the layout NIST StRD certifies
 * (https://www.itl.nist.gov/div898/strd/anova/anova.shtml).
 *
 * <p>Degenerate cases: no within-group variation with different group means gives msWithin 0, F = +∞, p 0; no
 * variation at all gives F and p NaN; every group of size 1 (dfWithin 0) gives msWithin, F, p and residualSd NaN.
 *
 * @param dfBetween   k − 1 for k groups
 * @param dfWithin    N − k
 * @param ssBetween   Σ n_g (ȳ_g − ȳ)² (response unit squared)
 * @param ssWithin    Σ_g Σ_i (y_gi − ȳ_g)²
 * @param msBetween   ssBetween / dfBetween
 * @param msWithin    ssWithin / dfWithin
 * @param f           msBetween / msWithin
 * @param pValue      P(F(dfBetween, dfWithin) &gt; f)
 * @param rSquared    ssBetween / (ssBetween + ssWithin); NaN if both are 0
 * @param residualSd  √msWithin, the pooled within-group standard deviation (response unit)
 */
public record OneWayAnovaResult(
        int dfBetween,
        int dfWithin,
        double ssBetween,
        double ssWithin,
        double msBetween,
        double msWithin,
        double f,
        double pValue,
        double rSquared,
        double residualSd) {}
