/**
 * Analysis of variance over DataMill's factors: the factorial ANOVA of an experiment's results by sums of squares
 * of type I, II or III ({@link io.pilotbench.stats.anova.FactorialAnova}, {@link
 * io.pilotbench.stats.anova.AnovaTable}) and the one-way ANOVA with Welch's variant. Checked against R's
 * {@code aov}, {@code car::Anova} and {@code oneway.test} (docs/statistics.md).
 */
package io.pilotbench.stats.anova;
