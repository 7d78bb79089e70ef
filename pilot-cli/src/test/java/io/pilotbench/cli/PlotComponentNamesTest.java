package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pilot plot --components 0,1} of a file whose header names its columns "lat" and "tput" drew a legend of
 * "0" and "1". The legend now gives the header's names; the components are still chosen, and stacked, by index.
 */
class PlotComponentNamesTest {
    @TempDir
    Path tmp;

    private static java.util.List<String> legend(String svg) {
        java.util.List<String> out = new java.util.ArrayList<>();
        Matcher m = Pattern.compile("class=\"legend-label\"[^>]*>([^<]*)<").matcher(svg);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    @Test
    void componentsGivenByIndexAreNamedByTheHeader() throws Exception {
        Path csv = tmp.resolve("h.csv");
        Files.writeString(csv, "lat,tput\n1,10\n2,11\n3,12\n2,10\n");
        Path svg = tmp.resolve("h.svg");
        CliRun r = CliRun.run("plot", "--components", "0,1", "-o", svg.toString(), csv.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(legend(Files.readString(svg))).containsExactly("lat", "tput");
        CliRun stacked =
                CliRun.run("plot", "--components", "0,1", "--stack", "0,1", "-o", svg.toString(), csv.toString());
        assertThat(stacked.code()).as(stacked.err()).isZero();
        assertThat(legend(Files.readString(svg))).containsExactly("lat", "tput");
    }
}
