package io.pilotbench.mill;

import static org.assertj.core.api.Assertions.assertThat;

import io.pilotbench.core.files.Privileges;
import io.pilotbench.experiment.ExperimentAnalysis;
import io.pilotbench.experiment.ExperimentFile;
import io.pilotbench.experiment.ExperimentPlan;
import io.pilotbench.experiment.ExperimentRunner;
import io.pilotbench.experiment.ExperimentSpec;
import io.pilotbench.experiment.Job;
import io.pilotbench.experiment.Worker;
import io.pilotbench.stats.anova.SumOfSquares;
import io.pilotbench.testing.SystemTest;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The "done when": a master on H2 and three real worker processes on loopback run the shipped experiment
 * (examples/experiment/compressors.yaml, 32 jobs) to completion while one worker is killed with SIGKILL mid-job (and
 * started again) and the master is restarted mid-run; every job completes exactly once, and the analysis covers the
 * same job set as a single-machine run of the same file. Run as root, the workers run their jobs as nobody under a
 * memory cap, as a real deployment would.
 */
@SystemTest
class MillEndToEndTest {
    static final Duration LEASE = Duration.ofSeconds(3);

    @TempDir
    Path tmp;

    private MillServer master;
    private final List<Process> workers = new ArrayList<>();
    private final StringWriter masterLog = new StringWriter();

    @AfterEach
    void stop() throws Exception {
        for (Process p : workers) {
            p.destroyForcibly().waitFor();
        }
        if (master != null) {
            master.close();
        }
    }

    private Duration lease = LEASE;
    private String dbUrl;
    private String dbUser;
    private String dbPassword;

    private MillServer startMaster(int port) throws IOException {
        return MillServer.start(
                new MillServer.Options("127.0.0.1", port, tmp.resolve("master"), dbUrl, dbUser, dbPassword, lease),
                Clock.systemUTC(),
                new PrintWriter(masterLog, true));
    }

    /** Whether the workers run their jobs as nobody with a memory cap (as root, where nobody exists). */
    private boolean confined;

