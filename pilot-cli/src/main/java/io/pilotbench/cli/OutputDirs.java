package io.pilotbench.cli;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** Default results directories: {@code pilot-results/<date>-<time>-<what>}, unique even for runs started together. */
final class OutputDirs {
    static final Path ROOT = Path.of("pilot-results");

    private OutputDirs() {}

    /**
     * Creates and returns {@code pilot-results/YYYYMMDD-HHMMSS-<what>}, or {@code …-2}, {@code …-3} when taken. The
     * directory is claimed by creating it ({@link Files#createDirectory} is atomic), so two runs started in the same
     * second get two directories.
     *
     * @param what the command or "compare"; characters other than letters, digits, '.', '_' and '-' become '_'
     */
    static Path claimNew(String what) throws IOException {
        return claimNew(ROOT, what);
    }

    /** As {@link #claimNew(String)}, under {@code root}. */
    static Path claimNew(Path root, String what) throws IOException {
        String slug = what.replaceAll("[^A-Za-z0-9._-]", "_");
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT));
        Path base = root.resolve(stamp + "-" + (slug.length() > 40 ? slug.substring(0, 40) : slug));
        Files.createDirectories(root);
        for (int i = 1; ; i++) {
            Path dir = i == 1 ? base : Path.of(base + "-" + i);
            try {
                return Files.createDirectory(dir);
            } catch (FileAlreadyExistsException e) {
                // taken: try the next suffix
            }
        }
    }
}
