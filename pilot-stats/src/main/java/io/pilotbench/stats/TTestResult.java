package io.pilotbench.stats;

/**
 * The outcome of a two-sample t-test of H0: μ1 = μ2.
 *
 * @param t                   the statistic (x̄1 − x̄2)/se; ±∞ when se = 0 and the means differ, NaN when both are equal
 * @param df                  degrees of freedom (Welch–Satterthwaite: fractional, not floored)
 * @param pTwoSided           P(|T| ≥ |t|): evidence against μ1 = μ2
 * @param pLess               P(T ≤ t): small when the data contradict μ1 ≥ μ2 (i.e. support μ1 &lt; μ2)
 * @param pGreater            P(T ≥ t): small when the data contradict μ1 ≤ μ2 (i.e. support μ1 &gt; μ2)
 * @param difference          x̄1 − x̄2 with its confidence interval at the requested level
 * @param standardError       the standard error of the difference
 */
public record TTestResult(
        double t,
        double df,
        double pTwoSided,
        double pLess,
        double pGreater,
        ConfidenceInterval difference,
        double standardError) {}
