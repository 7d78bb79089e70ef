/**
 * Pure statistics of one or two samples: descriptive statistics and percentiles ({@link
 * io.pilotbench.stats.Descriptive}, {@link io.pilotbench.stats.Spread}), Student's t and Fisher's F ({@link
 * io.pilotbench.stats.StudentT}, {@link io.pilotbench.stats.FisherF}), confidence intervals of a mean, including
 * the subsession (batch-means) interval of autocorrelated samples and the skewness-adjusted one ({@link
 * io.pilotbench.stats.Subsessions}, {@link io.pilotbench.stats.SkewnessAdjustedInterval}), Welch's t-test and the
 * ratio of two means (Fieller), sample sizes, outliers and binomial proportions. Subpackages hold change points,
 * regression, ANOVA, confidence sequences, steady-state tests and time-series models.
 *
 * <p>The formulas, their sources and the reference values the tests check them against are in docs/statistics.md
 * and docs/references.md. Nothing here performs I/O, reads a clock or prints (the architecture test enforces it).
 */
package io.pilotbench.stats;
