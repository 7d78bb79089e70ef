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

    /**
     * Stops the round running now, if any, from another thread: {@link #run} should then return soon by throwing
     * {@link InterruptedException} (the round is not recorded). Pilot calls it when {@code maxDuration} runs out in
     * the middle of a round, and on Ctrl-C or SIGTERM; it may come just after a round ended, and more than once. The
     * default does nothing, so a round of an in-process workload that ignores it runs to its end.
     */
    default void cancel() {}
}
