package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pilotbench.core.model.WorkAmountRange;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.TypeConversionException;

/**
 * Durations, percentages, sizes and work amounts are typed options, converted by picocli with one converter each
 * (registered once for every command) instead of Strings parsed by hand in each command. A bad value is still one
 * line that names the option, exit code 2, whichever command it was given to.
 */
class ConvertersTest {

    @Test
    void eachTypeIsParsedOnceTheWayTheHelpSaysIt() {
        assertThat(Converters.duration("1.5s")).isEqualTo(Duration.ofMillis(1500));
        assertThat(Converters.duration("500ms")).isEqualTo(Duration.ofMillis(500));
        assertThat(Converters.duration("2m")).isEqualTo(Duration.ofMinutes(2));
        assertThat(Converters.duration("90")).isEqualTo(Duration.ofSeconds(90));
        assertThat(Converters.percent("5%").fraction()).isEqualTo(0.05);
        assertThat(Converters.percent("0.05").fraction()).isEqualTo(0.05);
        assertThat(Converters.byteSize("64KiB").bytes()).isEqualTo(65_536);
        assertThat(Converters.byteSize("2g").bytes()).isEqualTo(2L << 30);
        assertThat(Converters.workAmount("1000:100000").range()).isEqualTo(new WorkAmountRange(1000, 100_000));
        assertThat(Converters.workAmount("250")).isEqualTo(new Converters.WorkAmount(null, 250));
        assertThatThrownBy(() -> Converters.duration("0.1ms")).isInstanceOf(TypeConversionException.class)
                .hasMessage("'0.1ms' must be at least 1ms");
        assertThatThrownBy(() -> Converters.percent("100%")).hasMessage("'100%' must be between 0% and 100%");
        assertThatThrownBy(() -> Converters.byteSize("2PiB")).hasMessageContaining("is not a size");
        assertThatThrownBy(() -> Converters.workAmount("-5")).hasMessage("-5 must be 0 or more");
    }

    @Test
    void aBadValueOfAnyTypedOptionIsOneLineNamingTheOption() {
        MillCommandTest.oneLine(CliRun.run("run", "--max-time", "soon", "--", "true"), "--max-time: 'soon' is not a "
                + "duration (e.g. 500ms, 30s, 5m, 1h)", "(see 'pilot run --help')");
        MillCommandTest.oneLine(CliRun.run("run", "--round-timeout", "5x", "--", "true"), "--round-timeout: '5x'");
        MillCommandTest.oneLine(CliRun.run("run", "--work-amount", "1000:x", "--", "true"), "--work-amount: ",
                "is not MIN:MAX");
        MillCommandTest.oneLine(CliRun.run("compare", "--equivalence", "150%", "--", "true", ":::", "false"),
                "--equivalence: '150%' must be between 0% and 100%");
        MillCommandTest.oneLine(CliRun.run("compare", "--fail-if-slower", "lots", "--", "true", ":::", "false"),
                "--fail-if-slower: 'lots' is not a percentage");
        MillCommandTest.oneLine(CliRun.run("mill", "worker", "--master", "http://localhost:1/", "--poll", "often"),
                "--poll: 'often' is not a duration");
        MillCommandTest.oneLine(CliRun.run("mill", "worker", "--master", "http://localhost:1/", "--memory-limit",
                "4 apples"), "--memory-limit: '4 apples' is not a size");
        MillCommandTest.oneLine(CliRun.run("experiment", "run", "--time-limit", "-1s", "e.yaml"), "--time-limit: ");
        MillCommandTest.oneLine(CliRun.run("simulate", "evaluate", "--shared-load", "much"), "--shared-load: 'much'");
    }
}
