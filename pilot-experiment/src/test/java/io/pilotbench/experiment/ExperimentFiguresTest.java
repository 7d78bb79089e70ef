package io.pilotbench.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.pilotbench.stats.Descriptive;
import io.pilotbench.stats.anova.SumOfSquares;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The figures' numbers are the table's: boxes from R's type-7 quartiles of each level's jobs, interaction points
 *  from the cells' means; and the interaction drawn is the one the ANOVA finds. */
class ExperimentFiguresTest {
    private static final List<String> HEADER = List.of(
            "job",
            "worker",
            "replication",
            "package",
            "a",
            "b",
            "time",
            "time.ci.low",
            "time.ci.high",
            "rounds",
            "stop",
            "env.bytes",
            "error");

    @TempDir
    Path tmp;

    /** a and b each add 1 at their second level, and together 3 more (a planted interaction); noise sd 0.1. */
    private Path experiment() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("exp"));
        ResultsTable.create(dir, HEADER);
        SplittableRandom rnd = new SplittableRandom(11);
        int n = 0;
        for (int rep = 1; rep <= 5; rep++) {
            for (String a : List.of("x", "y")) {
                for (String b : List.of("u", "v")) {
                    double t = 10
                            + (a.equals("y") ? 1 : 0)
                            + (b.equals("v") ? 1 : 0)
                            + (a.equals("y") && b.equals("v") ? 3 : 0)
                            + 0.1 * rnd.nextGaussian();
                    ResultsTable.append(
                            dir,
                            List.of(
                                    String.format("%04d", ++n),
                                    "host",
                                    Integer.toString(rep),
                                    "p",
                                    a,
                                    b,
                                    Double.toString(t),
                                    "",
                                    "",
                                    "5",
                                    "round_limit",
                                    "",
                                    ""));
                }
            }
        }
        return dir;
    }

    private static Map<String, Map<String, Double>> groups(String svg, String cls) {
        Map<String, Map<String, Double>> out = new HashMap<>();
        Matcher g =
                Pattern.compile("<(?:g|circle) class=\"" + cls + "\"([^>]*)>").matcher(svg);
        while (g.find()) {
            Map<String, Double> attrs = new HashMap<>();
            Matcher a = Pattern.compile("data-([a-z0-9]+)=\"([^\"]*)\"").matcher(g.group(1));
            String key = "";
            String panel = "";
            while (a.find()) {
                if (a.group(1).equals("series")) {
                    key = a.group(2);
                } else if (a.group(1).equals("panel")) {
                    panel = "|" + a.group(2);
                } else if (!a.group(1).equals("component")) {
                    attrs.put(a.group(1), Double.parseDouble(a.group(2)));
                }
            }
            out.put(key + panel + (attrs.containsKey("x") ? "@" + attrs.get("x").intValue() : ""), attrs);
        }
        return out;
    }

    @Test
    void boxesAndInteractionPointsCarryTheTablesNumbersAndThePlantedInteractionIsDrawn() throws IOException {
        Path dir = experiment();
        List<ExperimentAnalysis.MetricAnalysis> analyses = ExperimentAnalysis.analyze(dir, 2, SumOfSquares.TYPE_II);
        List<Path> files = ExperimentFigures.write(dir, analyses, 0.05, tmp.resolve("fig"), "svg");
        assertThat(files.stream().map(f -> f.getFileName().toString()))
                .containsExactly("box-time-a.svg", "box-time-b.svg", "interaction-time-a-b.svg");

        List<Map<String, String>> rows = ResultsTable.read(dir);
        String box = Files.readString(files.get(0));
        Map<String, Map<String, Double>> boxes = groups(box, "box");
        // a box per level of a in each panel of b: none pools b's levels
        assertThat(boxes).containsOnlyKeys("x|b=u", "x|b=v", "y|b=u", "y|b=v");
        for (String key : boxes.keySet()) {
            String level = key.substring(0, 1);
            String panel = key.substring(key.indexOf('=') + 1);
            double[] v = rows.stream()
                    .filter(r -> r.get("a").equals(level) && r.get("b").equals(panel))
                    .mapToDouble(r -> Double.parseDouble(r.get("time")))
                    .toArray();
            Map<String, Double> b = boxes.get(key);
            assertThat(b.get("n")).isEqualTo(5.0);
            assertThat(b.get("q1")).isCloseTo(Descriptive.percentile(v, 25), within(1e-12));
            assertThat(b.get("median")).isCloseTo(Descriptive.median(v), within(1e-12));
            assertThat(b.get("q3")).isCloseTo(Descriptive.percentile(v, 75), within(1e-12));
            assertThat(b.get("min")).isEqualTo(Descriptive.min(v));
            assertThat(b.get("max")).isEqualTo(Descriptive.max(v));
        }
        assertThat(box)
                .contains("class=\"x-label\"")
                .contains(">x</text>")
                .contains(">y</text>")
                .contains(">b=u</text>")
                .contains(">b=v</text>");

        String inter = Files.readString(files.get(2));
        Map<String, Map<String, Double>> points = groups(inter, "point");
        Map<String, Double> cellMeans = rows.stream()
                .collect(Collectors.groupingBy(
                        r -> "b=" + r.get("b") + "@" + (r.get("a").equals("x") ? 0 : 1),
                        Collectors.averagingDouble(r -> Double.parseDouble(r.get("time")))));
        assertThat(points).hasSize(4);
        cellMeans.forEach((k, mean) -> assertThat(points.get(k).get("value")).isCloseTo(mean, within(1e-12)));
        // the levels name the x ticks, not numbers
        assertThat(inter).contains(">x</text>").contains(">y</text>").doesNotContain(">0.5</text>");
    }

    @Test
    void withoutASignificantInteractionTheTwoStrongestFactorsArePaired() throws IOException {
        Path dir = experiment();
        ExperimentAnalysis.MetricAnalysis main =
                ExperimentAnalysis.analyze(dir, 1, SumOfSquares.TYPE_II).get(0);
        assertThat(ExperimentFigures.interactions(main, 0.05))
                .containsExactly(List.of("b", "a").stream()
                        .sorted((p, q) -> Double.compare(
                                main.table().row(q).f(), main.table().row(p).f()))
                        .toList());
        List<String> names = new ArrayList<>();
        for (Path f : ExperimentFigures.write(dir, List.of(main), 0.05, tmp.resolve("pdf"), "pdf")) {
            assertThat(new String(Files.readAllBytes(f), 0, 5, java.nio.charset.StandardCharsets.US_ASCII))
                    .isEqualTo("%PDF-");
            names.add(f.getFileName().toString());
        }
        assertThat(names).hasSize(3);
    }

    /**
     * gzip and xz on two machines at two levels: the box plot of level has a panel per package and machine, and
     * each box holds exactly the jobs of its level, package and machine — no box spans gzip and xz (whose median
     * would be one no job measured).
     */
    @Test
    void boxPlotsFacetByTheOtherFactorAndMachineSoNoBoxPoolsTheirLevels() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("zip"));
        List<String> header = List.of(
                "job",
                "worker",
                "replication",
                "package",
                "level",
                "time",
                "time.ci.low",
                "time.ci.high",
                "rounds",
                "stop",
                "env.bytes",
                "error");
        ResultsTable.create(dir, header);
        SplittableRandom rnd = new SplittableRandom(7);
        int n = 0;
        for (int rep = 1; rep <= 4; rep++) {
            for (String host : List.of("h1", "h2")) {
                for (String pkg : List.of("gzip", "xz")) {
                    for (String level : List.of("1", "9")) {
                        double t =
                                (pkg.equals("xz") ? 5 : 1) * (level.equals("9") ? 2 : 1) * (host.equals("h2") ? 1.3 : 1)
                                        + 0.01 * rnd.nextGaussian();
                        ResultsTable.append(
                                dir,
                                List.of(
                                        String.format("%04d", ++n),
                                        host,
                                        Integer.toString(rep),
                                        pkg,
                                        level,
                                        Double.toString(t),
                                        "",
                                        "",
                                        "5",
                                        "target_met",
                                        "",
                                        ""));
                    }
                }
            }
        }
        List<ExperimentAnalysis.MetricAnalysis> analyses = ExperimentAnalysis.analyze(dir, 1, SumOfSquares.TYPE_II);
        List<Path> files = ExperimentFigures.write(dir, analyses, 0.05, tmp.resolve("zfig"), "svg");
        Path levelBox = files.stream()
                .filter(f -> f.getFileName().toString().equals("box-time-level.svg"))
                .findFirst()
                .orElseThrow();
        String svg = Files.readString(levelBox);
        assertThat(svg).contains("a panel per package × machine");
        Map<String, Map<String, Double>> boxes = groups(svg, "box");
        assertThat(boxes).hasSize(8);
        List<Map<String, String>> rows = ResultsTable.read(dir);
        for (Map.Entry<String, Map<String, Double>> e : boxes.entrySet()) {
            Matcher m = Pattern.compile("(\\d)\\|package=(\\w+) · (h\\d)").matcher(e.getKey());
            assertThat(m.matches()).as(e.getKey()).isTrue();
            double[] v = rows.stream()
                    .filter(r -> r.get("level").equals(m.group(1))
                            && r.get("package").equals(m.group(2))
                            && r.get("worker").equals(m.group(3)))
                    .mapToDouble(r -> Double.parseDouble(r.get("time")))
                    .toArray();
            assertThat(e.getValue().get("n")).isEqualTo(4.0);
            assertThat(e.getValue().get("median")).isCloseTo(Descriptive.median(v), within(1e-12));
            assertThat(e.getValue().get("max") - e.getValue().get("min"))
                    .as(e.getKey())
                    .isLessThan(0.2);
        }
    }

    /**
     * The plan runs xz before gzip and level 1 before 9, the file declares gzip, xz and 9, 1: the figures follow
     * the file.
     */
    @Test
    void levelsAppearInTheOrderTheExperimentFileDeclaresThem() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("ordered"));
        Files.writeString(dir.resolve(ExperimentRunner.SPEC), """
                name: ordered
                packages: {gzip: packages/gzip, xz: packages/xz}
                factors:
                  package: 100%
                  level: {script: factors/level.sh, levels: ["9", "1"]}
                """);
        List<String> header = List.of(
                "job",
                "worker",
                "replication",
                "package",
                "level",
                "time",
                "time.ci.low",
                "time.ci.high",
                "rounds",
                "stop",
                "env.bytes",
                "error");
        ResultsTable.create(dir, header);
        int n = 0;
        for (int rep = 1; rep <= 2; rep++) {
            for (String pkg : List.of("xz", "gzip")) {
                for (String level : List.of("1", "9")) {
                    ResultsTable.append(
                            dir,
                            List.of(
                                    String.format("%04d", ++n),
                                    "host",
                                    Integer.toString(rep),
                                    pkg,
                                    level,
                                    Double.toString(n + 0.5 * rep),
                                    "",
                                    "",
                                    "5",
                                    "target_met",
                                    "",
                                    ""));
                }
            }
        }
        List<ExperimentAnalysis.MetricAnalysis> analyses = ExperimentAnalysis.analyze(dir, 1, SumOfSquares.TYPE_II);
        List<Path> files = ExperimentFigures.write(dir, analyses, 0.05, tmp.resolve("ofig"), "svg");
        String pkgBox = Files.readString(files.get(0));
        assertThat(pkgBox.indexOf(">gzip</text>")).isPositive().isLessThan(pkgBox.indexOf(">xz</text>"));
        assertThat(pkgBox.indexOf(">level=9</text>")).isPositive().isLessThan(pkgBox.indexOf(">level=1</text>"));
        String levelBox = Files.readString(files.get(1));
        assertThat(levelBox.indexOf(">9</text>")).isPositive().isLessThan(levelBox.indexOf(">1</text>"));
        String inter = Files.readString(files.get(2));
        assertThat(inter.indexOf("data-series=\"")).isPositive();
        List<String> series = new ArrayList<>();
        Matcher m = Pattern.compile("class=\"series-line\"[^>]*data-series=\"([^\"]+)\"")
                .matcher(inter);
        while (m.find()) {
            series.add(m.group(1));
        }
        assertThat(series).hasSize(2);
        assertThat(series.get(0)).endsWith(series.get(0).startsWith("package") ? "gzip" : "9");
    }
}
