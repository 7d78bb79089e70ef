package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With {@code --cwd DIR} and a relative {@code -o} (the default {@code pilot-results/…} is one), %RESULT_DIR% and
 * PILOT_RESULT_DIR were handed to the command relative to pilot's directory, not the command's: "cannot create
 * cw2/round-results/0/ops.txt: Directory nonexistent", every round failed. They are absolute now.
 */
class CwdResultDirTest {
    @TempDir
    Path elsewhere;

    @Test
    void aRelativeSessionDirectoryReachesACommandRunElsewhere() throws Exception {
        // relative to the test's working directory, as a user's -o is to theirs
        Path session = Path.of("target", "cwd-" + UUID.randomUUID());
        try {
            CliRun r = CliRun.run(
                    "run",
                    "-q",
                    "--max-rounds",
                    "3",
                    "--cwd",
                    elsewhere.toString(),
                    "-o",
                    session.toString(),
                    "--pi",
                    "name=op,unit=us,unit-readings=ops.txt",
                    "--",
                    "sh",
                    "-c",
                    "for i in 1 2 3 4 5; do echo 5.$i; done > %RESULT_DIR%/ops.txt;"
                            + " echo 7 > \"$PILOT_RESULT_DIR/env.txt\"; pwd > \"$PILOT_RESULT_DIR/pwd.txt\"");
            // three rounds cannot meet a target: a limit or no steady state yet, but no failed round (exit 4)
            assertThat(r.code()).as(r.err()).isNotEqualTo(ExitCode.WORKLOAD_FAILED.code());
            assertThat(r.out()).contains("3 recorded: 3 analysed, 0 short, 0 failed");
            Path round = session.resolve("round-results").resolve("0");
            assertThat(Files.readString(round.resolve("env.txt")).strip()).isEqualTo("7");
            assertThat(Files.readString(round.resolve("pwd.txt")).strip())
                    .isEqualTo(elsewhere.toRealPath().toString());
        } finally {
            try (var walk = Files.walk(session)) {
                walk.sorted(java.util.Comparator.reverseOrder())
                        .forEach(f -> f.toFile().delete());
            }
        }
    }
}
