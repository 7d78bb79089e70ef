package io.pilotbench.script;

import io.pilotbench.core.files.AtomicFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Writes the files a campaign leaves for people and other tools ({@code runs.csv}, {@code campaign.json}, a
 * CHECKPOINT file, the resume unit) whole or not at all, through {@link AtomicFiles}, with the permissions any new
 * file gets (0666 less the umask, as {@code Files.writeString} makes them). Separate because {@link AtomicFiles} alone
 * makes its temporary file, and so the file, readable by its owner only: the results of a campaign run as root (COOL
 * drop-caches and remount need it) would then be closed to the user who analyses them.
 */
final class ResultFiles {
    /** Asked for at creation, so the umask applies as to any new file. */
    private static final FileAttribute<Set<PosixFilePermission>> AS_ANY_FILE =
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-rw-rw-"));

    private ResultFiles() {
    }

    /** Writes {@code content} in UTF-8 to {@code file}, atomically. */
    static void write(Path file, String content) throws IOException {
        AtomicFiles.write(file, content.getBytes(StandardCharsets.UTF_8), AS_ANY_FILE);
    }
}
