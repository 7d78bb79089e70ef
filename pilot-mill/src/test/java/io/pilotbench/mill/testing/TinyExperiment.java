package io.pilotbench.mill.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A small experiment for the back-end tests: one package whose run.sh does work proportional to the user factor
 * {@code work} (levels 1 and 4, so the factor's effect is large and certain), {@code replications} jobs per level,
 * at most 3 rounds a job, and one metric ({@code units}, the loop's count, which run.sh leaves in a file for
 * collect.sh: collect.sh runs without the factors' wrappers).
 */
public final class TinyExperiment {
    private TinyExperiment() {}

    /** Writes the experiment under {@code dir} and returns its file. */
    public static Path write(Path dir, int replications, String sleepPerRound) throws IOException {
        Path pkg = dir.resolve("packages/spin");
        Files.createDirectories(pkg);
        Files.createDirectories(dir.resolve("factors"));
        Files.writeString(
                pkg.resolve("run.sh"),
                "#!/bin/sh\n"
                        + "i=0; n=$((WORK * 4000)); while [ $i -lt $n ]; do i=$((i + 1)); done\n"
                        + "echo $n > units.txt\nsleep " + sleepPerRound + "\n");
        Files.writeString(pkg.resolve("collect.sh"), "#!/bin/sh\necho \"units $(cat units.txt)\"\n");
        Files.writeString(
                dir.resolve("factors/work.sh"),
                "#!/bin/sh\nlevel=$1\nshift\nexport WORK=\"$level\"\n"
                        + "export PILOT_OBSERVED_WORK=\"$level\"\nexec \"$@\"\n");
        Path file = dir.resolve("tiny.yaml");
        Files.writeString(
                file,
                String.join(
                        "\n",
                        "name: tiny",
                        "seed: 7",
                        "replications: " + replications,
                        "packages:",
                        "  spin: packages/spin",
                        "metrics: [units]",
                        "precision:",
                        "  ci-width: 1%",
                        "  max-rounds: 3",
                        "  max-time: 20s",
                        "factors:",
                        "  work: {script: factors/work.sh, levels: [\"1\", \"4\"], coverage: 100%}",
                        ""));
        return file;
    }
}
