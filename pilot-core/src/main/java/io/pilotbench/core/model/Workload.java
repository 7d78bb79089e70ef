package io.pilotbench.core.model;


/**
 * One round of a benchmark, run by Pilot (the paper's first and second kinds of benchmark): do {@code workAmount}
 * units of work and report what was measured.
 *
 * <pre>{@code
 * Workload w = (round, work) -> {
 *     long t0 = System.nanoTime();
 *     for (long i = 0; i < work; i++) { doOneUnit(); }
 *     return RoundResult.ofReadings((System.nanoTime() - t0) / 1e6 / work);   // ms per unit
 * };
 * }</pre>
 *
 * <p>The round's duration is the wall-clock time around the call unless the result carries its own. An exception is
 * a failed round (the session stops after more failures than {@code maxFailures}).
 */
@FunctionalInterface
public interface Workload {
    /**
     * @param round      0-based round number
     * @param workAmount the work to do: within the settings' range, or the fixed work amount
     */
    RoundResult run(int round, long workAmount) throws Exception;
}
