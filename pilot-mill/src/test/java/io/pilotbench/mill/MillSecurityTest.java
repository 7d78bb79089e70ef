package io.pilotbench.mill;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The API's refusals, over real HTTP to a real master on H2: unauthenticated workers, a worker acting on another's
 * job, unsafe archives, SQL injection in every text field, another user's private experiment. Each test ends by
 * checking that nothing was lost: the experiment's jobs are all there, in the state they should be.
 */
class MillSecurityTest {
    static final String INJECTION = "x' OR '1'='1'; DROP TABLE jobs; --";

    @TempDir
    Path tmp;

    MillServer master;
    MillHttp http;
    String alice;
    long experiment;

    @BeforeEach
    void start() throws Exception {
        master = MillServer.start(
                new MillServer.Options("127.0.0.1", 0, tmp.resolve("master"), null, null, null, Duration.ofSeconds(60)),
                Clock.systemUTC(),
                new PrintWriter(new StringWriter()));
        http = new MillHttp(master.port());
        alice = http.user("alice", "alice-password");
        register("a");
        MillHttp.Reply r = http.post("api/experiments", alice, TinyExperiment.submission("tiny", "0", false));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        experiment = ((Number) r.json().get("id")).longValue();
    }

    @AfterEach
    void stop() {
        master.close();
    }

    /** Registers a worker; returns its bearer credentials. */
    String register(String name) throws Exception {
        MillHttp.Reply r = http.post(
                "api/worker/register",
                null,
                Map.of("token", http.enrolmentToken(alice), "name", name, "inventory", Map.of("arch", "x86_64")));
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        return r.json().get("id") + "." + r.json().get("secret");
    }

    long count(String sql) {
        return master.store()
                .withHandle(h -> h.createQuery(sql).mapTo(Long.class).one());
    }

    void nothingLost(int done) {
        assertThat(count("SELECT COUNT(*) FROM jobs WHERE experiment_id = " + experiment))
                .isEqualTo(8);
        assertThat(count("SELECT COUNT(*) FROM results")).isEqualTo(done);
        assertThat(count("SELECT COUNT(*) FROM experiment_files WHERE experiment_id = " + experiment))
                .isEqualTo(2);
    }

    static Map<String, Object> row(Map<String, Object> lease, String worker) {
        Map<String, String> row = new LinkedHashMap<>();
        row.put("job", String.format("%04d", ((Number) lease.get("number")).intValue()));
        row.put("worker", worker);
        row.put("replication", lease.get("replication").toString());
        @SuppressWarnings("unchecked")
        Map<String, String> levels = (Map<String, String>) lease.get("levels");
        row.putAll(levels);
        // every column of the tiny experiment's file: a row with other columns is refused
        row.put("env-padding.observed", levels.get("env-padding"));
        row.put("time", "0.5");
        row.put("time.ci.low", "0.4");
        row.put("time.ci.high", "0.6");
        row.put("rounds", "3");
        row.put("stop", "max_rounds");
        row.put("size", "100");
        row.put("env.bytes", "100");
        row.put("error", "");
        return Map.of("attempt", lease.get("attempt"), "row", row);
    }

