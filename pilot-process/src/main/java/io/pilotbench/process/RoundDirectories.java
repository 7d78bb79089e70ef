package io.pilotbench.process;

import java.io.IOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The rounds' directories of a {@link CommandWorkload}, {@code <rounds>/<round>/}: each made (or handed on, renamed,
 * from the round before when it left its directory as it found it), its output kept or cut once the round is read,
 * and the empty ones removed by {@link #tidy()} when the session is over. Kept apart from the workload, which runs
 * the command and reads its PIs: this is the bookkeeping between rounds, which is kept cheap because it happens in
 * the time between them. Thread-confined, like the workload's rounds.
 */
final class RoundDirectories {
    private final Path roundsDir;
    private final long keepOutputBytes;
    private final boolean keepEveryRound;
    private boolean roundsDirMade;
    /** The directory of the latest round that succeeded, whose output is kept until the next one succeeds. */
    private Path lastSucceeded;
    /** Round directories to tidy when the session is over ({@link #tidy}). */
    private final List<Path> untidy = new ArrayList<>();
    /**
     * The last round's directory while that round left nothing in it but its two empty output files: the next round
     * renames it to its own number instead of making a directory and two files. On ext4 a mkdir and two creats took
     * 0.15-0.5 ms of the time between rounds, more as the file system aged (inode allocation), a rename 0.01 ms. Null
     * when there is none.
     */
    private Path reusable;

    /**
     * @param keepOutputBytes the tail of each output file kept once a round is read, or -1 for all of it
     * @param keepEveryRound  whether every round's output is kept, not only failed rounds' and the latest success's
     */
    RoundDirectories(Path roundsDir, long keepOutputBytes, boolean keepEveryRound) {
        this.roundsDir = roundsDir;
        this.keepOutputBytes = keepOutputBytes;
        this.keepEveryRound = keepEveryRound;
    }

    /**
     * Makes {@code dir} the round's directory: the last round's renamed when it is {@link #reusable}, else a new one
     * (or, in a resumed session, the one a cut-off round left).
     */
    void make(Path dir) throws IOException {
        if (!roundsDirMade) {
            Files.createDirectories(roundsDir);
            roundsDirMade = true;
        }
        Path last = reusable;
        reusable = null;
        if (last != null) {
            // rename(2) in the same parent; it fails when dir is there and not empty (a resumed session's cut-off
            // round, which keeps its directory; last then stays for the tidy at the end). File.renameTo, not
            // Files.move: the latter first looks for dir and builds an exception with a stack trace when it is
            // missing, as it is every round.
            if (last.toFile().renameTo(dir.toFile())) {
                untidy.set(untidy.size() - 1, dir); // last was the latest added
                return;
            }
        }
        try {
            Files.createDirectory(dir);
        } catch (FileAlreadyExistsException e) {
            // a resumed session: the directory of a round that was cut off
        }
        untidy.add(dir);
    }

    /** Cuts the output files of a round whose command could not be started. */
    void notStarted(Path stdout, Path stderr) throws IOException {
        RoundOutput.trim(stdout, stderr, keepOutputBytes);
    }

    /**
     * Once the round in {@code dir} is over: cuts its output files to what is kept, drops the output of the success
     * before when this one succeeded (unless every round's is kept), and offers the directory to the next round when
     * it is as the round found it.
     *
     * @param read          whether the round's result was read (not an interrupted or failed read)
     * @param succeeded     whether the round succeeded
     * @param leftProcesses whether the command left processes running, which may still write there
     */
    void finish(Path dir, Path stdout, Path stderr, boolean read, boolean succeeded, boolean leftProcesses)
            throws IOException {
        boolean empty = RoundOutput.trim(stdout, stderr, keepOutputBytes);
        if (succeeded && !keepEveryRound) {
            // only the latest successful round's output stays: a session of 1,000 rounds keeps one
            if (lastSucceeded != null) {
                RoundOutput.trim(
                        lastSucceeded.resolve(RoundOutput.STDOUT), lastSucceeded.resolve(RoundOutput.STDERR), 0);
            }
            lastSucceeded = empty ? null : dir;
        }
        // processes left running may still write there: that directory stays the round's
        if (read && empty && !leftProcesses && RoundOutput.onlyOutputFiles(dir)) {
            reusable = dir;
        }
    }

    /**
     * Removes the rounds' empty output files, and the round directories that hold nothing else. Done once, when the
     * session is over, not between rounds: a mkdir is all a round costs, where an unlink and an rmdir each round took
     * about 0.2 ms of the time between rounds. A killed session leaves them; the next tidy (after a resume) removes
     * them too.
     */
    void tidy() throws IOException {
        for (Path dir : untidy) {
            for (String name : new String[] {RoundOutput.STDOUT, RoundOutput.STDERR}) {
                Path f = dir.resolve(name);
                if (f.toFile().length() == 0) {
                    Files.deleteIfExists(f);
                }
            }
            try {
                Files.deleteIfExists(dir);
            } catch (DirectoryNotEmptyException e) {
                // the command left files: they are the round's results
            }
        }
        untidy.clear();
        if (Files.isDirectory(roundsDir)) {
            try (var left = Files.list(roundsDir)) {
                for (Path dir : left.toList()) { // rounds of an earlier, killed run of this session
                    tidyIfEmpty(dir);
                }
            }
        }
    }

    private static void tidyIfEmpty(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return;
        }
        for (String name : new String[] {RoundOutput.STDOUT, RoundOutput.STDERR}) {
            Path f = dir.resolve(name);
            if (Files.isRegularFile(f) && Files.size(f) == 0) {
                Files.delete(f);
            }
        }
        try {
            Files.deleteIfExists(dir);
        } catch (DirectoryNotEmptyException e) {
            // results
        }
    }
}
