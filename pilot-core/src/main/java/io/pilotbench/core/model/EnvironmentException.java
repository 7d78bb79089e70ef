package io.pilotbench.core.model;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The environment failed a round, not the workload: its disk is full, say, so the command's output could not be
 * written. A workload throws it to stop the session instead of having the round counted as the workload's failure;
 * the round is not recorded, and the rounds recorded before it are kept (the session can be resumed once the cause is
 * mended). The message is one line that names the path and the cause.
 */
public final class EnvironmentException extends UncheckedIOException {
    private static final long serialVersionUID = 1L;

    public EnvironmentException(String message, IOException cause) {
        super(message, cause);
    }
}
