package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** {@code pilot overhead}: the instrumentation overhead (Pilot paper §III-C) on real processes. */
@EnabledOnOs({OS.LINUX, OS.MAC})
class OverheadCommandTest {
    private static final Pattern SENTENCE = Pattern.compile(
            "overhead of with over without: ([+-][0-9.]+)% \\([0-9.]+% CI ([+-][0-9.]+)% to ([+-][0-9.]+)%, which "
                    + "(excludes|includes) none");

    @TempDir
    Path tmp;

    private Matcher overhead(String with, String without, String dir, String confidence, String rounds) {
        CliRun r = CliRun.run(
                "overhead",
                "-q",
                "--confidence",
                confidence,
                "--max-rounds",
                rounds,
                "-o",
                tmp.resolve(dir).toString(),
                "--",
                "sleep",
                with,
                ":::",
                "sleep",
                without);
        assertThat(r.code()).as(r.err()).isIn(ExitCode.OK.code(), ExitCode.LIMIT.code());
        Matcher m = SENTENCE.matcher(r.out());
        assertThat(m.find()).as(r.out()).isTrue();
        return m;
    }

    /**
     * 52.5 ms against 50 ms of sleep (plus the same start-up, about 1 ms): a planted overhead of about 4.9%. Rounds of
     * 50 ms keep the machine's jitter (a fraction of a millisecond, more when it is busy) small beside the effect.
     */
    @Test
    void aPlantedOverheadOfFivePercentIsFoundWithACiThatExcludesNone() {
        Matcher m = overhead("0.0525", "0.050", "planted", "0.95", "200");
        assertThat(Double.parseDouble(m.group(1))).isBetween(3.0, 7.0);
        assertThat(m.group(4)).isEqualTo("excludes");
    }

    /** The same command twice: at 99.9% confidence the CI includes no overhead (a 0.1% false alarm). */
    @Test
    void noInstrumentationIsNoOverhead() {
        Matcher m = overhead("0.01", "0.01", "none", "0.999", "60");
        assertThat(m.group(4)).isEqualTo("includes");
        assertThat(Double.parseDouble(m.group(2))).isNegative();
        assertThat(Double.parseDouble(m.group(3))).isPositive();
    }

    @Test
    void withoutTwoCommandsItIsOneLineAndExit2() {
        CliRun r = CliRun.run("overhead", "--", "true");
        assertThat(r.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(r.err())
                .startsWith("pilot: give the command with its instrumentation")
                .hasLineCount(1);
    }
}
