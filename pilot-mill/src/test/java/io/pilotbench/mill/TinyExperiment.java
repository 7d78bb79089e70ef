package io.pilotbench.mill;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorOutputStream;

/**
 * A small experiment for the mill's tests: two packages (one named as a directory, one as a .tar.gz) × env-padding
 * 0/4096 × 2 replications = 8 jobs of 3 rounds each; run.sh sleeps {@code sleep} seconds, collect.sh prints a
 * metric. It is also written to disk, so the same file runs on one machine for comparison.
 */
final class TinyExperiment {
    static final String FILE = "tiny.yaml";

    static String text(String name) {
        return "name: " + name + "\n"
                + "seed: 7\n"
                + "replications: 2\n"
                + "packages:\n"
                + "  fast: packages/fast\n"
                + "  slow: packages/slow.tar.gz\n"
                + "metrics: [size]\n"
                + "precision:\n"
                + "  ci-width: 10%\n"
                + "  max-rounds: 3\n"
                + "factors:\n"
                + "  package: 100%\n"
                + "  env-padding: {levels: [0, 4096], coverage: 100%}\n";
    }

    static Map<String, String> scripts(String sleep, int size) {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("run.sh", "#!/bin/sh\nsleep " + sleep + "\n");
        s.put("collect.sh", "#!/bin/sh\necho size " + size + "\n");
        return s;
    }

    /** A gzip-compressed tar of {@code entries} (name → content), as given (no checks: tests write bad ones). */
    static byte[] tarGz(Map<String, String> entries) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (TarArchiveOutputStream tar = new TarArchiveOutputStream(new GzipCompressorOutputStream(bytes))) {
            tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
            for (Map.Entry<String, String> e : entries.entrySet()) {
                byte[] b = e.getValue().getBytes(StandardCharsets.UTF_8);
                TarArchiveEntry t = new TarArchiveEntry(e.getKey(), true);
                t.setSize(b.length);
                t.setMode(0755);
                tar.putArchiveEntry(t);
                tar.write(b);
                tar.closeArchiveEntry();
            }
        }
        return bytes.toByteArray();
    }

    /** The submission body: the file and its two packages, base64. */
    static Map<String, Object> submission(String name, String sleep, boolean isPrivate) throws IOException {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("packages/fast", Base64.getEncoder().encodeToString(tarGz(scripts(sleep, 100))));
        files.put("packages/slow.tar.gz", Base64.getEncoder().encodeToString(tarGz(scripts(sleep, 200))));
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("fileName", FILE);
        body.put("experiment", text(name));
        body.put("files", files);
        body.put("private", isPrivate);
        return body;
    }

    /** The same experiment on disk in {@code dir}, for a single-machine run; returns the file. */
    static Path write(Path dir, String name, String sleep) throws IOException {
        Files.createDirectories(dir.resolve("packages/fast"));
        for (Map.Entry<String, String> s : scripts(sleep, 100).entrySet()) {
            Files.writeString(dir.resolve("packages/fast").resolve(s.getKey()), s.getValue());
        }
        Files.write(dir.resolve("packages/slow.tar.gz"), tarGz(scripts(sleep, 200)));
        Path file = dir.resolve(FILE);
        Files.writeString(file, text(name));
        return file;
    }
}
