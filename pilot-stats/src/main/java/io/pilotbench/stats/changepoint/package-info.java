/**
 * Change-point detection: E-Divisive with Medians (EDM), the stable (dominant) segment, and incremental tracking.
 *
 * <p>Sources:
 * <ul>
 *   <li>N. A. James, A. Kejariwal, D. S. Matteson, "Leveraging cloud data to mitigate user experience from
 *       'breaking bad'", arXiv:1411.7955 (2014): the EDM statistic, the dynamic programme over the last two change
 *       points and the penalised variants.</li>
 *   <li>Twitter BreakoutDetection (R package, {@code src/edm-per.cpp} = {@code EDM_percent},
 *       {@code src/edm-multi.cpp} = {@code EDM_multi}, {@code src/edmx.cpp} = {@code EDMX}, {@code R/breakout.R}):
 *       the exact semantics reproduced here (strict {@code >} ties, even-size median = mean of the two middle
 *       values, penalty functions G = 0, 1, 2x+1, the [0, 1] rescaling of {@code method='multi'}).</li>
 *   <li>The original Pilot (Li, Gupta, Miller, Long, MASCOTS 2016, §III-A, docs/references.md#li-2016;
 *       docs/original.md#edm, #dominant-segment): parameters min size 30, percent 0.25, degree 1, and the
 *       dominant-segment rule.</li>
 * </ul>
 *
 * <p>The public face is {@link io.pilotbench.stats.changepoint.Edm}, {@link io.pilotbench.stats.changepoint.EdmSettings},
 * {@link io.pilotbench.stats.changepoint.Penalty}, {@link io.pilotbench.stats.changepoint.EdmResult},
 * {@link io.pilotbench.stats.changepoint.StableSegment} and {@link io.pilotbench.stats.changepoint.EdmTracker}; for
 * histories of per-commit means with their standard errors, {@link io.pilotbench.stats.changepoint.WeightedShifts}
 * (the shifts in the body of the history) and {@link io.pilotbench.stats.changepoint.NewestShift} (a shift in its
 * newest commits).
 * Everything else is package-private. Nothing here performs I/O or reads a clock.
 */
package io.pilotbench.stats.changepoint;
