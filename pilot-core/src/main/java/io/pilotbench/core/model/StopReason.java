package io.pilotbench.core.model;

/** Why a session ended. */
public enum StopReason {
    /** Every required CI (and WPS, when required) met its target. */
    TARGET_MET,
    /** The round limit was reached first. */
    ROUND_LIMIT,
    /** The session time limit was reached first. */
    TIME_LIMIT,
    /** The workload failed more often than allowed. */
    WORKLOAD_FAILED,
    /**
     * The comparison the session ran in (pilot compare) was decided before the session's own targets were met: a
     * comparison decides on the comparison, and such a session did not converge on its own.
     */
    COMPARISON_DECIDED,
    /** The caller (a progress listener, Ctrl-C) asked to stop. */
    INTERRUPTED,
    /** The session has not ended: rounds can still be added (user-driven sessions). */
    RUNNING;

    /** Whether the session ended because its targets were met. */
    public boolean converged() {
        return this == TARGET_MET;
    }
}
