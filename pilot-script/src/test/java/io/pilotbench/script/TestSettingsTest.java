package io.pilotbench.script;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pilotbench.core.model.SessionSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestSettingsTest {
    private static SessionSettings settings(String body) throws Exception {
        List<Stmt> program = ScriptParser.parse("t.pilot", "TEST a\n" + body + "  EXEC true\nDONE\n", Path.of("."));
        List<Stmt.Option> options = ((Stmt.Test) program.get(0))
                .body().stream()
                        .filter(s -> s instanceof Stmt.Option)
                        .map(s -> (Stmt.Option) s)
                        .toList();
        return TestSettings.of(options, s -> s.replace("%W%", "7%"));
    }

    @Test
    void optionsChangePilotsDefaults() throws Exception {
        SessionSettings s = settings("  OPTION ci-width %W%\n  OPTION confidence 99%\n  OPTION max-runs 40\n"
                + "  OPTION max-time 2m\n  OPTION max-failures 3\n");
        assertThat(s.ciTarget().relative()).isTrue();
        assertThat(s.ciTarget().value()).isEqualTo(0.07, org.assertj.core.api.Assertions.within(1e-12));
        assertThat(s.confidence()).isEqualTo(0.99);
        assertThat(s.maxRounds()).isEqualTo(40);
        assertThat(s.maxDuration()).isEqualTo(Duration.ofMinutes(2));
        assertThat(s.maxFailures()).isEqualTo(3);
        assertThat(TestSettings.duration("250ms")).isEqualTo(Duration.ofMillis(250));
    }

    @Test
    void aBadValueIsOneLineAtItsColumn() {
        assertThatThrownBy(() -> settings("  OPTION max-runs many\n"))
                .isInstanceOf(ScriptException.class)
                .hasMessageStartingWith("t.pilot:2:19: expected a value for OPTION max-runs, found 'many'");
        assertThatThrownBy(() -> settings("  OPTION ci-width wide\n"))
                .hasMessageStartingWith("t.pilot:2:19: expected a value for OPTION ci-width, found 'wide'");
    }

    /** {@code OPTION max-runs 0} ran a TEST 535 times: 0 means no limit to a session; pilot run refuses it too. */
    @Test
    void maxRunsZeroIsRefusedNotTakenAsNoLimit() {
        assertThatThrownBy(() -> settings("  OPTION max-runs 0\n"))
                .isInstanceOf(ScriptException.class)
                .hasMessageStartingWith(
                        "t.pilot:2:19: expected a value for OPTION max-runs, found '0' (must be 1 or more)");
        assertThatThrownBy(() -> settings("  OPTION max-failures -1\n"))
                .hasMessageContaining("OPTION max-failures, found '-1' (must be 0 or more)");
    }

    /** {@code OPTION max-time 1min} was read as 1 s (and "1d", "5x" as 1 and 5 s): units are those of pilot run. */
    @Test
    void maxTimeUnitsAreReadOrRefusedNeverDropped() throws Exception {
        assertThat(settings("  OPTION max-time 1min\n").maxDuration()).isEqualTo(Duration.ofMinutes(1));
        assertThat(settings("  OPTION max-time 2min\n").maxDuration()).isEqualTo(Duration.ofMinutes(2));
        assertThat(settings("  OPTION max-time 1.5h\n").maxDuration()).isEqualTo(Duration.ofMinutes(90));
        for (String bad : new String[] {"1d", "5x", "10minutes"}) {
            assertThatThrownBy(() -> settings("  OPTION max-time " + bad + "\n"))
                    .as(bad)
                    .isInstanceOf(ScriptException.class)
                    .hasMessageContaining("expected a value for OPTION max-time")
                    .hasMessageContaining("ms, s (or sec), m (or min) or h");
        }
    }
}
