package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.pilotbench.stats.StudentT;
import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * {@code pilot plot} end to end: the SVG is parsed (axes, one bar per component and group, every error bar's data and
 * drawn extent equal to the CI computed here from the raw numbers), the PNG has the size asked for, the PDF is one
 * page, and bad input is one line and exit code 2.
 */
class PlotCommandTest {
    @TempDir
    static Path tmp;

    /** Per file system: two Getstats-like result files of 8 runs each (Elapsed, User, System seconds). */
    private static final double[][][] RUNS = new double[2][16][3];

    @BeforeAll
    static void writeResults() throws Exception {
        java.util.SplittableRandom r = new java.util.SplittableRandom(3);
        String[] fs = {"ext4", "xfs"};
        for (int f = 0; f < 2; f++) {
            for (int file = 0; file < 2; file++) {
                StringBuilder b = new StringBuilder("Elapsed,User,System\n");
                for (int k = 0; k < 8; k++) {
                    double user = 6 + 2 * f + r.nextDouble();
                    double sys = 3 + r.nextDouble(0.5);
                    double[] row = {user + sys + r.nextDouble(0.3), user, sys};
                    RUNS[f][file * 8 + k] = row;
                    b.append(String.format(Locale.ROOT, "%.17g,%.17g,%.17g%n", row[0], row[1], row[2]));
                }
                Files.writeString(tmp.resolve(fs[f] + "-" + file + ".csv"), b.toString());
            }
        }
        for (int t : new int[] {1, 2, 4, 8}) {
            Files.writeString(
                    tmp.resolve("gzip-" + t + ".txt"), (100 * t) + "\n" + (100 * t + 4) + "\n" + (100 * t + 2) + "\n");
        }
    }

    /** Student-t CI of the mean of column {@code c} of a file system's 16 runs, computed here. */
    private static double[] ci(int fs, int c) {
        double sum = 0;
        for (double[] row : RUNS[fs]) {
            sum += row[c];
        }
        double mean = sum / 16;
        double ss = 0;
        for (double[] row : RUNS[fs]) {
            ss += (row[c] - mean) * (row[c] - mean);
        }
        double half = StudentT.critical(0.95, 15) * Math.sqrt(ss / 15) / 4;
        return new double[] {mean - half, mean + half, mean};
    }

    private static Document svg(Path file) throws Exception {
        var f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(false);
        return f.newDocumentBuilder().parse(file.toFile());
    }

    private static List<Element> byClass(Document d, String tag, String cls) {
        List<Element> out = new ArrayList<>();
        NodeList all = d.getElementsByTagName(tag);
        for (int i = 0; i < all.getLength(); i++) {
            Element e = (Element) all.item(i);
            if (List.of(e.getAttribute("class").split(" ")).contains(cls)) {
                out.add(e);
            }
        }
        return out;
    }

    /** The CI that {@code pilot analyze --format json} gives the file's first series. */
    private static tools.jackson.databind.JsonNode analyzeCi(Path file) {
        CliRun analyzed = CliRun.run("analyze", "--format", "json", file.toString());
        assertThat(analyzed.code()).as(analyzed.err()).isZero();
        return tools.jackson.databind.json.JsonMapper.builder()
                .build()
                .readTree(analyzed.out())
                .get("results")
                .get(0)
                .get("ci");
    }

    private static double num(Element e, String attr) {
        return Double.parseDouble(e.getAttribute(attr));
    }

