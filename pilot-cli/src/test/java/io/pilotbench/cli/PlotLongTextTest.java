package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A long title, axis title or workload name ran off the figure: the title was centred past both edges, the y title
 * past the top and the bottom, and slanted bar labels past the left edge and the bottom. Each is cut with "…" to the
 * room it has now. Checked on the PNG itself: nothing is drawn in a band along the figure's edges.
 */
class PlotLongTextTest {
    @TempDir
    Path tmp;

    @Test
    void longTextStaysInsideTheFigure() throws Exception {
        Files.writeString(tmp.resolve("a.txt"), "10\n11\n12\n10\n11\n");
        Files.writeString(tmp.resolve("b.txt"), "15\n16\n14\n15\n16\n");
        Path png = tmp.resolve("long.png");
        String title = "A very long title ".repeat(8);
        CliRun r = CliRun.run(
                "plot",
                "--title",
                title,
                "--ylabel",
                "long y label ".repeat(8),
                "--xlabel",
                "long x label ".repeat(12),
                "-o",
                png.toString(),
                "a-very-long-workload-name-that-goes-on-and-on-and-on:" + tmp.resolve("a.txt"),
                "another-quite-long-name-for-the-second-bar-of-the-plot:" + tmp.resolve("b.txt"));
        assertThat(r.code()).as(r.err()).isZero();
        BufferedImage image = ImageIO.read(png.toFile());
        int band = 3;
        for (int x = 0; x < image.getWidth(); x++) {
            for (int y = 0; y < image.getHeight(); y++) {
                boolean edge = x < band || y < band || x >= image.getWidth() - band || y >= image.getHeight() - band;
                if (edge) {
                    assertThat(image.getRGB(x, y) & 0xFFFFFF)
                            .as("pixel (%d, %d) on the figure's edge", x, y)
                            .isEqualTo(0xFFFFFF);
                }
            }
        }
        Path svg = tmp.resolve("long.svg");
        CliRun s = CliRun.run("plot", "--title", title, "-o", svg.toString(), "a:" + tmp.resolve("a.txt"));
        assertThat(s.code()).as(s.err()).isZero();
        assertThat(Files.readString(svg))
                .contains("A very long title A very long title")
                .contains("…");
    }
}
