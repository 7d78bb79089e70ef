package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Results of JMH and hyperfine read as they are, from real files those tools wrote on this machine:
 * {@code import/jmh-edm.json} ({@code java -jar pilot-benchmarks/target/benchmarks.jar 'EdmBenchmark.exact$' -p n=1000
 * -f 2 -wi 1 -i 3 -rf json}) and {@code import/hyperfine-sleep.json} ({@code hyperfine -N --runs 5 --export-json …
 * 'sleep 0.01' 'sleep 0.02'}, hyperfine 1.15).
 */
class ToolResultsImportTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @TempDir
    Path tmp;

    private static JsonNode analysis(CliRun r, int index) {
        assertThat(r.code()).as(r.err()).isZero();
        return JSON.readTree(r.out()).get("results").get(index);
    }

    @Test
    void jmhIterationsOfEveryForkAreTheSamples() throws Exception {
        String file = CliRun.resource("import/jmh-edm.json");
        JsonNode raw = JSON.readTree(Files.readString(Path.of(file)))
                .get(0)
                .get("primaryMetric")
                .get("rawData");
        double sum = 0;
        int n = 0;
        for (JsonNode fork : raw) {
            for (JsonNode v : fork) {
                sum += v.asDouble();
                n++;
            }
        }
        CliRun r = CliRun.run("analyze", "--format", "json", file);
        JsonNode a = analysis(r, 0);
        assertThat(r.out()).contains("EdmBenchmark.exact[n=1000] (avgt, ms/op, 2 forks)");
        assertThat(a.get("n").asInt()).isEqualTo(n);
        assertThat(a.findValue("mean").asDouble()).isCloseTo(sum / n, within(1e-12));
    }

    @Test
    void hyperfineCommandsAreSeriesAndTheirMeansAreHyperfines() throws Exception {
        String file = CliRun.resource("import/hyperfine-sleep.json");
        JsonNode results = JSON.readTree(Files.readString(Path.of(file))).get("results");
        CliRun r = CliRun.run("analyze", "--format", "json", file);
        assertThat(r.code()).as(r.err()).isZero();
        for (int i = 0; i < 2; i++) {
            JsonNode a = analysis(r, i);
            double ours = a.findValue("mean").asDouble();
            assertThat(ours).isCloseTo(results.get(i).get("mean").asDouble(), within(1e-12));
        }
        CliRun c = CliRun.run("compare", file);
        assertThat(c.code()).as(c.err()).isZero();
        assertThat(c.out()).containsPattern("1\\s+sleep 0\\.01\\s").containsPattern("2\\s+sleep 0\\.02\\s");
    }

    /**
     * hyperfine's run times are seconds: compared as "value, lower is better … (s) is 1.976× lower" with the unit in
     * each name, they are now times, in ms, and "faster".
     */
    @Test
    void hyperfineRunTimesAreComparedAsTimesInSeconds() {
        CliRun c = CliRun.run("compare", CliRun.resource("import/hyperfine-sleep.json"));
        assertThat(c.code()).as(c.err()).isZero();
        assertThat(c.out())
                .startsWith("Comparing time (s), lower is better")
                .containsPattern("sleep 0\\.01 is \\d\\.\\d+× faster than sleep 0\\.02 ")
                .containsPattern("1\\s+sleep 0\\.01\\s+1\\d\\.\\d+ ms")
                .doesNotContain("(s) is");
    }

    @Test
    void jsonOfAnotherKindIsOneLine() throws Exception {
        Path f = tmp.resolve("other.json");
        Files.writeString(f, "{\"hello\": [1, 2, 3]}");
        CliRun r = CliRun.run("analyze", f.toString());
        assertThat(r.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(r.err())
                .contains("neither a JMH (-rf json) nor a hyperfine (--export-json) result")
                .hasLineCount(1);
    }

    /**
     * A JMH result as a round's unit readings: a round is one JMH fork and its iterations are the unit readings, so
     * the unit readings' warm-up test finds the JIT's and the CI treats forks as the level where independence holds.
     */
    @Test
    void aJmhResultFileGivesTheRoundsUnitReadings() throws Exception {
        String file = CliRun.resource("import/jmh-edm.json");
        CliRun r = CliRun.run(
                "run",
                "--format",
                "json",
                "--max-rounds",
                "4",
                "--pi",
                "name=score,unit=ms/op,unit-readings=jmh.json",
                "-o",
                tmp.resolve("s").toString(),
                "--",
                "sh",
                "-c",
                "cp " + file + " \"$PILOT_RESULT_DIR/jmh.json\"");
        // the same result every round, its first iterations slower than its last: no steady state within a round
        assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.NO_STEADY_STATE.code());
        JsonNode units = JSON.readTree(r.out()).get("pis").get(0).get("unitReadings");
        assertThat(units.get("n").asInt() + units.path("removed").asInt()).isEqualTo(4 * 6);
    }

    /**
     * criterion.rs's raw.csv, in the format its documentation gives (criterion 0.3-0.5), through the commands: a
     * series per benchmark, each sample its time per iteration. The reading itself is checked against criterion's
     * own output and estimates in pilot-core's {@code CriterionRawCsvTest}.
     */
    @Test
    void criterionSamplesAreTimesPerIteration() throws Exception {
        String file = CliRun.resource("import/criterion-raw.csv");
        CliRun r = CliRun.run("analyze", "--format", "json", file);
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode recursive = JSON.readTree(r.out()).get("results").get(0);
        assertThat(recursive.get("column").asString()).isEqualTo("fib/recursive/20 (ns per iteration)");
        assertThat(recursive.get("n").asInt()).isEqualTo(4);
        double expected = (1220000.0 / 50 + 2430000.0 / 100 + 3700000.0 / 150 + 4810000.0 / 200) / 4;
        assertThat(recursive.findValue("mean").asDouble()).isCloseTo(expected, within(1e-9));
        CliRun c = CliRun.run("compare", file);
        assertThat(c.code()).as(c.err()).isZero();
        assertThat(c.out()).contains("fib/iterative/20").contains("fib/recursive/20");
    }
}
