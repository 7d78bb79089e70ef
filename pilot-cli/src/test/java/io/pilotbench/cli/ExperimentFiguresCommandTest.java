package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** pilot experiment analyze --figures: the files it says it wrote are there and are pictures of the experiment. */
class ExperimentFiguresCommandTest {
    @TempDir
    Path tmp;

    @Test
    void analyzeDrawsABoxPlotPerFactorAndAnInteractionPlot() throws IOException {
        for (String p : new String[] {"p", "q"}) {
            Path d = Files.createDirectories(tmp.resolve(p));
            Files.writeString(d.resolve("run.sh"), p.equals("p") ? ":\n" : "sleep 0.02\n");
            Files.writeString(d.resolve("collect.sh"), "echo size 7\n");
        }
        Path f = Files.writeString(
                tmp.resolve("exp.yaml"),
                "seed: 3\nreplications: 2\npackages: {p: p, q: q}\n"
                        + "precision: {max-rounds: 3}\nfactors: {env-padding: {levels: [0, 64]}}\n");
        Path dir = tmp.resolve("out");
        assertThat(CliRun.run("experiment", "run", f.toString(), "-o", dir.toString())
                        .code())
                .isZero();
        Path fig = tmp.resolve("fig");
        CliRun an = CliRun.run("experiment", "analyze", dir.toString(), "--figures", fig.toString());
        assertThat(an.code()).as(an.err()).isZero();
        assertThat(an.out())
                .contains("3 figures in " + fig + ": box-time-package.svg, box-time-env-padding.svg, "
                        + "interaction-time-package-env-padding.svg");
        String box = Files.readString(fig.resolve("box-time-package.svg"));
        assertThat(box)
                .contains("<svg ")
                .contains("time by package")
                .contains(">p</text>")
                .contains(">q</text>");
        // a box per package in each panel of env-padding: none pools the two paddings
        assertThat(box.split("class=\"box\"", -1)).hasSize(5);
        assertThat(box).contains(">env-padding=0</text>").contains(">env-padding=64</text>");
        assertThat(Files.readString(fig.resolve("interaction-time-package-env-padding.svg"))
                        .split("class=\"point\"", -1))
                .hasSize(5);

        CliRun bad =
                CliRun.run("experiment", "analyze", dir.toString(), "--figures", fig.toString(), "--format", "gif");
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err().strip())
                .isEqualTo("pilot: --format: 'gif' is not one of svg, pdf, png (see 'pilot "
                        + "experiment analyze --help')");
    }
}
