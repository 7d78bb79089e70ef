/**
 * Steady-state output analysis of a benchmark's samples: the variance of their mean when they are autocorrelated
 * ({@link io.pilotbench.stats.steadystate.LongRunVariance}), where a warm-up ends
 * ({@link io.pilotbench.stats.steadystate.WarmupDetector}), and whether the level shifts later
 * ({@link io.pilotbench.stats.steadystate.LevelShifts}). Every decision here is a test with a stated false-alarm
 * rate; the rates measured on seeded workloads are in bench/README.md.
 */
package io.pilotbench.stats.steadystate;
