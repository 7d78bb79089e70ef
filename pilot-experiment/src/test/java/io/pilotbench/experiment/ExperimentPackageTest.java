package io.pilotbench.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pilotbench.core.model.InputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExperimentPackageTest {
    @TempDir
    Path tmp;

    @Test
    void aDirectoryWithBothScriptsSetupAndEnvIsAPackage() throws IOException {
        Path p = Files.createDirectory(tmp.resolve("p"));
        Files.writeString(p.resolve("run.sh"), "true\n");
        Files.writeString(p.resolve("collect.sh"), "echo size 3\n");
        Files.writeString(p.resolve("setup.sh"), "true\n");
        Files.writeString(p.resolve("env"), "# comment\n\nLEVEL=3\nexport NAME=\"a b\"\n");
        ExperimentPackage pkg = ExperimentPackage.open("p", p, null);
        assertThat(pkg.setup()).isTrue();
        assertThat(pkg.env()).isEqualTo(Map.of("LEVEL", "3", "NAME", "a b"));
        assertThat(pkg.describe()).contains("setup.sh").contains("LEVEL");
    }

    @Test
    void aPackageWithoutRunShIsRefusedInOneLine() throws IOException {
        Path p = Files.createDirectory(tmp.resolve("p"));
        Files.writeString(p.resolve("collect.sh"), "true\n");
        assertThatThrownBy(() -> ExperimentPackage.open("p", p, null))
                .isInstanceOf(InputException.class)
                .hasMessageContaining("no run.sh")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void anArchiveWithoutCollectShIsRefused() throws IOException {
        Path a = tmp.resolve("p.tar.gz");
        try (Archives t = new Archives(a)) {
            t.file("run.sh", "true");
        }
        assertThatThrownBy(() -> ExperimentPackage.open("p", a, tmp.resolve("x")))
                .isInstanceOf(InputException.class)
                .hasMessageContaining("no collect.sh");
    }

    @Test
    void aMalformedEnvLineIsNamed() throws IOException {
        Path p = Files.createDirectory(tmp.resolve("p"));
        Files.writeString(p.resolve("run.sh"), "true\n");
        Files.writeString(p.resolve("collect.sh"), "true\n");
        Files.writeString(p.resolve("env"), "A=1\n2BAD=x\n");
        assertThatThrownBy(() -> ExperimentPackage.open("p", p, null))
                .isInstanceOf(InputException.class)
                .hasMessageContaining("env line 2");
    }

    /**
     * An env file setting one key twice ({@code A=1}, then {@code A=2}) was accepted, and which value a run saw
     * depended on how it was applied. It is refused, naming the second line.
     */
    @Test
    void aKeySetTwiceInEnvIsRefused() throws IOException {
        Path p = Files.createDirectory(tmp.resolve("p"));
        Files.writeString(p.resolve("run.sh"), "true\n");
        Files.writeString(p.resolve("collect.sh"), "true\n");
        Files.writeString(p.resolve("env"), "A=1\n# again\nexport A=2\n");
        assertThatThrownBy(() -> ExperimentPackage.open("p", p, null))
                .isInstanceOf(InputException.class)
                .hasMessageContaining("env line 3: A is set twice");
    }

    @Test
    void anArchivePackageIsExtractedAndOpened() throws IOException {
        Path a = tmp.resolve("p.tgz");
        try (Archives t = new Archives(a)) {
            t.scripts().file("env", "X=1\n");
        }
        ExperimentPackage pkg = ExperimentPackage.open("p", a, tmp.resolve("x"));
        assertThat(pkg.root()).isEqualTo(tmp.resolve("x"));
        assertThat(pkg.root().resolve("run.sh")).exists();
        assertThat(pkg.env()).containsEntry("X", "1");
    }
}
