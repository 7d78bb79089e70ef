package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorOutputStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/** pilot package check and pilot experiment plan/run/resume/analyze, in process. */
class ExperimentCommandTest {
    @TempDir
    Path tmp;

    @BeforeEach
    void packages() throws IOException {
        Path p = Files.createDirectories(tmp.resolve("p"));
        Files.writeString(p.resolve("run.sh"), ":\n");
        Files.writeString(p.resolve("collect.sh"), "echo size 7\n");
        Path q = Files.createDirectories(tmp.resolve("q"));
        Files.writeString(q.resolve("run.sh"), "sleep 0.02\n");
        Files.writeString(q.resolve("collect.sh"), "echo size 9\n");
        Files.createDirectories(tmp.resolve("norun"));
        Files.writeString(tmp.resolve("norun/collect.sh"), ":\n");
        try (TarArchiveOutputStream t = new TarArchiveOutputStream(
                new GzipCompressorOutputStream(Files.newOutputStream(tmp.resolve("evil.tar.gz"))))) {
            entry(t, "run.sh", ":\n");
            entry(t, "collect.sh", ":\n");
            entry(t, "../../escaped", "pwned\n");
        }
    }

    private static void entry(TarArchiveOutputStream t, String name, String content) throws IOException {
        byte[] b = content.getBytes(StandardCharsets.UTF_8);
        TarArchiveEntry e = new TarArchiveEntry(name, true);
        e.setSize(b.length);
        t.putArchiveEntry(e);
        t.write(b);
        t.closeArchiveEntry();
    }

    private Path file(String yaml) throws IOException {
        return Files.writeString(tmp.resolve("exp.yaml"), yaml);
    }

    @Test
    void packageCheckSaysWhatAPackageHolds() {
        CliRun r = CliRun.run("package", "check", tmp.resolve("p").toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("ok, package p: run.sh, collect.sh");
        CliRun bad = CliRun.run("package", "check", tmp.resolve("norun").toString());
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err().strip()).contains("no run.sh").doesNotContain("\n");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '"',
            value = {
                "{packages: {p: p}, factors: {colour: {levels: [red]}}}|unknown factor 'colour'",
                "{packages: {p: p}, factors: {aslr: {coverage: 150%}}}|outside 0% to 100%",
                "{packages: {p: p}, factors: {aslr: {coverage: -1%}}}|outside 0% to 100%",
                "{packages: {p: norun}}|no run.sh",
                "{packages: {p: evil.tar.gz}}|climbs out with '..'",
                "{packages: {p: missing}}|no such package"
            })
    void everyBadExperimentFileIsOneLineAndExitCode2(String yaml, String message) throws IOException {
        Path f = file(yaml + "\n");
        for (String command : new String[] {"plan", "run"}) {
            CliRun r = CliRun.run(
                    "experiment",
                    command,
                    f.toString(),
                    "-o",
                    tmp.resolve("out-" + command).toString());
            if (command.equals("plan")) {
                r = CliRun.run("experiment", "plan", f.toString());
            }
            assertThat(r.code()).as(r.err()).isEqualTo(2);
            assertThat(r.err().strip()).startsWith("pilot: ").contains(message).doesNotContain("\n");
        }
        assertThat(tmp.getParent().resolve("escaped")).doesNotExist();
        assertThat(tmp.resolve("out-run")).doesNotExist();
    }

    /** A package's name becomes a directory (packages/NAME): an absolute or climbing one is refused, as on a mill. */
    @Test
    void packageNamesThatAreNotSafeNamesAreOneLineAndExitCode2() throws IOException {
        Path outside = tmp.resolve("outside");
        for (String name :
                List.of("../../escaped-name", outside.resolve("pwned").toString(), ".hidden", "-x")) {
            Path f = file("packages: {\"" + name + "\": p}\n");
            CliRun r = CliRun.run(
                    "experiment", "run", f.toString(), "-o", tmp.resolve("out").toString());
            assertThat(r.code()).as(r.err()).isEqualTo(2);
            assertThat(r.err().strip())
                    .startsWith("pilot: ")
                    .contains("packages: name \"" + name + "\" is not a safe name")
                    .doesNotContain("\n");
        }
        assertThat(tmp.getParent().resolve("escaped-name")).doesNotExist();
        assertThat(outside).doesNotExist();
        assertThat(tmp.resolve("out")).doesNotExist();
    }