    @Test
    void unauthenticatedWorkersAreRefused() throws Exception {
        assertThat(http.post("api/worker/lease", null, Map.of()).status()).isEqualTo(401);
        assertThat(http.post("api/worker/lease", "garbage", Map.of()).status()).isEqualTo(401);
        String real = register("b");
        String wrongSecret = real.substring(0, real.indexOf('.') + 1) + Secrets.token();
        assertThat(http.post("api/worker/lease", wrongSecret, Map.of()).status())
                .isEqualTo(401);
        assertThat(http.post(
                                "api/worker/register",
                                null,
                                Map.of("token", Secrets.token(), "name", "c", "inventory", Map.of()))
                        .status())
                .as("a made-up token")
                .isEqualTo(401);
        String token = http.enrolmentToken(alice);
        assertThat(http.post("api/worker/register", null, Map.of("token", token, "name", "c", "inventory", Map.of()))
                        .status())
                .isEqualTo(200);
        assertThat(http.post("api/worker/register", null, Map.of("token", token, "name", "d", "inventory", Map.of()))
                        .status())
                .as("a used token")
                .isEqualTo(401);
        assertThat(http.get("api/worker/jobs/1/file?path=packages/fast", null).status())
                .isEqualTo(401);
        assertThat(http.post(
                                "api/worker/jobs/1/result",
                                wrongSecret,
                                Map.of("attempt", 1, "row", Map.of("job", "0001")))
                        .status())
                .isEqualTo(401);
        assertThat(http.post("api/tokens", null, Map.of()).status())
                .as("tokens need a user")
                .isEqualTo(401);
        assertThat(http.post("api/tokens", real, Map.of()).status())
                .as("a worker is not a user")
                .isEqualTo(401);
        String session = (String) http.post("api/login", null, Map.of("name", "alice", "password", "alice-password"))
                .json()
                .get("token");
        assertThat(http.post("api/logout", session, Map.of()).status()).isEqualTo(200);
        assertThat(http.get("api/experiments", session).status())
                .as("logged out")
                .isEqualTo(401);
        assertThat(http.get("api/experiments", alice).status())
                .as("another session")
                .isEqualTo(200);
        assertThat(count("SELECT COUNT(*) FROM jobs WHERE state = 'queued'")).isEqualTo(8);
        nothingLost(0);
    }

    @Test
    void aWorkerCannotFetchHeartbeatOrPostForAnotherWorkersJob() throws Exception {
        String a = register("wa");
        String b = register("wb");
        MillHttp.Reply leased = http.post("api/worker/lease", a, Map.of());
        assertThat(leased.status()).isEqualTo(200);
        Map<String, Object> lease = leased.json();
        long job = ((Number) lease.get("job")).longValue();
        String jobs = "api/worker/jobs/" + job;
        assertThat(http.get(jobs + "/file?path=packages/fast", a).status()).isEqualTo(200);
        assertThat(http.get(jobs + "/file?path=packages/fast", b).status()).isEqualTo(403);
        assertThat(http.post(jobs + "/heartbeat", b, Map.of("attempt", lease.get("attempt")))
                        .status())
                .isEqualTo(409);
        assertThat(http.post(jobs + "/release", b, Map.of("attempt", lease.get("attempt"), "error", "x"))
                        .status())
                .isEqualTo(409);
        assertThat(http.post(jobs + "/result", b, row(lease, "wb")).status()).isEqualTo(409);
        assertThat(http.post(jobs + "/result", b, row(lease, "wa")).status())
                .as("posing as a")
                .isEqualTo(400);
        Map<String, Object> otherJob = new LinkedHashMap<>(lease);
        otherJob.put("number", ((Number) lease.get("number")).intValue() % 8 + 1);
        assertThat(http.post(jobs + "/result", a, row(otherJob, "wa")).status())
                .as("another job's row")
                .isEqualTo(400);
        assertThat(http.postBytes(jobs + "/archive?attempt=" + lease.get("attempt"), b, gzip())
                        .status())
                .as("an archive for another's job")
                .isEqualTo(409);
        assertThat(http.postBytes(jobs + "/archive?attempt=" + lease.get("attempt"), a, new byte[] {1, 2, 3})
                        .status())
                .as("not gzip")
                .isEqualTo(400);
        assertThat(http.postBytes(jobs + "/archive?attempt=" + lease.get("attempt"), a, gzip())
                        .status())
                .isEqualTo(200);
        nothingLost(0);
        MillHttp.Reply ok = http.post(jobs + "/result", a, row(lease, "wa"));
        assertThat(ok.status()).as(ok.body()).isEqualTo(200);
        assertThat(http.post(jobs + "/result", a, row(lease, "wa")).json()).containsEntry("duplicate", true);
        assertThat(http.get(jobs + "/file?path=packages/fast", a).status())
                .as("done: no more rights")
                .isEqualTo(403);
        assertThat(http.postBytes(jobs + "/archive?attempt=" + lease.get("attempt"), a, gzip())
                        .status())
                .as("the archive is frozen with the row")
                .isEqualTo(409);
        nothingLost(1);
        assertThat(http.get("api/experiments/" + experiment + "/results.csv", alice)
                        .body())
                .contains(",wa,");
        assertThat(http.get("api/experiments/" + experiment + "/jobs/" + lease.get("number") + "/archive", alice)
                        .status())
                .isEqualTo(200);
    }

