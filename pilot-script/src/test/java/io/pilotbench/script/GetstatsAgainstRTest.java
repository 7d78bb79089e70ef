package io.pilotbench.script;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Getstats' numbers against R 4.2: {@code getstats/reference.txt} was written by {@code reference.R} (beside it, with
 * the command) from the CSVs there, which {@code make-data.R} generated. Relative tolerance 1e-9.
 */
class GetstatsAgainstRTest {
    private static final double REL = 1e-9;
    private static final Getstats.Options OPTIONS = new Getstats.Options(0.95, 0.05, 2, "text", List.of(), null);
    private static Map<String, Double> r;
    private static Path dir;

    @BeforeAll
    static void readReference() throws IOException, URISyntaxException {
        dir = Path.of(GetstatsAgainstRTest.class
                        .getResource("/getstats/reference.txt")
                        .toURI())
                .getParent();
        r = new HashMap<>();
        for (String line : Files.readAllLines(dir.resolve("reference.txt"))) {
            String[] kv = line.split("=");
            r.put(kv[0], Double.parseDouble(kv[1]));
        }
    }

    private static void near(double actual, String key) {
        double expected = r.get(key);
        assertThat(actual).as(key).isCloseTo(expected, within(Math.abs(expected) * REL));
    }

    private static Getstats.Report report() throws IOException {
        List<Sample> samples = new ArrayList<>();
        for (String f : List.of("a.csv", "b.csv", "c.csv")) {
            samples.addAll(SampleParser.parse(dir.resolve(f)));
        }
        return Getstats.analyse(samples, OPTIONS);
    }

    @Test
    void theTableMatchesR() throws IOException {
        Getstats.Report rep = report();
        assertThat(rep.rows()).extracting(Getstats.Row::sample).containsExactly("a", "b", "c");
        for (Getstats.Row row : rep.rows()) {
            String n = row.sample();
            ColumnStats s = row.stats();
            assertThat(s.name()).isEqualTo("elapsed"); // run and exit are not measurements
            near(s.mean(), n + ".mean");
            near(s.median(), n + ".median");
            near(s.sdev(), n + ".sd");
            near(s.low(), n + ".low");
            near(s.high(), n + ".high");
            near(s.slope(), n + ".slope");
            near(s.slopeP(), n + ".slope_p");
            if (!n.equals("a")) {
                assertThat(row.overheadPercent())
                        .isCloseTo((r.get(n + ".mean") - r.get("a.mean")) / r.get("a.mean") * 100, within(1e-9));
            }
        }
    }

    @Test
    void theFTestPicksPooledOrWelchAndTheTTestsMatchR() throws IOException {
        Getstats.Report rep = report();
        assertThat(rep.comparisons()).hasSize(2);
        for (Getstats.Comparison c : rep.comparisons()) {
            String k = c.sample1() + "a";
            assertThat(c.sample2()).isEqualTo("a");
            near(c.f(), k + ".F");
            near(c.fP(), k + ".F_p");
            assertThat(c.welch()).as(k).isEqualTo(r.get(k + ".F_p") < 0.05);
            String m = k + (c.welch() ? ".welch" : ".pooled");
            near(c.t().t(), m + ".t");
            near(c.t().df(), m + ".df");
            near(c.t().difference().low(), m + ".low");
            near(c.t().difference().high(), m + ".high");
            near(c.t().pTwoSided(), m + ".p_two");
            near(c.t().pGreater(), m + ".p_greater");
            near(c.t().pLess(), m + ".p_less");
        }
        assertThat(rep.comparisons()).extracting(Getstats.Comparison::method).containsExactly("pooled", "Welch");
        // and the test not picked matches R too
        Getstats.Comparison other = Getstats.compare(
                "elapsed",
                "b",
                SampleParser.parse(dir.resolve("b.csv")).get(0).columns().get("elapsed"),
                "a",
                SampleParser.parse(dir.resolve("a.csv")).get(0).columns().get("elapsed"),
                new Getstats.Options(0.95, 0.9, 2, "text", List.of(), null));
        assertThat(other.welch()).isTrue();
        near(other.t().t(), "ba.welch.t");
        near(other.t().df(), "ba.welch.df");
        near(other.t().difference().low(), "ba.welch.low");
    }

