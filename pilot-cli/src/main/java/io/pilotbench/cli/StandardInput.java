package io.pilotbench.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The process's standard input, or a stream that says it is closed. A process started with its standard input
 * closed ({@code pilot analyze - <&-}, a daemon's child) has no file descriptor 0 until the JVM opens a file of its
 * own there (the class-data archive, pilot.jar, the JDK's modules): reading "-" then read that file and called it
 * "a NUL byte: this looks like a binary file".
 */
final class StandardInput {
    private StandardInput() {}

    /** {@code System.in}, looked at when first read (most commands never read it). */
    static InputStream process() {
        return new InputStream() {
            private InputStream in;

            private InputStream in() throws IOException {
                if (in == null) {
                    Path home = Path.of(System.getProperty("java.home", "/nonexistent"));
                    try {
                        home = home.toRealPath();
                    } catch (IOException e) {
                        // as given
                    }
                    if (closed(Path.of("/proc/self/fd/0"), home)) {
                        throw new IOException("standard input is closed; pipe the data in or give a file");
                    }
                    in = System.in;
                }
                return in;
            }

            @Override
            public int read() throws IOException {
                return in().read();
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                return in().read(b, off, len);
            }

            @Override
            public int available() throws IOException {
                return in().available();
            }
        };
    }

    /**
     * Whether descriptor 0 (its /proc link {@code fd0}) is a file this JVM opened for itself: a .jar or .jsa
     * archive, or one under {@code javaHome}. False where /proc is missing (not Linux) or the link is anything else.
     */
    static boolean closed(Path fd0, Path javaHome) {
        try {
            Path target = Files.readSymbolicLink(fd0);
            String name =
                    target.getFileName() == null ? "" : target.getFileName().toString();
            return target.isAbsolute()
                    && (name.endsWith(".jar") || name.endsWith(".jsa") || target.startsWith(javaHome));
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return false;
        }
    }
}