    static byte[] gzip() throws Exception {
        return TinyExperiment.tarGz(Map.of("collect.txt", "size 1\n"));
    }

    private Map<String, Object> submission(Map<String, byte[]> files, String text) {
        Map<String, String> encoded = new LinkedHashMap<>();
        files.forEach((k, v) -> encoded.put(k, Base64.getEncoder().encodeToString(v)));
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("fileName", "evil.yaml");
        body.put("experiment", text);
        body.put("files", encoded);
        return body;
    }

    @Test
    void pathTraversalArchivesAndPathsAreRefused() throws Exception {
        String text = "name: evil\npackages:\n  p: packages/p.tar.gz\n";
        Map<String, String> scripts = new LinkedHashMap<>(TinyExperiment.scripts("0", 1));
        for (String evil : List.of("../evil.sh", "../../evil.sh", "/tmp/evil.sh", "a/../../evil.sh")) {
            Map<String, String> entries = new LinkedHashMap<>(scripts);
            entries.put(evil, "echo pwned\n");
            MillHttp.Reply r = http.post(
                    "api/experiments",
                    alice,
                    submission(Map.of("packages/p.tar.gz", TinyExperiment.tarGz(entries)), text));
            assertThat(r.status()).as(evil + ": " + r.body()).isEqualTo(400);
            assertThat(r.error()).contains("evil.sh").doesNotContain(tmp.toString());
        }
        MillHttp.Reply outside = http.post(
                "api/experiments",
                alice,
                submission(
                        Map.of("../p.tar.gz", TinyExperiment.tarGz(scripts)),
                        "name: evil\npackages:\n  p: ../p.tar.gz\n"));
        assertThat(outside.status()).as(outside.body()).isEqualTo(400);
        assertThat(outside.error()).contains("'../p.tar.gz' is not a plain relative path");
        MillHttp.Reply outsideFile = http.post(
                "api/experiments",
                alice,
                submission(
                        Map.of("p.tar.gz", TinyExperiment.tarGz(scripts)),
                        "name: evil\npackages:\n  p: ../p.tar.gz\n"));
        assertThat(outsideFile.status()).as(outsideFile.body()).isEqualTo(400);
        assertThat(outsideFile.error()).contains("outside the experiment's directory");
        MillHttp.Reply extra = http.post(
                "api/experiments",
                alice,
                submission(
                        Map.of("packages/p.tar.gz", TinyExperiment.tarGz(scripts), "../../x.sh", new byte[] {1}),
                        text));
        assertThat(extra.status()).isEqualTo(400);
        MillHttp.Reply notGzip = http.post(
                "api/experiments", alice, submission(Map.of("packages/p.tar.gz", "just text".getBytes()), text));
        assertThat(notGzip.status()).as(notGzip.body()).isEqualTo(400);
        try (Stream<Path> all = Files.walk(tmp)) {
            assertThat(all.filter(p -> p.getFileName().toString().equals("evil.sh")
                                    || p.getFileName().toString().equals("x.sh"))
                            .toList())
                    .isEmpty();
        }
        try (Stream<Path> staged = Files.list(tmp.resolve("master/staging"))) {
            assertThat(staged.toList()).as("uploads are cleaned up").isEmpty();
        }
        assertThat(http.get("api/experiments", alice).list()).hasSize(1);
        nothingLost(0);
    }

