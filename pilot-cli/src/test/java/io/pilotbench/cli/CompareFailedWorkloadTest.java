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

    /**
     * With --max-failures high enough, every round of {@code sleep 100} timed out and the report showed it with
     * "rounds 0" and "Undecided", and not a word of the timeouts. They are counted and shown on stderr now.
     */
    @Test
    void roundsThatFailedWithinMaxFailuresAreSaidToo() {
        CliRun r = CliRun.run(
                "compare",
                "-q",
                "--max-rounds",
                "3",
                "--round-timeout",
                "200ms",
                "--max-failures",
                "10",
                "-o",
                tmp.resolve("t").toString(),
                "--",
                "true",
                ":::",
                "sleep",
                "100");
        assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.LIMIT.code());
        assertThat(r.err())
                .contains(
                        "pilot: warning: sleep 100: 3 of 3 rounds failed or timed out and are left out of its analysis")
                .contains("pilot: sleep 100: round 0 timed out");
    }
}
