package io.pilotbench.script;

import static org.assertj.core.api.Assertions.assertThat;

import io.pilotbench.stats.TTest;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Getstats says what the data show and nothing else: no leak on a constant column or on rounding noise, z-scores
 * summarised after the tables, p-values that agree with their decision, t-tests in the CSV, and a wait column that
 * THREADS do not make negative.
 */
class GetstatsNoFalseAlarmsTest {
    private static final Getstats.Options TEXT = new Getstats.Options(0.95, 0.05, 2, "text", List.of(), null);

    @TempDir
    Path tmp;

    private String run(Getstats.Options o, Path... files) throws IOException {
        StringWriter w = new StringWriter();
        Getstats.run(List.of(files), o, new PrintWriter(w));
        return w.toString();
    }

    /**
     * A stop program's precision rests on getstats' CI, which takes the runs as independent: on runs that follow one
     * another (AR(1), φ = 0.8) it was several times too narrow without a word ("target met: its stop program's
     * precision held (elapsed ±2.3%)" where pilot analyze of the same TEST gave a CI ten times as wide). Such a column
     * now gets a warning; independent runs do not.
     */
    @Test
    void autocorrelatedRunsAreSaidToMakeTheCiTooNarrow() throws IOException {
        SplittableRandom random = new SplittableRandom(3);
        StringBuilder csv = new StringBuilder("elapsed,user\n");
        double ar = 0;
        for (int r = 0; r < 40; r++) {
            ar = 0.8 * ar + random.nextGaussian();
            csv.append(String.format(Locale.ROOT, "%.5f,%.5f%n", 10 + ar, 10 + random.nextGaussian()));
        }
        Files.writeString(tmp.resolve("a.csv"), csv);
        Getstats.Report rep = Getstats.analyse(SampleParser.parse(tmp.resolve("a.csv")), TEXT);
        assertThat(rep.warnings())
                .filteredOn(w -> w.kind().equals("autocorrelation"))
                .singleElement()
                .satisfies(w -> assertThat(w.column()).isEqualTo("elapsed"))
                .satisfies(w -> assertThat(w.text()).contains("takes the runs as independent"));
    }

    /**
     * Ten files of 30 rows of seeded noise in five columns: each column of each sample was tested for a trend on its
     * own at α, and the 2–3 that chance makes of 50 were printed as "a gradual degradation?" or "the runs speed up"
     * with nothing to say how many chance alone gives. A line now says how many warned of how many, and what chance
     * would give.
     */
    @Test
    void trendWarningsAmongManyColumnsSayWhatChanceWouldGive() throws IOException {
        SplittableRandom random = new SplittableRandom(1);
        Path[] files = new Path[10];
        for (int f = 0; f < files.length; f++) {
            StringBuilder csv = new StringBuilder("elapsed,user,system,mem_free_kb,ops_per_sec\n");
            for (int r = 0; r < 30; r++) {
                for (int c = 0; c < 5; c++) {
                    csv.append(c == 0 ? "" : ",")
                            .append(String.format(Locale.ROOT, "%.4f", 10 + random.nextGaussian()));
                }
                csv.append('\n');
            }
            files[f] = tmp.resolve("s" + f + ".csv");
            Files.writeString(files[f], csv);
        }
        String out = run(TEXT, files);
        Matcher m = Pattern.compile("(\\d+) of the 50 columns tested for a trend warned at α = 0.05; by chance alone "
                        + "about 2.5 would")
                .matcher(out);
        assertThat(m.find()).as(out).isTrue();
        long trendLines = out.lines()
                .filter(l -> l.startsWith("warning: ") && l.contains("per run (slope p-value"))
                .count();
        assertThat(Long.parseLong(m.group(1))).isEqualTo(trendLines).isPositive();
    }

    /**
     * A counter that never moved (MEASURE net on lo), a value that differs only beyond the digits runs.csv keeps, and
     * one that rises by 1e-8 of itself per run on a perfect line (p-value 0: no residuals) are not leaks nor
     * degradations; a real leak beside them still is.
     */
    @Test
    void aConstantColumnOrRoundingNoiseGetsNoLeakOrZScoreWarning() throws IOException {
        StringBuilder csv = new StringBuilder("lo_bytes,size,creep,mem_free_kb\n");
        for (int i = 0; i < 12; i++) {
            csv.append(String.format(
                    Locale.ROOT,
                    "%s,%s,%s,%s%n",
                    123456.0,
                    1234.5678 + i * 1e-9,
                    1000 + i * 1e-5,
                    1000 - 7 * i + (i % 2 == 0 ? 1 : -1)));
        }
        Files.writeString(tmp.resolve("s.csv"), csv);
        Getstats.Report rep = Getstats.analyse(SampleParser.parse(tmp.resolve("s.csv")), TEXT);
        assertThat(rep.warnings())
                .noneMatch(w -> List.of("lo_bytes", "size", "creep").contains(w.column()));
        assertThat(rep.warnings())
                .filteredOn(w -> w.column().equals("mem_free_kb"))
                .singleElement()
                .satisfies(w -> assertThat(w.kind()).isEqualTo("leak"));
        assertThat(run(TEXT, tmp.resolve("s.csv")))
                .doesNotContain("lo_bytes of s changes")
                .doesNotContain("creep of s changes")
                .contains("mem_free_kb of s changes by -7");
    }