    @Test
    void aTwentyThousandDeepExperimentFileIsOneLineAndExitCode2() throws IOException {
        for (String deep : new String[] {"packages: " + "[".repeat(20_000), "- ".repeat(20_000) + "x"}) {
            Path f = file(deep + "\n");
            for (CliRun r : new CliRun[] {
                CliRun.run("experiment", "plan", f.toString()),
                CliRun.run(
                        "experiment",
                        "run",
                        f.toString(),
                        "-o",
                        tmp.resolve("deep-run").toString())
            }) {
                assertThat(r.code()).as(r.err()).isEqualTo(2);
                assertThat(r.err().strip())
                        .startsWith("pilot: ")
                        .contains("nested more than")
                        .doesNotContain("\n")
                        .doesNotContain("StackOverflow");
            }
        }
    }

    @Test
    void planPrintsTheJobsAndTheirCountReproducibly() throws IOException {
        Path f = file("seed: 9\nreplications: 2\npackages: {p: p, q: q}\nfactors: {aslr: 100%}\n");
        CliRun a = CliRun.run("experiment", "plan", f.toString());
        CliRun b = CliRun.run("experiment", "plan", f.toString());
        assertThat(a.code()).as(a.err()).isZero();
        assertThat(a.out())
                .contains("8 jobs, in this order:")
                .contains("factor aslr (aslr, coverage 100%): on, off")
                .endsWith("8 jobs\n");
        assertThat(a.out()).isEqualTo(b.out());
        assertThat(a.out().lines().filter(l -> l.matches("  000[1-8]\tlocal\t[12]\t[pq]\to(n|ff)")))
                .hasSize(8);
    }

    @Test
    void runThenAnalyzeNamesThePackage() throws IOException {
        Path f = file("seed: 3\nreplications: 3\npackages: {p: p, q: q}\nmetrics: [size]\n"
                + "precision: {max-rounds: 3}\nfactors: {aslr: 100%}\n");
        Path dir = tmp.resolve("out");
        CliRun run = CliRun.run("experiment", "run", f.toString(), "-o", dir.toString());
        assertThat(run.code()).as(run.err()).isZero();
        assertThat(run.out()).contains("12 jobs: 12 run now, 0 done before, 0 failed");
        assertThat(run.err()).contains("job 12/12");
        // each job's time for a person ("time 2.31 ms (3 rounds, …)"), not the table's every digit and " s"
        assertThat(run.err().lines().filter(l -> l.startsWith("job ")))
                .hasSize(12)
                .allMatch(
                        l -> l.matches("job \\d+/12 .*: time \\d{1,3}(\\.\\d{1,3})? (ns|µs|ms|s) \\(3 rounds, .*\\)"),
                        "formatted");
        CliRun again = CliRun.run("experiment", "resume", dir.toString());
        assertThat(again.code()).as(again.err()).isZero();
        assertThat(again.out()).contains("0 run now, 12 done before");
        CliRun an = CliRun.run("experiment", "analyze", dir.toString(), "--order", "1");
        assertThat(an.code()).as(an.err()).isZero();
        assertThat(an.out())
                .contains("metric time: 12 jobs")
                .contains("Mean Sq.")
                .contains("package changes execution time by")
                .contains("metric size: 12 jobs");
        CliRun busy = CliRun.run("experiment", "analyze", tmp.resolve("nothing").toString());
        assertThat(busy.code()).isEqualTo(2);
        assertThat(busy.err()).contains("not an experiment directory");
    }

