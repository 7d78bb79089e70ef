package io.pilotbench.core.model;

/**
 * Whether the work-per-second (WPS) regression runs (Pilot paper §III-A, eq. 4: round duration t = α + w/v over work
 * amounts w). It needs a work-amount range.
 */
public enum WpsMode {
    /** No WPS analysis. */
    OFF,
    /** Analysed and reported; the session does not wait for its CI. */
    REPORT,
    /** The session goes on until the CI of v meets the target. */
    REQUIRED
}
