package io.pilotbench.experiment;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.archivers.tar.TarConstants;
import org.apache.commons.compress.compressors.gzip.GzipCompressorOutputStream;

/** Builds .tar.gz archives for tests, malicious ones included (names and types no tar tool would write). */
final class Archives implements AutoCloseable {
    private final TarArchiveOutputStream tar;

    Archives(Path file) throws IOException {
        OutputStream out = Files.newOutputStream(file);
        tar = new TarArchiveOutputStream(new GzipCompressorOutputStream(out));
        tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
    }

    Archives file(String name, String content, int mode) throws IOException {
        byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
        TarArchiveEntry e = new TarArchiveEntry(name, true); // true: keep a leading '/'
        e.setSize(bytes.length);
        e.setMode(mode);
        tar.putArchiveEntry(e);
        tar.write(bytes);
        tar.closeArchiveEntry();
        return this;
    }

    Archives file(String name, String content) throws IOException {
        return file(name, content, 0100644);
    }

    /** A file of {@code size} zero bytes (compresses to almost nothing: a gzip bomb in small). */
    Archives zeros(String name, long size) throws IOException {
        TarArchiveEntry e = new TarArchiveEntry(name, true);
        e.setSize(size);
        tar.putArchiveEntry(e);
        byte[] block = new byte[1 << 16];
        for (long left = size; left > 0; left -= block.length) {
            tar.write(block, 0, (int) Math.min(block.length, left));
        }
        tar.closeArchiveEntry();
        return this;
    }

    Archives dir(String name) throws IOException {
        TarArchiveEntry e = new TarArchiveEntry(name.endsWith("/") ? name : name + "/", true);
        tar.putArchiveEntry(e);
        tar.closeArchiveEntry();
        return this;
    }

    /** A special entry: {@link TarConstants#LF_SYMLINK}, LF_LINK, LF_CHR, LF_BLK, LF_FIFO. */
    Archives special(String name, byte type, String linkTarget) throws IOException {
        TarArchiveEntry e = new TarArchiveEntry(name, type, true);
        if (linkTarget != null) {
            e.setLinkName(linkTarget);
        }
        tar.putArchiveEntry(e);
        tar.closeArchiveEntry();
        return this;
    }

    /** A valid package: run.sh and collect.sh. */
    Archives scripts() throws IOException {
        return file("run.sh", "true\n", 0100755).file("collect.sh", "echo size 1\n", 0100755);
    }

    @Override
    public void close() throws IOException {
        tar.finish();
        tar.close();
    }
}
