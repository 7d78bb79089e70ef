package io.pilotbench.core.model;

/** What became of a round. Only {@link #OK} rounds enter the analysis. */
public enum RoundStatus {
    /** Completed, long enough, and analysed. */
    OK,
    /**
     * Completed, but shorter than the short-round threshold: its data are kept on disk and out of the analysis,
     * because a very short round is dominated by its non-stable phases (paper §III-A).
     */
    SHORT,
    /** The workload reported a failure (an exception, or an exit code that is not accepted). */
    FAILED,
    /** The round did not finish in time and was stopped. */
    TIMED_OUT
}