    @Test
    void groupedAndStackedBarsHaveErrorBarsThatSpanTheCis() throws Exception {
        Path out = tmp.resolve("bars.svg");
        CliRun r = CliRun.run(
                "plot",
                "--mode",
                "bar",
                "--components",
                "Elapsed,User,System",
                "--stack",
                "User,System",
                "--ylabel",
                "seconds",
                "--title",
                "CPU",
                "-o",
                out.toString(),
                "ext4:" + tmp + "/ext4-*.csv",
                "xfs:" + tmp + "/xfs-*.csv");
        assertThat(r.code()).as(r.err()).isZero();
        Document d = svg(out);
        assertThat(byClass(d, "line", "x-axis")).hasSize(1);
        assertThat(byClass(d, "line", "y-axis")).hasSize(1);
        assertThat(byClass(d, "text", "y-title").get(0).getTextContent()).isEqualTo("seconds");
        assertThat(byClass(d, "text", "legend-label"))
                .extracting(Element::getTextContent)
                .containsExactly("Elapsed", "User", "System");
        // 2 groups × (Elapsed + the User/System stack of 2) = 6 bars
        List<Element> bars = byClass(d, "rect", "bar");
        assertThat(bars).hasSize(6);
        // the y axis: value = a + b·pixel, from two of its ticks
        List<Element> ticks = byClass(d, "line", "y-tick");
        assertThat(ticks.size()).isGreaterThanOrEqualTo(3);
        double v0 = num(ticks.get(0), "data-value");
        double p0 = num(ticks.get(0), "y1");
        double v1 = num(ticks.get(ticks.size() - 1), "data-value");
        double p1 = num(ticks.get(ticks.size() - 1), "y1");
        java.util.function.DoubleUnaryOperator value = p -> v0 + (p - p0) * (v1 - v0) / (p1 - p0);
        List<Element> errorBars = byClass(d, "g", "error-bar");
        assertThat(errorBars).hasSize(6);
        String[] names = {"ext4", "xfs"};
        String[] comps = {"Elapsed", "User", "System"};
        for (Element g : errorBars) {
            int fs = List.of(names).indexOf(g.getAttribute("data-series"));
            int c = List.of(comps).indexOf(g.getAttribute("data-component"));
            double[] expected = ci(fs, c);
            double base = c == 2 ? ci(fs, 1)[2] : 0; // System sits on User
            assertThat(num(g, "data-low")).isCloseTo(base + expected[0], within(1e-9));
            assertThat(num(g, "data-high")).isCloseTo(base + expected[1], within(1e-9));
            Element line = (Element) g.getElementsByTagName("line").item(0);
            double drawnLow = value.applyAsDouble(Math.max(num(line, "y1"), num(line, "y2")));
            double drawnHigh = value.applyAsDouble(Math.min(num(line, "y1"), num(line, "y2")));
            double pixel = Math.abs((v1 - v0) / (p1 - p0)); // one pixel in values; coordinates have 2 decimals
            assertThat(drawnLow).isCloseTo(base + expected[0], within(pixel * 0.01));
            assertThat(drawnHigh).isCloseTo(base + expected[1], within(pixel * 0.01));
        }
        // a bar's top is its mean (stacked: base + mean)
        for (Element bar : bars) {
            int fs = List.of(names).indexOf(bar.getAttribute("data-series"));
            int c = List.of(comps).indexOf(bar.getAttribute("data-component"));
            double top = value.applyAsDouble(num(bar, "y"));
            double base = c == 2 ? ci(fs, 1)[2] : 0;
            assertThat(top).isCloseTo(base + ci(fs, c)[2], within(Math.abs((v1 - v0) / (p1 - p0)) * 0.01));
        }
    }

    /**
     * The finding "one series, three intervals": 9 rounds of gzip got [0.653, 1.679] from {@code analyze} and
     * [1.19, 1.36] as {@code plot} error bars, a plain t-interval. A file's error bar is now the analyze interval.
     */
    @Test
    void plotErrorBarsAreTheAnalyzeInterval() throws Exception {
        Path rounds = tmp.resolve("gzip-rounds.csv");
        Files.writeString(rounds, "Elapsed\n1.481\n1.40\n1.33\n1.30\n1.28\n1.25\n1.22\n1.10\n0.857\n");
        var ci = analyzeCi(rounds);
        Path out = tmp.resolve("gzip-rounds.svg");
        CliRun r = CliRun.run("plot", "--mode", "bar", "-o", out.toString(), "gzip:" + rounds);
        assertThat(r.code()).as(r.err()).isZero();
        List<Element> errorBars = byClass(svg(out), "g", "error-bar");
        assertThat(errorBars).hasSize(1);
        assertThat(num(errorBars.get(0), "data-low")).isCloseTo(ci.get("low").asDouble(), within(1e-9));
        assertThat(num(errorBars.get(0), "data-high")).isCloseTo(ci.get("high").asDouble(), within(1e-9));
    }