    /**
     * A throughput that rose run after run was "rising: a gradual degradation?" and a falling cpu% "the runs speed
     * up": which way is worse depends on the column. Times rising and rates falling are degradations; a column whose
     * name says neither gets its direction only.
     */
    @Test
    void aRisingThroughputIsNoDegradation() throws IOException {
        StringBuilder csv = new StringBuilder("ops_per_sec,elapsed,cpu%,MB/s\n");
        for (int i = 0; i < 12; i++) {
            double noise = i % 2 == 0 ? 0.5 : -0.5;
            csv.append(String.format(
                    Locale.ROOT,
                    "%s,%s,%s,%s%n",
                    1000 + 10 * i + noise,
                    2 + 0.1 * i + noise / 10,
                    90 - i + noise,
                    500 - 5 * i + noise));
        }
        Files.writeString(tmp.resolve("tp.csv"), csv);
        Getstats.Report rep = Getstats.analyse(SampleParser.parse(tmp.resolve("tp.csv")), TEXT);
        java.util.Map<String, String> kinds = new java.util.HashMap<>();
        rep.warnings().stream().filter(w -> !w.kind().equals("z-score")).forEach(w -> kinds.put(w.column(), w.kind()));
        assertThat(kinds)
                .containsEntry("ops_per_sec", "trend")
                .containsEntry("elapsed", "degradation")
                .containsEntry("cpu%", "trend")
                .containsEntry("MB/s", "degradation");
        assertThat(run(TEXT, tmp.resolve("tp.csv")))
                .contains("rising: the runs speed up")
                .doesNotContainPattern("ops_per_sec of tp changes by [^\\n]*degradation")
                .doesNotContainPattern("cpu% of tp changes by [^\\n]*speed up");
    }

    /**
     * 8 columns of 40 normal runs each have a few |z| > 2 by chance: one line per column after the tables, with the
     * count, the count expected by chance and the worst three (largest |z| first), instead of a line per value
     * before the first table.
     */
    @Test
    void zScoreWarningsAreSummarisedPerColumnAfterTheTables() throws IOException {
        SplittableRandom rnd = new SplittableRandom(5);
        StringBuilder csv = new StringBuilder("c1,c2,c3,c4,c5,c6,c7,c8\n");
        for (int i = 0; i < 40; i++) {
            for (int c = 0; c < 8; c++) {
                csv.append(c > 0 ? "," : "").append(100 + rnd.nextGaussian());
            }
            csv.append('\n');
        }
        Files.writeString(tmp.resolve("n.csv"), csv);
        Getstats.Report rep = Getstats.analyse(SampleParser.parse(tmp.resolve("n.csv")), TEXT);
        List<Getstats.Warning> z =
                rep.warnings().stream().filter(w -> w.kind().equals("z-score")).toList();
        assertThat(z).isNotEmpty();
        assertThat(z).extracting(Getstats.Warning::column).doesNotHaveDuplicates();
        int values = z.stream().mapToInt(w -> w.outliers().size()).sum();
        assertThat(values).as("outlying values").isGreaterThan(z.size());
        String out = run(TEXT, tmp.resolve("n.csv"));
        int table = out.indexOf("NAME");
        assertThat(out.substring(0, table)).doesNotContain("z-score").doesNotContain("|z|");
        int summary = out.indexOf("Values with a z-score above 2");
        assertThat(summary).isGreaterThan(table);
        for (Getstats.Warning w : z) {
            assertThat(out.substring(summary))
                    .contains(w.column() + " of n: " + w.outliers().size() + " of 40 runs "
                            + "with |z| > 2 (1.8 expected by chance");
            for (int i = 1; i < w.outliers().size(); i++) {
                assertThat(Math.abs(w.outliers().get(i).z()))
                        .isLessThanOrEqualTo(Math.abs(w.outliers().get(i - 1).z()));
            }
            Matcher m = Pattern.compile("run \\d+ z ").matcher(w.text());
            int named = 0;
            while (m.find()) {
                named++;
            }
            assertThat(named).isEqualTo(Math.min(3, w.outliers().size()));
        }
        // JSON keeps every outlying value of the summary
        String json = run(new Getstats.Options(0.95, 0.05, 2, "json", List.of(), null), tmp.resolve("n.csv"));
        tools.jackson.databind.JsonNode doc = new tools.jackson.databind.ObjectMapper().readTree(json);
        int inJson = 0;
        for (tools.jackson.databind.JsonNode w : doc.get("warnings")) {
            if (w.get("kind").asString().equals("z-score")) {
                inJson += w.get("outliers").size();
            }
        }
        assertThat(inJson).isEqualTo(values);
    }

