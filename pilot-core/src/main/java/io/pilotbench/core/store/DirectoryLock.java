package io.pilotbench.core.store;

import io.pilotbench.core.model.InputException;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.stream.Stream;

/**
 * One writer per results directory (a session, a comparison, a campaign): an operating-system lock
 * ({@link FileChannel#tryLock}, {@code fcntl} on Linux) on {@value #FILE} in the directory, held while the directory
 * is written. The file stays after the writer ends, and that is harmless: the lock, not the file, says "in use", and
 * the OS releases it when its process dies, however it dies (a kill -9 leaves no stale lock). The file holds the
 * holder's pid, for the message another process gets.
 */
public final class DirectoryLock implements Closeable {
    /** The lock file's name in a locked directory (readers ignore it). */
    public static final String FILE = ".pilot.lock";

    private final FileChannel channel;
    private final FileLock lock;

    private DirectoryLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Locks {@code directory} (which must exist) for this process.
     *
     * @param what what the directory is, for the message ("session", "comparison")
     * @throws InputException when another process (or this one) holds it: one line naming it and the holder
     */
    public static DirectoryLock acquire(Path directory, String what) throws IOException {
        Path file = directory.resolve(FILE);
        FileChannel channel =
                FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException e) {
            lock = null; // this JVM holds it already
        } catch (IOException e) {
            channel.close();
            throw e;
        }
        if (lock == null) {
            String holder = holder(file);
            channel.close();
            throw new InputException(directory + ": this " + what + " is being written by another pilot process"
                    + (holder.isEmpty() ? "" : " (pid " + holder + ")") + "; wait for it to end (or stop it) and try "
                    + "again, or use another directory");
        }
        channel.truncate(0);
        channel.write(ByteBuffer.wrap((ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.US_ASCII)), 0);
        return new DirectoryLock(channel, lock);
    }

    /**
     * Makes {@code directory} (new, or existing and empty but for a lock file) and locks it: the way to start writing
     * a results directory, safe against another process doing the same.
     *
     * @throws IllegalArgumentException when it is a file or holds anything (one line, with the fix)
     * @throws InputException when another process holds it
     */
    public static DirectoryLock claimEmpty(Path directory, String what) throws IOException {
        if (Files.exists(directory) && !Files.isDirectory(directory)) {
            throw new IllegalArgumentException(
                    directory + " exists and is not a directory; choose another output " + "directory");
        }
        requireEmpty(directory, what);
        Files.createDirectories(directory);
        DirectoryLock lock = acquire(directory, what);
        try {
            requireEmpty(directory, what); // again, now that no other process can be filling it
            return lock;
        } catch (IOException | RuntimeException e) {
            lock.close();
            throw e;
        }
    }

    private static void requireEmpty(Path directory, String what) throws IOException {
        if (!Files.isDirectory(directory)) {
            return;
        }
        try (Stream<Path> entries = Files.list(directory)) {
            if (entries.anyMatch(p -> !p.getFileName().toString().equals(FILE))) {
                // '-o ""' was "pilot:  is not empty"; and a directory holding no session was told to resume one
                String shown =
                        directory.toString().isEmpty() ? "the current directory (an empty -o)" : directory.toString();
                boolean session = what.equals("session") && Files.isRegularFile(directory.resolve("session.json"));
                throw new IllegalArgumentException(shown + " is not empty; choose a new output directory"
                        + (session ? " (or resume the session in it with --resume)" : ""));
            }
        }
    }

    private static String holder(Path file) {
        try {
            return Files.readString(file, StandardCharsets.US_ASCII).strip();
        } catch (IOException e) {
            return "";
        }
    }

    /** Releases the lock (idempotent). */
    @Override
    public void close() throws IOException {
        if (channel.isOpen()) {
            lock.release();
            channel.close();
        }
    }
}