    /**
     * A session's Elapsed got a plain Student-t error bar ([15.00, 16.12] ms where the same rounds' wall-time PI had
     * [15.08, 17.15]), and a file of two values [−0.85, 11.85] where analyze gives no CI: Elapsed now gets analyze's
     * interval of the rounds' wall times, and a file without a CI no error bar.
     */
    @Test
    void aSessionsElapsedGetsAnalyzesIntervalAndTwoValuesNone() throws Exception {
        Path dir = tmp.resolve("session-true");
        CliRun run =
                CliRun.run("run", "-q", "--min-rounds", "30", "--max-rounds", "30", "-o", dir.toString(), "--", "true");
        assertThat(run.code()).as(run.err()).isIn(0, 3, 7); // target met, not met, or no steady level shown
        StringBuilder elapsed = new StringBuilder();
        for (String line : Files.readAllLines(dir.resolve("rounds.csv")).subList(1, 31)) {
            String[] f = line.split(",");
            elapsed.append(Long.parseLong(f[3]) / 1e9).append('\n');
        }
        Path column = tmp.resolve("elapsed.txt");
        Files.writeString(column, elapsed);
        var ci = analyzeCi(column);
        Path out = tmp.resolve("session.svg");
        CliRun r = CliRun.run("plot", "--mode", "bar", "--components", "Elapsed", "-o", out.toString(), "s:" + dir);
        assertThat(r.code()).as(r.err()).isZero();
        List<Element> bars = byClass(svg(out), "g", "error-bar");
        assertThat(bars).hasSize(1);
        assertThat(num(bars.get(0), "data-low")).isCloseTo(ci.get("low").asDouble(), within(1e-12));
        assertThat(num(bars.get(0), "data-high")).isCloseTo(ci.get("high").asDouble(), within(1e-12));

        Path two = tmp.resolve("two.txt");
        Files.writeString(two, "5\n6\n");
        Path twoSvg = tmp.resolve("two.svg");
        CliRun t = CliRun.run("plot", "--mode", "bar", "-o", twoSvg.toString(), "two:" + two);
        assertThat(t.code()).as(t.err()).isZero();
        assertThat(byClass(svg(twoSvg), "g", "error-bar")).isEmpty();
        assertThat(byClass(svg(twoSvg), "rect", "bar")).hasSize(1);
    }

    @Test
    void aLineGraphHasAPointPerFileAtTheNumberInItsName() throws Exception {
        Path out = tmp.resolve("line.svg");
        CliRun r = CliRun.run(
                "plot",
                "--mode",
                "line",
                "--xlabel",
                "threads",
                "--error-bars",
                "minmax",
                "-o",
                out.toString(),
                "gzip:" + tmp + "/gzip-*.txt");
        assertThat(r.code()).as(r.err()).isZero();
        Document d = svg(out);
        List<Element> points = byClass(d, "circle", "point");
        assertThat(points).extracting(p -> num(p, "data-x")).containsExactly(1.0, 2.0, 4.0, 8.0);
        assertThat(points).extracting(p -> num(p, "data-value")).containsExactly(102.0, 202.0, 402.0, 802.0);
        assertThat(byClass(d, "polyline", "series-line")).hasSize(1);
        List<Element> bars = byClass(d, "g", "error-bar");
        assertThat(bars).extracting(g -> num(g, "data-low")).containsExactly(100.0, 200.0, 400.0, 800.0);
        assertThat(bars).extracting(g -> num(g, "data-high")).containsExactly(104.0, 204.0, 404.0, 804.0);
    }

