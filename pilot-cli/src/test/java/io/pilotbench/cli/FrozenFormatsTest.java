package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Results written by an earlier Pilot stay readable by today's commands: a live comparison's directory, an
 * experiment's results and a history file, written once by the pilot commands and frozen under
 * {@code src/test/resources/fixtures} (how: the README there). The session directory of format version 1 is read in
 * pilot-core, a campaign in pilot-script. A change that breaks one of these breaks users' old results: version the
 * format and keep reading this one instead of editing the fixture.
 */
class FrozenFormatsTest {
    private static final Path FIXTURES = Path.of("src/test/resources/fixtures");

    @TempDir
    Path tmp;

    /** compare.json, schedule.csv and the sessions with their command.json: resumed, it is decided already. */
    @Test
    void aComparisonDirectoryIsStillResumed() throws IOException {
        Path dir = copy(FIXTURES.resolve("compare"), tmp.resolve("compare"));
        CliRun r = CliRun.run("compare", "--resume", dir.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out())
                .contains("fast is 1.864× faster than slow (95% CI 1.619×–2.207×, anytime p = 0.00647)")
                .containsPattern("1 +fast +12.22 ms +± 36% +\\[10.43 ms, 19.33 ms] +5 ")
                .containsPattern("2 +slow +22.77 ms +± 17% +\\[21.18 ms, 29.12 ms] +5 ");
        assertThat(Files.readAllLines(dir.resolve("schedule.csv"))).hasSize(11);
    }

    @Test
    void aComparisonDirectoryIsStillReported() throws IOException {
        Path dir = copy(FIXTURES.resolve("compare"), tmp.resolve("compare"));
        Path html = tmp.resolve("report.html");
        CliRun r = CliRun.run("report", dir.toString(), "-o", html.toString());
        assertThat(r.code()).as(r.err()).isZero();
        // the comparison's own verdict, cycle by cycle: comparison.json's paired ratio [0.4532, 0.6175] is 1.619× to
        // 2.207× faster (before the report paired the cycles, it compared the sessions apart: 1.56×–2.278×)
        JsonNode paired = JsonMapper.builder()
                .build()
                .readTree(dir.resolve("comparison.json").toFile())
                .path("pairs")
                .path(0)
                .path("paired")
                .path("ratio");
        assertThat(1 / paired.path("high").asDouble()).isCloseTo(1.619, within(0.0005));
        assertThat(1 / paired.path("low").asDouble()).isCloseTo(2.207, within(0.0005));
        assertThat(Files.readString(html)).contains("1.864× faster than slow (95% CI 1.619×–2.207×");
    }

    /** The sessions of a comparison, compared as stored data; and comparison.json keeps what overhead reads. */
    @Test
    void theSessionsOfAComparisonAreStillCompared() throws IOException {
        Path dir = copy(FIXTURES.resolve("compare"), tmp.resolve("compare"));
        CliRun r = CliRun.run(
                "compare",
                dir.resolve("1-fast").toString(),
                dir.resolve("2-slow").toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).containsPattern("1-fast is 1.864× faster than \\S*2-slow \\(95% CI 1.56×–2.278×");
        JsonNode record = JsonMapper.builder()
                .build()
                .readTree(dir.resolve("comparison.json").toFile());
        assertThat(record.isObject()).isTrue();
        assertThat(record.toString()).contains("fast").contains("slow");
    }

    /** plan.csv and results.csv: the ANOVA of the frozen jobs, to the printed digits. */
    @Test
    void anExperimentsResultsAreStillAnalysed() throws IOException {
        Path dir = copy(FIXTURES.resolve("experiment"), tmp.resolve("experiment"));
        CliRun r = CliRun.run("experiment", "analyze", dir.toString(), "--order", "1");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out())
                .contains("metric time: 4 jobs, R² = 0.9951")
                .containsPattern("package +1 +0.0001026 +409.0 +0.002436")
                .contains("package changes execution time by 78.1% (q 0.02310 vs p 0.01297, difference 0.0101 "
                        + "± 0.0022 at 95%; p = 0.002)")
                .contains("package changes size by 28.6% (q 9.000 vs p 7.000");
        assertThat(r.out() + r.err()).contains("4 of 4 jobs stopped before their precision target");
    }

    /** history.csv of 11 fields: the shift at c005, its size and CI. */
    @Test
    void aHistoryFileStillShowsItsShift() throws IOException {
        Path store = copy(FIXTURES.resolve("history"), tmp.resolve("history"));
        CliRun r = CliRun.run("history", "detect", "--store", store.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out())
                .contains("wall time (s): 8 commits, 1 shift")
                .contains("commit c005 made it 82.1% higher (95% CI 71.7% to 92.5%, permutation p = 0.008)");
    }

    private static Path copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            files.forEach(f -> {
                try {
                    Files.copy(f, to.resolve(from.relativize(f).toString()));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
        return to;
    }
}