    @Test
    void sqlInjectionInEveryTextFieldIsStoredAsTextOrRefused() throws Exception {
        // users: name (refused: user names are a plain ASCII set) and password
        assertThat(http.post("api/users", null, Map.of("name", INJECTION, "password", INJECTION))
                        .status())
                .isEqualTo(400);
        assertThat(http.post("api/users", null, Map.of("name", "mallory", "password", INJECTION))
                        .status())
                .isEqualTo(201);
        assertThat(http.post("api/login", null, Map.of("name", "mallory", "password", "' OR '1'='1"))
                        .status())
                .isEqualTo(401);
        assertThat(http.post("api/login", null, Map.of("name", INJECTION, "password", INJECTION))
                        .status())
                .isEqualTo(401);
        assertThat(http.post("api/login", null, Map.of("name", "alice' --", "password", "x"))
                        .status())
                .isEqualTo(401);
        String mallory = (String) http.post("api/login", null, Map.of("name", "mallory", "password", INJECTION))
                .json()
                .get("token");
        assertThat(mallory).isNotNull();
        // she submits once the administrator approves her account (the default registration policy)
        assertThat(http.post("api/users/mallory/approve", alice, Map.of()).status())
                .isEqualTo(200);
        // the credentials themselves
        assertThat(http.get("api/experiments", INJECTION).status()).isEqualTo(401);
        assertThat(http.post("api/worker/lease", "1." + INJECTION, Map.of()).status())
                .isEqualTo(401);
        assertThat(http.post("api/worker/lease", INJECTION + ".x", Map.of()).status())
                .isEqualTo(401);
        // an experiment: its name inside the file, its file name, its file paths
        Map<String, Object> body = TinyExperiment.submission("tiny", "0", true);
        body.put("experiment", ((String) body.get("experiment")).replace("name: tiny", "name: \"" + INJECTION + "\""));
        MillHttp.Reply created = http.post("api/experiments", mallory, body);
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(http.get("api/experiments", mallory).list())
                .anySatisfy(e -> assertThat(e.get("name")).isEqualTo(INJECTION));
        Map<String, Object> badName = TinyExperiment.submission("tiny", "0", false);
        badName.put("fileName", INJECTION);
        assertThat(http.post("api/experiments", mallory, badName).status()).isEqualTo(400);
        Map<String, Object> badPath = TinyExperiment.submission("tiny", "0", false);
        @SuppressWarnings("unchecked")
        Map<String, String> files = new LinkedHashMap<>((Map<String, String>) badPath.get("files"));
        files.put(INJECTION, "AAAA");
        badPath.put("files", files);
        assertThat(http.post("api/experiments", mallory, badPath).status()).isEqualTo(400);
        // workers: token, name, inventory
        assertThat(http.post(
                                "api/worker/register",
                                null,
                                Map.of("token", INJECTION, "name", "w", "inventory", Map.of()))
                        .status())
                .isEqualTo(401);
        assertThat(http.post(
                                "api/worker/register",
                                null,
                                Map.of("token", http.enrolmentToken(alice), "name", INJECTION, "inventory", Map.of()))
                        .status())
                .isEqualTo(400);
        assertThat(http.post(
                                "api/worker/register",
                                null,
                                Map.of(
                                        "token",
                                        http.enrolmentToken(alice),
                                        "name",
                                        "inj",
                                        "inventory",
                                        Map.of(INJECTION, INJECTION)))
                        .status())
                .isEqualTo(200);
        assertThat(http.get("api/workers", alice).list())
                .anySatisfy(w -> assertThat(w.get("inventory")).isEqualTo(Map.of(INJECTION, INJECTION)));
        // path and query parameters
        assertThat(http.get("api/experiments/1%20OR%201=1", alice).status()).isEqualTo(404);
        assertThat(http.get("api/experiments/1';DROP%20TABLE%20jobs;--/results.csv", alice)
                        .status())
                .isEqualTo(404);
        String a = register("wq");
        long job = ((Number) http.post("api/worker/lease", a, Map.of()).json().get("job")).longValue();
        assertThat(http.get(
                                "api/worker/jobs/" + job + "/file?path="
                                        + java.net.URLEncoder.encode("x' OR '1'='1", "UTF-8"),
                                a)
                        .status())
                .isEqualTo(403);
        assertThat(count("SELECT COUNT(*) FROM users")).isEqualTo(2);
        assertThat(count("SELECT COUNT(*) FROM experiments")).isEqualTo(2);
        nothingLost(0);
    }

