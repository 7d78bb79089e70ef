package io.pilotbench.simulate;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the real data sets are: the shared data folder beside the repository (CI puts it there). A test that needs
 * them fails, never skips, when they are missing: a run that lost its data must not look green.
 */
final class RealData {
    private RealData() {}

    /** The labelled JMH steady-state data set. */
    static Path jmhSteadyState() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            Path d = p.resolve("shared/realdata/jmh-steady-state");
            if (Files.isDirectory(d.resolve("series"))) {
                return d;
            }
            Path beside = p.resolveSibling("shared/realdata/jmh-steady-state");
            if (p.getParent() != null && Files.isDirectory(beside.resolve("series"))) {
                return beside;
            }
        }
        throw new IllegalStateException("the real data (shared/realdata/jmh-steady-state) is not beside the "
                + "repository or any folder above it; CI puts it there");
    }
}
