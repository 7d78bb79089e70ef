package io.pilotbench.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/**
 * The process's standard output, remembering why a write failed. A {@link PrintWriter} (and {@code System.out})
 * keeps write errors to itself, but a full disk and a reader that stopped reading are not the same: {@code pilot
 * analyze f > /dev/full} lost the report, {@code pilot analyze f | head -3} got what its reader asked for. The
 * first is an error (exit 2, one line); the second ends quietly, as {@code grep} or {@code seq} do when their reader
 * closes the pipe.
 */
final class StandardOutput extends OutputStream {
    private final OutputStream out;
    private volatile IOException failure;

    StandardOutput(OutputStream out) {
        this.out = out;
    }

    /** A UTF-8 writer on file descriptor 1, flushed at every line. */
    static PrintWriter writer(StandardOutput stdout) {
        return new PrintWriter(stdout, true, StandardCharsets.UTF_8);
    }

    /** File descriptor 1 itself, not {@code System.out}: its PrintStream would keep the failure's reason too. */
    static StandardOutput process() {
        return new StandardOutput(new FileOutputStream(FileDescriptor.out));
    }

    @Override
    public void write(int b) throws IOException {
        try {
            out.write(b);
        } catch (IOException e) {
            throw failed(e);
        }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        try {
            out.write(b, off, len);
        } catch (IOException e) {
            throw failed(e);
        }
    }

    @Override
    public void flush() throws IOException {
        try {
            out.flush();
        } catch (IOException e) {
            throw failed(e);
        }
    }

    private IOException failed(IOException e) {
        if (failure == null) {
            failure = e;
        }
        return e;
    }

    /**
     * Whether the first write that failed found the pipe's reader gone ({@code EPIPE}: the JVM ignores SIGPIPE, so
     * the write returns the error and the JDK says "Broken pipe" in every locale, as its message is its own).
     */
    boolean readerClosed() {
        IOException e = failure;
        return e != null && String.valueOf(e.getMessage()).contains("Broken pipe");
    }

    /** Why the first write failed, as the system said it ("No space left on device"), or "a write failed". */
    String reason() {
        IOException e = failure;
        return e == null || e.getMessage() == null ? "a write failed" : e.getMessage();
    }
}