    @Test
    void theTextReportHasThePapersTableAndHypotheses() throws IOException {
        StringWriter w = new StringWriter();
        Getstats.run(
                List.of(dir.resolve("a.csv"), dir.resolve("b.csv"), dir.resolve("c.csv")), OPTIONS, new PrintWriter(w));
        String out = w.toString();
        assertThat(out)
                .contains("NAME     COUNT    MEAN  MEDIAN     LOW    HIGH     MIN     MAX   SDEV%     HW%")
                .contains("Comparing b (Sample 1) to a (Sample 2).")
                .contains("elapsed: 95%CI for b - a = (" + GetstatsRenderer.num(r.get("ba.pooled.low")) + ", "
                        + GetstatsRenderer.num(r.get("ba.pooled.high")) + ")")
                .contains("pooled t-test, df 20")
                .contains("Welch t-test, df 14.743")
                .containsPattern("u1 <= u2\\s+u1 > u2\\s+0\\.015\\s+reject H_0")
                .containsPattern("u1 >= u2\\s+u1 < u2\\s+0\\.985\\s+fail to reject H_0")
                .containsPattern("u1 == u2\\s+u1 != u2\\s+0\\.030\\s+reject H_0")
                .contains("O/H");
    }

    @TempDir
    Path tmp;

    @Test
    void zScoreAndSlopeWarnings() throws IOException {
        double[] spike = {10, 10.1, 9.9, 10, 10.1, 9.9, 10, 10.1, 9.9, 14};
        double[] leak = new double[12];
        StringBuilder csv = new StringBuilder("elapsed,mem_free_kb\n");
        for (int i = 0; i < 12; i++) {
            leak[i] = 1000 - 7 * i + (i % 2 == 0 ? 1 : -1);
            csv.append(i < spike.length ? spike[i] : "")
                    .append(',')
                    .append(leak[i])
                    .append('\n');
        }
        Files.writeString(tmp.resolve("s.csv"), csv);
        Getstats.Report rep = Getstats.analyse(
                SampleParser.parse(tmp.resolve("s.csv")), new Getstats.Options(0.95, 0.05, 2, "text", List.of(), null));
        double mean = 0;
        for (double x : spike) {
            mean += x / spike.length;
        }
        double ss = 0;
        for (double x : spike) {
            ss += (x - mean) * (x - mean);
        }
        double z = (14 - mean) / Math.sqrt(ss / (spike.length - 1));
        assertThat(rep.warnings())
                .filteredOn(w -> w.kind().equals("z-score"))
                .singleElement()
                .satisfies(w -> assertThat(w.text())
                        .contains(String.format(
                                java.util.Locale.ROOT,
                                "elapsed of s: 1 of 10 runs with |z| > 2 (0.5 expected by chance), mean 10.4; run 10 "
                                        + "z %.4f (value 14)",
                                z)));
        assertThat(rep.warnings())
                .filteredOn(w -> w.kind().equals("leak"))
                .singleElement()
                .satisfies(w -> assertThat(w.text())
                        .contains("mem_free_kb of s changes by -7")
                        .contains("a leak?"));
        // a higher threshold keeps quiet
        assertThat(Getstats.analyse(
                                SampleParser.parse(tmp.resolve("s.csv")),
                                new Getstats.Options(0.95, 0.05, 3, "text", List.of(), null))
                        .warnings())
                .noneMatch(w -> w.kind().equals("z-score"));
    }

    @Test
    void thePredicateGivesTheExitCode() throws IOException {
        List<Path> a = List.of(dir.resolve("a.csv"));
        // a: mean 38.48, half-width 0.437 (1.1% of the mean), 10 runs
        assertThat(Getstats.run(
                        a,
                        new Getstats.Options(
                                0.95, 0.05, 2, "text", List.of(), "($delta < 0.05 * $mean) || ($count > 30)"),
                        new PrintWriter(new StringWriter())))
                .isZero();
        assertThat(Getstats.run(
                        a,
                        new Getstats.Options(
                                0.95, 0.05, 2, "text", List.of(), "($delta < 0.005 * $mean) || ($count > 30)"),
                        new PrintWriter(new StringWriter())))
                .isOne();
    }

    @Test
    void gnuTimeOutputIsAnInput() throws IOException {
        String block = """
                	Command being timed: "gzip -c f"
                	User time (seconds): %s
                	System time (seconds): 0.01
                	Elapsed (wall clock) time (h:mm:ss or m:ss): 0:0%s
                	Maximum resident set size (kbytes): 2048
                """;
        Files.writeString(tmp.resolve("time.log"), block.formatted("0.50", "1.25") + block.formatted("0.70", "1.75"));
        Sample s = SampleParser.parse(tmp.resolve("time.log")).get(0);
        assertThat(s.columns().get("elapsed")).containsExactly(1.25, 1.75);
        assertThat(s.columns().get("user")).containsExactly(0.5, 0.7);
        assertThat(s.columns().get("wait")[0]).isCloseTo(1.25 - 0.5 - 0.01, within(1e-12));
        assertThat(SampleParser.GnuTime.clock("1:02:03.5")).isEqualTo(3723.5);
    }
}
