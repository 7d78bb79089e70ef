package io.pilotbench.mill.backend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.pilotbench.experiment.ExperimentAnalysis;
import io.pilotbench.experiment.ExperimentFile;
import io.pilotbench.experiment.ExperimentSpec;
import io.pilotbench.experiment.Worker;
import io.pilotbench.mill.testing.RunJobMain;
import io.pilotbench.mill.testing.SlurmCluster;
import io.pilotbench.mill.testing.TinyExperiment;
import io.pilotbench.stats.anova.SumOfSquares;
import io.pilotbench.testing.SystemTest;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Slurm back-end against a real single-node Slurm ({@link SlurmCluster}: slurmctld, slurmd and munged from
 * Debian's packages, started here). Skipped, with the reason, when not root or Slurm is not installed.
 */
@SystemTest
class SlurmBackendTest {
    private static final ClusterRun.Settings FAST = new ClusterRun.Settings(3, Duration.ofMillis(250));
    private static SlurmCluster cluster;

    @TempDir
    static Path shared;

    @BeforeAll
    static void startSlurm() throws Exception {
        String why = SlurmCluster.unavailable();
        assumeTrue(why == null, why);
        cluster = SlurmCluster.start(shared.resolve("slurm"));
    }

    @AfterAll
    static void stopSlurm() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    private static SlurmBackend backend() {
        return SlurmBackend.create(RunJobMain.launcher(), null, cluster.env());
    }

    @Test
    void theInventoryIsTheNodeWithItsCoresMemoryAndFeatures() throws IOException {
        List<Worker> nodes = backend().inventory();
        assertThat(nodes).hasSize(1);
        Worker w = nodes.get(0);
        assertThat(w.name()).isEqualTo(cluster.node());
        assertThat(w.attributes())
                .containsEntry("cores", Integer.toString(Runtime.getRuntime().availableProcessors()))
                .containsEntry("features", "pilottest")
                .containsEntry("os", "linux")
                .containsKey("memory")
                .containsEntry("arch", Worker.local().attributes().get("arch"));
    }

    @Test
    void anExperimentRunsOnSlurmAndEveryRowIsCollectedOnceThenAnalysed() throws Exception {
        Path file = TinyExperiment.write(shared.resolve("exp1"), 2, "0.05");
        Path dir = shared.resolve("out1");
        StringWriter log = new StringWriter();
        long t0 = System.nanoTime();
        ClusterRun.Outcome o =
                ClusterRun.start(ExperimentFile.read(file), backend(), dir, true, FAST, new PrintWriter(log));
        System.out.printf("slurm: 4 jobs in %.1f s%n", (System.nanoTime() - t0) / 1e9);
        assertThat(o.jobs()).isEqualTo(4);
        assertThat(o.collected()).as(log.toString()).isEqualTo(4);
        assertThat(o.failed()).isZero();
        assertThat(o.resubmitted()).isZero();
        List<Map<String, String>> rows = Csv.records(Files.readString(dir.resolve("results.csv")));
        assertThat(rows).extracting(r -> r.get("job")).containsExactlyInAnyOrder("0001", "0002", "0003", "0004");
        assertThat(rows).allSatisfy(r -> {
            assertThat(r.get("error")).isEmpty();
            assertThat(r.get("worker")).as("the node, not the back-end").isEqualTo(cluster.node());
            assertThat(r.get("rounds")).isEqualTo("3");
            assertThat(r.get("units")).isEqualTo(Integer.toString(Integer.parseInt(r.get("work")) * 4000) + ".0");
            assertThat(r.get("work.observed")).isEqualTo(r.get("work"));
        });
        // each job ran as a Slurm job (its batch output is there) in its own directory
        for (String id : List.of("0001", "0002", "0003", "0004")) {
            assertThat(dir.resolve("cluster/" + id + "-a1.out")).exists();
            assertThat(dir.resolve("jobs/" + id + "/results.csv")).exists();
        }
        List<ExperimentAnalysis.MetricAnalysis> a = ExperimentAnalysis.analyze(dir, 2, SumOfSquares.TYPE_II);
        assertThat(a).extracting(ExperimentAnalysis.MetricAnalysis::metric).containsExactly("time", "units");
        ExperimentAnalysis.MetricAnalysis time = a.get(0);
        assertThat(time.n()).isEqualTo(4);
        assertThat(time.factors()).containsExactly("work");
        assertThat(time.effects().get("work").high()).isEqualTo("4");
    }

    @Test
    void aJobCancelledWithScancelIsSubmittedAgainAndCollectedOnce() throws Exception {
        Path file = TinyExperiment.write(shared.resolve("exp2"), 1, "0.4");
        Path dir = shared.resolve("out2");
        ExperimentSpec spec = ExperimentFile.read(file);
        AtomicReference<ClusterRun.Outcome> outcome = new AtomicReference<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        StringWriter log = new StringWriter();
        Thread driver = new Thread(() -> {
            try {
                outcome.set(ClusterRun.start(spec, backend(), dir, true, FAST, new PrintWriter(log)));
            } catch (Throwable e) {
                failure.set(e);
            }
        });
        driver.start();
        // cancel the first job that runs, once its session has started (its directory has rounds in it)
        String victim = null;
        long end = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (victim == null && System.nanoTime() < end) {
            for (String line : cluster.command("squeue", "--me", "--noheader", "--format=%i|%T|%j")
                    .split("\n")) {
                String[] p = line.strip().split("\\|");
                if (p.length == 3 && p[1].equals("RUNNING")) {
                    String job = p[2].split("-")[2];
                    if (Files.isDirectory(dir.resolve("jobs/" + job + "/jobs/" + job + "/session"))) {
                        victim = p[0];
                    }
                }
            }
            Thread.sleep(50);
        }
        assertThat(victim).as("a running job to cancel").isNotNull();
        cluster.command("scancel", victim);
        driver.join(60_000);
        assertThat(failure.get()).isNull();
        ClusterRun.Outcome o = outcome.get();
        assertThat(o).as(log.toString()).isNotNull();
        assertThat(o.collected()).as(log.toString()).isEqualTo(2);
        assertThat(o.resubmitted()).isEqualTo(1);
        List<Map<String, String>> rows = Csv.records(Files.readString(dir.resolve("results.csv")));
        assertThat(rows).extracting(r -> r.get("job")).containsExactlyInAnyOrder("0001", "0002");
        assertThat(rows).allSatisfy(r -> assertThat(r.get("error")).isEmpty());
        List<List<String>> journal = Csv.parse(Files.readString(dir.resolve("cluster/journal.csv")));
        String cancelledVictim = victim;
        assertThat(journal).anySatisfy(e -> assertThat(e)
                .containsSequence("ended")
                .contains(cancelledVictim)
                .anySatisfy(d -> assertThat(d).startsWith("CANCELLED")));
        assertThat(journal.stream().filter(e -> e.get(0).equals("submitted")).count())
                .isEqualTo(3);
        assertThat(log.toString()).contains("submitted again (attempt 2 of 3)");
    }

    /** A driver killed right after sbatch accepted a job (before its journal said so), then resumed. */
    @Test
    void aResumedDriverAdoptsTheJobsStillInTheClusterInsteadOfSubmittingThemTwice() throws Exception {
        Path file = TinyExperiment.write(shared.resolve("exp3"), 1, "0.3");
        Path dir = shared.resolve("out3");
        Counting first = new Counting(backend(), 1); // "killed" once its first sbatch returns
        try {
            ClusterRun.start(ExperimentFile.read(file), first, dir, true, FAST, null);
            throw new AssertionError("the driver should have been killed");
        } catch (Killed expected) {
            // the driver died; its one cluster job is queued or running, unknown to the journal
        }
        assertThat(first.submitted).hasSize(1);
        assertThat(dir.resolve("cluster/journal.csv")).doesNotExist();
        Counting second = new Counting(backend(), Integer.MAX_VALUE);
        ClusterRun.Outcome o = ClusterRun.resume(dir, second, FAST, null);
        assertThat(o.collected()).isEqualTo(2);
        // job 0001's cluster job was found by name: only job 0002 was submitted by the resumed driver
        String adopted = first.submitted.get(0);
        assertThat(second.submitted).hasSize(1).doesNotContain(adopted);
        assertThat(Files.readString(dir.resolve("cluster/journal.csv"))).contains("found in the cluster by name");
        List<Map<String, String>> rows = Csv.records(Files.readString(dir.resolve("results.csv")));
        assertThat(rows).extracting(r -> r.get("job")).containsExactlyInAnyOrder("0001", "0002");
        // and a second resume finds everything collected and submits nothing
        Counting third = new Counting(backend(), Integer.MAX_VALUE);
        assertThat(ClusterRun.resume(dir, third, FAST, null).collected()).isEqualTo(2);
        assertThat(third.submitted).isEmpty();
    }

    /** A hardware factor's levels come from the nodes: each job is pinned (--nodelist) to the node the plan chose. */
    @Test
    void jobsOfAnExperimentWithHardwareFactorsRunOnTheirPlannedNode() throws Exception {
        Path file = TinyExperiment.write(shared.resolve("exp4"), 1, "0");
        Files.writeString(file, Files.readString(file) + "hardware: {arch: 100%}\n");
        Path dir = shared.resolve("out4");
        ClusterRun.Outcome o = ClusterRun.start(ExperimentFile.read(file), backend(), dir, true, FAST, null);
        assertThat(o.collected()).isEqualTo(2);
        List<Map<String, String>> rows = Csv.records(Files.readString(dir.resolve("results.csv")));
        assertThat(rows).allSatisfy(r -> {
            assertThat(r.get("worker")).isEqualTo(cluster.node());
            assertThat(r.get("arch")).isEqualTo(Worker.local().attributes().get("arch"));
            assertThat(r.get("error")).isEmpty();
        });
        for (String id : List.of("0001", "0002")) {
            String job = cluster.command(
                    "scontrol",
                    "show",
                    "job",
                    "--oneliner",
                    Csv.parse(Files.readString(dir.resolve("cluster/journal.csv"))).stream()
                            .filter(e ->
                                    e.get(0).equals("submitted") && e.get(1).equals(id))
                            .findFirst()
                            .orElseThrow()
                            .get(3));
            assertThat(job).contains(" ReqNodeList=" + cluster.node() + " ").contains(" OverSubscribe=NO ");
        }
    }

    /** Without slurmdbd (sacct disabled) and after scontrol forgot a job, only its exit file tells how it ended. */
    @Test
    void aJobSlurmForgotIsJudgedByItsExitFileElseLost() throws IOException {
        io.pilotbench.experiment.Job job = new io.pilotbench.experiment.Job(7, "slurm", 1, Map.of());
        ClusterJob t = new ClusterJob("pilot-x-0007-a2", job, "", 2, shared.resolve("forgot"), null, null, Map.of());
        SlurmBackend b = backend();
        String never = "987654"; // an id this cluster never gave
        assertThat(b.poll(Map.of(never, t))).containsEntry(never, ExecutionBackend.State.LOST);
        Files.createDirectories(t.clusterDir());
        Files.writeString(SlurmBackend.exitFile(t), "0\n");
        assertThat(b.poll(Map.of(never, t))).containsEntry(never, ExecutionBackend.State.DONE);
        Files.writeString(SlurmBackend.exitFile(t), "2\n");
        assertThat(b.poll(Map.of(never, t))).containsEntry(never, ExecutionBackend.State.FAILED);
        assertThat(b.why(never)).isEqualTo("FAILED (exit file: 2)");
        assertThat(SlurmBackend.exitFile(t).getFileName().toString()).isEqualTo("0007-a2.exit");
    }

    static final class Killed extends RuntimeException {
        Killed() {
            super("killed after sbatch");
        }
    }

    /** A back-end that records the ids it submitted, and throws after {@code limit} submissions. */
    static final class Counting extends ForwardingBackend {
        final int limit;
        final List<String> submitted = Collections.synchronizedList(new ArrayList<>());

        Counting(ExecutionBackend inner, int limit) {
            super(inner);
            this.limit = limit;
        }

        @Override
        public String submit(ClusterJob job) throws IOException {
            String id = inner.submit(job);
            submitted.add(id);
            if (submitted.size() >= limit) {
                throw new Killed();
            }
            return id;
        }
    }
}
