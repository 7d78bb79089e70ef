package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pilot compare --fail-if-slower 5% … -- A ::: B}, stopped undecided and resumed with {@code --resume DIR}, forgot
 * its gate: the resumed comparison decided that B was 1.26× slower, printed no GATE line and exited 0. compare.json
 * now records the gate, and a resumed comparison keeps it unless a gate option is given again.
 */
@EnabledOnOs(OS.LINUX)
class ResumedGateTest {
    @TempDir
    Path tmp;

    /**
     * A comparison of {@code sleep 0.01} and {@code sleep SECONDS} under --fail-if-slower 5%, stopped after one round
     * each: undecided, which a gate lets by; its directory.
     */
    private String undecided(String name, String seconds) throws Exception {
        String dir = tmp.resolve(name).toString();
        CliRun first = CliRun.run(
                "compare",
                "-q",
                "--max-rounds",
                "1",
                "--fail-if-slower",
                "5%",
                "-o",
                dir,
                "--",
                "sleep",
                "0.01",
                ":::",
                "sleep",
                seconds);
        assertThat(first.code()).as(first.err()).isEqualTo(ExitCode.OK.code());
        assertThat(Files.readString(tmp.resolve(name).resolve("compare.json"))).contains("\"failIfSlower\" : 0.05");
        return dir;
    }

    @Test
    void aResumedComparisonKeepsItsGate() throws Exception {
        String dir = undecided("c", "0.02");
        CliRun resumed = CliRun.run("compare", "-q", "--resume", dir, "--max-rounds", "30");
        assertThat(resumed.out()).contains("GATE:");
        assertThat(resumed.code()).as(resumed.out()).isEqualTo(ExitCode.GATE.code());
    }

    /** A gate option given with --resume replaces the recorded one: 1.2× slower passes a tolerance of 99%. */
    @Test
    void aGateGivenAgainReplacesTheRecordedOne() throws Exception {
        String dir = undecided("d", "0.012");
        CliRun resumed = CliRun.run("compare", "-q", "--resume", dir, "--max-rounds", "30", "--fail-if-slower", "99%");
        assertThat(resumed.out()).doesNotContain("GATE:");
        assertThat(resumed.code()).as(resumed.err()).isEqualTo(ExitCode.OK.code());
    }
}
