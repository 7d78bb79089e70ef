package io.pilotbench.core.model;

/** Receives the session's state after each round: for progress lines, UIs and logs. Called on the session thread. */
@FunctionalInterface
public interface ProgressListener {
    /** After each round. An exception thrown here stops the session (the round is already recorded). */
    void onRound(Progress progress);

    /** A listener that ignores everything. */
    static ProgressListener none() {
        return p -> {};
    }
}
