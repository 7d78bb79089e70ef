package io.pilotbench.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pilotbench.core.model.InputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ExperimentFileTest {
    @TempDir
    Path tmp;

    Path file;

    @BeforeEach
    void script() throws IOException {
        Files.writeString(tmp.resolve("delay.sh"), "exec \"$@\"\n");
        file = tmp.resolve("exp.yaml");
    }

    private ExperimentSpec parse(String yaml) {
        return ExperimentFile.parse(file, yaml);
    }

    @Test
    void readsEveryPart() {
        ExperimentSpec s = parse("""
                name: c
                seed: 7
                replications: 3
                packages: {gzip: p/gzip, xz: p/xz.tar.gz}
                constraints: {arch: x86_64, memory: 1G}
                metrics: [ratio, time]
                precision: {ci-width: 5%, max-rounds: 8, max-time: 2s}
                factors:
                  aslr: {levels: [on, off], coverage: 100%}
                  env-padding: {levels: [0, 64], coverage: 0%}
                  delay: {script: delay.sh, levels: ["0", "0.01"], coverage: 75}
                hardware: {arch: 100%}
                """);
        assertThat(s.seed()).isEqualTo(7);
        assertThat(s.replications()).isEqualTo(3);
        assertThat(s.packages().get("xz")).isEqualTo(tmp.resolve("p/xz.tar.gz"));
        assertThat(s.metrics()).containsExactly("ratio"); // time is always there
        assertThat(s.factors())
                .extracting(Factor::name)
                .containsExactly("package", "aslr", "env-padding", "delay", "arch");
        assertThat(s.factor("aslr").levels()).containsExactly("on", "off"); // YAML 1.2: strings, not booleans
        assertThat(s.factor("env-padding").coverage()).isZero();
        assertThat(s.factor("delay").coverage()).isEqualTo(0.75);
        assertThat(s.factor("delay").kind()).isEqualTo(Factor.Kind.USER);
        assertThat(s.factor("arch").kind()).isEqualTo(Factor.Kind.HARDWARE);
        assertThat(s.precision().maxRounds()).isEqualTo(8);
        assertThat(s.precision().maxTime().toMillis()).isEqualTo(2000);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "factors: {colour: {levels: [red, blue]}}|unknown factor 'colour'",
                "factors: {aslr: {coverage: 150%}}|coverage 150% is outside 0% to 100%",
                "factors: {aslr: {coverage: -5}}|outside 0% to 100%",
                "factors: {aslr: {coverage: lots}}|not a coverage",
                "factors: {aslr: {levels: [maybe]}}|'maybe' is not a level of aslr",
                "factors: {env-padding: {levels: [-1]}}|not a number of padding bytes",
                "factors: {mine: {script: missing.sh, levels: [a]}}|does not exist",
                "factors: {aslr: {level: [on]}}|unknown key",
                "replications: 0|expected a whole number from 1 to 100000",
                "colour: red|unknown key",
                "factors: [aslr]|expected a mapping",
                "precision: {ci-width: wide}|CI width 'wide'",
                "factors: {package: {levels: [bzip2]}}|no package named 'bzip2'"
            })
    void everyMistakeIsOneLineNamingTheKey(String extra, String message) {
        assertThatThrownBy(() -> parse("packages: {gzip: p/gzip}\n" + extra + "\n"))
                .isInstanceOf(InputException.class)
                .hasMessageContaining(message)
                .hasMessageStartingWith(file.toString())
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void aYamlSyntaxErrorNamesTheLine() {
        assertThatThrownBy(() -> parse("packages: {gzip: p/gzip}\nfactors:\n  aslr: on\n    oops: 1\n"))
                .isInstanceOf(InputException.class)
                .hasMessageContaining("line 4")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void aFileWithoutPackagesIsRefused() {
        assertThatThrownBy(() -> parse("seed: 1\n"))
                .isInstanceOf(InputException.class)
                .hasMessageContaining("packages: missing");
    }

    @Test
    void oneCommonPackageNeedsNoPackageFactor() {
        assertThat(parse("packages: {a: p/a}\n").factors()).isEmpty();
        assertThat(parse("packages: {a: p/a, b: p/b}\n").factors())
                .extracting(Factor::levels)
                .containsExactly(List.of("a", "b"));
    }
}
