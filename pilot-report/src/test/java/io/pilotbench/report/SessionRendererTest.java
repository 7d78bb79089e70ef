package io.pilotbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.pilotbench.core.api.Session;
import io.pilotbench.core.model.CiMethod;
import io.pilotbench.core.model.CiTarget;
import io.pilotbench.core.model.PerformanceIndex;
import io.pilotbench.core.model.RoundResult;
import io.pilotbench.core.model.SessionResult;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.core.model.StoredSession;
import io.pilotbench.core.model.WarmupRemoval;
import io.pilotbench.core.model.WpsMode;
import io.pilotbench.core.store.SessionReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Golden files {@code golden/session.FORMAT}: two deterministic sessions, recorded in a temporary directory, read back
 * and re-analysed, rendered together in every format. Run with {@code -Dgolden.update=true} to rewrite the files
 * (then review the diff).
 *
 * <ul>
 *   <li>{@code f-session}: the original Pilot's mock benchmark ({@code unit_test_benchmark.sh}): dataset F as
 *       "response time" and F + 1 as "delay time", CI 30% of the mean, at least 10 subsessions; converged after 44
 *       rounds.</li>
 *   <li>{@code wps-session}: a killed session (no end time) with a work-amount range and WPS on, a fixed 10% warm-up
 *       removal, readings and unit readings of a ratio PI: the not-converged, warm-up and WPS paths.</li>
 * </ul>
 */
class SessionRendererTest {
    /** Dataset F, Ferrari78 response times (docs/original.md#datasets). */
    static final double[] F = {
        1.21, 1.67, 1.71, 1.53, 2.03, 2.15, 1.88, 2.02, 1.75, 1.84, 1.61, 1.35, 1.43, 1.64, 1.52, 1.44, 1.17, 1.42,
        1.64, 1.86, 1.68, 1.91, 1.73, 2.18, 2.27, 1.93, 2.19, 2.04, 1.92, 1.97, 1.65, 1.71, 1.89, 1.70, 1.62, 1.48,
        1.55, 1.39, 1.45, 1.67, 1.62, 1.77, 1.88, 1.82, 1.93, 2.09, 2.24, 2.16
    };

    @TempDir
    Path tmp;

