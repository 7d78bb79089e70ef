/**
 * Pure analysis of one sample: the mean, its CI and the stop rule ({@link
 * io.pilotbench.core.analysis.MeanAnalyzer}), warm-up, cool-down and level shifts ({@link
 * io.pilotbench.core.analysis.PhaseDetector}), and the analysis of an existing series ({@link
 * io.pilotbench.core.analysis.SeriesAnalyzer}). No I/O, no clock. Internal.
 */
package io.pilotbench.core.analysis;