    /**
     * Two samples whose two-sided p-value is 0.0498: the printed figure is below 0.05 like the decision ("reject"),
     * where three decimals printed 0.050; every p-value printed agrees with its decision.
     */
    @Test
    void aPValueJustUnderAlphaIsNotPrintedAsAlpha() throws IOException {
        double[] a = new double[12];
        SplittableRandom rnd = new SplittableRandom(3);
        for (int i = 0; i < a.length; i++) {
            a[i] = 10 + rnd.nextGaussian();
        }
        double lo = 0;
        double hi = 3;
        for (int i = 0; i < 200; i++) {
            double mid = (lo + hi) / 2;
            if (TTest.pooled(shift(a, mid), a, 0.95).pTwoSided() > 0.0498) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        double[] b = shift(a, lo);
        assertThat(TTest.pooled(b, a, 0.95).pTwoSided()).isBetween(0.04975, 0.04985);
        Files.writeString(tmp.resolve("a.csv"), csv(a));
        Files.writeString(tmp.resolve("b.csv"), csv(b));
        String out = run(TEXT, tmp.resolve("a.csv"), tmp.resolve("b.csv"));
        assertThat(out).containsPattern("u1 == u2\\s+u1 != u2\\s+0\\.0498\\s+reject H_0");
        Matcher m = Pattern.compile("u1 \\S+ u2\\s+u1 \\S+ u2\\s+([0-9.e+-]+)\\s+(reject|fail to reject) H_0")
                .matcher(out);
        int rows = 0;
        while (m.find()) {
            rows++;
            assertThat(Double.parseDouble(m.group(1)) < 0.05)
                    .as(m.group())
                    .isEqualTo(m.group(2).equals("reject"));
        }
        assertThat(rows).isEqualTo(3);
        assertThat(GetstatsRenderer.p(0.0498, 0.05)).isEqualTo("0.0498");
        assertThat(GetstatsRenderer.p(0.05, 0.05)).isEqualTo("0.050");
        assertThat(GetstatsRenderer.p(0.0004, 0.05)).isEqualTo("4.00e-04");
    }

    private static double[] shift(double[] x, double d) {
        double[] y = x.clone();
        for (int i = 0; i < y.length; i++) {
            y[i] += d;
        }
        return y;
    }

    private static String csv(double[] x) {
        StringBuilder b = new StringBuilder("elapsed\n");
        for (double v : x) {
            b.append(v).append('\n');
        }
        return b.toString();
    }

    /** --format csv: the table, an empty line, then the t-tests' table with its header (docs/getstats.md). */
    @Test
    void csvFormatIncludesTheTTests() throws IOException {
        Path dir = Path.of(getClass().getResource("/getstats/reference.txt").getPath())
                .getParent();
        Getstats.Options csv = new Getstats.Options(0.95, 0.05, 2, "csv", List.of(), null);
        List<String> lines = run(csv, dir.resolve("a.csv"), dir.resolve("b.csv"), dir.resolve("c.csv"))
                .lines()
                .toList();
        int blank = lines.indexOf("");
        assertThat(blank).isEqualTo(4); // header + a, b, c
        assertThat(lines.get(blank + 1)).isEqualTo(String.join(",", GetstatsRenderer.COMPARISON_HEADER));
        assertThat(lines.subList(blank + 2, lines.size())).hasSize(2);
        List<Sample> samples = new java.util.ArrayList<>();
        for (String f : List.of("a.csv", "b.csv", "c.csv")) {
            samples.addAll(SampleParser.parse(dir.resolve(f)));
        }
        Getstats.Report rep = Getstats.analyse(samples, TEXT);
        for (int i = 0; i < 2; i++) {
            String[] f = lines.get(blank + 2 + i).split(",");
            Getstats.Comparison c = rep.comparisons().get(i);
            assertThat(f[0]).isEqualTo("elapsed");
            assertThat(f[1]).isEqualTo(c.sample1());
            assertThat(f[2]).isEqualTo("a");
            assertThat(f[5]).isEqualTo(c.method().toLowerCase(Locale.ROOT));
            assertThat(Double.parseDouble(f[13])).isEqualTo(c.t().pTwoSided());
            assertThat(Boolean.parseBoolean(f[17])).isEqualTo(c.t().pTwoSided() < 0.05);
        }
    }

    /**
     * THREADS 2: two copies that sleep 0.3 s each spend 0.6 s off a CPU together (the old wait, the longest copy's
     * elapsed time less both copies' CPU, said 0.3), and two that spin on both cores wait about nothing (the old wait
     * was about minus their elapsed time: SDEV% of -176).
     */
    @Test
    void waitIsNotNegativeWithThreads() throws Exception {
        Path results = campaign("c", """
                THREADS 2
                TEST sleep 3 1 getstats --predicate '$count >= 3' --column elapsed
                  EXEC sleep 0.3
                DONE
                TEST spin 3 1 getstats --predicate '$count >= 3' --column elapsed
                  EXEC i=0; while [ $i -lt 150000 ]; do i=$((i+1)); done
                DONE
                """);
        for (String row : rows(results.resolve("000-sleep"))) {
            String[] x = row.split(",");
            assertThat(Double.parseDouble(x[4]))
                    .as("wait of two sleeping copies: %s", row)
                    .isBetween(0.58, 0.9);
        }
        for (String row : rows(results.resolve("001-spin"))) {
            String[] x = row.split(",");
            double elapsed = Double.parseDouble(x[1]);
            double cpu = Double.parseDouble(x[2]) + Double.parseDouble(x[3]);
            // the copies ran at once: together they used more CPU than the time that passed, which one copy
            // cannot. Not 1.2× that time, as before: on a loaded 2-core CI machine two spinners got 1.15×; any
            // overlap makes the old wait (elapsed less both copies' CPU) negative, which is what this test catches
            assertThat(cpu).as("both copies spun at once: %s", row).isGreaterThan(elapsed);
            assertThat(Double.parseDouble(x[4]))
                    .as("wait of two spinning copies: %s", row)
                    .isGreaterThan(-0.01);
        }
        String stats = run(TEXT, results.resolve("001-spin"));
        Matcher m = Pattern.compile("(?m)^wait\\s+3\\s+(\\S+)").matcher(stats);
        assertThat(m.find()).as(stats).isTrue();
        assertThat(Double.parseDouble(m.group(1))).isGreaterThan(-0.01);
    }

    /**
     * The example campaign's two copies of a 6 ms gzip showed waits of −1.2 ms and 218% of two processors: the CPU
     * times included the shell that held each copy at the barrier before the release (about 0.6 ms each), the
     * elapsed times did not. A copy of a command that does almost nothing now waits at least nothing, and two copies
     * use at most two processors.
     */
    @Test
    void theBarriersShellIsNotCountedInTheCopiesCpuTimes() throws Exception {
        Path results = campaign("short", """
                THREADS 2
                TEST short 12 1 getstats --predicate '$count >= 12' --column elapsed
                  EXEC true
                DONE
                """);
        for (String row : rows(results.resolve("000-short"))) {
            String[] x = row.split(",");
            // 20 µs: the few system calls a copy makes between Pilot reading its CPU time and its read() blocking
            assertThat(Double.parseDouble(x[4])).as("wait: %s", row).isGreaterThan(-20e-6);
            assertThat(Double.parseDouble(x[5])).as("cpu%%: %s", row).isLessThanOrEqualTo(200.5);
        }
    }

    /** Runs the campaign {@code script} (as NAME.pilot) to its end, which must be OK; its results directory. */
    private Path campaign(String name, String script) throws IOException, InterruptedException {
        Path f = Files.writeString(tmp.resolve(name + ".pilot"), script);
        Path results = Files.createDirectories(tmp.resolve(name + "-results"));
        StringWriter log = new StringWriter();
        assertThat(Campaign.start(f, Map.of(), results, new PrintWriter(log), () -> null)
                        .run())
                .as(log.toString())
                .isEqualTo(Campaign.OK);
        return results;
    }

    private static List<String> rows(Path testDir) throws IOException {
        List<String> lines = Files.readAllLines(testDir.resolve("runs.csv"));
        return lines.subList(1, lines.size());
    }
}
