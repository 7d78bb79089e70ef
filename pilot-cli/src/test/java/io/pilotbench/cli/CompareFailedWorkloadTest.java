package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pilot compare -- true ::: false} ended "a workload failed (see stderr)" with exit 4, but stderr held only
 * the opening line: which workload failed, in which round and why was nowhere. It is said there now, as pilot run
 * says its failed rounds.
 */
class CompareFailedWorkloadTest {
    @TempDir
    Path tmp;

    @Test
    void aFailedWorkloadIsNamedWithItsRoundAndWhyOnStderr() {
        CliRun r = CliRun.run(
                "compare", "-q", "--max-time", "10s", "-o", tmp.resolve("c").toString(), "--", "true", ":::", "false");
        assertThat(r.code()).isEqualTo(ExitCode.WORKLOAD_FAILED.code());
        assertThat(r.out()).contains("a workload failed (see stderr)");
        assertThat(r.err())
                .containsPattern(
                        "pilot: false: round 0 failed: exit code 1 \\(accepted: 0\\) \\(its session: " + ".*2-false\\)")
                .doesNotContain("pilot: true: round");
    }
}
