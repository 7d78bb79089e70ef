package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.pilotbench.core.api.Session;
import io.pilotbench.core.model.MetricResult;
import io.pilotbench.core.model.PerformanceIndex;
import io.pilotbench.core.model.RoundResult;
import io.pilotbench.core.model.SessionResult;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.core.model.StopReason;
import io.pilotbench.core.model.WpsMode;
import io.pilotbench.core.model.WpsResult;
import io.pilotbench.core.store.SessionReader;
import io.pilotbench.testing.SystemTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code pilot report} opened in headless Chromium: a session recorded by {@code pilot run} with a real warm-up, a
 * WPS session, and a three-way live {@code pilot compare}. From the live page: no script error, every chart drew
 * every point (or bar) of its data — counted by the chart against numbers the test reads from the recorded session —
 * the warm-up shading spans exactly the removed rounds, and a screenshot in target/ for humans.
 */
@Timeout(120)
@SystemTest
class ReportBrowserTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    /** A workload whose first 8 rounds print about 20 and the rest about 10: a warm-up a test must find. */
    private static final String WARMING_UP = "if [ $PILOT_ROUND -lt 8 ]; then awk \"BEGIN{srand($PILOT_ROUND); "
            + "print 20+rand()}\"; else awk \"BEGIN{srand($PILOT_ROUND); print 10+rand()}\"; fi";

    @TempDir
    static Path tmp;

    private static Browser browser;

    @BeforeAll
    static void openBrowser() {
        browser = Browser.open();
    }

    @AfterAll
    static void closeBrowser() {
        if (browser != null) {
            browser.close();
        }
    }

    @Test
    void aRecordedRunSessionDrawsEveryReadingAndShadesItsWarmup() throws Exception {
        Path session = tmp.resolve("warm");
        CliRun run = CliRun.run(
                "run",
                "-q",
                "--max-rounds",
                "60",
                "--ci-width",
                "0.1%",
                "--pi",
                "v,ms,0,0,1",
                "-o",
                session.toString(),
                "--",
                "sh",
                "-c",
                WARMING_UP);
        assertThat(run.code()).as(run.err()).isEqualTo(ExitCode.LIMIT.code());
        SessionResult expected = Session.analyse(SessionReader.read(session));
        int warmup = expected.pis().get(0).readingsPhases().warmup();
        assertThat(warmup).as("the recorded session's warm-up").isBetween(6, 10);

        Path html = report("session.html", session.toString());
        List<Map<String, Object>> charts = charts();
        assertThat(charts)
                .extracting(c -> c.get("kind"))
                .containsExactly("readings", "looks", "histogram", "autocorrelation");
        assertEveryChartDrew(charts);
        // every reading of the 60 rounds is a point (readings.csv: a header and one row per round)
        long rows = Files.readAllLines(session.resolve("readings.csv")).size() - 1;
        assertThat(rows).isEqualTo(60);
        assertThat(drawn(charts, "readings", 0)).isEqualTo(rows);
        // the shading covers rounds 0..warmup-1 and nothing else, in the chart's own x values
        List<Number> shade = shade(chartId(charts, "readings", 0), "warmup");
        assertThat(shade.get(0).doubleValue()).isCloseTo(-0.5, within(0.02));
        assertThat(shade.get(1).doubleValue()).isCloseTo(warmup - 0.5, within(0.02));
        assertThat(shade.get(2).doubleValue()).as("shading width on screen, px").isGreaterThan(10);
        // the histogram holds the kept readings: every one of them in some bar
        MetricResult kept = expected.pis().get(0).readings();
        assertThat(js("return window.pilotCharts.find(c => c.kind === 'histogram').plot.data[1]"
                        + ".reduce((a, b) => a + b, 0);"))
                .isEqualTo((long) kept.n());
        assertThat(kept.n()).isEqualTo(60 - warmup);
        // the CI chart ends where the session stopped
        assertThat(js("var u = window.pilotCharts.find(c => c.kind === 'looks').plot; "
                        + "return u.data[0][u.data[0].length - 1];"))
                .isEqualTo(60L);
        assertThat(browser.errors()).isEmpty();
        browser.screenshot(Path.of("target", "report-session.png"));
        assertThat(html).isRegularFile();
    }

    @Test
    void aWpsSessionWithUnitReadingsDrawsEveryRoundTheFitAndTheUnitWarmup() throws Exception {
        Path session = tmp.resolve("wps");
        SessionSettings settings = SessionSettings.builder()
                .pi(PerformanceIndex.of("time", "s"))
                .workAmount(1_000, 1_000_000)
                .wps(WpsMode.REPORT)
                .shortRound(Duration.ofMillis(1))
                .maxRounds(60)
                .build();
        SplittableRandom random = new SplittableRandom(18);
        try (Session s = Session.create(settings, session, "linear work", null)) {
            for (int round = 0; round < 60 && s.needsMoreRounds(); round++) { // the caller enforces limits
                long work = s.nextWorkAmount();
                double seconds = 0.05 + work / 2e6 + random.nextDouble(-0.002, 0.002);
                // 200 operations per round, the first 20 of each twice as slow: a per-round warm-up
                double[] ops = new double[200];
                for (int i = 0; i < ops.length; i++) {
                    ops[i] = (i < 20 ? 2.0 : 1.0) + random.nextDouble(-0.05, 0.05);
                }
                s.addRound(
                        work,
                        Instant.EPOCH,
                        (long) (seconds * 1e9),
                        RoundResult.builder()
                                .reading(0, seconds)
                                .unitReadings(0, ops)
                                .build());
            }
            s.finish(StopReason.ROUND_LIMIT);
        }
        SessionResult expected = Session.analyse(SessionReader.read(session));
        WpsResult wps = expected.wps();
        assertThat(wps.status()).isEqualTo(WpsResult.Status.OK);

        report("wps.html", session.toString());
        List<Map<String, Object>> charts = charts();
        assertEveryChartDrew(charts);
        assertThat(drawn(charts, "wps", 0)).isEqualTo(expected.analysedRounds() + expected.shortRounds());
        // the fitted line is t = α + w/v with the session's α and v, at every work amount drawn
        @SuppressWarnings("unchecked")
        List<List<Number>> data =
                (List<List<Number>>) js("return window.pilotCharts.find(c => c.kind === 'wps')" + ".plot.data;");
        assertThat(data).hasSize(5);
        for (int i = 0; i < data.get(0).size(); i++) {
            double w = data.get(0).get(i).doubleValue();
            assertThat(data.get(2).get(i).doubleValue()).isCloseTo(wps.alpha() + w / wps.v(), within(1e-9));
            assertThat(data.get(3).get(i).doubleValue())
                    .isGreaterThanOrEqualTo(data.get(2).get(i).doubleValue());
            assertThat(data.get(4).get(i).doubleValue())
                    .isLessThanOrEqualTo(data.get(2).get(i).doubleValue());
        }
        assertThat(wps.v()).isCloseTo(2e6, within(2e5));
        // the unit readings: every one drawn, and their ensemble's warm-up shading spans the cut positions
        long units = (long) expected.analysedRounds() * 200;
        assertThat(drawn(charts, "units", 0)).isEqualTo(units);
        assertThat(drawn(charts, "ensemble", 0)).isEqualTo(200);
        int unitWarmup = expected.pis().get(0).unitReadingsPhases().warmup();
        assertThat(unitWarmup).as("unit readings' warm-up per round").isBetween(15, 25);
        List<Number> shade = shade(chartId(charts, "ensemble", 0), "warmup");
        assertThat(shade.get(0).doubleValue()).isCloseTo(-0.5, within(0.02));
        assertThat(shade.get(1).doubleValue()).isCloseTo(unitWarmup - 0.5, within(0.02));
        assertThat(browser.errors()).isEmpty();
        browser.screenshot(Path.of("target", "report-wps.png"));
    }

    @Test
    void aThreeWayComparisonRanksAllThreeWithTheirRecordedCisAndDrawsEachSession() throws Exception {
        Path dir = tmp.resolve("compare");
        CliRun compare = CliRun.run(
                "compare",
                "-q",
                "--max-rounds",
                "12",
                "--name",
                "fast",
                "--name",
                "middle",
                "--name",
                "slow",
                "-o",
                dir.toString(),
                "--",
                "sleep",
                "0.01",
                ":::",
                "sleep",
                "0.02",
                ":::",
                "sleep",
                "0.03");
        assertThat(compare.code()).as(compare.err()).isIn(0, 3);
        JsonNode recorded = JSON.readTree(dir.resolve("comparison.json").toFile());

        report("compare.html", dir.toString());
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> rows = (List<Map<String, Object>>) js("return Array.from(document.querySelectorAll("
                + "'figure[data-kind=ranking] g.row')).map(g => ({label: g.querySelector('text').textContent, "
                + "center: +g.dataset.center, low: +g.dataset.low, high: +g.dataset.high, "
                + "width: g.querySelector('line.ci').getBoundingClientRect().width}));");
        assertThat(rows).hasSize(3);
        assertThat(rows).extracting(r -> r.get("label")).containsExactly("1. fast", "2. middle", "3. slow");
        for (Map<String, Object> row : rows) {
            String name = ((String) row.get("label")).substring(3);
            JsonNode w = workload(recorded, name);
            assertThat(((Number) row.get("center")).doubleValue())
                    .isCloseTo(w.path("mean").asDouble(), within(1e-12));
            assertThat(((Number) row.get("low")).doubleValue())
                    .isCloseTo(w.path("ci").path("low").asDouble(), within(1e-12));
            assertThat(((Number) row.get("high")).doubleValue())
                    .isCloseTo(w.path("ci").path("high").asDouble(), within(1e-12));
            // drawn with a width on screen: a narrow CI (12 rounds of sleep) can be under a pixel wide
            assertThat(((Number) row.get("width")).doubleValue())
                    .as("CI bar on screen, px")
                    .isPositive();
        }
        assertThat(js("return document.querySelectorAll('figure[data-kind=ratios] g.row').length;"))
                .isEqualTo(3L);
        assertThat(js("return document.querySelectorAll('p.verdict').length;")).isEqualTo(2L);
        List<Map<String, Object>> charts = charts();
        assertEveryChartDrew(charts);
        String[] sessions = {"1-fast", "2-middle", "3-slow"};
        for (int i = 0; i < 3; i++) {
            long rounds = Files.readAllLines(dir.resolve(sessions[i]).resolve("rounds.csv"))
                            .size()
                    - 1;
            assertThat(drawn(charts, "readings", i)).as(sessions[i]).isEqualTo(rounds);
        }
        assertThat(browser.errors()).isEmpty();
        browser.screenshot(Path.of("target", "report-compare.png"));
    }

    /** A pilot script campaign of two TESTs: each drawn as a session, and the two ranked against each other. */
    @Test
    void aCampaignDrawsEveryTestAndRanksThem() throws Exception {
        Path script = tmp.resolve("campaign.pilot");
        Files.writeString(
                script, "TEST fast 6 6 true\nEXEC sleep 0.01\nDONE\nTEST slow 6 6 true\nEXEC sleep 0.03\n" + "DONE\n");
        Path dir = tmp.resolve("campaign");
        CliRun run = CliRun.run("script", "-q", "-o", dir.toString(), script.toString());
        assertThat(run.code()).as(run.err()).isZero();

        report("campaign.html", dir.toString());
        List<Map<String, Object>> charts = charts();
        assertEveryChartDrew(charts);
        String[] tests = {"000-fast", "001-slow"};
        for (int i = 0; i < 2; i++) {
            long rounds = Files.readAllLines(dir.resolve(tests[i]).resolve("rounds.csv"))
                            .size()
                    - 1;
            assertThat(drawn(charts, "readings", i)).as(tests[i]).isEqualTo(rounds);
        }
        assertThat(js("return document.querySelectorAll('figure[data-kind=ranking] g.row').length;"))
                .isEqualTo(2L);
        assertThat(browser.errors()).isEmpty();
        browser.screenshot(Path.of("target", "report-campaign.png"));
    }

    private static JsonNode workload(JsonNode comparison, String name) {
        for (JsonNode w : comparison.path("workloads")) {
            if (w.path("name").asString().equals(name)) {
                return w;
            }
        }
        throw new AssertionError("no workload " + name + " in comparison.json");
    }

    private static Path report(String name, String... inputs) {
        Path html = tmp.resolve(name);
        String[] args = new String[inputs.length + 3];
        args[0] = "report";
        args[1] = "-o";
        args[2] = html.toString();
        System.arraycopy(inputs, 0, args, 3, inputs.length);
        CliRun r = CliRun.run(args);
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err()).isEmpty();
        browser.load(html);
        return html;
    }

    private static Object js(String script) {
        return browser.js(script);
    }

    /**
     * The axes' tick labels came from uPlot's own formatter, which rounds to 3 decimals: readings of about 0.1 ms given
     * in seconds had a y axis of "0", "0", "0". Labels now carry the decimals their step needs, so they differ.
     */
    @Test
    @SuppressWarnings("unchecked")
    void theAxesOfASmallPiHaveDistinctLabels() throws Exception {
        Path session = tmp.resolve("small");
        CliRun run = CliRun.run(
                "run",
                "-q",
                "--max-rounds",
                "25",
                "--pi",
                "v,s,0,0,1",
                "-o",
                session.toString(),
                "--",
                "sh",
                "-c",
                "awk \"BEGIN{srand($PILOT_ROUND); print 0.0001 + rand() * 0.00002}\"");
        assertThat(run.code()).as(run.err()).isIn(0, ExitCode.LIMIT.code());
        report("small.html", session.toString());
        for (String kind : List.of("readings", "histogram")) {
            List<String> labels = (List<String>) browser.js(
                    "var u = window.pilotCharts.find(c => c.kind === arguments[0])"
                            + ".plot; return u.axes[arguments[1]]._values;",
                    kind,
                    kind.equals("readings") ? 1 : 0);
            labels = labels.stream().filter(java.util.Objects::nonNull).toList(); // ticks uPlot leaves out
            assertThat(labels).as(kind).hasSizeGreaterThan(1).doesNotHaveDuplicates();
            assertThat(labels).as(kind).noneMatch(l -> l.equals("0.000") || l.equals("0"));
        }
        assertThat(browser.errors()).isEmpty();
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> charts() {
        return (List<Map<String, Object>>) js("return window.pilotCharts.map(c => ({id: c.id, kind: c.kind, "
                + "draws: c.draws, drawn: c.drawn, points: c.plot.data[0].length}));");
    }

    /** Every chart has been drawn at least once, with at least one point, and the page holds no other chart. */
    private static void assertEveryChartDrew(List<Map<String, Object>> charts) {
        assertThat(charts).isNotEmpty();
        for (Map<String, Object> c : charts) {
            assertThat(((Number) c.get("draws")).longValue())
                    .as("draws of " + c)
                    .isPositive();
            assertThat(((Number) c.get("drawn")).longValue())
                    .as("points drawn by " + c)
                    .isPositive();
        }
        assertThat(js("return document.querySelectorAll('figure.chart:not(.forest)').length;"))
                .isEqualTo((long) charts.size());
        assertThat(js("return document.querySelectorAll('figure.chart:not(.forest) canvas').length;"))
                .isEqualTo((long) charts.size());
    }

    private static long drawn(List<Map<String, Object>> charts, String kind, int nth) {
        return ((Number) charts.stream()
                        .filter(c -> c.get("kind").equals(kind))
                        .skip(nth)
                        .findFirst()
                        .orElseThrow()
                        .get("drawn"))
                .longValue();
    }

    private static String chartId(List<Map<String, Object>> charts, String kind, int nth) {
        return (String) charts.stream()
                .filter(c -> c.get("kind").equals(kind))
                .skip(nth)
                .findFirst()
                .orElseThrow()
                .get("id");
    }

    /** [from, to] of a shaded range, read back from its place on screen in the chart's x values, and its width. */
    @SuppressWarnings("unchecked")
    private static List<Number> shade(String chartId, String kind) {
        return (List<Number>) browser.js(
                "var c = window.pilotCharts.find(c => c.id === arguments[0]);"
                        + "var el = c.plot.over.querySelector('.pilot-shade.' + arguments[1]);"
                        + "var left = parseFloat(el.style.left), width = parseFloat(el.style.width);"
                        + "return [c.plot.posToVal(left, 'x'), c.plot.posToVal(left + width, 'x'), "
                        + "el.getBoundingClientRect().width];",
                chartId,
                kind);
    }
}
