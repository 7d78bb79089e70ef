package io.pilotbench.core.model;

/**
 * Bad input data: the message is one line that says what is wrong, where (file, line, column) and how to fix it,
 * ready to be shown to a user as is.
 */
public final class InputException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public InputException(String message) {
        super(message, null, false, false);
    }
}
