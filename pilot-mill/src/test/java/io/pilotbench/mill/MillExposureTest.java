package io.pilotbench.mill;

import static org.assertj.core.api.Assertions.assertThat;

import io.pilotbench.testing.SystemTest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A master a lab can expose (docs/mill.md#threat-model), over real HTTP to a real master on H2: who may
 * submit (the registration policies), bodies refused before they are read, throttled logins, user names that
 * cannot pass for another's, previews that name fields and count workers honestly, and the owner's and
 * administrator's controls (cancel, delete, clone, retire).
 */
@SystemTest
class MillExposureTest {
    @TempDir
    Path tmp;

    MillServer master;
    MillHttp http;
    String alice;

    @AfterEach
    void stop() {
        if (master != null) {
            master.close();
        }
    }

    /** A master with the policy, and alice, its first account (the administrator). */
    void start(MillServer.Registration policy) throws Exception {
        start(policy, tmp.resolve("master"));
    }

    void start(MillServer.Registration policy, Path data) throws Exception {
        master = MillServer.start(
                new MillServer.Options("127.0.0.1", 0, data, null, null, null, Duration.ofSeconds(60), policy),
                Clock.systemUTC(),
                new PrintWriter(new StringWriter()));
        http = new MillHttp(master.port());
        alice = http.user("alice", "alice-password");
    }

    String register(String name, Map<String, String> inventory) throws Exception {
        MillHttp.Reply r = http.post(
                "api/worker/register",
                null,
                Map.of("token", http.enrolmentToken(alice), "name", name, "inventory", inventory));
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        return r.json().get("id") + "." + r.json().get("secret");
    }

    String login(String name, String password) throws Exception {
        MillHttp.Reply r = http.post("api/login", null, Map.of("name", name, "password", password));
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        return (String) r.json().get("token");
    }

    long count(String sql) {
        return master.store()
                .withHandle(h -> h.createQuery(sql).mapTo(Long.class).one());
    }

    long submit(String session, String name) throws Exception {
        MillHttp.Reply r = http.post("api/experiments", session, TinyExperiment.submission(name, "0", false));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return ((Number) r.json().get("id")).longValue();
    }

    // ---- who may run code on the workers -----------------------------------------------------------------------

    @Test
    void anyoneWhoCanReachTheMasterCannotRunCodeOnTheWorkers() throws Exception {
        assertThat(MillServer.Options.defaults().host())
                .as("listens on this machine only")
                .isEqualTo("127.0.0.1");
        assertThat(MillServer.Options.defaults().registration()).isEqualTo(MillServer.Registration.APPROVAL);
        start(MillServer.Registration.APPROVAL);
        register("w", Map.of("arch", "x86_64"));
        MillHttp.Reply signUp = http.post("api/users", null, Map.of("name", "mallory", "password", "mallory-pw"));
        assertThat(signUp.status()).isEqualTo(201);
        assertThat(signUp.json()).containsEntry("approved", false);
        String mallory = login("mallory", "mallory-pw");
        for (String route : List.of("api/experiments", "api/experiments/preview")) {
            MillHttp.Reply r = http.post(route, mallory, TinyExperiment.submission("x", "0", false));
            assertThat(r.status()).as(route + ": " + r.body()).isEqualTo(403);
            assertThat(r.error()).contains("approval");
        }
        assertThat(http.post("api/users/mallory/approve", mallory, Map.of()).status())
                .as("not by herself")
                .isEqualTo(403);
        assertThat(http.get("api/users", mallory).status()).isEqualTo(403);
        assertThat(count("SELECT COUNT(*) FROM jobs"))
                .as("nothing for a worker to run")
                .isZero();
        assertThat(http.get("api/users", alice).list())
                .extracting(u -> u.get("name") + ":" + u.get("approved"))
                .containsExactly("alice:true", "mallory:false");
        assertThat(http.post("api/users/mallory/approve", alice, Map.of()).status())
                .isEqualTo(200);
        submit(mallory, "approved");
        assertThat(count("SELECT COUNT(*) FROM jobs")).isEqualTo(8);
        // an invite code skips the wait
        String code = (String) http.post("api/invites", alice, Map.of()).json().get("code");
        assertThat(http.post("api/users", null, Map.of("name", "bob", "password", "bob-password", "invite", code))
                        .json())
                .containsEntry("approved", true);
    }

    @Test
    void inviteRegistrationNeedsAOneTimeCodeFromTheAdministrator() throws Exception {
        start(MillServer.Registration.INVITE);
        MillHttp.Reply none = http.post("api/users", null, Map.of("name", "bob", "password", "bob-password"));
        assertThat(none.status()).isEqualTo(403);
        assertThat(none.error()).contains("invite");
        assertThat(http.post(
                                "api/users",
                                null,
                                Map.of("name", "bob", "password", "bob-password", "invite", Secrets.token()))
                        .status())
                .as("a made-up code")
                .isEqualTo(403);
        String code = (String) http.post("api/invites", alice, Map.of()).json().get("code");
        MillHttp.Reply bob =
                http.post("api/users", null, Map.of("name", "bob", "password", "bob-password", "invite", code));
        assertThat(bob.status()).as(bob.body()).isEqualTo(201);
        assertThat(bob.json()).containsEntry("approved", true);
        assertThat(http.post("api/users", null, Map.of("name", "carol", "password", "carol-password", "invite", code))
                        .status())
                .as("a used code")
                .isEqualTo(403);
        String bobSession = login("bob", "bob-password");
        assertThat(http.post("api/invites", bobSession, Map.of()).status())
                .as("only the admin invites")
                .isEqualTo(403);
        register("w", Map.of("arch", "x86_64"));
        submit(bobSession, "invited");
        assertThat(count("SELECT COUNT(*) FROM users")).isEqualTo(2);
    }

    @Test
    void openRegistrationLetsEveryAccountSubmit() throws Exception {
        start(MillServer.Registration.OPEN);
        register("w", Map.of("arch", "x86_64"));
        assertThat(http.post("api/users", null, Map.of("name", "bob", "password", "bob-password"))
                        .json())
                .containsEntry("approved", true);
        submit(login("bob", "bob-password"), "open");
    }

    // ---- bodies are read after the credentials, up to each route's limit ---------------------------------------

    /** The status line of a raw HTTP/1.1 request whose body is announced but not sent, read within 10 s. */
    static String statusBeforeTheBody(int port, String head) throws IOException {
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(10_000);
            OutputStream out = s.getOutputStream();
            out.write(head.getBytes(StandardCharsets.US_ASCII));
            out.write(new byte[1024]); // a little of the body: the rest never comes
            out.flush();
            InputStream in = s.getInputStream();
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            for (int c = in.read(); c != -1 && c != '\n'; c = in.read()) {
                line.write(c);
            }
            return line.toString(StandardCharsets.US_ASCII).strip();
        } catch (java.net.SocketTimeoutException e) {
            return "no answer in 10 s: the master waits for the body";
        }
    }

    @Test
    void everyRequestBodyIsNoLongerBufferedBeforeTheCredentialsAreChecked() throws Exception {
        start(MillServer.Registration.APPROVAL);
        long huge = 250L << 20;
        String upload = "POST /api/experiments HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n";
        long started = System.nanoTime();
        assertThat(statusBeforeTheBody(master.port(), upload + "Content-Length: " + huge + "\r\n\r\n"))
                .as("no credentials, 250 MiB announced")
                .startsWith("HTTP/1.1 401");
        assertThat(statusBeforeTheBody(
                        master.port(),
                        upload + "Authorization: Bearer " + Secrets.token() + "\r\nContent-Length: " + huge
                                + "\r\n\r\n"))
                .as("a made-up session")
                .startsWith("HTTP/1.1 401");
        assertThat(statusBeforeTheBody(
                        master.port(), upload + "Transfer-Encoding: chunked\r\n\r\n" + Long.toHexString(huge) + "\r\n"))
                .as("chunked, no length")
                .startsWith("HTTP/1.1 401");
        assertThat(statusBeforeTheBody(
                        master.port(),
                        "POST /api/worker/jobs/1/archive?attempt=1 HTTP/1.1\r\n"
                                + "Host: x\r\nAuthorization: Bearer 1." + Secrets.token() + "\r\nContent-Length: "
                                + huge
                                + "\r\n\r\n"))
                .as("a worker's route")
                .startsWith("HTTP/1.1 401");
        // routes anyone may call, and small routes of a logged-in user, take small bodies only
        assertThat(statusBeforeTheBody(
                        master.port(), "POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Length: " + huge + "\r\n\r\n"))
                .startsWith("HTTP/1.1 413");
        assertThat(statusBeforeTheBody(
                        master.port(), "POST /api/users HTTP/1.1\r\nHost: x\r\nContent-Length: " + huge + "\r\n\r\n"))
                .startsWith("HTTP/1.1 413");
        assertThat(statusBeforeTheBody(
                        master.port(),
                        "POST /api/tokens HTTP/1.1\r\nHost: x\r\nAuthorization: " + "Bearer " + alice
                                + "\r\nContent-Length: " + (1 << 20) + "\r\n\r\n"))
                .startsWith("HTTP/1.1 413");
        assertThat(Duration.ofNanos(System.nanoTime() - started))
                .as("each answered at once")
                .isLessThan(Duration.ofSeconds(20));
        // a chunked body larger than its route takes is cut off at the limit, not read to its end: the master answers
        // once 64 KiB have come, while the announced chunk is still unfinished. (Sent whole by an HTTP client, the
        // rest of the body met a closed connection, and the client lost the answer to the reset now and then.)
        String json = "{\"name\": \"alice\", \"password\": \"" + "x".repeat(66_000);
        assertThat(statusBeforeTheBody(
                        master.port(),
                        "POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: "
                                + "application/json\r\nTransfer-Encoding: chunked\r\n\r\n" + Integer.toHexString(70_000)
                                + "\r\n"
                                + json))
                .startsWith("HTTP/1.1 413");
        // and the master still serves
        assertThat(http.get("api/experiments", alice).status()).isEqualTo(200);
    }

    // ---- logins --------------------------------------------------------------------------------------------------

    @Test
    void failedLoginsAreRateLimitedPerNameAndPerAddress() throws Exception {
        start(MillServer.Registration.APPROVAL);
        for (int i = 0; i < LoginThrottle.PER_NAME; i++) {
            assertThat(http.post("api/login", null, Map.of("name", "alice", "password", "guess-" + i))
                            .status())
                    .isEqualTo(401);
        }
        HttpReply limited = HttpReply.post(http, "api/login", Map.of("name", "alice", "password", "alice-password"));
        assertThat(limited.status())
                .as("even the right password, until the window passes")
                .isEqualTo(429);
        assertThat(Long.parseLong(limited.retryAfter())).isBetween(1L, LoginThrottle.WINDOW_MS / 1000);
        assertThat(http.post("api/login", null, Map.of("name", "ALICE", "password", "x"))
                        .status())
                .as("the name without regard to case")
                .isEqualTo(429);
        // per address: other names from the same address, until the address has its fill
        http.post("api/users", null, Map.of("name", "bob", "password", "bob-password"));
        int failures = LoginThrottle.PER_NAME;
        for (int i = 0; failures < LoginThrottle.PER_ADDRESS; i++, failures++) {
            assertThat(http.post("api/login", null, Map.of("name", "user" + i, "password", "x"))
                            .status())
                    .isEqualTo(401);
        }
        assertThat(http.post("api/login", null, Map.of("name", "bob", "password", "bob-password"))
                        .status())
                .as("this address is limited")
                .isEqualTo(429);
    }

    @Test
    void aBurstOfWrongPasswordsHashesAtMostTheLimitAndLoginsStayFast() throws Exception {
        start(MillServer.Registration.APPROVAL);
        http.post("api/users", null, Map.of("name", "bob", "password", "bob-password"));
        int burst = 40;
        ExecutorService pool = Executors.newFixedThreadPool(burst);
        try {
            List<Future<Integer>> guesses = new ArrayList<>();
            for (int i = 0; i < burst; i++) {
                int n = i;
                guesses.add(pool.submit(
                        () -> http.post("api/login", null, Map.of("name", "alice", "password", "guess-" + n))
                                .status()));
            }
            long started = System.nanoTime();
            MillHttp.Reply bob = http.post("api/login", null, Map.of("name", "bob", "password", "bob-password"));
            Duration bobTook = Duration.ofNanos(System.nanoTime() - started);
            List<Integer> statuses = new ArrayList<>();
            for (Future<Integer> f : guesses) {
                statuses.add(f.get());
            }
            assertThat(statuses.stream().filter(s -> s == 401).count())
                    .as(statuses.toString())
                    .isLessThanOrEqualTo(LoginThrottle.PER_NAME);
            assertThat(statuses.stream().filter(s -> s == 429).count())
                    .isGreaterThanOrEqualTo(burst - LoginThrottle.PER_NAME);
            assertThat(bob.status()).isEqualTo(200);
            // one PBKDF2 of 210,000 iterations takes about 0.1 to 0.3 s per core; 40 of them on 2 cores, several s
            assertThat(bobTook).as("bob's login during the burst").isLessThan(Duration.ofSeconds(3));
        } finally {
            pool.shutdownNow();
        }
    }

    /** A reply with its Retry-After header. */
    record HttpReply(int status, String retryAfter) {
        static HttpReply post(MillHttp http, String path, Object body) throws Exception {
            java.net.http.HttpResponse<String> r = java.net.http.HttpClient.newHttpClient()
                    .send(
                            java.net.http.HttpRequest.newBuilder(http.base().resolve(path))
                                    .header("Content-Type", "application/json")
                                    .POST(java.net.http.HttpRequest.BodyPublishers.ofString(Json.write(body)))
                                    .build(),
                            java.net.http.HttpResponse.BodyHandlers.ofString());
            return new HttpReply(
                    r.statusCode(), r.headers().firstValue("Retry-After").orElse(null));
        }
    }

    @Test
    void namesThatLookLikeAdminCannotBeRegistered() throws Exception {
        start(MillServer.Registration.OPEN);
        http.user("admin", "admin-password");
        for (String[] look : new String[][] {
            {"adm\u200Bin", "U+200B"}, {"\u0430dmin", "U+0430"}, {"admin\u202E", "U+202E"}, {"ad min", "U+0020"}
        }) {
            MillHttp.Reply r = http.post("api/users", null, Map.of("name", look[0], "password", "password-1"));
            assertThat(r.status()).as(look[1] + ": " + r.body()).isEqualTo(400);
            assertThat(r.error()).startsWith("name: ").contains(look[1]).contains("ASCII");
        }
        for (String same : List.of("Admin", "\uFF41\uFF44\uFF4D\uFF49\uFF4E")) { // full-width "admin" under NFKC
            MillHttp.Reply r = http.post("api/users", null, Map.of("name", same, "password", "password-1"));
            assertThat(r.status()).as(same + ": " + r.body()).isEqualTo(409);
        }
        assertThat(count("SELECT COUNT(*) FROM users")).isEqualTo(2);
    }

    // ---- the preview -------------------------------------------------------------------------------------------

    @Test
    void previewErrorsNameTheFieldNeverAServerPath() throws Exception {
        // a relative --data, as the default mill-data is
        Path data = Path.of("").toAbsolutePath().relativize(tmp.resolve("relative-master"));
        start(MillServer.Registration.APPROVAL, data);
        register("w", Map.of("arch", "x86_64"));
        List<String> texts = List.of(
                TinyExperiment.text("t") + "  drop-caches: {levels: [on, off], coverage: 100%}\n",
                "packages: [",
                TinyExperiment.text("t").replace("metrics: [size]", "metrics: size: x"),
                TinyExperiment.text("t") + "  delay: {script: factors/delay.sh, levels: [\"0\"]}\n");
        for (String text : texts) {
            Map<String, Object> body = TinyExperiment.submission("t", "0", false);
            body.put("experiment", text);
            MillHttp.Reply r = http.post("api/experiments/preview", alice, body);
            assertThat(r.status()).as(r.body()).isEqualTo(400);
            assertThat(r.error())
                    .startsWith("tiny.yaml")
                    .doesNotContain("staging")
                    .doesNotContain(tmp.toString())
                    .doesNotContain(data.toString())
                    .doesNotContain("/tmp")
                    .doesNotContain("\n");
        }
    }

    @Test
    void thePreviewStatesTheRealNumberOfEligibleWorkers() throws Exception {
        start(MillServer.Registration.APPROVAL);
        for (String w : List.of("x1", "x2", "x3")) {
            register(w, Map.of("arch", "x86_64"));
        }
        register("arm", Map.of("arch", "aarch64"));
        MillHttp.Reply all = http.post("api/experiments/preview", alice, TinyExperiment.submission("t", "0", false));
        assertThat(all.status()).as(all.body()).isEqualTo(200);
        assertThat(all.json().get("workers"))
                .as("every worker leases its jobs")
                .isEqualTo(List.of("arm", "x1", "x2", "x3"));
        Map<String, Object> x86 = TinyExperiment.submission("t", "0", false);
        x86.put("experiment", TinyExperiment.text("t") + "constraints: {arch: x86_64}\n");
        assertThat(http.post("api/experiments/preview", alice, x86).json().get("workers"))
                .isEqualTo(List.of("x1", "x2", "x3"));
        assertThat(http.post("api/workers/x2/retire", alice, Map.of()).status()).isEqualTo(200);
        assertThat(http.post("api/experiments/preview", alice, x86).json().get("workers"))
                .as("retired: none")
                .isEqualTo(List.of("x1", "x3"));
    }

    @Test
    void aTwentyThousandDeepYamlIsA400NotAStackOverflow() throws Exception {
        start(MillServer.Registration.APPROVAL);
        register("w", Map.of("arch", "x86_64"));
        for (String deep : List.of(
                "name: " + "[".repeat(20_000), "name: " + "{a: [".repeat(10_000), "- ".repeat(20_000) + "x\n")) {
            Map<String, Object> body = TinyExperiment.submission("t", "0", false);
            body.put("experiment", deep);
            MillHttp.Reply r = http.post("api/experiments/preview", alice, body);
            assertThat(r.status()).as(r.body()).isEqualTo(400);
            assertThat(r.error()).startsWith("tiny.yaml: line ").contains("nested more than");
        }
        assertThat(http.get("api/experiments", alice).status()).isEqualTo(200);
    }

    // ---- cancel, delete, clone, retire ------------------------------------------------------------------------

    @Test
    void cancelStopsLeasingAndTellsAWorkerRunningAJobAtItsHeartbeat() throws Exception {
        start(MillServer.Registration.OPEN);
        String w = register("w", Map.of("arch", "x86_64"));
        String bob = http.user("bob", "bob-password");
        long mine = submit(bob, "bobs");
        long other = submit(bob, "other");
        Map<String, Object> lease = http.post("api/worker/lease", w, Map.of()).json();
        assertThat(((Number) lease.get("job")).longValue()).isPositive();
        String job = "api/worker/jobs/" + lease.get("job");
        String carol = http.user("carol", "carol-password");
        assertThat(http.post("api/experiments/" + mine + "/cancel", carol, Map.of())
                        .status())
                .as("not carol's")
                .isEqualTo(403);
        MillHttp.Reply cancelled = http.post("api/experiments/" + mine + "/cancel", bob, Map.of());
        assertThat(cancelled.status()).as(cancelled.body()).isEqualTo(200);
        assertThat(cancelled.json()).containsEntry("cancelled", 8);
        MillHttp.Reply beat = http.post(job + "/heartbeat", w, Map.of("attempt", lease.get("attempt")));
        assertThat(beat.status()).isEqualTo(409);
        assertThat(beat.error()).contains("cancelled").contains("stop");
        assertThat(http.post(job + "/result", w, MillSecurityTest.row(lease, "w"))
                        .status())
                .as("its row")
                .isEqualTo(409);
        Map<String, Object> progress = http.get("api/experiments/" + mine, bob).json();
        assertThat(progress).containsEntry("cancelled", true);
        assertThat(progress.get("jobs"))
                .isEqualTo(Map.of("queued", 0, "leased", 0, "done", 0, "failed", 0, "cancelled", 8));
        // the worker goes on with the other experiment's jobs only
        for (int i = 0; i < 8; i++) {
            Map<String, Object> next =
                    http.post("api/worker/lease", w, Map.of()).json();
            assertThat(count("SELECT experiment_id FROM jobs WHERE id = " + next.get("job")))
                    .isEqualTo(other);
            assertThat(http.post("api/worker/jobs/" + next.get("job") + "/result", w, MillSecurityTest.row(next, "w"))
                            .status())
                    .isEqualTo(200);
        }
        assertThat(http.post("api/worker/lease", w, Map.of()).status()).isEqualTo(204);
        // the administrator may cancel anyone's
        long third = submit(bob, "third");
        assertThat(http.post("api/experiments/" + third + "/cancel", alice, Map.of())
                        .status())
                .isEqualTo(200);
    }

    /** A real worker process running a job of an experiment that is cancelled: told at its next heartbeat. */
    @Test
    void aRealWorkerIsToldAtItsHeartbeatThatItsJobWasCancelled() throws Exception {
        master = MillServer.start(
                new MillServer.Options(
                        "127.0.0.1",
                        0,
                        tmp.resolve("master"),
                        null,
                        null,
                        null,
                        Duration.ofSeconds(3),
                        MillServer.Registration.APPROVAL),
                Clock.systemUTC(),
                new PrintWriter(new StringWriter()));
        http = new MillHttp(master.port());
        alice = http.user("alice", "alice-password");
        boolean confined = io.pilotbench.core.files.Privileges.isRoot()
                && new ProcessBuilder("id", "nobody").start().waitFor() == 0;
        if (confined) {
            java.nio.file.Files.setPosixFilePermissions(
                    tmp, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                WorkerMain.class.getName(),
                "--master",
                http.base().toString(),
                "--data",
                tmp.resolve("w").toString(),
                "--name",
                "w",
                "--token",
                http.enrolmentToken(alice)));
        if (confined) {
            cmd.addAll(List.of("--run-as", "nobody"));
        }
        Path log = tmp.resolve("w.log");
        Process worker = new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        try {
            long end = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (count("SELECT COUNT(*) FROM workers") == 0) {
                assertThat(System.nanoTime())
                        .as(java.nio.file.Files.readString(log))
                        .isLessThan(end);
                Thread.sleep(50);
            }
            MillHttp.Reply r = http.post("api/experiments", alice, TinyExperiment.submission("slow", "1", false));
            assertThat(r.status()).as(r.body()).isEqualTo(201);
            long id = ((Number) r.json().get("id")).longValue();
            // once the job's Pilot session has begun (its files fetched and checked)
            while (!insideAJob(tmp.resolve("w/jobs"))) {
                assertThat(System.nanoTime())
                        .as(java.nio.file.Files.readString(log))
                        .isLessThan(end);
                Thread.sleep(50);
            }
            assertThat(http.post("api/experiments/" + id + "/cancel", alice, Map.of())
                            .json())
                    .containsEntry("cancelled", 8);
            while (!java.nio.file.Files.readString(log).contains("the experiment was cancelled: stop the job")) {
                assertThat(System.nanoTime())
                        .as(java.nio.file.Files.readString(log))
                        .isLessThan(end);
                Thread.sleep(50);
            }
            // the worker stops the job at once, sends no row, and goes on
            while (!java.nio.file.Files.readString(log).contains("stopped; its lease is no longer this worker's")) {
                assertThat(System.nanoTime())
                        .as(java.nio.file.Files.readString(log))
                        .isLessThan(end);
                Thread.sleep(50);
            }
            Thread.sleep(2 * 1000); // a poll or two: nothing more of it is leased
            assertThat(worker.isAlive()).as(java.nio.file.Files.readString(log)).isTrue();
            assertThat(count("SELECT COUNT(*) FROM results")).isZero();
            assertThat(count("SELECT MAX(attempts) FROM jobs"))
                    .as("leased once, by the first lease only")
                    .isEqualTo(1);
            assertThat(count("SELECT COUNT(*) FROM jobs WHERE attempts > 0")).isEqualTo(1);
        } finally {
            worker.destroyForcibly().waitFor();
        }
    }

    static boolean insideAJob(Path jobs) {
        try (var all = java.nio.file.Files.walk(jobs, 4)) {
            return all.anyMatch(
                    p -> p.getFileName().toString().equals("session") && java.nio.file.Files.isDirectory(p));
        } catch (IOException | java.io.UncheckedIOException e) {
            return false;
        }
    }

    @Test
    void deleteRemovesOnlyAFinishedOrCancelledExperimentOfItsOwner() throws Exception {
        start(MillServer.Registration.OPEN);
        register("w", Map.of("arch", "x86_64"));
        String bob = http.user("bob", "bob-password");
        long doomed = submit(bob, "doomed");
        long kept = submit(alice, "kept");
        MillHttp.Reply running = http.delete("api/experiments/" + doomed, bob);
        assertThat(running.status()).as(running.body()).isEqualTo(409);
        assertThat(running.error()).contains("cancel it first");
        http.post("api/experiments/" + doomed + "/cancel", bob, Map.of());
        String carol = http.user("carol", "carol-password");
        assertThat(http.delete("api/experiments/" + doomed, carol).status()).isEqualTo(403);
        assertThat(http.delete("api/experiments/" + doomed, bob).status()).isEqualTo(200);
        assertThat(http.get("api/experiments/" + doomed, bob).status()).isEqualTo(404);
        assertThat(count("SELECT COUNT(*) FROM jobs WHERE experiment_id = " + doomed))
                .isZero();
        assertThat(count("SELECT COUNT(*) FROM experiment_files WHERE experiment_id = " + doomed))
                .isZero();
        assertThat(count("SELECT COUNT(*) FROM jobs WHERE experiment_id = " + kept))
                .as("the other's intact")
                .isEqualTo(8);
        assertThat(count("SELECT COUNT(*) FROM experiment_files WHERE experiment_id = " + kept))
                .isEqualTo(2);
    }

    @Test
    void cloneResubmitsTheSameExperiment() throws Exception {
        start(MillServer.Registration.OPEN);
        register("w", Map.of("arch", "x86_64"));
        String bob = http.user("bob", "bob-password");
        long original = submit(bob, "original");
        String carol = http.user("carol", "carol-password");
        assertThat(http.post("api/experiments/" + original + "/clone", carol, Map.of())
                        .status())
                .isEqualTo(403);
        MillHttp.Reply clone = http.post("api/experiments/" + original + "/clone", bob, Map.of());
        assertThat(clone.status()).as(clone.body()).isEqualTo(201);
        long copy = ((Number) clone.json().get("id")).longValue();
        assertThat(copy).isNotEqualTo(original);
        assertThat(clone.json()).containsEntry("jobs", 8);
        for (String column : List.of("file_name", "file_text", "name", "owner_id")) {
            String was = column(column, original);
            assertThat(column(column, copy)).as(column).isEqualTo(was);
        }
        assertThat(count("SELECT COUNT(*) FROM experiment_files a JOIN experiment_files b ON a.path = b.path "
                        + "AND a.sha256 = b.sha256 WHERE a.experiment_id = " + original + " AND b.experiment_id = "
                        + copy))
                .isEqualTo(2);
        assertThat(count("SELECT COUNT(*) FROM jobs WHERE state = 'queued' AND experiment_id = " + copy))
                .isEqualTo(8);
    }

    String column(String column, long experiment) {
        return master.store()
                .withHandle(h -> h.createQuery("SELECT " + column + " FROM experiments WHERE id = " + experiment)
                        .mapTo(String.class)
                        .one());
    }

    @Test
    void retireStopsLeasingToAWorker() throws Exception {
        start(MillServer.Registration.OPEN);
        String old = register("old", Map.of("arch", "x86_64"));
        String fresh = register("fresh", Map.of("arch", "x86_64"));
        submit(alice, "e");
        Map<String, Object> held = http.post("api/worker/lease", old, Map.of()).json();
        String bob = http.user("bob", "bob-password");
        assertThat(http.post("api/workers/old/retire", bob, Map.of()).status())
                .as("admin only")
                .isEqualTo(403);
        assertThat(http.post("api/workers/nobody/retire", alice, Map.of()).status())
                .isEqualTo(404);
        assertThat(http.post("api/workers/old/retire", alice, Map.of()).status())
                .isEqualTo(200);
        MillHttp.Reply refused = http.post("api/worker/lease", old, Map.of());
        assertThat(refused.status()).isEqualTo(403);
        assertThat(refused.error()).contains("retired");
        assertThat(http.post("api/worker/jobs/" + held.get("job") + "/result", old, MillSecurityTest.row(held, "old"))
                        .status())
                .as("the job it held still counts")
                .isEqualTo(200);
        assertThat(http.post("api/worker/lease", fresh, Map.of()).status()).isEqualTo(200);
        assertThat(http.get("api/workers", alice).list())
                .extracting(w -> w.get("name") + ":" + w.get("retired"))
                .containsExactly("fresh:false", "old:true");
    }
}
