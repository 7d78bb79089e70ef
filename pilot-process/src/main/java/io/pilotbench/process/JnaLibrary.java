package io.pilotbench.process;

import io.pilotbench.core.files.AtomicFiles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * JNA's native library, unpacked once into a directory that JNA is then pointed at ({@code jna.boot.library.path}).
 * Without it JNA unpacks the library from the jar into a new temporary file at every start (250 KB written and
 * deleted, and a SecureRandom, with 60 classes of the security provider, for the file's name). The {@code ./pilot}
 * launcher has it done beside its class-data archive.
 */
public final class JnaLibrary {
    private JnaLibrary() {}

    /**
     * Copies the library for this platform from the class path into {@code dir} (atomically, by a rename) and sets
     * {@code jna.boot.library.path} to {@code dir} for this JVM; false, and nothing done, where the jar has no library
     * for this platform.
     */
    public static boolean unpackInto(Path dir) throws IOException {
        String resource = LibC.dispatchLibraryResource();
        String name = resource.substring(resource.lastIndexOf('/') + 1);
        try (InputStream in = JnaLibrary.class.getResourceAsStream(resource)) {
            if (in == null) {
                return false; // JNA finds its own way
            }
            Files.createDirectories(dir);
            AtomicFiles.copy(in, dir.resolve(name));
        }
        System.setProperty("jna.boot.library.path", dir.toString());
        return true;
    }
}
