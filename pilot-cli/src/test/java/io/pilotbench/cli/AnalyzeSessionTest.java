package io.pilotbench.cli;

import static io.pilotbench.cli.CliRun.resource;
import static io.pilotbench.cli.CliRun.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.pilotbench.core.api.Session;
import io.pilotbench.core.model.CiMethod;
import io.pilotbench.core.model.CiTarget;
import io.pilotbench.core.model.PerformanceIndex;
import io.pilotbench.core.model.RoundResult;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.core.model.StopReason;
import io.pilotbench.core.model.WarmupRemoval;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code pilot analyze SESSION_DIR}: a session recorded through the API (the original Pilot's mock benchmark,
 * {@code unit_test_benchmark.sh}: dataset F as "response time", F + 1 as "delay time", CI 30% of the mean, at least
 * 10 subsessions, |r1| ≤ 0.1; it converges after 44 rounds), re-analysed in-process.
 */
class AnalyzeSessionTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    /** Dataset F, Ferrari78 response times (docs/original.md#datasets). */
    private static final double[] F = {
        1.21, 1.67, 1.71, 1.53, 2.03, 2.15, 1.88, 2.02, 1.75, 1.84, 1.61, 1.35, 1.43, 1.64, 1.52, 1.44, 1.17, 1.42,
        1.64, 1.86, 1.68, 1.91, 1.73, 2.18, 2.27, 1.93, 2.19, 2.04, 1.92, 1.97, 1.65, 1.71, 1.89, 1.70, 1.62, 1.48,
        1.55, 1.39, 1.45, 1.67, 1.62, 1.77, 1.88, 1.82, 1.93, 2.09, 2.24, 2.16
    };
    /** The original's values for the first 44 readings; tolerance 1e-12 relative, as OriginalSessionsTest. */
    private static final double MEAN = 1.724772727272727;

    private static final double CI_WIDTH = 0.2839435113978563;

    @TempDir
    Path tmp;

    Path session;

    @BeforeEach
    void recordMockBenchmark() throws IOException {
        session = tmp.resolve("mock-session");
        record(session);
    }

    /** Records the mock benchmark session in {@code dir}. */
    private static void record(Path dir) throws IOException {
        SessionSettings settings = SessionSettings.builder()
                .method(CiMethod.PILOT)
                .warmupRemoval(WarmupRemoval.EDM)
                .pi(PerformanceIndex.of("response time", "ms"))
                .pi(PerformanceIndex.of("delay time", "ms"))
                .ciTarget(CiTarget.ofMean(0.3))
                .minSubsessions(10)
                .autocorrelationLimit(0.1)
                .build();
        try (Session s = Session.create(settings, dir, "mock_benchmark", null)) {
            for (int i = 0; s.needsMoreRounds(); i++) {
                s.addRound(
                        0,
                        RoundResult.builder()
                                .reading(0, F[i])
                                .reading(1, F[i] + 1)
                                .durationNanos(Math.round(F[i] * 1e6))
                                .build());
            }
        }
    }

    private static JsonNode onlySession(CliRun r) {
        JsonNode root = JSON.readTree(r.out());
        assertThat(root.get("errors").size()).isZero();
        assertThat(root.get("sessions").size()).isEqualTo(1);
        return root.get("sessions").get(0);
    }

    private static JsonNode responseTime(JsonNode s) {
        JsonNode pi = s.get("pis").get(0);
        assertThat(pi.get("name").asString()).isEqualTo("response time");
        return pi.get("readings");
    }

    @Test
    void textSaysWhatWasMeasuredAndHowSure() {
        CliRun r = run("analyze", session.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err()).isEmpty();
        assertThat(r.out())
                .contains("mock_benchmark (session " + session + ")")
                .contains("44 recorded: 44 analysed, 0 short, 0 failed")
                .contains("converged: every required target met")
                .contains("target CI width ≤ 30% of mean, at least 10 subsessions")
                .contains("response time (ms), readings: mean 1.725 ms ± 0.142 ms (95% CI, ± 8.2% of mean), 44 rounds, "
                        + "samples merged in subsessions of 4 to remove autocorrelation; target (CI width ≤ 30% of "
                        + "mean) met")
                .contains("delay time (ms), readings: mean 2.725 ms ± 0.142 ms")
                .doesNotContain("unit readings")
                .doesNotContain("NaN")
                .doesNotContain("Not converged");
    }

    @Test
    void jsonHasTheOriginalsNumbersWithTheRecordedSettings() {
        CliRun r = run("analyze", "--format", "json", session.toString());
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode s = onlySession(r);
        assertThat(s.get("session").asString()).isEqualTo(session.toString());
        assertThat(s.get("rounds").asInt()).isEqualTo(44);
        assertThat(s.get("stopReason").asString()).isEqualTo("target_met");
        assertThat(s.get("converged").asBoolean()).isTrue();
        JsonNode m = responseTime(s);
        assertThat(m.get("n").asInt()).isEqualTo(44);
        assertThat(m.get("mean").asDouble()).isCloseTo(MEAN, within(MEAN * 1e-12));
        assertThat(m.get("ci").get("width").asDouble()).isCloseTo(CI_WIDTH, within(CI_WIDTH * 1e-12));
        assertThat(m.get("subsession").get("size").asInt()).isEqualTo(4);
        assertThat(m.get("targetMet").asBoolean()).isTrue();
        // the recorded settings, not the command's defaults (10% of the mean, 30 subsessions)
        JsonNode settings = s.get("analysisSettings");
        assertThat(settings.get("ciWidth").get("value").asDouble()).isEqualTo(0.3);
        assertThat(settings.get("minSubsessions").asLong()).isEqualTo(10);
        assertThat(settings.get("warmupRemoval").asString()).isEqualTo("edm");
    }

    @Test
    void ciWidthGivenExplicitlyOverridesTheRecordedTarget() {
        JsonNode s = onlySession(run("analyze", "--format", "json", "--ci-width", "5%", session.toString()));
        JsonNode m = responseTime(s);
        assertThat(m.get("targetMet").asBoolean()).isFalse();
        assertThat(m.get("mean").asDouble()).isCloseTo(MEAN, within(MEAN * 1e-12));
        assertThat(m.get("ci").get("width").asDouble()).isCloseTo(CI_WIDTH, within(CI_WIDTH * 1e-12));
        assertThat(m.get("requiredSamples").asLong()).isGreaterThan(44);
        assertThat(s.get("converged").asBoolean()).isFalse();
        assertThat(s.get("analysisSettings").get("ciWidth").get("value").asDouble())
                .isEqualTo(0.05);
        assertThat(s.get("waitingFor").get(0).asString()).contains("readings of 'response time'");

        CliRun text = run("analyze", "--ci-width", "5%", session.toString());
        assertThat(text.code()).isZero();
        assertThat(text.out())
                .contains("target (CI width ≤ 5% of mean) not met: needs ")
                .contains("Not converged: waiting for readings of 'response time'")
                .contains("more rounds");
    }

    @Test
    void otherAnalysisOptionsOverrideTheRecordedSettings() {
        JsonNode confident = onlySession(run("analyze", "--format", "json", "--confidence", "99%", session.toString()));
        JsonNode m = responseTime(confident);
        assertThat(m.get("ci").get("confidence").asDouble()).isEqualTo(0.99);
        assertThat(m.get("ci").get("width").asDouble()).isGreaterThan(CI_WIDTH);

        // strict: 200 subsessions, CI 10% of the mean (the session's 30% is replaced)
        JsonNode strict = onlySession(run("analyze", "--format", "json", "--preset", "strict", session.toString()));
        assertThat(strict.get("analysisSettings").get("minSubsessions").asLong())
                .isEqualTo(200);
        assertThat(responseTime(strict).get("targetMet").asBoolean()).isFalse();
        // an explicit option overrides the preset
        JsonNode mixed = onlySession(run(
                "analyze",
                "--format",
                "json",
                "--preset",
                "strict",
                "--min-subsessions",
                "5",
                "--ci-width",
                "30%",
                session.toString()));
        assertThat(mixed.get("analysisSettings").get("minSubsessions").asLong()).isEqualTo(5);
        assertThat(responseTime(mixed).get("targetMet").asBoolean()).isTrue();

        JsonNode fixed = onlySession(run(
                "analyze",
                "--format",
                "json",
                "--warmup-removal",
                "fixed:25%",
                "--ac-limit",
                "0.5",
                session.toString()));
        assertThat(responseTime(fixed).get("n").asInt()).isEqualTo(33);
        assertThat(responseTime(fixed).get("removed").asInt()).isEqualTo(11);
        assertThat(fixed.get("analysisSettings").get("autocorrelationLimit").asDouble())
                .isEqualTo(0.5);
    }

    @ParameterizedTest
    @ValueSource(strings = {"csv", "markdown"})
    void tabularFormats(String format) {
        CliRun r = run("analyze", "--format", format, session.toString());
        assertThat(r.code()).isZero();
        if (format.equals("csv")) {
            assertThat(r.out().lines().toList())
                    .hasSize(5)
                    .first()
                    .asString()
                    .startsWith("pi,unit,data,n,removed,mean");
            assertThat(r.out()).contains("response time,ms,readings,44,0,1.72477272727272");
        } else {
            assertThat(r.out())
                    .startsWith("**mock_benchmark** (session `" + session + "`): 44 rounds")
                    .contains("| response time (ms) | readings | 44 | 0 | 1.725 | [1.583, 1.867] (95%) |");
        }
    }

    @Test
    void theRecordedStopReasonIsReported() throws IOException {
        Path limited = tmp.resolve("limited");
        SessionSettings settings = SessionSettings.builder()
                .pi(PerformanceIndex.of("response time", "ms"))
                .ciTarget(CiTarget.ofMean(0.05))
                .maxRounds(10)
                .build();
        Session s = Session.create(settings, limited, "limited", null);
        for (int i = 0; i < 10; i++) {
            s.addRound(0, RoundResult.ofReadings(F[i]));
        }
        s.finish(StopReason.ROUND_LIMIT);
        CliRun text = run("analyze", limited.toString());
        assertThat(text.code()).isZero();
        assertThat(text.out())
                .contains("round limit of 10 reached before every target was met")
                .contains("Not converged: waiting for readings of 'response time'");
        assertThat(onlySession(run("analyze", "--format", "json", limited.toString()))
                        .get("stopReason")
                        .asString())
                .isEqualTo("round_limit");
    }

    @Test
    void severalSessionsAreReportedInOrder() {
        CliRun r = run("analyze", "--format", "json", session.toString(), session.toString());
        assertThat(r.code()).isZero();
        assertThat(JSON.readTree(r.out()).get("sessions").size()).isEqualTo(2);
        CliRun text = run("analyze", session.toString(), session.toString());
        assertThat(text.out().split("mock_benchmark \\(session ", -1)).hasSize(3);
    }

    @Test
    void aDirectoryThatIsNotASessionIsOneLine() throws IOException {
        Path dir = Files.createDirectory(tmp.resolve("not-a-session"));
        Files.writeString(
                dir.resolve("notes.txt"), "not a session"); // an empty one is named as such (ResumeOfNothingTest)
        CliRun r = run("analyze", dir.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err())
                .isEqualTo("pilot: " + dir + " is a directory but not a Pilot session (no session.json)"
                        + System.lineSeparator());
        assertThat(r.out()).isEmpty();

        // beside data files or sessions, the others are still reported
        CliRun withFile = run("analyze", "--format", "json", dir.toString(), resource("analyze/f.txt"));
        assertThat(withFile.code()).isEqualTo(2);
        assertThat(JSON.readTree(withFile.out()).get("results").size()).isEqualTo(1);
        assertThat(JSON.readTree(withFile.out()).get("errors").get(0).asString())
                .contains("not a Pilot session");
        CliRun withSession = run("analyze", dir.toString(), session.toString());
        assertThat(withSession.code()).isEqualTo(2);
        assertThat(withSession.out()).contains("mock_benchmark (session ");
        assertThat(withSession.err().lines().toList()).hasSize(1);
    }

    @Test
    void aCorruptSessionIsItsReadersMessageWithoutAStackTrace() throws IOException {
        Files.writeString(
                session.resolve("readings.csv"), "7,0,oops\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        CliRun r = run("analyze", session.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().lines().toList()).hasSize(1);
        assertThat(r.err())
                .startsWith("pilot: ")
                .contains("readings.csv:", "'oops' is not a finite number")
                .doesNotContain("Exception")
                .doesNotContain("\tat ");
        assertThat(r.out()).isEmpty();

        // the other sessions of the call are still reported
        Path good = tmp.resolve("good");
        record(good);
        CliRun json = run("analyze", "--format", "json", session.toString(), good.toString());
        assertThat(json.code()).isEqualTo(2);
        JsonNode root = JSON.readTree(json.out());
        assertThat(root.get("sessions").size()).isEqualTo(1);
        assertThat(root.get("errors").get(0).asString()).contains("'oops' is not a finite number");
    }

    @Test
    void sessionsAndFilesCannotBeMixed() {
        CliRun r = run("analyze", session.toString(), resource("analyze/f.txt"));
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().lines().toList()).hasSize(1);
        assertThat(r.err()).contains("cannot be analysed in one call");
        assertThat(r.out()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "--mean=harmonic",
                "--unit=s",
                "--column=1",
                "--ac-limit=0",
                "--confidence=2",
                "--ci-width=abc",
                "--preset=fast",
                "--min-subsessions=-1",
                "--warmup-removal=some",
                "--format=xml"
            })
    void inapplicableOrBadOptionsAreOneLine(String option) {
        CliRun r = run("analyze", option, session.toString());
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.err().lines().toList()).hasSize(1);
        assertThat(r.err()).startsWith("pilot: ").doesNotContain("Exception");
        assertThat(r.out()).isEmpty();
    }
}