    /** The mock benchmark session, recorded in {@code dir}. */
    static void recordMockBenchmark(Path dir) throws IOException {
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

    /** 30 rounds of a workload with a work-amount range; the session is not finished. */
    private static void recordWpsSession(Path dir) throws IOException {
        SessionSettings settings = SessionSettings.builder()
                .method(CiMethod.PILOT)
                .pi(PerformanceIndex.of("latency", "ms"))
                .pi(new PerformanceIndex("throughput", "MB/s", PerformanceIndex.Kind.RATIO, false, true))
                .ciTarget(CiTarget.ofMean(0.1))
                .minSubsessions(10)
                .warmupRemoval(WarmupRemoval.fixed(0.1))
                .workAmount(1000, 1_000_000)
                .shortRound(Duration.ZERO)
                .wps(WpsMode.REPORT)
                .build();
        Session s = Session.create(settings, dir, "write-benchmark --size 1M", null);
        for (int i = 0; i < 30; i++) {
            long work = 10_000L * (1 + i % 8);
            double seconds = 0.05 + work / 200_000.0 * (F[i] / 1.75);
            double[] units = new double[8];
            for (int k = 0; k < units.length; k++) {
                units[k] = 100 / F[(i + k) % F.length] * (k == 0 ? 0.5 : 1);
            }
            s.addRound(
                    work,
                    RoundResult.builder()
                            .reading(0, F[i] + (i < 3 ? 2 : 0))
                            .reading(1, 100 / F[i])
                            .unitReadings(1, units)
                            .durationNanos(Math.round(seconds * 1e9))
                            .build());
        }
        // Not closed: like a session whose process was killed, it has rounds but no end time.
    }

    /** Reads a session back and re-analyses it, naming it by {@code name} instead of its temporary path. */
    static SessionResult analyse(Path dir, String name, boolean killed) {
        StoredSession s = SessionReader.read(dir);
        return Session.analyse(new StoredSession(
                Path.of(name),
                s.name(),
                s.settings(),
                s.started(),
                killed ? null : s.ended(),
                s.rounds(),
                s.discarded(),
                killed ? null : s.stopReason()));
    }

    /** A finished session of one reading a round, a PI "time" in {@code unit}, read back and analysed. */
    private SessionResult oneReadingARound(String name, String unit, double ciWidth, double[] rounds)
            throws IOException {
        SessionSettings settings = SessionSettings.builder()
                .pi(PerformanceIndex.of("time", unit))
                .ciTarget(CiTarget.ofMean(ciWidth))
                .build();
        Path dir = tmp.resolve(name);
        try (Session s = Session.create(settings, dir, name, null)) {
            for (double v : rounds) {
                s.addRound(
                        0,
                        RoundResult.builder()
                                .reading(0, v)
                                .durationNanos(1_000_000)
                                .build());
            }
        }
        return analyse(dir, name, false);
    }

    private List<SessionResult> sessions() throws IOException {
        recordMockBenchmark(tmp.resolve("f"));
        recordWpsSession(tmp.resolve("w"));
        return List.of(analyse(tmp.resolve("f"), "f-session", false), analyse(tmp.resolve("w"), "wps-session", true));
    }

    private static String render(List<SessionResult> sessions, Format format) {
        StringWriter out = new StringWriter();
        SessionRenderer.render(sessions, List.of(), format, new PrintWriter(out));
        return out.toString();
    }

    @ParameterizedTest
    @EnumSource(Format.class)
    void reportMatchesGoldenFile(Format format) throws IOException {
        String name = "golden/session." + format.name().toLowerCase(java.util.Locale.ROOT);
        String actual = render(sessions(), format);
        if (Boolean.getBoolean("golden.update")) {
            Path file = Path.of("src/test/resources", name);
            Files.createDirectories(file.getParent());
            Files.writeString(file, actual, StandardCharsets.UTF_8);
            return; // the classpath copy is the old one until the next build
        }
        try (InputStream in = getClass().getResourceAsStream("/" + name)) {
            assertThat(in).as("golden file " + name).isNotNull();
            assertThat(actual).isEqualTo(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    @Test
    void textSaysWhatWasMeasuredAndHowSure() throws IOException {
        String text = render(sessions(), Format.TEXT);
        assertThat(text)
                .contains("mock_benchmark (session f-session)")
                .contains("converged: every required target met")
                .contains("response time (ms), readings: mean 1.725 ms ± 0.142 ms (95% CI, ± 8.2% of mean), 44 rounds, "
                        + "samples merged in subsessions of 4 to remove autocorrelation; target (CI width ≤ 30% of "
                        + "mean) met")
                .contains("interrupted before every target was met")
                .contains("latency (ms), readings after warm-up removal: ")
                .contains("latency (ms), readings of all rounds: ")
                .contains("throughput (MB/s), unit readings after warm-up removal: harmonic mean ")
                .contains("work per second (round duration = α + work / v): v ")
                .contains("Not converged: waiting for readings of 'latency'")
                .doesNotContain("NaN");
        // the mock benchmark's PIs have no unit readings: no line for them
        assertThat(text).doesNotContain("response time (ms), unit readings").doesNotContain("delay time (ms), unit");
    }

    /**
     * Nine skewed rounds get a skewness-corrected CI that reaches further above the mean than below it; the text
     * used to print it as "mean ± half-width", which put its lower end where the interval does not reach.
     */
    @Test
    void anAsymmetricCiIsGivenByItsEndsNotAsPlusMinusAHalfWidth() throws IOException {
        double[] rounds = {0.857, 0.861, 0.866, 0.872, 0.881, 0.893, 0.912, 1.204, 1.481};
        SessionResult r = oneReadingARound("skewed", "s", 0.1, rounds);
        io.pilotbench.stats.ConfidenceInterval ci = r.pis().get(0).readings().ci();
        double mean = r.pis().get(0).readings().mean();
        assertThat(ci.high() - mean).as("skewness pushes the upper end out").isGreaterThan(1.2 * (mean - ci.low()));
        String text = render(List.of(r), Format.TEXT);
        assertThat(text)
                .contains("(95% CI [" + io.pilotbench.core.model.Formats.quantity(ci.low(), "s", mean) + ", "
                        + io.pilotbench.core.model.Formats.quantity(ci.high(), "s", mean) + "], width ");
        assertThat(text).doesNotContain(" CI, ± ");
    }

    /**
     * A PI whose CI was as narrow as asked read "target (CI width ≤ 20% of mean) not met: needs 27 rounds" beside a
     * width of 2.7%, with no word of what the stop rule still waited for (here the white-noise check: samples taken
     * as independent with a lag-1 autocorrelation of 0.47 at 24 blocks). The line now says it, as analyze's warning
     * does. The 24 values are an AR(1) series, φ = 0.3, seeded.
     */
    @Test
    void aCiAsNarrowAsAskedButNotMetSaysWhatTheStopRuleWaitsFor() throws IOException {
        double[] rounds = {
            103.865, 105.508, 101.851, 98.262, 96.202, 98.955, 96.620, 94.676, 99.001, 100.100, 101.669, 97.759,
            99.343, 99.609, 95.365, 100.224, 101.029, 107.476, 102.852, 100.421, 103.825, 101.744, 103.250, 99.878
        };
        SessionResult r = oneReadingARound("white", "ms", 0.2, rounds);
        assertThat(r.pis().get(0).readings().targetMet()).isFalse();
        assertThat(render(List.of(r), Format.TEXT))
                .containsPattern("target \\(CI width ≤ 20% of mean\\) not met: the CI is as narrow as asked, but "
                        + "samples taken as independent must show a lag-1 autocorrelation of at most 0\\.1 at 24 "
                        + "blocks, and it is 0\\.47; needs \\d+ rounds, \\d+ more");
    }

    @Test
    void emptyListsRenderWithoutFailing() {
        assertThat(render(List.of(), Format.TEXT)).isEmpty();
        assertThat(render(List.of(), Format.CSV)).isEqualTo(SessionRenderer.CSV_HEADER + "\n");
        assertThat(render(List.of(), Format.JSON)).contains("\"sessions\" : [ ]");
    }

    @Test
    void durationsReadNaturally() {
        assertThat(io.pilotbench.core.model.Formats.duration(0.07589)).isEqualTo("75.89 ms");
        assertThat(io.pilotbench.core.model.Formats.duration(12.5)).isEqualTo("12.5 s");
        assertThat(io.pilotbench.core.model.Formats.duration(185)).isEqualTo("3 min 5 s");
        assertThat(io.pilotbench.core.model.Formats.duration(7800)).isEqualTo("2 h 10 min");
        assertThat(io.pilotbench.core.model.Formats.duration(Double.NaN)).isEqualTo("unknown");
    }

    /**
     * The spread's columns (min … outliers) were inserted before "session", which moved it from the 13th column to
     * the 19th: a script reading it by position broke. Columns added to the CSV go after the ones it had.
     */
    @Test
    void theCsvKeepsItsFirstColumnsWhereTheyWereAndAddsNewOnesAfter() {
        List<String> columns = List.of(SessionRenderer.CSV_HEADER.split(","));
        assertThat(columns.subList(0, 13))
                .containsExactly(
                        "pi",
                        "unit",
                        "data",
                        "n",
                        "removed",
                        "mean",
                        "ci_low",
                        "ci_high",
                        "ci_width",
                        "subsession_size",
                        "required_samples",
                        "target_met",
                        "session");
        assertThat(columns.subList(13, columns.size()))
                .containsExactly("min", "median", "p90", "p99", "max", "outliers");
    }
}
