package io.pilotbench.core.files;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileAttribute;
import java.security.SecureRandom;
import java.util.Random;

/**
 * Writes a file whole or not at all: the content goes to a temporary sibling, which then replaces the file by an atomic
 * rename, so a reader (or a resumed run after a crash or a full disk) sees the previous version or the new one, never
 * half of one. On failure the temporary file is deleted and the previous version stays. Where the file system cannot
 * rename atomically, the rename replaces the file as best it can.
 */
public final class AtomicFiles {
    private static final Random RANDOM = new Random(new SecureRandom().nextLong());

    private AtomicFiles() {}

    /** Writes {@code content} in UTF-8. */
    public static void write(Path file, String content) throws IOException {
        write(file, content.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Writes {@code content}; the file gets {@code attributes} when it is created (e.g. owner-only permissions for a
     * secret), as its temporary sibling is made with them.
     */
    public static void write(Path file, byte[] content, FileAttribute<?>... attributes) throws IOException {
        Path tmp = temporarySibling(file, attributes);
        try {
            Files.write(tmp, content);
            replace(tmp, file);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** Copies {@code in} to {@code file}. */
    public static void copy(InputStream in, Path file) throws IOException {
        Path tmp = temporarySibling(file);
        try {
            Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
            replace(tmp, file);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /**
     * Moves {@code source} over {@code target} in one step where the file system can (a sibling of it, so the same
     * file system).
     */
    public static void replace(Path source, Path target) throws IOException {
        try {
            Files.move(source, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(source, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /**
     * A new, uniquely named temporary file beside {@code file}: two writers of one file never share it, and a name
     * of the form {@code .NAME.RANDOM.tmp} is not mistaken for the file. Without {@code attributes} it gets the
     * permissions any new file gets (the umask applies), not {@code createTempFile}'s owner-only ones: a session
     * written by root must stay readable by the user who analyses it.
     */
    private static Path temporarySibling(Path file, FileAttribute<?>... attributes) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        for (int attempt = 0; ; attempt++) {
            Path tmp =
                    dir.resolve("." + file.getFileName() + "." + Long.toUnsignedString(RANDOM.nextLong(), 36) + ".tmp");
            try {
                return Files.createFile(tmp, attributes);
            } catch (FileAlreadyExistsException e) {
                if (attempt == 100) {
                    throw e;
                }
            }
        }
    }
}
