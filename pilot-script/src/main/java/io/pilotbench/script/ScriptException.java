package io.pilotbench.script;

/**
 * A mistake in a script, found before anything runs (or a run-time value that cannot be used, such as a THREADS
 * count that is not a number): one line {@code file:line:column: what was expected}. An
 * {@link IllegalArgumentException}, so the command line prints it as one line with exit code 2.
 */
public final class ScriptException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    ScriptException(Pos pos, String message) {
        super(pos + ": " + message);
    }
}