    /**
     * A campaign's TESTs ext2_1, ext2_2, ext2_4 (1, 2 and 4 threads) are directories 000-ext2_1, 001-ext2_2,
     * 002-ext2_4: their points are at the thread counts, not at the steps 0, 1, 2 (nor at the 2 of ext2).
     */
    @Test
    void aCampaignLinePlotPutsPointsAtTheThreadCountNotTheStep() throws Exception {
        Path script = tmp.resolve("threads.pilot");
        Files.writeString(script, """
                FOR T=1 TO 4 FACTOR 2
                  THREADS=%T%
                  TEST ext2_%T% 3 1 getstats --predicate '$count >= 3' --column elapsed
                    EXEC true
                  DONE
                DONE
                """);
        Path results = tmp.resolve("res1");
        CliRun run = CliRun.run("script", "-o", results.toString(), script.toString());
        assertThat(run.code()).as(run.err()).isZero();
        assertThat(results.resolve("002-ext2_4")).isDirectory();
        Path out = tmp.resolve("threads.svg");
        CliRun r = CliRun.run("plot", "--mode", "line", "-o", out.toString(), "ext2:" + results + "/*-ext2_*");
        assertThat(r.code()).as(r.err()).isZero();
        List<Element> points = byClass(svg(out), "circle", "point");
        // a line per component of the sessions (Elapsed, User, System, the wall-time PI), each at 1, 2, 4
        assertThat(points).hasSize(12);
        assertThat(points)
                .extracting(p -> num(p, "data-x"))
                .containsExactly(1.0, 2.0, 4.0, 1.0, 2.0, 4.0, 1.0, 2.0, 4.0, 1.0, 2.0, 4.0);
        assertThat(PlotInputs.xs(List.of(Path.of("run-a.csv"), Path.of("run-b.csv"))))
                .containsExactly(1, 2);
    }

    @Test
    void pngHasTheSizeAskedForAndPdfIsOnePage() throws Exception {
        Path png = tmp.resolve("p.png");
        CliRun r = CliRun.run("plot", "--size", "640x400", "-o", png.toString(), "gzip:" + tmp + "/gzip-1.txt");
        assertThat(r.code()).as(r.err()).isZero();
        BufferedImage img = ImageIO.read(png.toFile());
        assertThat(img.getWidth()).isEqualTo(640);
        assertThat(img.getHeight()).isEqualTo(400);
        Path pdf = tmp.resolve("p.pdf");
        r = CliRun.run("plot", "-o", pdf.toString(), "gzip:" + tmp + "/gzip-1.txt");
        assertThat(r.code()).as(r.err()).isZero();
        String text = new String(Files.readAllBytes(pdf), StandardCharsets.ISO_8859_1);
        assertThat(text)
                .startsWith("%PDF-1.4")
                .contains("/Count 1", "/MediaBox [0 0 800 500]")
                .endsWith("%%EOF\n");
    }