    private Process worker(MillHttp http, String token, String name) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                WorkerMain.class.getName(),
                "--master",
                http.base().toString(),
                "--data",
                tmp.resolve(name).toString(),
                "--name",
                name));
        if (token != null) {
            cmd.addAll(List.of("--token", token));
        }
        if (confined) {
            cmd.addAll(List.of("--run-as", "nobody", "--memory-limit", Long.toString(1L << 30)));
        }
        Process p = new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(
                        tmp.resolve(name + ".log").toFile()))
                .start();
        workers.add(p);
        return p;
    }

    private String logs() throws IOException {
        StringBuilder b = new StringBuilder("master:\n" + masterLog + "\n");
        for (String w : List.of("w1", "w2", "w3")) {
            Path log = tmp.resolve(w + ".log");
            b.append(w)
                    .append(":\n")
                    .append(Files.exists(log) ? Files.readString(log) : "")
                    .append('\n');
        }
        return b.toString();
    }

    private void await(String what, Duration limit, BooleanSupplier condition) throws Exception {
        long end = System.nanoTime() + limit.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > end) {
                throw new AssertionError("timed out waiting for " + what + "\n" + logs());
            }
            Thread.sleep(50);
        }
    }

    /** The job {@code worker} holds once its Pilot session has begun (its job directory has a session). */
    private long insideAJob(String worker) throws Exception {
        long id = count("SELECT id FROM workers WHERE name = '" + worker + "'");
        long[] job = new long[1];
        await(worker + " inside a job", Duration.ofSeconds(60), () -> {
            List<Long> held = master.store().withHandle(h -> h.createQuery(
                            "SELECT id FROM jobs WHERE " + "lease_worker = :w AND state = 'leased'")
                    .bind("w", id)
                    .mapTo(Long.class)
                    .list());
            if (held.isEmpty()) {
                return false;
            }
            job[0] = held.get(0);
            try (var s = Files.list(tmp.resolve(worker)
                    .resolve("jobs")
                    .resolve(Long.toString(job[0]))
                    .resolve("jobs"))) {
                return s.anyMatch(d -> Files.isDirectory(d.resolve("session")));
            } catch (IOException e) {
                return false;
            }
        });
        return job[0];
    }

    private long count(String sql) {
        return master.store()
                .withHandle(h -> h.createQuery(sql).mapTo(Long.class).one());
    }

    @Test
    void threeWorkersFinishEveryJobOnceThroughAKilledWorkerAndAMasterRestart() throws Exception {
        long started = System.nanoTime();
        confined = Privileges.isRoot()
                && new ProcessBuilder("id", "nobody").start().waitFor() == 0;
        if (confined) {
            // JUnit's temporary directory is 700: the jobs' user must be able to enter the workers' directories
            Files.setPosixFilePermissions(tmp, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        int jobs = ShippedExample.JOBS;
        master = startMaster(0);
        int port = master.port();
        MillHttp http = new MillHttp(port);
        String alice = http.user("alice", "alice-password");
        Process w1 = worker(http, http.enrolmentToken(alice), "w1");
        worker(http, http.enrolmentToken(alice), "w2");
        worker(http, http.enrolmentToken(alice), "w3");
        await("three workers", Duration.ofSeconds(30), () -> count("SELECT COUNT(*) FROM workers") == 3);

        MillHttp.Reply preview = http.post("api/experiments/preview", alice, ShippedExample.submission());
        assertThat(preview.status()).as(preview.body()).isEqualTo(200);
        assertThat(preview.json()).containsEntry("jobs", jobs);
        MillHttp.Reply submitted = http.post("api/experiments", alice, ShippedExample.submission());
        assertThat(submitted.status()).as(submitted.body()).isEqualTo(201);
        long id = ((Number) submitted.json().get("id")).longValue();

        // kill w1 with SIGKILL in the middle of a job: once its job's Pilot session has begun
        long w1Id = count("SELECT id FROM workers WHERE name = 'w1'");
        long[] killedJob = {insideAJob("w1")};
        w1.destroyForcibly(); // SIGKILL on Linux
        assertThat(w1.waitFor()).isEqualTo(137);
        int killedAttempt = master.store().withHandle(h -> h.createQuery("SELECT attempts FROM jobs WHERE id = :id")
                .bind("id", killedJob[0])
                .mapTo(Integer.class)
                .one());

        // restart the master mid-run, on the same port and database
        await("a result before the restart", Duration.ofSeconds(60), () -> count("SELECT COUNT(*) FROM results") >= 1);
        long before = count("SELECT COUNT(*) FROM results");
        master.close();
        master = startMaster(port);
        // at least as many: the workers keep running, and a result that arrives between the count and the close is
        // recorded too (a fresh-clone CI run saw 2 after counting 1); a result lost in the restart makes it fewer,
        // and every job done once is checked at the end
        assertThat(count("SELECT COUNT(*) FROM results"))
                .as("nothing lost in the restart")
                .isGreaterThanOrEqualTo(before);
        assertThat(before).as("the restart is mid-run").isLessThan(jobs);

        // the killed worker's lease expires and its job goes to another worker (redundant scheduling)
        await(
                "the killed job done by another worker",
                Duration.ofSeconds(60),
                () -> count("SELECT COUNT(*) FROM " + "results WHERE job_id = " + killedJob[0] + " AND worker_id <> "
                                + w1Id)
                        == 1);
        // w1 comes back with its saved identity (no token) and takes its share of what is left
        worker(http, null, "w1");
        await("w1 back under its saved identity", Duration.ofSeconds(30), () -> {
            try {
                return Files.readString(tmp.resolve("w1.log")).contains("registered already as w1");
            } catch (IOException e) {
                return false;
            }
        });

        await(
                "every job",
                Duration.ofSeconds(120),
                () -> count("SELECT COUNT(*) FROM jobs WHERE experiment_id = " + id
                                + " AND state IN ('done', 'failed')")
                        == jobs);
        assertThat(count("SELECT COUNT(*) FROM jobs WHERE state = 'done'"))
                .as(logs())
                .isEqualTo(jobs);
        assertThat(count("SELECT COUNT(*) FROM results")).isEqualTo(jobs);
        assertThat(count("SELECT attempt FROM results WHERE job_id = " + killedJob[0]))
                .isEqualTo(killedAttempt + 1);
        assertThat(count("SELECT COUNT(*) FROM workers"))
                .as("no second registration")
                .isEqualTo(3);

        // the results as a user downloads them: one row per job, in job order
        MillHttp.Reply csv = http.get("api/experiments/" + id + "/results.csv", alice);
        assertThat(csv.status()).isEqualTo(200);
        List<String> lines = csv.body().lines().toList();
        assertThat(lines).hasSize(jobs + 1);
        List<String> header = List.of(lines.get(0).split(","));
        List<Map<String, String>> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",", -1);
            Map<String, String> row = new LinkedHashMap<>();
            for (int i = 0; i < header.size(); i++) {
                row.put(header.get(i), cells[i]);
            }
            rows.add(row);
        }
        Set<String> numbers = new HashSet<>();
        rows.forEach(r -> numbers.add(r.get("job")));
        assertThat(numbers).hasSize(jobs);
        assertThat(rows).allSatisfy(r -> assertThat(r.get("error")).isEmpty());

        // the single-machine run of the same file: the same jobs, the same columns, the same analysis terms
        ExperimentSpec spec = ExperimentFile.read(ShippedExample.FILE);
        ExperimentPlan plan = ExperimentPlan.of(spec, List.of(Worker.local()), false);
        ExperimentRunner.start(plan, tmp.resolve("local"), null);
        Set<String> local = new HashSet<>();
        for (Job j : plan.jobs()) {
            local.add(j.id() + " " + j.replication() + " " + j.levels());
        }
        Set<String> mill = new HashSet<>();
        for (Map<String, String> r : rows) {
            Map<String, String> levels = new LinkedHashMap<>();
            plan.jobs().get(0).levels().keySet().forEach(k -> levels.put(k, r.get(k)));
            mill.add(r.get("job") + " " + r.get("replication") + " " + levels);
        }
        assertThat(mill).isEqualTo(local).hasSize(jobs);
        assertThat(Files.readString(tmp.resolve("local/results.csv"))
                        .lines()
                        .findFirst()
                        .orElseThrow())
                .isEqualTo(lines.get(0));
        List<ExperimentAnalysis.MetricAnalysis> single =
                ExperimentAnalysis.analyze(tmp.resolve("local"), 2, SumOfSquares.TYPE_II);
        List<ExperimentAnalysis.MetricAnalysis> distributed = MillApi.analyze(rows, header);
        assertThat(distributed).hasSameSizeAs(single);
        for (int i = 0; i < single.size(); i++) {
            assertThat(distributed.get(i).n()).isEqualTo(single.get(i).n()).isEqualTo(jobs);
            assertThat(distributed.get(i).factors()).isEqualTo(single.get(i).factors());
            assertThat(distributed.get(i).table().terms().stream()
                            .map(t -> t.term() + " " + t.df())
                            .toList())
                    .isEqualTo(single.get(i).table().terms().stream()
                            .map(t -> t.term() + " " + t.df())
                            .toList());
        }
        // each job's directory came back with its row: the killed job's from the worker that finished it
        java.net.http.HttpResponse<byte[]> archive = java.net.http.HttpClient.newHttpClient()
                .send(
                        java.net.http.HttpRequest.newBuilder(http.base()
                                        .resolve("api/experiments/" + id + "/jobs/"
                                                + master.store().withHandle(h -> h.createQuery(
                                                                "SELECT number FROM jobs WHERE id = :id")
                                                        .bind("id", killedJob[0])
                                                        .mapTo(Integer.class)
                                                        .one())
                                                + "/archive"))
                                .header("Authorization", "Bearer " + alice)
                                .build(),
                        java.net.http.HttpResponse.BodyHandlers.ofByteArray());
        assertThat(archive.statusCode()).isEqualTo(200);
        List<String> names = new ArrayList<>();
        try (var tar = new org.apache.commons.compress.archivers.tar.TarArchiveInputStream(
                new java.util.zip.GZIPInputStream(new java.io.ByteArrayInputStream(archive.body())))) {
            for (var e = tar.getNextEntry(); e != null; e = tar.getNextEntry()) {
                names.add(e.getName());
            }
        }
        assertThat(names)
                .contains("results.csv", "plan.csv")
                .anyMatch(n -> n.matches("jobs/\\d{4}/collect.txt"))
                .anyMatch(n -> n.matches("jobs/\\d{4}/session/session.json"))
                .noneMatch(n -> n.contains(".pilot.lock"));
        assertThat(count("SELECT COUNT(*) FROM result_archives")).isEqualTo(jobs);
        MillHttp.Reply analysis = http.get("api/experiments/" + id + "/analysis", alice);
        assertThat(analysis.status()).isEqualTo(200);
        assertThat(analysis.body())
                .contains("metric time: " + jobs + " jobs")
                .contains("metric size: " + jobs + " jobs")
                .contains("metric ratio: " + jobs + " jobs");
        if (confined) {
            try (var limits = Files.find(tmp, 6, (p, a) -> p.endsWith("limits.txt"))) {
                String text = Files.readString(limits.findFirst().orElseThrow());
                assertThat(text)
                        .startsWith("user nobody\nmemory cap 1073741824 bytes")
                        .contains("time cap 610 s"); // the example's max-time 10 s + 10 min
            }
        }
        System.out.printf("mill end-to-end: %.1f s%n", (System.nanoTime() - started) / 1e9);
    }

    /**
     * A worker killed inside a job and started again before its lease expires gets the same job back (same lease)
     * and continues the job's Pilot session where it stopped: the rounds recorded before the kill are kept.
     */
    @Test
    void aRestartedWorkerContinuesItsJob() throws Exception {
        lease = Duration.ofSeconds(60);
        master = startMaster(0);
        MillHttp http = new MillHttp(master.port());
        String alice = http.user("alice", "alice-password");
        Process w1 = worker(http, http.enrolmentToken(alice), "w1");
        await("w1", Duration.ofSeconds(30), () -> count("SELECT COUNT(*) FROM workers") == 1);
        long id = ((Number) http.post("api/experiments", alice, TinyExperiment.submission("tiny", "0.4", false))
                        .json()
                        .get("id"))
                .longValue();
        long job = insideAJob("w1");
        Path jobDir = tmp.resolve("w1/jobs").resolve(Long.toString(job));
        Path[] rounds = new Path[1];
        await("a round recorded", Duration.ofSeconds(30), () -> {
            try (var files = Files.walk(jobDir)) {
                rounds[0] = files.filter(p -> p.getFileName().toString().equals("rounds.csv"))
                        .findFirst()
                        .orElse(null);
                return rounds[0] != null && Files.readAllLines(rounds[0]).size() >= 2;
            } catch (IOException | java.io.UncheckedIOException e) {
                return false;
            }
        });
        String firstRound = Files.readAllLines(rounds[0]).get(1);
        w1.destroyForcibly();
        assertThat(w1.waitFor()).isEqualTo(137);
        worker(http, null, "w1");
        await(
                "every job",
                Duration.ofSeconds(90),
                () -> count("SELECT COUNT(*) FROM jobs WHERE experiment_id = " + id + " AND state = 'done'") == 8);
        assertThat(count("SELECT attempt FROM results WHERE job_id = " + job))
                .as("the same lease")
                .isEqualTo(1);
        assertThat(count("SELECT COUNT(*) FROM results")).isEqualTo(8);
        List<String> rows = Files.readAllLines(rounds[0]);
        assertThat(rows.get(1)).as("the round before the kill is kept").isEqualTo(firstRound);
        assertThat(rows).as("max-rounds 3, not 3 more").hasSize(1 + 3);
        long leases = Files.readString(tmp.resolve("w1.log"))
                .lines()
                .filter(l -> l.contains("of experiment " + id + " (attempt 1)"))
                .count();
        assertThat(leases)
                .as("8 jobs, the killed one handed out twice on its one lease")
                .isEqualTo(9);
    }

    /** The same mill on a real PostgreSQL (--db): two worker processes run the experiment to the end. */
    @Test
    void onPostgres() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(
                io.pilotbench.mill.testing.PostgresServer.available(),
                io.pilotbench.mill.testing.PostgresServer::unavailableReason);
        io.pilotbench.mill.testing.PostgresServer pg = io.pilotbench.mill.testing.PostgresServer.shared();
        dbUrl = pg.createDatabase();
        dbUser = pg.user();
        dbPassword = pg.password();
        master = startMaster(0);
        MillHttp http = new MillHttp(master.port());
        String alice = http.user("alice", "alice-password");
        worker(http, http.enrolmentToken(alice), "w1");
        worker(http, http.enrolmentToken(alice), "w2");
        await("two workers", Duration.ofSeconds(30), () -> count("SELECT COUNT(*) FROM workers") == 2);
        MillHttp.Reply r = http.post("api/experiments", alice, TinyExperiment.submission("tiny", "0.01", false));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        long id = ((Number) r.json().get("id")).longValue();
        await(
                "every job",
                Duration.ofSeconds(90),
                () -> count("SELECT COUNT(*) FROM jobs WHERE experiment_id = " + id + " AND state = 'done'") == 8);
        assertThat(http.get("api/experiments/" + id + "/results.csv", alice)
                        .body()
                        .lines())
                .hasSize(9);
        assertThat(http.get("api/experiments/" + id + "/analysis", alice).body())
                .contains("metric time: 8 jobs");
        assertThat(Files.exists(tmp.resolve("master/mill.mv.db")))
                .as("no H2 database beside")
                .isFalse();
    }
}
