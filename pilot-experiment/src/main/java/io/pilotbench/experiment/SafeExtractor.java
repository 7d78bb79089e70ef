package io.pilotbench.experiment;

import io.pilotbench.core.model.InputException;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorInputStream;

/**
 * Extracts a package's {@code .tar.gz} into a new directory, refusing anything that could write outside it or plant
 * something other than plain files and directories (the paper's packages are trusted, §3.1; ours may not be).
 *
 * <p>Refused, with one line naming the entry: absolute names, {@code ..} components, symbolic and hard links,
 * character and block devices, FIFOs and any other special entry; more than {@link #MAX_ENTRIES} entries; more than
 * {@link #MAX_BYTES} bytes once decompressed (counted on the bytes actually read, so a gzip bomb stops at the cap
 * whatever its headers claim); a name given twice. Ownership is never applied, and modes keep only "executable or
 * not": files become 0755 or 0644, directories 0755 (no setuid, setgid or sticky bit). Nothing is written through an
 * existing symbolic link: every file is created new, without following links, below a checked parent.
 */
final class SafeExtractor {
    /** The most entries an archive may hold. */
    static final int MAX_ENTRIES = 10_000;
    /** The most bytes an archive may hold once decompressed: 512 MiB. */
    static final long MAX_BYTES = 512L << 20;

    private final int maxEntries;
    private final long maxBytes;

    SafeExtractor() {
        this(MAX_ENTRIES, MAX_BYTES);
    }

    SafeExtractor(int maxEntries, long maxBytes) {
        this.maxEntries = maxEntries;
        this.maxBytes = maxBytes;
    }

    /**
     * Extracts {@code archive} (gzip-compressed tar) into {@code target}, which must not exist or be empty.
     *
     * @throws InputException for an unsafe or malformed archive (what is partly extracted stays, in {@code target})
     */
    void extract(Path archive, Path target) throws IOException {
        Files.createDirectories(target);
        Path root = target.toRealPath();
        try (Stream s = new Stream(archive)) {
            int entries = 0;
            long bytes = 0;
            TarArchiveEntry e;
            while ((e = s.next()) != null) {
                if (++entries > maxEntries) {
                    throw bad(archive, "more than " + maxEntries + " entries");
                }
                String name = checkedName(archive, e);
                if (name.isEmpty()) {
                    continue; // "./"
                }
                Path out = root.resolve(name).normalize();
                if (!out.startsWith(root) || out.equals(root)) {
                    throw bad(archive, "entry '" + e.getName() + "' would be written outside the package");
                }
                requireNoLinkBetween(archive, root, out.getParent(), e.getName());
                if (e.isDirectory()) {
                    if (Files.isSymbolicLink(out)) {
                        throw bad(archive, "entry '" + e.getName() + "' would go through a symbolic link");
                    }
                    if (!Files.isDirectory(out, LinkOption.NOFOLLOW_LINKS)) {
                        Files.createDirectories(out);
                    }
                    Files.setPosixFilePermissions(out, PosixFilePermissions.fromString("rwxr-xr-x"));
                    continue;
                }
                Files.createDirectories(out.getParent());
                requireNoLinkBetween(archive, root, out.getParent(), e.getName());
                try (OutputStream o = Files.newOutputStream(
                        out, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS)) {
                    byte[] buf = new byte[64 << 10];
                    int n;
                    while ((n = s.tar.read(buf)) > 0) {
                        bytes += n;
                        if (bytes > maxBytes) {
                            throw bad(archive, "more than " + maxBytes + " bytes once decompressed (a gzip bomb?)");
                        }
                        o.write(buf, 0, n);
                    }
                } catch (FileAlreadyExistsException x) {
                    throw bad(archive, "entry '" + e.getName() + "' is given twice (or names an existing file)");
                }
                boolean exec = (e.getMode() & 0111) != 0;
                Files.setPosixFilePermissions(out, PosixFilePermissions.fromString(exec ? "rwxr-xr-x" : "rw-r--r--"));
            }
        } catch (java.nio.file.FileSystemException e) {
            throw e; // the disk's or the file's problem, named by Failures
        } catch (IOException e) {
            throw bad(archive, "not a readable .tar.gz (" + e.getMessage() + ")");
        }
    }

    /** The entry's name relative to the package root ("" for the root itself), or an error for an unsafe entry. */
    private static String checkedName(Path archive, TarArchiveEntry e) {
        String name = e.getName();
        if (e.isSymbolicLink() || e.isLink()) {
            throw bad(
                    archive,
                    "entry '" + name + "' is a " + (e.isLink() ? "hard" : "symbolic") + " link to '" + e.getLinkName()
                            + "'; packages hold only files and directories");
        }
        if (e.isCharacterDevice() || e.isBlockDevice()) {
            throw bad(archive, "entry '" + name + "' is a device; packages hold only files and directories");
        }
        if (e.isFIFO()) {
            throw bad(archive, "entry '" + name + "' is a FIFO; packages hold only files and directories");
        }
        if (!e.isDirectory() && !e.isFile()) {
            throw bad(archive, "entry '" + name + "' is neither a file nor a directory");
        }
        if (name.startsWith("/") || name.matches("^[A-Za-z]:.*") || name.contains("\\")) {
            throw bad(archive, "entry '" + name + "' has an absolute name");
        }
        if (name.indexOf('\0') >= 0) {
            throw bad(archive, "entry '" + name + "' has a NUL in its name");
        }
        StringBuilder clean = new StringBuilder();
        for (String part : name.split("/")) {
            if (part.equals("..")) {
                throw bad(archive, "entry '" + name + "' climbs out with '..'");
            }
            if (part.isEmpty() || part.equals(".")) {
                continue;
            }
            if (clean.length() > 0) {
                clean.append('/');
            }
            clean.append(part);
        }
        return clean.toString();
    }

    /** Refuses when any directory from {@code root} (exclusive) down to {@code dir} is a symbolic link. */
    private static void requireNoLinkBetween(Path archive, Path root, Path dir, String entry) {
        for (Path p = dir; p != null && p.startsWith(root) && !p.equals(root); p = p.getParent()) {
            if (Files.isSymbolicLink(p)) {
                throw bad(archive, "entry '" + entry + "' would be written through the symbolic link " + p);
            }
        }
    }

    private static InputException bad(Path archive, String why) {
        return new InputException(archive + ": unsafe or broken package archive: " + why);
    }

    /** The tar stream over gzip over the file. */
    private static final class Stream implements AutoCloseable {
        final TarArchiveInputStream tar;

        Stream(Path archive) throws IOException {
            InputStream in = new BufferedInputStream(Files.newInputStream(archive));
            try {
                tar = new TarArchiveInputStream(new GzipCompressorInputStream(in));
            } catch (IOException | RuntimeException e) {
                in.close();
                throw e;
            }
        }

        TarArchiveEntry next() throws IOException {
            return tar.getNextEntry();
        }

        @Override
        public void close() throws IOException {
            tar.close();
        }
    }
}
