/**
 * Analysis of variance over DataMill's factors: the factorial ANOVA of an experiment's results by sums of squares
 * of type I, II or III ({@link io.pilotbench.stats.anova.FactorialAnova}, {@link
 * io.pilotbench.stats.anova.AnovaTable}). Checked against R's {@code aov} and {@code car::Anova}, and on one factor
 * against a one-way ANOVA kept with the tests and checked against NIST StRD and R's {@code oneway.test}
 * (docs/statistics.md).
 */
package io.pilotbench.stats.anova;
