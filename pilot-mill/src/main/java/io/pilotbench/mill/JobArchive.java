package io.pilotbench.mill;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorOutputStream;

/**
 * A job's directory as a .tar.gz, for the master to keep beside the job's row (the session's rounds, the logs,
 * collect.sh's output): DataMill collects a job's result files, not only its numbers. Regular files and directories
 * only (a symbolic link is left out, never followed), modes reduced to executable or not, directory locks left out.
 */
final class JobArchive {
    /** The largest archive sent: 64 MiB compressed. */
    static final int MAX_BYTES = 64 << 20;

    private JobArchive() {}

    /** The archive of {@code dir}, or null when it would exceed {@code maxBytes}. */
    static byte[] of(Path dir, int maxBytes) throws IOException {
        Capped bytes = new Capped(maxBytes);
        List<Path> all;
        try (Stream<Path> walk = Files.walk(dir)) {
            all = walk.filter(p -> !p.equals(dir)).sorted().toList();
        }
        try (TarArchiveOutputStream tar = new TarArchiveOutputStream(new GzipCompressorOutputStream(bytes))) {
            tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
            tar.setBigNumberMode(TarArchiveOutputStream.BIGNUMBER_POSIX);
            for (Path p : all) {
                String name = dir.relativize(p).toString();
                if (Files.isSymbolicLink(p)
                        || p.getFileName().toString().equals(io.pilotbench.core.store.DirectoryLock.FILE)) {
                    continue;
                }
                boolean directory = Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS);
                if (!directory && !Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
                    continue;
                }
                TarArchiveEntry e = new TarArchiveEntry(directory ? name + "/" : name);
                e.setMode(directory || Files.isExecutable(p) ? 0755 : 0644);
                e.setModTime(
                        Files.getLastModifiedTime(p, LinkOption.NOFOLLOW_LINKS).toMillis());
                if (!directory) {
                    e.setSize(Files.size(p));
                }
                tar.putArchiveEntry(e);
                if (!directory) {
                    // not through a link a job may have put in place of the file since it was looked at
                    try (var in = Files.newInputStream(p, LinkOption.NOFOLLOW_LINKS)) {
                        in.transferTo(tar);
                    }
                }
                tar.closeArchiveEntry();
            }
        } catch (TooLarge e) {
            return null;
        }
        return bytes.toByteArray();
    }

    private static final class TooLarge extends IOException {
        private static final long serialVersionUID = 1L;
    }

    /** Bytes in memory, up to a cap. */
    private static final class Capped extends OutputStream {
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();
        private final int cap;

        Capped(int cap) {
            this.cap = cap;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            if (out.size() + len > cap) {
                throw new TooLarge();
            }
            out.write(b, off, len);
        }

        byte[] toByteArray() {
            return out.toByteArray();
        }
    }
}
