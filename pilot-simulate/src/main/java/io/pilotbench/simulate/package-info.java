/**
 * {@code pilot simulate}: seeded workload models with a known truth ({@link
 * io.pilotbench.simulate.WorkloadModel}, presets of warm-ups, drifts, autocorrelation, heavy tails and shared load),
 * the stop rules and comparison strategies evaluated on them ({@link io.pilotbench.simulate.Strategy}, {@link
 * io.pilotbench.simulate.ComparisonStrategy}), and the replay of recorded series such as the JMH steady-state data
 * ({@link io.pilotbench.simulate.TraceReplay}). The measured error rates of every default come from here
 * (bench/README.md).
 */
package io.pilotbench.simulate;
