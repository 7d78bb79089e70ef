package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Findings of a replay of recorded series ({@code pilot simulate evaluate --trace}): {@code -o DIR} wrote nothing for
 * a replay (it said it writes replications.csv and evaluation.json), {@code --format json} printed text for a replay
 * of forks and {@code --format csv} text for any replay, and a replay of forks measured from their first iteration while {@code pilot jmh} warms each fork up for as
 * many iterations as it measures.
 */
class TraceReplayOutputTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final int FORKS = 4;
    private static final int WARM_UP = 10;

    @TempDir
    Path tmp;

    @Test
    void aReplayOfSeriesWritesOneLinePerSeriesAndItsScoresToTheOutputDirectory() throws IOException {
        Path set = labelledSet();
        Path out = tmp.resolve("out");
        CliRun r = CliRun.run("simulate", "evaluate", "--trace", set.toString(), "-o", out.toString());
        assertThat(r.code()).as(r.err()).isZero();
        List<String> csv = Files.readAllLines(out.resolve("replications.csv"));
        assertThat(csv.get(0)).startsWith("series,steady_start,truth,stop,estimate,low,high,covered");
        assertThat(csv).hasSize(1 + 2 * FORKS);
        assertThat(csv.get(1)).startsWith("b1#fork0," + WARM_UP + ",");
        JsonNode scores = JSON.readTree(out.resolve("evaluation.json").toFile());
        assertThat(scores.path("traces").asInt()).isEqualTo(2 * FORKS);
        assertThat(scores.path("steady").asInt()).isEqualTo(2 * FORKS);
        CliRun asCsv = CliRun.run("simulate", "evaluate", "--trace", set.toString(), "--format", "csv");
        assertThat(asCsv.out().lines().toList()).isEqualTo(csv);
    }

    @Test
    void aReplayOfForksWarmsUpAsManyIterationsAsItMeasuresAsPilotJmhDoes() throws IOException {
        Path set = labelledSet();
        Path out = tmp.resolve("forks");
        CliRun r = forks(set, "--format", "json", "-o", out.toString());
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode printed = JSON.readTree(r.out());
        assertThat(printed.path("warmupIterations").asInt()).isEqualTo(WARM_UP);
        assertThat(printed.path("benchmarks").asInt()).isEqualTo(2);
        assertThat(JSON.readTree(out.resolve("evaluation.json").toFile())).isEqualTo(printed);
        List<String> csv = Files.readAllLines(out.resolve("replications.csv"));
        assertThat(csv).hasSize(1 + 2);
        for (String line : csv.subList(1, csv.size())) {
            String[] f = line.split(",");
            // measured after the warm-up (level 2) the forks are at their steady level (1); from iteration 0, at 2
            assertThat(Double.parseDouble(f[3])).as(line).isBetween(0.95, 1.05);
        }
        // an explicit --warmup-iterations 0 still measures from the first iteration: the warm-up's level
        CliRun cold = forks(set, "--warmup-iterations", "0", "--format", "csv");
        assertThat(cold.code()).as(cold.err()).isZero();
        List<String> coldCsv = cold.out().lines().toList();
        assertThat(coldCsv).hasSize(1 + 2);
        for (String line : coldCsv.subList(1, coldCsv.size())) {
            assertThat(Double.parseDouble(line.split(",")[3])).as(line).isBetween(1.9, 2.1);
        }
    }

    @Test
    void aFileOfNumbersGetsItsAnswerInTheJsonAsInTheText() throws IOException {
        StringBuilder b = new StringBuilder();
        Random random = new Random(3);
        for (int i = 0; i < 300; i++) {
            b.append(100 + random.nextGaussian()).append('\n');
        }
        Path file = Files.writeString(tmp.resolve("rounds.txt"), b);
        CliRun r = CliRun.run("simulate", "evaluate", "--trace", file.toString(), "--truth", "100", "--format", "json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode series = JSON.readTree(r.out()).path("series");
        assertThat(series.size()).isEqualTo(1);
        JsonNode answer = series.get(0);
        assertThat(answer.path("series").asText()).isEqualTo("rounds.txt");
        assertThat(answer.path("stop").asText()).isEqualTo("TARGET_MET");
        // the answer as the JSON states it, consistent with itself (whether this one CI covers is chance: 95%)
        double low = answer.path("low").asDouble();
        double high = answer.path("high").asDouble();
        assertThat(low).isGreaterThan(99).isLessThan(answer.path("estimate").asDouble());
        assertThat(high).isLessThan(101).isGreaterThan(answer.path("estimate").asDouble());
        assertThat(answer.path("covered").asBoolean()).isEqualTo(low <= 100 && 100 <= high);
        String text = CliRun.run("simulate", "evaluate", "--trace", file.toString(), "--truth", "100")
                .out();
        assertThat(text)
                .contains(
                        "rounds.txt: target_met after " + answer.path("rounds").asInt() + " rounds");
    }

    @Test
    void aBadOutputDirectoryIsRefusedBeforeTheReplay() throws IOException {
        Path file = Files.writeString(tmp.resolve("a-file"), "x");
        CliRun r = CliRun.run("simulate", "evaluate", "--trace", labelledSet().toString(), "-o", file.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("-o: " + file + " is a file").doesNotContain("Exception");
        assertThat(r.out()).isEmpty();
        CliRun markdown =
                CliRun.run("simulate", "evaluate", "--trace", labelledSet().toString(), "--format", "markdown");
        assertThat(markdown.code()).isEqualTo(2);
        assertThat(markdown.err()).contains("--format markdown");
    }

    /** {@code pilot simulate evaluate --trace SET --iterations WARM_UP} and {@code more}. */
    private static CliRun forks(Path set, String... more) {
        List<String> args = new ArrayList<>(
                List.of("simulate", "evaluate", "--trace", set.toString(), "--iterations", Integer.toString(WARM_UP)));
        args.addAll(List.of(more));
        return CliRun.run(args.toArray(String[]::new));
    }

    /** Two benchmarks of {@link #FORKS} forks: {@link #WARM_UP} iterations at 2, then 300 at 1 (CV 1%), labelled. */
    private Path labelledSet() throws IOException {
        Path set = tmp.resolve("set");
        Files.createDirectories(set.resolve("series"));
        Files.createDirectories(set.resolve("classification"));
        Random random = new Random(11);
        for (String b : List.of("b1", "b2")) {
            List<String> forks = new ArrayList<>();
            List<String> starts = new ArrayList<>();
            for (int f = 0; f < FORKS; f++) {
                List<String> v = new ArrayList<>();
                for (int i = 0; i < WARM_UP + 300; i++) {
                    v.add(Double.toString((i < WARM_UP ? 2 : 1) * (1 + 0.01 * random.nextGaussian())));
                }
                forks.add("[" + String.join(",", v) + "]");
                starts.add(Integer.toString(WARM_UP - 1)); // the last warm-up iteration, as the data set labels it
            }
            try (OutputStream gz = new GZIPOutputStream(
                    Files.newOutputStream(set.resolve("series").resolve(b + ".json.gz")))) {
                gz.write(("[" + String.join(",", forks) + "]").getBytes(StandardCharsets.UTF_8));
            }
            Files.writeString(
                    set.resolve("classification").resolve(b + ".json"),
                    "{\"steady_state_starts\": [" + String.join(",", starts) + "]}");
        }
        return set;
    }
}