    @Test
    void analyzeWarnsWhenJobsStoppedAtTheRoundCap() throws IOException {
        // as in the shipped examples: 3 rounds cannot give the 30 subsessions a CI needs, so every session of p and
        // q ends at the round cap; broken's collect.sh fails, so its jobs are not analysed and not counted
        Path broken = Files.createDirectories(tmp.resolve("broken"));
        Files.writeString(broken.resolve("run.sh"), ":\n");
        Files.writeString(broken.resolve("collect.sh"), "exit 1\n");
        Path f = file("seed: 3\nreplications: 2\npackages: {p: p, q: q, broken: broken}\nmetrics: [size]\n"
                + "precision: {max-rounds: 3}\nfactors: {package: 100%}\n");
        Path dir = tmp.resolve("out");
        CliRun run = CliRun.run("experiment", "run", f.toString(), "-o", dir.toString());
        assertThat(run.code()).as(run.err()).isEqualTo(ExitCode.WORKLOAD_FAILED.code());
        List<String> capped = new ArrayList<>();
        for (String line : Files.readAllLines(dir.resolve("results.csv")).subList(1, 7)) {
            if (!line.contains(",broken,")) {
                assertThat(line).contains(",3,round_limit,");
                capped.add(line.substring(0, line.indexOf(',')));
            }
        }
        assertThat(capped).hasSize(4);

        CliRun text = CliRun.run("experiment", "analyze", dir.toString(), "--order", "1");
        assertThat(text.code()).as(text.err()).isZero();
        assertThat(text.out())
                .startsWith("warning: 4 of 4 jobs stopped before their precision target (4 at the "
                        + "round cap (max-rounds)): " + String.join(" ", capped) + ".\n")
                .contains("the ANOVA below rests on it")
                .contains("metric time: 4 jobs");

        CliRun json = CliRun.run("experiment", "analyze", dir.toString(), "--order", "1", "--json");
        assertThat(json.code()).as(json.err()).isZero();
        JsonNode doc = new ObjectMapper().readTree(json.out());
        JsonNode imprecise = doc.get("imprecise");
        assertThat(imprecise.get("count").asInt()).isEqualTo(4);
        assertThat(imprecise.get("analysed").asInt()).isEqualTo(4);
        assertThat(imprecise.get("jobs").toString()).isEqualTo("[\"" + String.join("\",\"", capped) + "\"]");
        assertThat(imprecise.get("reasons").get("round_limit").asInt()).isEqualTo(4);
        assertThat(imprecise.get("warning").asString()).startsWith("warning: 4 of 4 jobs stopped");
        assertThat(doc.get("metrics").get(0).get("metric").asString()).isEqualTo("time");
        assertThat(doc.get("metrics").get(0).get("jobs").asInt()).isEqualTo(4);
        assertThat(doc.get("metrics").get(0).get("terms").get(0).get("term").asString())
                .isEqualTo("package");
    }

    /** The JSON of analyze carries what the text says was left out, and that the residual has no replicates. */
    @Test
    void analyzeJsonSaysWhatWasLeftOutAndThatThereAreNoReplicates() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("left-out"));
        Files.writeString(dir.resolve("results.csv"), """
                job,worker,replication,package,a,b,time,time.ci.low,time.ci.high,rounds,stop,env.bytes,error
                0001,host,1,p,x,u,1.0,,,40,target_met,,
                0002,host,1,p,x,v,1.5,,,40,target_met,,
                0003,host,1,p,y,u,2.25,,,40,target_met,,
                0004,host,1,p,y,v,2.5,,,40,target_met,,
                0005,host,2,p,x,u,,,,,,,collect.sh exited with 1
                """);
        CliRun text = CliRun.run("experiment", "analyze", dir.toString());
        assertThat(text.code()).as(text.err()).isZero();
        assertThat(text.out())
                .contains("1 failed job was left out (job 0005")
                .contains("factor package was left out")
                .contains("no replicates to estimate the error from")
                .doesNotContain("is fixed by the factors");
        CliRun json = CliRun.run("experiment", "analyze", dir.toString(), "--json");
        assertThat(json.code()).as(json.err()).isZero();
        JsonNode m = new ObjectMapper().readTree(json.out()).get("metrics").get(0);
        assertThat(m.get("leftOut").get("failedJobs").toString()).isEqualTo("[\"0005\"]");
        assertThat(m.get("leftOut").get("singleLevelFactors").get("package").asString())
                .isEqualTo("p");
        assertThat(m.get("noReplicates").asBoolean()).isTrue();
        assertThat(m.get("residualNote").asString()).contains("no replicates");
    }
}
