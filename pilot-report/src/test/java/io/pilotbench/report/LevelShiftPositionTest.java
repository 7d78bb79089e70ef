package io.pilotbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.pilotbench.core.analysis.SeriesAnalyzer;
import io.pilotbench.core.api.Session;
import io.pilotbench.core.model.AnalysisSettings;
import io.pilotbench.core.model.CiTarget;
import io.pilotbench.core.model.LevelShift;
import io.pilotbench.core.model.PerformanceIndex;
import io.pilotbench.core.model.PiResult;
import io.pilotbench.core.model.RoundResult;
import io.pilotbench.core.model.Series;
import io.pilotbench.core.model.SeriesAnalysis;
import io.pilotbench.core.model.SessionResult;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.core.model.StoredSession;
import io.pilotbench.core.store.PlainJson;
import io.pilotbench.core.store.ResultJson;
import io.pilotbench.report.html.HtmlReport;
import io.pilotbench.report.html.ReportInput;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Where a level shift is said to be once a warm-up was cut: by its position in the analysed sample and by its round,
 * the same in the text, the JSON and the HTML chart. A report once added the warm-up cut to a position that already
 * counted it, and placed a shift at round 619 of a 594-round session.
 */
class LevelShiftPositionTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final int WARMUP = 30;
    private static final int SHIFT_ROUND = 250;
    /** Rounds that fail (no reading): the readings' index and the round index part there. */
    private static final List<Integer> FAILED = List.of(100, 101, 102);

    @Test
    void shiftAfterAWarmupCutIsPlacedAtItsRound() throws Exception {
        SplittableRandom r = new SplittableRandom(7);
        SessionSettings settings = SessionSettings.builder()
                .pi(PerformanceIndex.of("latency", "ms"))
                .ciTarget(CiTarget.ofMean(0.0001))
                .build();
        SessionResult result;
        StoredSession stored;
        try (Session session = Session.inMemory(settings, "shifted")) {
            for (int round = 0; round < 400; round++) {
                double level = round < WARMUP ? 16 : round < SHIFT_ROUND ? 10 : 11;
                session.addRound(
                        0,
                        FAILED.contains(round)
                                ? RoundResult.failure("no reading")
                                : RoundResult.ofReadings(level + 0.3 * r.nextGaussian()));
            }
            result = session.currentResult();
            stored = new StoredSession(null, "shifted", settings, Instant.EPOCH, null, session.rounds(), 0, null);
        }
        PiResult p = result.pis().get(0);
        assertThat(p.readingsFrom()).as("the warm-up is cut").isEqualTo(WARMUP);
        List<LevelShift> shifts = p.readingsPhases().shifts();
        assertThat(shifts).hasSize(1);
        LevelShift shift = shifts.get(0);
        // the series searched is the readings of analysed rounds: the 3 failed rounds before the shift are not in it
        assertThat(shift.round()).isBetween(SHIFT_ROUND - 2L, SHIFT_ROUND + 2L);
        assertThat(shift.index()).isEqualTo(shift.round() - FAILED.size());
        assertThat(shift.sample()).isEqualTo(shift.index() - WARMUP);

        StringWriter text = new StringWriter();
        SessionRenderer.render(List.of(result), List.of(), Format.TEXT, new PrintWriter(text));
        assertThat(text.toString())
                .contains("level shift at analysed sample " + shift.sample() + " (round " + shift.round() + ")");

        JsonNode json = JSON.readTree(PlainJson.write(ResultJson.toMap(result)))
                .path("pis")
                .path(0)
                .path("readingsPhases")
                .path("shifts")
                .path(0);
        assertThat(json.path("index").asInt()).isEqualTo(shift.index());
        assertThat(json.path("sample").asInt()).isEqualTo(shift.sample());
        assertThat(json.path("round").asLong()).isEqualTo(shift.round());

        StringWriter html = new StringWriter();
        HtmlReport.of(List.of(new ReportInput.SessionReport(stored, result, Map.of())))
                .write(html, Path.of(""));
        String page = html.toString();
        String data = page.substring(
                page.indexOf('>', page.indexOf("id=\"pilot-data\"")) + 1,
                page.indexOf("</script>", page.indexOf("id=\"pilot-data\"")));
        JsonNode readings = null;
        for (JsonNode chart : JSON.readTree(data).path("charts")) {
            if (chart.path("kind").asString().equals("readings")) {
                readings = chart.path("data");
            }
        }
        assertThat(readings).isNotNull();
        JsonNode mark = readings.path("changes").path(0);
        assertThat(mark.path("round").asLong()).isEqualTo(shift.round());
        assertThat(mark.path("x").asDouble()).isEqualTo(shift.round() - 0.5);
        assertThat(mark.path("sample").asInt()).isEqualTo(shift.sample());
    }

    @Test
    void shiftInAFileAfterAWarmupCutIsPlacedAtItsSample() {
        SplittableRandom r = new SplittableRandom(8);
        double[] x = new double[400];
        for (int i = 0; i < x.length; i++) {
            x[i] = (i < WARMUP ? 16 : i < SHIFT_ROUND ? 10 : 11) + 0.3 * r.nextGaussian();
        }
        SeriesAnalysis a = new SeriesAnalyzer(AnalysisSettings.defaults()).analyze(new Series("f.csv", "0", x));
        assertThat(a.phases().warmup()).isEqualTo(WARMUP);
        LevelShift shift = a.phases().shifts().get(0);
        assertThat(shift.index()).isBetween(SHIFT_ROUND - 2, SHIFT_ROUND + 2);
        assertThat(shift.sample()).isEqualTo(shift.index() - WARMUP);
        assertThat(a.warnings())
                .anyMatch(w -> w.startsWith("the level shifts at analysed sample " + shift.sample() + " (sample "
                        + shift.index() + " of the series)"));
    }
}
