package io.pilotbench.core.model;

/** What became of a round. Only {@link #OK} rounds enter the analysis. */
public enum RoundStatus {
    /** Completed, long enough, and analysed. */
    OK,
    /**
     * Completed, but with too little work (a work-amount range only): a ramp-up round shorter than the short-round
     * threshold, or a round asked for less work than the ramp-up found long enough. Its data are kept on disk and
     * out of the analysis, because a very short round is dominated by its non-stable phases (paper §III-A). Decided
     * by the work amount once the ramp-up is over, never by how fast an equal-work round happened to run.
     */
    SHORT,
    /** The workload reported a failure (an exception, or an exit code that is not accepted). */
    FAILED,
    /** The round did not finish in time and was stopped. */
    TIMED_OUT
}
