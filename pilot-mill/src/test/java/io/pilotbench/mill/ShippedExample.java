package io.pilotbench.mill;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The shipped example, examples/experiment/compressors.yaml (gzip vs xz over ASLR, environment padding and nice: 32
 * jobs), submitted as a user would: the file, each package directory as a .tar.gz, the factor script.
 */
final class ShippedExample {
    static final Path DIR = Path.of("..", "examples", "experiment");
    static final Path FILE = DIR.resolve("compressors.yaml");
    static final int JOBS = 32;

    private ShippedExample() {}

    static String tarGzBase64(Path dir) throws IOException {
        Map<String, String> entries = new LinkedHashMap<>();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                entries.put(dir.relativize(f).toString(), Files.readString(f, StandardCharsets.UTF_8));
            }
        }
        return Base64.getEncoder().encodeToString(TinyExperiment.tarGz(entries));
    }

    /** The submission body. */
    static Map<String, Object> submission() throws IOException {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("packages/gzip", tarGzBase64(DIR.resolve("packages/gzip")));
        files.put("packages/xz", tarGzBase64(DIR.resolve("packages/xz")));
        files.put(
                "factors/nice.sh",
                Base64.getEncoder().encodeToString(Files.readAllBytes(DIR.resolve("factors/nice.sh"))));
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("fileName", "compressors.yaml");
        body.put("experiment", Files.readString(FILE));
        body.put("files", files);
        return body;
    }
}
