package io.pilotbench.cli;

import io.pilotbench.core.model.InputException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.Locale;

/**
 * What an exception that ends a command means to its user: a user error or an environment error (a full disk, a
 * read-only file system, a missing permission) is one line that names the path and the fix, with exit code 2; only
 * the rest is an internal error (exit code 1, a bug).
 */
final class Failures {
    private Failures() {}

    /** The one line for {@code e}, without the "pilot: " prefix. */
    static String message(Throwable e) {
        Throwable user = userError(e);
        if (user instanceof InputException || user instanceof IllegalArgumentException) {
            return user.getMessage();
        }
        if (user instanceof OutOfMemoryError) {
            return "out of memory (" + user.getMessage() + "); give the JVM more with PILOT_JAVA_OPTS=-Xmx4g, or "
                    + "split the input";
        }
        if (user != null) {
            return io(user);
        }
        return "internal error: " + e + " (please report this with the command line)";
    }

    /** 2 for a user or environment error, 1 for a bug. */
    static int exitCode(Throwable e) {
        return userError(e) != null ? ExitCode.USAGE.code() : ExitCode.FAILURE.code();
    }

    /** The user or environment error in {@code e}'s cause chain (e first), or null when it is a bug. */
    private static Throwable userError(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof InputException
                    || t instanceof IllegalArgumentException
                    || t instanceof IOException
                    || t instanceof OutOfMemoryError) {
                return t;
            }
            if (t instanceof UncheckedIOException u
                    && u.getMessage() != null
                    && u.getCause() != null
                    && !u.getMessage().equals(u.getCause().toString())) {
                return u; // a message with context (what was being written) around an I/O error
            }
        }
        return null;
    }

    private static String io(Throwable t) {
        String reason = reason(t);
        String file = t instanceof FileSystemException f && f.getFile() != null ? f.getFile() : null;
        String where = file == null ? "" : file + ": ";
        String detail = t instanceof UncheckedIOException ? t.getMessage() : where + reason;
        String r = reason.toLowerCase(Locale.ROOT);
        if (r.contains("no space left") || r.contains("quota exceeded")) {
            return detail + "; free space or write the results elsewhere (-o DIR); rounds already recorded are kept";
        }
        if (r.contains("read-only file system")) {
            return detail + "; write the results to a writable directory (-o DIR)";
        }
        if (t instanceof AccessDeniedException || r.contains("permission denied")) {
            return where + "permission denied; choose a directory you can write (-o DIR) or change its permissions";
        }
        if (r.contains("operation not permitted")) { // EPERM: a pseudo-file system (/sys), an immutable file
            return where + "operation not permitted (a system directory such as /sys, or a file marked immutable); "
                    + "choose a directory you can write (-o DIR)";
        }
        if (t instanceof NotDirectoryException || r.contains("not a directory")) {
            return where + "a part of this path is a file, not a directory; choose another directory";
        }
        if (t instanceof FileAlreadyExistsException) {
            return where + "exists already; choose another name, or remove it first";
        }
        if (t instanceof NoSuchFileException) {
            return where + "no such file or directory";
        }
        return detail;
    }

    /**
     * Why a file could not be written, in the system's words and without Java's class names or the temporary file
     * the write went through: "permission denied", "No space left on device".
     */
    static String osReason(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        return reason(e);
    }

    /** The operating system's words ("No space left on device"), wherever Java put them. */
    private static String reason(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof FileSystemException f && f.getReason() != null) {
                return f.getReason();
            }
            if (!(c instanceof UncheckedIOException) && c.getMessage() != null) {
                return c.getMessage();
            }
        }
        return t.toString();
    }
}
