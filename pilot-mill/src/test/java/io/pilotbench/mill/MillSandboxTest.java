package io.pilotbench.mill;

import static org.assertj.core.api.Assertions.assertThat;

import io.pilotbench.core.files.Privileges;
import io.pilotbench.testing.Circumstances;
import io.pilotbench.testing.SystemTest;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a user's submission, a job or a second worker can do to a mill's workers, on a real master and real worker
 * processes: a hostile name is refused by the master and, slipped past it, fails its jobs on the worker and nothing
 * else; a job cannot rewrite what its worker records; a row with other columns fails only its own job; a second
 * worker on a data directory is refused; formula-like levels are escaped in downloads; a killed worker's job does
 * not outlive its restart.
 */
@SystemTest
class MillSandboxTest {
    @TempDir
    Path tmp;

    private MillServer master;
    private MillHttp http;
    private String alice;
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

    private void startMaster() throws Exception {
        master = MillServer.start(
                new MillServer.Options("127.0.0.1", 0, tmp.resolve("master"), null, null, null, Duration.ofSeconds(60)),
                Clock.systemUTC(),
                new PrintWriter(masterLog, true));
        http = new MillHttp(master.port());
        alice = http.user("alice", "alice-password");
    }

    private Process worker(String token, String name, String data, String runAs) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                WorkerMain.class.getName(),
                "--master",
                http.base().toString(),
                "--data",
                tmp.resolve(data).toString(),
                "--name",
                name));
        if (token != null) {
            cmd.addAll(List.of("--token", token));
        }
        if (runAs != null) {
            cmd.addAll(List.of("--run-as", runAs));
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
        try (Stream<Path> all = Files.list(tmp)) {
            for (Path log : all.filter(p -> p.toString().endsWith(".log")).toList()) {
                b.append(log.getFileName())
                        .append(":\n")
                        .append(Files.readString(log))
                        .append('\n');
            }
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

    private long count(String sql) {
        return master.store()
                .withHandle(h -> h.createQuery(sql).mapTo(Long.class).one());
    }

    private long submit(Map<String, Object> body) throws Exception {
        MillHttp.Reply r = http.post("api/experiments", alice, body);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return ((Number) r.json().get("id")).longValue();
    }

    /** A registered worker that is not a process: for planning before the real one starts, or posting by hand. */
    private String registerByHand(String name) throws Exception {
        MillHttp.Reply r = http.post(
                "api/worker/register",
                null,
                Map.of("token", http.enrolmentToken(alice), "name", name, "inventory", Map.of("arch", "x86_64")));
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        return r.json().get("id") + "." + r.json().get("secret");
    }

    private static Map<String, Object> submission(String fileName, String text, Map<String, byte[]> files) {
        Map<String, String> encoded = new LinkedHashMap<>();
        files.forEach((k, v) -> encoded.put(k, Base64.getEncoder().encodeToString(v)));
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("fileName", fileName);
        body.put("experiment", text);
        body.put("files", encoded);
        return body;
    }

    private static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    // ---- package names -----------------------------------------------------------------------------------------

    /**
     * A hostile package name: refused by the master (400, naming the field); slipped into the database behind its
     * back (a restored dump, an older master), the worker fails that experiment's jobs without writing anything
     * outside its data directory, and goes on to finish another experiment's jobs, each once.
     */
    private void hostilePackageName(String name, Path target) throws Exception {
        startMaster();
        registerByHand("planner");
        String hostile = TinyExperiment.text("hostile")
                .replace("  fast: packages/fast\n", "  \"" + name + "\": packages/fast\n");
        Map<String, Object> refused = TinyExperiment.submission("hostile", "0", false);
        refused.put("experiment", hostile);
        MillHttp.Reply r = http.post("api/experiments", alice, refused);
        assertThat(r.status()).as(r.body()).isEqualTo(400);
        assertThat(r.error())
                .contains("packages: name \"" + name + "\" is not a safe name")
                .doesNotContain(tmp.resolve("master").toString());
        assertThat(http.post("api/experiments/preview", alice, refused).status())
                .isEqualTo(400);

        long bad = submit(TinyExperiment.submission("hostile", "0", false));
        master.store().withHandle(h -> h.createUpdate("UPDATE experiments SET file_text = :t WHERE id = :id")
                .bind("t", hostile)
                .bind("id", bad)
                .execute());
        long good = submit(TinyExperiment.submission("good", "0", false));
        Process w = worker(http.enrolmentToken(alice), "w1", "w1", null);
        await(
                "both experiments to end",
                Duration.ofSeconds(120),
                () -> count("SELECT COUNT(*) FROM jobs WHERE " + "state IN ('done', 'failed')") == 16);
        assertThat(Files.exists(target)).as(target + " written by a worker").isFalse();
        assertThat(w.isAlive()).as(logs()).isTrue();
        assertThat(count("SELECT COUNT(*) FROM jobs WHERE experiment_id = " + bad + " AND state = 'failed' AND "
                        + "last_error LIKE '%packages: name%is not a safe name%'"))
                .as(logs())
                .isEqualTo(8);
        assertThat(count("SELECT COUNT(*) FROM jobs WHERE experiment_id = " + good + " AND state = 'done'"))
                .isEqualTo(8);
        assertThat(count("SELECT COUNT(*) FROM results"))
                .as("each good job once, no hostile one")
                .isEqualTo(8);
        assertThat(count("SELECT COUNT(*) FROM workers")).isEqualTo(2);
    }

    @Test
    void anAbsolutePackageNameIsRefusedAndNeverWrittenToAsRoot() throws Exception {
        Path target = tmp.resolve("outside").resolve("pwned");
        hostilePackageName(target.toString(), target);
        assertThat(Files.exists(tmp.resolve("outside"))).isFalse();
    }

    @Test
    void aDotDotPackageNameFailsItsJobsNotTheWorker() throws Exception {
        // DATA/jobs/ID/packages/NAME: four levels up is the directory above the worker's data
        hostilePackageName("../../../../escaped", tmp.resolve("escaped"));
    }

    // ---- a job's reach -----------------------------------------------------------------------------------------

    /** A master and one worker, w1, whose jobs run as nobody (root only). */
    private void startWithAWorkerAsNobody() throws Exception {
        Circumstances.assumeTrue(
                Privileges.isRoot()
                        && new ProcessBuilder("id", "nobody").start().waitFor() == 0,
                "needs root and the user nobody");
        Files.setPosixFilePermissions(tmp, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        startMaster();
        worker(http.enrolmentToken(alice), "w1", "w1", "nobody");
        await("w1", Duration.ofSeconds(30), () -> count("SELECT COUNT(*) FROM workers") == 1);
    }

    /**
     * A job run as nobody tries to replace its session, add a row to results.csv and change plan.csv and the
     * experiment file: every attempt fails, and the row the master gets is the job's own.
     */
    @Test
    void aJobCannotReplaceItsSessionOrAddARow() throws Exception {
        startWithAWorkerAsNobody();
        String run = "#!/bin/sh\n"
                + "cd ..\n" // the job's directory, jobs/0001; the experiment's is two up
                + "mv session session.old 2>/dev/null && mkdir session 2>/dev/null\n"
                + "echo forged > session/session.json 2>/dev/null\n"
                + "echo '0001,w1,1,evil,forged,1,1,3,forged,1,1,' >> ../../results.csv 2>/dev/null\n"
                + "echo forged >> ../../plan.csv 2>/dev/null\n"
                + "echo forged >> ../../experiment.yaml 2>/dev/null\n"
                + "echo forged > forged.txt 2>/dev/null\n"
                + "exit 0\n";
        String text = "name: attack\nseed: 1\npackages:\n  evil: packages/evil.tar.gz\nmetrics: [size]\n"
                + "precision:\n  ci-width: 10%\n  max-rounds: 3\n";
        long id = submit(submission(
                "attack.yaml",
                text,
                Map.of(
                        "packages/evil.tar.gz",
                        TinyExperiment.tarGz(Map.of("run.sh", run, "collect.sh", "#!/bin/sh\necho size 7\n")))));
        await(
                "the job",
                Duration.ofSeconds(60),
                () -> count("SELECT COUNT(*) FROM jobs WHERE experiment_id = " + id + " AND state = 'done'") == 1);
        long job = count("SELECT id FROM jobs WHERE experiment_id = " + id);
        Path dir = tmp.resolve("w1/jobs").resolve(Long.toString(job));
        Path jobDir = dir.resolve("jobs/0001");
        assertThat(Files.readAllLines(dir.resolve("results.csv")))
                .as("the job's one row")
                .hasSize(2)
                .noneMatch(l -> l.contains("forged"));
        for (String f : List.of("plan.csv", "experiment.yaml")) {
            assertThat(Files.readString(dir.resolve(f))).doesNotContain("forged");
        }
        assertThat(Files.readString(jobDir.resolve("session/session.json"))).doesNotContain("forged");
        assertThat(jobDir.resolve("session.old")).doesNotExist();
        assertThat(jobDir.resolve("forged.txt")).doesNotExist();
        assertThat(Files.getOwner(jobDir).getName()).isEqualTo("root");
        assertThat(Files.getOwner(dir.resolve("results.csv")).getName()).isEqualTo("root");
        String csv = http.get("api/experiments/" + id + "/results.csv", alice).body();
        assertThat(csv.lines()).hasSize(2);
        assertThat(csv).doesNotContain("forged").contains(",7.0,");
    }

    /**
     * On a shared worker under --run-as, a job read another user's private experiment: the package cache
     * (experiments/ID/*.tar.gz) and every earlier job's directory were readable by the job's user (the data and jobs
     * directories were 755, the cache 644). Now a job of a second experiment, searching the whole data directory for
     * the first's secret as nobody, finds nothing.
     */
    @Test
    void aJobCannotReadAnotherExperimentsPackageOrItsJob() throws Exception {
        startWithAWorkerAsNobody();
        String secret = "#!/bin/sh\n# SECRET-A-42 (an API key in a private experiment)\nexit 0\n";
        long first = submit(submission(
                "secret.yaml",
                "name: secret\nseed: 1\npackages:\n  p: packages/p.tar.gz\nmetrics: [size]\n"
                        + "precision:\n  ci-width: 10%\n  max-rounds: 3\n",
                Map.of(
                        "packages/p.tar.gz",
                        TinyExperiment.tarGz(Map.of("run.sh", secret, "collect.sh", "#!/bin/sh\necho size 1\n")))));
        await(
                "the first experiment",
                Duration.ofSeconds(60),
                () -> count("SELECT COUNT(*) FROM jobs WHERE experiment_id = " + first + " AND state = 'done'") == 1);
        // the pattern is put together at run time, so that this script's own text does not match it
        String search = "#!/bin/sh\nd=$(cd ../../../../..; pwd)\nS=SECRET\n"
                + "n=$( (grep -rs \"$S-A-42\" \"$d\"; find \"$d\" -name '*.tar.gz' -exec tar xzOf {} \\; 2>/dev/null) "
                + "| grep -c \"$S-A-42\")\necho size $n\n";
        long second = submit(submission(
                "search.yaml",
                "name: search\nseed: 1\npackages:\n  q: packages/q.tar.gz\nmetrics: [size]\n"
                        + "precision:\n  ci-width: 10%\n  max-rounds: 3\n",
                Map.of(
                        "packages/q.tar.gz",
                        TinyExperiment.tarGz(Map.of("run.sh", "#!/bin/sh\nexit 0\n", "collect.sh", search)))));
        await(
                "the second experiment",
                Duration.ofSeconds(60),
                () -> count("SELECT COUNT(*) FROM jobs WHERE experiment_id = " + second + " AND state = 'done'") == 1);
        String csv =
                http.get("api/experiments/" + second + "/results.csv", alice).body();
        assertThat(csv.lines().toList()).as(logs()).hasSize(2);
        assertThat(csv.lines().toList().get(1))
                .as("found nothing of the first experiment")
                .contains(",0.0,");
    }

    // ---- rows --------------------------------------------------------------------------------------------------

    /**
     * A worker's row with a column the experiment file does not declare is refused (400) and fixes nothing: the real
     * worker's rows for every job, that one included, are accepted, each once.
     */
    @Test
    void aRowWithUnknownColumnsFailsOnlyItsOwnJob() throws Exception {
        startMaster();
        String fake = registerByHand("fake");
        long id = submit(TinyExperiment.submission("tiny", "0", false));
        Map<String, Object> lease =
                http.post("api/worker/lease", fake, Map.of()).json();
        long job = ((Number) lease.get("job")).longValue();
        @SuppressWarnings("unchecked")
        Map<String, String> row = new LinkedHashMap<>(
                (Map<String, String>) MillSecurityTest.row(lease, "fake").get("row"));
        row.put("forged", "1");
        MillHttp.Reply r = http.post(
                "api/worker/jobs/" + job + "/result", fake, Map.of("attempt", lease.get("attempt"), "row", row));
        assertThat(r.status()).as(r.body()).isEqualTo(400);
        assertThat(r.error()).contains("columns differ");
        assertThat(http.post(
                                "api/worker/jobs/" + job + "/release",
                                fake,
                                Map.of("attempt", lease.get("attempt"), "error", "refused"))
                        .status())
                .isEqualTo(200);
        worker(http.enrolmentToken(alice), "w1", "w1", null);
        await(
                "every job",
                Duration.ofSeconds(90),
                () -> count("SELECT COUNT(*) FROM jobs WHERE experiment_id = " + id
                                + " AND state IN ('done', 'failed')")
                        == 8);
        assertThat(count("SELECT COUNT(*) FROM jobs WHERE state = 'done'"))
                .as(logs())
                .isEqualTo(8);
        assertThat(count("SELECT COUNT(*) FROM results")).isEqualTo(8);
        List<String> csv = http.get("api/experiments/" + id + "/results.csv", alice)
                .body()
                .lines()
                .toList();
        assertThat(csv).hasSize(9);
        assertThat(csv.get(0)).doesNotContain("forged").startsWith("job,worker,replication,package");
    }

    /**
     * A worker's row with "NaN", "Infinity" or "abc" in a measured cell was stored ({"accepted":true}), and the
     * experiment's analysis and figures then failed for good (400). Such a row is refused (400, naming the cell);
     * an honest row for the same lease is then accepted.
     */
    @Test
    void aRowWhoseMeasuredCellIsNotANumberIsRefused() throws Exception {
        startMaster();
        String fake = registerByHand("fake");
        submit(TinyExperiment.submission("tiny", "0", false));
        Map<String, Object> lease =
                http.post("api/worker/lease", fake, Map.of()).json();
        long job = ((Number) lease.get("job")).longValue();
        for (String[] bad :
                new String[][] {{"time", "NaN"}, {"size", "Infinity"}, {"size", "abc"}, {"rounds", "0x1p3"}}) {
            @SuppressWarnings("unchecked")
            Map<String, String> row = new LinkedHashMap<>(
                    (Map<String, String>) MillSecurityTest.row(lease, "fake").get("row"));
            row.put(bad[0], bad[1]);
            MillHttp.Reply r = http.post(
                    "api/worker/jobs/" + job + "/result", fake, Map.of("attempt", lease.get("attempt"), "row", row));
            assertThat(r.status()).as(bad[0] + "=" + bad[1] + ": " + r.body()).isEqualTo(400);
            assertThat(r.error()).contains("row: " + bad[0] + " is '" + bad[1] + "', not a finite number");
        }
        MillHttp.Reply ok = http.post("api/worker/jobs/" + job + "/result", fake, MillSecurityTest.row(lease, "fake"));
        assertThat(ok.status()).as(ok.body()).isEqualTo(200);
    }

    // ---- one worker per directory ------------------------------------------------------------------------------

    @Test
    void aSecondWorkerOnTheSameDataIsRefused() throws Exception {
        startMaster();
        Process first = worker(http.enrolmentToken(alice), "w1", "w1", null);
        await("w1", Duration.ofSeconds(30), () -> count("SELECT COUNT(*) FROM workers") == 1);
        Process second = worker(null, "w1-again", "w1", null);
        assertThat(second.waitFor(30, TimeUnit.SECONDS))
                .as("the second worker ends")
                .isTrue();
        assertThat(second.exitValue()).isEqualTo(2);
        assertThat(Files.readString(tmp.resolve("w1-again.log")))
                .contains("being written by another pilot process")
                .doesNotContain("\tat ");
        long id = submit(TinyExperiment.submission("tiny", "0", false));
        await(
                "every job",
                Duration.ofSeconds(90),
                () -> count("SELECT COUNT(*) FROM jobs WHERE experiment_id = " + id
                                + " AND state IN ('done', 'failed')")
                        == 8);
        assertThat(count("SELECT COUNT(*) FROM jobs WHERE state = 'done'"))
                .as(logs())
                .isEqualTo(8);
        assertThat(count("SELECT COUNT(*) FROM results")).isEqualTo(8);
        assertThat(first.isAlive()).isTrue();
    }

    // ---- downloads ---------------------------------------------------------------------------------------------

    @Test
    void formulaLevelsAreEscapedInResultsDownloads() throws Exception {
        startMaster();
        worker(http.enrolmentToken(alice), "w1", "w1", null);
        await("w1", Duration.ofSeconds(30), () -> count("SELECT COUNT(*) FROM workers") == 1);
        String text = "name: formulas\nseed: 1\npackages:\n  fast: packages/fast.tar.gz\nmetrics: [size]\n"
                + "precision:\n  ci-width: 10%\n  max-rounds: 3\n"
                + "factors:\n  f: {script: factors/f.sh, levels: [\"=1+2\", \"-1.5\", \"@SUM(A1)\", \"+1e3\"]}\n";
        long id = submit(submission(
                "formulas.yaml",
                text,
                Map.of(
                        "packages/fast.tar.gz",
                        TinyExperiment.tarGz(TinyExperiment.scripts("0", 5)),
                        "factors/f.sh",
                        "#!/bin/sh\nshift\nexec \"$@\"\n".getBytes(StandardCharsets.UTF_8))));
        await(
                "every job",
                Duration.ofSeconds(90),
                () -> count("SELECT COUNT(*) FROM jobs WHERE experiment_id = " + id
                                + " AND state IN ('done', 'failed')")
                        == 4);
        assertThat(count("SELECT COUNT(*) FROM jobs WHERE state = 'done'"))
                .as(logs())
                .isEqualTo(4);
        List<String> lines = http.get("api/experiments/" + id + "/results.csv", alice)
                .body()
                .lines()
                .toList();
        List<String> header = List.of(lines.get(0).split(","));
        int f = header.indexOf("f");
        List<String> levels = lines.subList(1, lines.size()).stream()
                .map(l -> l.split(",", -1)[f])
                .toList();
        assertThat(levels).containsExactlyInAnyOrder("'=1+2", "-1.5", "'@SUM(A1)", "+1e3");
        for (String line : lines) {
            for (String cell : line.split(",", -1)) {
                assertThat(cell).as(line).doesNotStartWith("=").doesNotStartWith("@");
            }
        }
        // the analysis reads the stored rows, not the escaped download
        assertThat(http.get("api/experiments/" + id + "/analysis", alice).body())
                .contains("metric time: 4 jobs");
    }

    // ---- processes ---------------------------------------------------------------------------------------------

    /**
     * run.sh outlives its worker's SIGKILL (it is in a process group of its own); the restarted worker kills it
     * before it takes a job, and a worker that shuts down kills its running job.
     */
    @Test
    void aKilledWorkersRunShIsKilledWhenItStartsAgain() throws Exception {
        startMaster();
        Path pids = tmp.resolve("run.pids");
        Files.createFile(pids);
        try {
            Process w1 = worker(http.enrolmentToken(alice), "w1", "w1", null);
            await("w1", Duration.ofSeconds(30), () -> count("SELECT COUNT(*) FROM workers") == 1);
            String text = "name: long\nseed: 1\npackages:\n  p: packages/p.tar.gz\nprecision:\n  max-rounds: 2\n";
            submit(submission(
                    "long.yaml",
                    text,
                    Map.of(
                            "packages/p.tar.gz",
                            TinyExperiment.tarGz(Map.of(
                                    "run.sh",
                                    "#!/bin/sh\necho $$ >> " + pids + "\nexec sleep 120\n",
                                    "collect.sh",
                                    "#!/bin/sh\n")))));
            await("run.sh running", Duration.ofSeconds(60), () -> lines(pids).size() == 1);
            long first = Long.parseLong(lines(pids).get(0));
            w1.destroyForcibly();
            assertThat(w1.waitFor()).isEqualTo(137);
            Thread.sleep(500);
            assertThat(alive(first))
                    .as("run.sh outlives the SIGKILL of its worker")
                    .isTrue();
            Process again = worker(null, "w1", "w1", null);
            await("the first run.sh killed", Duration.ofSeconds(30), () -> !alive(first));
            await(
                    "run.sh running again",
                    Duration.ofSeconds(60),
                    () -> lines(pids).size() == 2);
            long second = Long.parseLong(lines(pids).get(1));
            assertThat(alive(second)).isTrue();
            again.destroy(); // SIGTERM: the worker's shutdown
            assertThat(again.waitFor(30, TimeUnit.SECONDS)).isTrue();
            await("the second run.sh killed at shutdown", Duration.ofSeconds(10), () -> !alive(second));
            assertThat(Files.readString(tmp.resolve("w1.log"))).contains("killed 1 process left running");
        } finally {
            for (String pid : lines(pids)) {
                ProcessHandle.of(Long.parseLong(pid)).ifPresent(ProcessHandle::destroyForcibly);
            }
        }
    }

    private static List<String> lines(Path file) {
        try {
            return Files.readAllLines(file).stream().filter(l -> !l.isBlank()).toList();
        } catch (IOException e) {
            return List.of();
        }
    }
}
