package io.pilotbench.script;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The finding: Getstats' CSV report quoted a field that held a comma or a quote but not one that held a line break,
 * so a sample named after a file with a newline in its name split its row in two. It now quotes as every CSV file
 * Pilot writes does (RFC 4180, {@code CsvField}), and reads its CSV samples as RFC 4180 too (FastCSV).
 */
class GetstatsCsvQuotingTest {
    @Test
    void aLineBreakInASampleNameStaysInsideItsQuotedField() {
        Sample odd = new Sample("run\nB", Map.of("elapsed", new double[] {1.0, 1.1, 0.9, 1.05, 0.95}));
        Sample plain = new Sample("a", Map.of("elapsed", new double[] {2.0, 2.1, 1.9, 2.05, 1.95}));
        Getstats.Report report =
                Getstats.analyse(List.of(plain, odd), new Getstats.Options(0.95, 0.05, 2, "csv", List.of(), null));
        StringWriter text = new StringWriter();
        try (PrintWriter out = new PrintWriter(text)) {
            GetstatsRenderer.csv(report, out);
        }
        String csv = text.toString();
        assertThat(csv).contains("\"run\nB\",elapsed,5,");
        assertThat(csv.lines()
                        .filter(l -> l.startsWith("a,") || l.startsWith("\"run"))
                        .count())
                .isEqualTo(2);
    }

    /**
     * The finding's other half: Getstats read its CSV samples by splitting lines at every comma, so a quoted label
     * holding a comma shifted every column after it and the numbers were read from the wrong column, or not at all.
     */
    @Test
    void aQuotedLabelWithACommaDoesNotShiftTheColumnsAfterIt(@TempDir Path dir) throws IOException {
        Path csv = dir.resolve("s.csv");
        Files.writeString(csv, "label,elapsed,exit\n\"gzip -1, 4 MB\",1.5,0\n\"gzip -1, 4 MB\",2.5,0\nx,9,1\n");
        Sample s = SampleParser.parse(csv).get(0);
        assertThat(s.columns()).containsOnlyKeys("elapsed");
        assertThat(s.columns().get("elapsed")).containsExactly(1.5, 2.5);
        assertThat(s.failed()).isEqualTo(1);
    }

    /** A run killed mid-line leaves a short row, and an editor a line of spaces: the file is still read. */
    @Test
    void aShortRowIsReadAsFarAsItGoesAndALineOfSpacesIsSkipped(@TempDir Path dir) throws IOException {
        Path csv = dir.resolve("s.csv");
        Files.writeString(csv, "elapsed,user\n1.5,1.0\n   \n2.5,2.0\n3.5\n");
        Sample s = SampleParser.parse(csv).get(0);
        assertThat(s.columns().get("elapsed")).containsExactly(1.5, 2.5, 3.5);
        assertThat(s.columns().get("user")).containsExactly(1.0, 2.0);
    }
}