    /** Graphit's layout options: where the legend goes, and how far the bar labels turn. */
    @Test
    void theLegendGoesWhereAskedAndLabelsTurnByTheAngleGiven() throws Exception {
        java.util.regex.Pattern swatch =
                java.util.regex.Pattern.compile("<rect class=\"legend-swatch\" x=\"([0-9.]+)\" y=\"([0-9.]+)\"");
        java.util.regex.Pattern axis = java.util.regex.Pattern.compile(
                "<line class=\"axis x-axis\" x1=\"([0-9.]+)\" y1=\"([0-9.]+)\" x2=\"([0-9.]+)\" y2=\"([0-9.]+)\"");
        Map<String, double[]> at = new java.util.HashMap<>();
        for (String where : new String[] {"right", "top", "bottom", "inside", "none"}) {
            Path svg = tmp.resolve("legend-" + where + ".svg");
            CliRun r = CliRun.run(
                    "plot",
                    "--mode",
                    "bar",
                    "--legend",
                    where,
                    "--rotate-labels",
                    "90",
                    "-o",
                    svg.toString(),
                    "ext4:" + tmp + "/ext4-*.csv",
                    "xfs:" + tmp + "/xfs-*.csv");
            assertThat(r.code()).as(r.err()).isZero();
            String text = Files.readString(svg);
            java.util.regex.Matcher a = axis.matcher(text);
            assertThat(a.find()).isTrue();
            double left = Double.parseDouble(a.group(1));
            double right = Double.parseDouble(a.group(3));
            double bottom = Double.parseDouble(a.group(2));
            java.util.regex.Matcher m = swatch.matcher(text);
            if (where.equals("none")) {
                assertThat(m.find()).as("no legend").isFalse();
                continue;
            }
            assertThat(m.find()).isTrue();
            double x = Double.parseDouble(m.group(1));
            double y = Double.parseDouble(m.group(2));
            switch (where) {
                case "right" -> assertThat(x).isGreaterThan(right);
                case "top" -> assertThat(y).isLessThan(60);
                case "bottom" -> assertThat(y).isGreaterThan(bottom);
                default -> assertThat(x).isBetween(left, right); // inside
            }
            assertThat(text).contains("data-position=\"" + where + "\"");
            assertThat(text).containsPattern("class=\"x-label\"[^>]*transform=\"rotate\\(-90\\.00 ");
        }
        assertOneLineError(
                CliRun.run(
                        "plot",
                        "--legend",
                        "left",
                        "-o",
                        tmp.resolve("l.svg").toString(),
                        tmp.resolve("gzip-1.txt").toString()),
                "--legend");
        assertOneLineError(
                CliRun.run(
                        "plot",
                        "--rotate-labels",
                        "120",
                        "-o",
                        tmp.resolve("l.svg").toString(),
                        tmp.resolve("gzip-1.txt").toString()),
                "--rotate-labels");
    }

    private static void assertOneLineError(CliRun r, String... mentions) {
        assertThat(r.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(r.err().strip())
                .doesNotContain("\n")
                .doesNotContain("Exception")
                .startsWith("pilot: ")
                .contains(mentions);
    }

    @Test
    void badInputIsOneLineAndExitCode2() throws Exception {
        String gif = tmp.resolve("plot.gif").toString();
        assertOneLineError(
                CliRun.run("plot", "-o", gif, tmp.resolve("gzip-1.txt").toString()), gif, "unknown extension", "*.svg");
        String missing = tmp.resolve("missing.csv").toString();
        assertOneLineError(
                CliRun.run("plot", "-o", tmp.resolve("a.svg").toString(), "x:" + missing), missing, "no such file");
        assertOneLineError(
                CliRun.run("plot", "-o", tmp.resolve("b.svg").toString(), "x:" + tmp + "/*.nothing"),
                "matches no file");
        Path plain = Files.createDirectories(tmp.resolve("plain"));
        assertOneLineError(
                CliRun.run("plot", "-o", tmp.resolve("c.svg").toString(), "x:" + plain),
                plain.toString(),
                "not a Pilot session");
        Path file = Files.writeString(tmp.resolve("f"), "x");
        String unwritable = file.resolve("p.svg").toString();
        assertOneLineError(
                CliRun.run("plot", "-o", unwritable, tmp.resolve("gzip-1.txt").toString()),
                unwritable,
                "not a directory");
        assertOneLineError(
                CliRun.run(
                        "plot",
                        "--components",
                        "Nope",
                        "-o",
                        tmp.resolve("d.svg").toString(),
                        tmp.resolve("ext4-0.csv").toString()),
                "Nope");
    }
}
