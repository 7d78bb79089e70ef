package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class SimulateCommandTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @TempDir
    Path tmp;

    @Test
    void modelsListsEveryPreset() {
        CliRun r = CliRun.run("simulate", "models");
        assertThat(r.code()).isZero();
        for (String preset : List.of(
                "normal", "ar1", "warmup-ar1", "heavy", "units", "wps", "warmup-exp-slow", "jit-tiers", "drift")) {
            assertThat(r.out()).contains(preset + " ");
        }
    }

    @Test
    void emitGivesTheSameRoundAloneAsInASeries() {
        CliRun series = CliRun.run("simulate", "emit", "warmup-ar1", "--seed", "3", "--rounds", "6");
        assertThat(series.code()).isZero();
        List<String> lines = series.out().lines().toList();
        assertThat(lines).hasSize(6);
        for (int r = 0; r < 6; r++) {
            CliRun one = CliRun.run("simulate", "emit", "warmup-ar1", "--seed", "3", "--round", Integer.toString(r));
            assertThat(one.out().strip()).isEqualTo(lines.get(r));
        }
        assertThat(Double.parseDouble(lines.get(0))).isGreaterThan(Double.parseDouble(lines.get(5)) * 0.9);
    }

    @Test
    void emitWritesUnitReadingsThatSumToTheReading() throws Exception {
        Path file = tmp.resolve("ur.txt");
        CliRun r = CliRun.run(
                "simulate", "emit", "units", "--seed", "2", "--round", "4", "--unit-readings", file.toString());
        assertThat(r.code()).isZero();
        List<String> units = Files.readAllLines(file);
        assertThat(units).hasSize(200);
        double sum = units.stream().mapToDouble(Double::parseDouble).sum();
        assertThat(Double.parseDouble(r.out().strip())).isCloseTo(sum, org.assertj.core.data.Offset.offset(1e-9));
    }

    /** The model as the command of a real pilot run: one JVM per round, each round's reading from (seed, round). */
    @Test
    void emitIsACommandForPilotRun() throws Exception {
        Path session = tmp.resolve("s");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> args = new ArrayList<>(List.of(
                "run",
                "-q",
                "--pi",
                "name=time,unit=ms,column=0",
                "--min-rounds",
                "3",
                "--max-rounds",
                "3",
                "-o",
                session.toString(),
                "--",
                java,
                "-XX:TieredStopAtLevel=1",
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName(),
                "simulate",
                "emit",
                "ar1",
                "--seed",
                "8"));
        CliRun run = CliRun.run(args.toArray(String[]::new));
        assertThat(run.code()).as(run.err()).isEqualTo(3); // the round limit, as asked
        List<String> readings = Files.readAllLines(session.resolve("readings.csv"));
        CliRun expected = CliRun.run("simulate", "emit", "ar1", "--seed", "8", "--rounds", "3");
        List<String> values = expected.out().lines().toList();
        assertThat(readings)
                .containsExactly(
                        "round,pi,reading", "0,0," + values.get(0), "1,0," + values.get(1), "2,0," + values.get(2));
    }

    @Test
    void evaluateReportsCoverageInJsonAndWritesEveryReplication() throws Exception {
        Path out = tmp.resolve("eval");
        CliRun r = CliRun.run(
                "simulate",
                "evaluate",
                "-w",
                "ar1",
                "-s",
                "fixed-10,naive",
                "-k",
                "40",
                "--seed",
                "5",
                "-o",
                out.toString(),
                "--format",
                "json",
                "-q");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode root = JSON.readTree(r.out());
        assertThat(root.get("workload").get("truth").asDouble()).isEqualTo(100);
        assertThat(root.get("replications").asInt()).isEqualTo(40);
        assertThat(root.get("oracle").get("samples").asLong()).isGreaterThan(200); // 19× the i.i.d. 18
        JsonNode fixed = root.get("strategies").get(0);
        assertThat(fixed.get("strategy").asString()).isEqualTo("fixed-10");
        assertThat(fixed.get("flag").asString()).isEqualTo("short");
        assertThat(fixed.get("coverage").get("value").asDouble())
                .isEqualTo(fixed.get("covered").asInt() / 40.0);
        List<String> rows = Files.readAllLines(out.resolve("replications.csv"));
        assertThat(rows).hasSize(81);
        assertThat(rows.get(0)).startsWith("strategy,replication,seed,estimate,low,high,covered,");
        long covered = rows.stream()
                .skip(1)
                .map(l -> l.split(","))
                .filter(c -> c[0].equals("fixed-10") && c[6].equals("true"))
                .count();
        assertThat(covered).isEqualTo(fixed.get("covered").asLong());
        assertThat(JSON.readTree(out.resolve("evaluation.json").toFile())).isEqualTo(root);
    }

    @Test
    void evaluateComparesTwoWorkloadsInMarkdown() {
        CliRun r = CliRun.run(
                "simulate",
                "evaluate",
                "-w",
                "normal",
                "-w",
                "normal",
                "-s",
                "fixed-10,jmh-5x5",
                "-k",
                "100",
                "--format",
                "markdown",
                "-q");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out())
                .contains("true ratio A/B 1 (equal means)")
                .contains("| strategy | correct | false difference |")
                .contains("| `fixed-10` |");
    }

    @Test
    void markdownTablesHaveAsManyDelimitersAsColumns() {
        // a 12-column header over a 10-column delimiter row renders as no table at all on GitHub
        for (String[] w : new String[][] {{"-w", "units"}, {"-w", "normal", "-w", "normal,mean=110"}}) {
            String[] args = Stream.concat(
                            Stream.of(
                                    "simulate", "evaluate", "-s", "fixed-10", "-k", "20", "--format", "markdown", "-q"),
                            Stream.of(w))
                    .toArray(String[]::new);
            CliRun r = CliRun.run(args);
            assertThat(r.code()).as(r.err()).isZero();
            List<String> table = r.out().lines().filter(l -> l.startsWith("|")).toList();
            assertThat(table).hasSizeGreaterThanOrEqualTo(3);
            assertThat(table.get(1)).matches("\\|(:?---:?\\|)+");
            long columns = cells(table.get(0));
            assertThat(table).allSatisfy(l -> assertThat(cells(l)).as(l).isEqualTo(columns));
        }
    }

    private static long cells(String row) {
        return row.replace("\\|", "").chars().filter(c -> c == '|').count() - 1;
    }

    @Test
    void badInputIsOneLineWithExitCode2() {
        String[][] cases = {
            {"simulate", "evaluate", "-w", "nromal"},
            {"simulate", "evaluate", "-w", "normal", "-s", "pilot-wps"},
            {"simulate", "evaluate", "-w", "normal", "-w", "ar1", "-w", "heavy"},
            {"simulate", "evaluate", "-s", "fastest"},
            {"simulate", "evaluate", "--ci-width", "0.5"},
            {"simulate", "evaluate", "-k", "0"},
            {"simulate", "emit", "units,units=0"},
            {"simulate", "emit", "normal", "--rounds", "0"},
        };
        for (String[] args : cases) {
            CliRun r = CliRun.run(args);
            assertThat(r.code()).as(String.join(" ", args)).isEqualTo(2);
            assertThat(r.err().strip().lines()).as(String.join(" ", args)).hasSize(1);
            assertThat(r.err()).startsWith("pilot: ").doesNotContain("Exception");
        }
    }
}