    @Test
    void aWorkerRunsNothingWhosePackageDiffersFromItsChecksum() throws Exception {
        // the stored package changes behind the master's back (a disk, a database restore, an attacker)
        byte[] other = TinyExperiment.tarGz(TinyExperiment.scripts("0", 666));
        master.store().withHandle(h -> h.createUpdate(
                        "UPDATE experiment_files SET content = :c WHERE path = " + "'packages/fast'")
                .bind("c", other)
                .execute());
        Path data = tmp.resolve("worker");
        StringWriter log = new StringWriter();
        Thread worker = new Thread(() -> {
            try {
                MillWorker.run(
                        new MillWorker.Options(
                                http.base(), http.enrolmentToken(alice), data, "checker", Duration.ofMillis(100)),
                        new PrintWriter(log, true));
            } catch (Exception e) {
                // interrupted at the end of the test
            }
        });
        worker.start();
        try {
            long end = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (count("SELECT COUNT(*) FROM jobs WHERE state = 'failed'") < 8) {
                assertThat(System.nanoTime()).as(log.toString()).isLessThan(end);
                Thread.sleep(50);
            }
        } finally {
            worker.interrupt();
            worker.join(30_000);
        }
        assertThat(count("SELECT COUNT(*) FROM jobs WHERE last_error LIKE '%checksum mismatch%'"))
                .isEqualTo(8);
        assertThat(count("SELECT MIN(attempts) FROM jobs")).isEqualTo(MillStore.MAX_ATTEMPTS);
        assertThat(count("SELECT COUNT(*) FROM results")).isZero();
        assertThat(Files.exists(data.resolve("jobs"))).as("nothing ran").isFalse();
        assertThat(log.toString()).contains("packages/fast: checksum mismatch");
    }

    @Test
    void onlyTheAdministratorEnrolsWorkers() throws Exception {
        String bob = http.user("bob", "bob-password");
        MillHttp.Reply r = http.post("api/tokens", bob, Map.of());
        assertThat(r.status()).isEqualTo(403);
        assertThat(r.error()).contains("administrator");
        assertThat(http.post("api/tokens", alice, Map.of()).status())
                .as("alice, the first account")
                .isEqualTo(200);
    }

    @Test
    void anotherUsersPrivateExperimentIsAbsent() throws Exception {
        MillHttp.Reply r = http.post("api/experiments", alice, TinyExperiment.submission("secret", "0", true));
        long hidden = ((Number) r.json().get("id")).longValue();
        String bob = http.user("bob", "bob-password");
        assertThat(http.get("api/experiments", bob).list())
                .extracting(e -> ((Number) e.get("id")).longValue())
                .containsExactly(experiment);
        for (String path : List.of("", "/results.csv", "/analysis")) {
            assertThat(http.get("api/experiments/" + hidden + path, bob).status())
                    .as(path)
                    .isEqualTo(404);
        }
        assertThat(http.get("api/experiments/" + hidden, alice).status()).isEqualTo(200);
    }

    @Test
    void badRequestsAreOneLine() throws Exception {
        MillHttp.Reply notJson = http.post("api/experiments", alice, "{not json");
        assertThat(notJson.status()).isEqualTo(400);
        assertThat(notJson.error())
                .startsWith("the request body is not valid JSON (line 1, column ")
                .doesNotContain("\n");
        // Jackson's own words named the master's classes ("Cannot deserialize value of type
        // `io.pilotbench.mill.ExperimentRoutes$Submission` from Array value"): now where and what was expected
        MillHttp.Reply array = http.post("api/experiments", alice, "[]");
        assertThat(array.status()).isEqualTo(400);
        assertThat(array.error()).isEqualTo("the request body is not the JSON expected: the body should be an object");
        MillHttp.Reply wrongType = http.post("api/experiments", alice, "{\"fileName\": \"e.yaml\", \"files\": [1]}");
        assertThat(wrongType.error())
                .isEqualTo("the request body is not the JSON expected: files should be an object")
                .doesNotContain("io.pilotbench")
                .doesNotContain("java.");
        MillHttp.Reply badYaml = http.post(
                "api/experiments/preview",
                alice,
                Map.of("fileName", "e.yaml", "experiment", "packages: [", "files", Map.of()));
        assertThat(badYaml.status()).isEqualTo(400);
        assertThat(badYaml.error())
                .startsWith("e.yaml")
                .contains("not valid YAML")
                .doesNotContain(tmp.toString());
        MillHttp.Reply missing = http.post(
                "api/experiments/preview",
                alice,
                Map.of("fileName", "e.yaml", "experiment", TinyExperiment.text("t"), "files", Map.of()));
        assertThat(missing.error()).contains("missing packages/fast, packages/slow.tar.gz");
    }
}
