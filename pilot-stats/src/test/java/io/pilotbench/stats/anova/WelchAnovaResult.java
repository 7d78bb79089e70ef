package io.pilotbench.stats.anova;

/**
 * Welch's heteroscedastic one-way ANOVA (R's {@code oneway.test(var.equal = FALSE)}).
 *
 * @param f          Welch's F statistic
 * @param dfBetween  k − 1
 * @param dfWithin   Welch's approximate denominator degrees of freedom (fractional)
 * @param pValue     P(F(dfBetween, dfWithin) &gt; f)
 */
public record WelchAnovaResult(double f, double dfBetween, double dfWithin, double pValue) {}
