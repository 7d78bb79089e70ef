package io.pilotbench.process;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The two files a round of a {@link CommandWorkload} writes its standard output and error to: their names, their tail
 * read for the PIs and for messages, and their cutting to what is kept. Kept apart from the workload, which runs the
 * rounds, and from {@link RoundDirectories}, which decides when output is kept: this is how the files are handled.
 */
final class RoundOutput {
    static final String STDOUT = "stdout.txt";
    static final String STDERR = "stderr.txt";
    /** The most of a round's standard output that is read for its PIs: its last 16 MiB. */
    private static final int MAX_OUTPUT = 16 << 20;

    private RoundOutput() {}

    /** "; stderr: 'last line'" or nothing. */
    static String stderrTail(Path stderr) throws IOException {
        return lastLine(stderr, "stderr");
    }

    /** "; {@code what}: 'last line'" of {@code file} (a hook's log holds its stdout and stderr: "output"), or nothing. */
    static String lastLine(Path file, String what) throws IOException {
        String line = Files.exists(file) ? OutputParser.lastLine(tail(file)) : null;
        return line == null ? "" : "; " + what + ": '" + OutputParser.quote(line) + "'";
    }

    /**
     * When {@code stdout} is longer than what a PI is read from, "(only the last 16 MiB of its 20 MiB of output were
     * searched)"; else nothing. A value printed before a flood of output was reported as "printed nothing" or "no
     * match", with no word of the limit.
     */
    static String beyondTail(Path stdout) throws IOException {
        long size = Files.exists(stdout) ? Files.size(stdout) : 0;
        return size <= MAX_OUTPUT
                ? ""
                : " (only the last " + (MAX_OUTPUT >> 20) + " MiB of its " + (size >> 20) + " MiB of standard output "
                        + "were searched: print the value last, or write it to a file the PI reads)";
    }

    /** The file's text, or its last {@link #MAX_OUTPUT} bytes. */
    static String tail(Path file) throws IOException {
        if (!Files.exists(file)) {
            return "";
        }
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
            long size = f.length();
            int n = (int) Math.min(size, MAX_OUTPUT);
            byte[] bytes = new byte[n];
            f.seek(size - n);
            f.readFully(bytes);
            return new String(bytes, StandardCharsets.UTF_8);
        }
    }

    /**
     * Cuts a round's output files to their last {@code keep} bytes (one stat each when they are smaller); true when
     * both are empty (or missing) now.
     */
    static boolean trim(Path stdout, Path stderr, long keep) throws IOException {
        boolean empty = true;
        for (Path f : new Path[] {stdout, stderr}) {
            long size = f.toFile().length(); // 0 when there is no file
            empty &= size == 0 || keep == 0; // kept: nothing, so the file is empty below
            if (keep >= 0 && size > keep) {
                keepTail(f, keep);
            }
        }
        return empty;
    }

    /** True when {@code dir} holds nothing but the round's two output files (opendir, getdents, closedir). */
    static boolean onlyOutputFiles(Path dir) {
        String[] names = dir.toFile().list();
        if (names == null || names.length != 2) {
            return false;
        }
        for (String name : names) {
            if (!name.equals(STDOUT) && !name.equals(STDERR)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Cuts {@code file} to its last {@code keep} bytes (a command that prints 20 MB a round must not fill the
     * disk).
     */
    private static void keepTail(Path file, long keep) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            long size = f.length();
            byte[] tail = new byte[(int) keep];
            f.seek(size - keep);
            f.readFully(tail);
            f.seek(0);
            f.write(tail);
            f.setLength(keep);
        }
    }
}
