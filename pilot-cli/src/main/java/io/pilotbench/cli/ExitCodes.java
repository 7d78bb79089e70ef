package io.pilotbench.cli;

/** The {@code pilot} command's exit codes, documented in {@code --help} and docs/exit-codes.md. */
public final class ExitCodes {
    /** Success. */
    public static final int OK = 0;
    /** An unexpected internal failure (a bug: please report it). */
    public static final int FAILURE = 1;
    /** Bad usage or bad input data: one line on stderr says what, where and how to fix it. */
    public static final int USAGE = 2;

    private ExitCodes() {
    }
}
