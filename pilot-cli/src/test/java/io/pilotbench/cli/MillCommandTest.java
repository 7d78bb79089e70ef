package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pilotbench.mill.MillServer;
import io.pilotbench.testing.Circumstances;
import io.pilotbench.testing.SystemTest;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code pilot mill serve} and {@code pilot mill worker}: bad input is one line and exit 2; both run and stop. */
@SystemTest
class MillCommandTest {
    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(strings = {"mill", "mill serve", "mill worker"})
    void helpRendersWithinEightyColumns(String command) {
        CliRun r = CliRun.run((command + " --help").split(" "));
        assertThat(r.code()).isZero();
        assertThat(r.out()).startsWith("Usage: pilot " + command);
        assertThat(r.out().lines().filter(l -> l.length() > 80).toList()).isEmpty();
    }

    @Test
    void pilotListsMill() {
        assertThat(CliRun.run("--help").out()).contains("mill");
    }

    static void oneLine(CliRun r, String... phrases) {
        assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.USAGE.code());
        assertThat(r.err().strip().lines().count()).as(r.err()).isEqualTo(1);
        assertThat(r.err()).startsWith("pilot: ").doesNotContain("Exception").contains(phrases);
    }

    @Test
    void serveRefusesBadOptionsInOneLine() throws Exception {
        String data = tmp.resolve("m").toString();
        oneLine(CliRun.run("mill", "serve", "--data", data, "--lease", "0.5s"), "--lease", "at least 1s");
        oneLine(CliRun.run("mill", "serve", "--data", data, "--lease", "soon"), "--lease", "not a duration");
        oneLine(CliRun.run("mill", "serve", "--data", data, "--port", "70000"), "--port");
        oneLine(CliRun.run("mill", "serve", "--data", data, "--db", "postgres://x"), "--db", "JDBC URL");
        try (ServerSocket taken = new ServerSocket(0)) {
            oneLine(
                    CliRun.run(
                            "mill",
                            "serve",
                            "--host",
                            "127.0.0.1",
                            "--data",
                            data,
                            "--port",
                            Integer.toString(taken.getLocalPort())),
                    "--port " + taken.getLocalPort(),
                    "cannot listen");
        }
        oneLine(CliRun.run("mill", "serve", "--data", data, "--db", "jdbc:postgresql://127.0.0.1:1/none"), "--db");
    }

    /**
     * A port in use printed "[main] ERROR io.javalin.Javalin - Failed to start Javalin" (the web server's own log,
     * straight to the process's stderr, which the in-process test above does not see) before the master's one line.
     */
    @Test
    void aPortInUseIsOneLineWithoutTheWebServersOwnError() throws Exception {
        try (ServerSocket taken = new ServerSocket(0)) {
            Path err = tmp.resolve("err.txt");
            Process p = new ProcessBuilder(CliRun.inNewJvm(
                            "mill",
                            "serve",
                            "--host",
                            "127.0.0.1",
                            "--data",
                            tmp.resolve("m").toString(),
                            "--port",
                            Integer.toString(taken.getLocalPort())))
                    .redirectError(err.toFile())
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            assertThat(p.waitFor(120, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
            String text = java.nio.file.Files.readString(err);
            assertThat(p.exitValue()).as(text).isEqualTo(ExitCode.USAGE.code());
            assertThat(text).hasLineCount(1).startsWith("pilot: --port ").contains("cannot listen");
        }
    }

    /** Another master process holds the directory's H2 database: one line, not a hang or a stack trace. */
    @Test
    void serveRefusesADataDirectoryAnotherMasterUses() throws Exception {
        Path data = tmp.resolve("shared");
        Path log = tmp.resolve("other.log");
        Process other = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        Main.class.getName(),
                        "mill",
                        "serve",
                        "--host",
                        "127.0.0.1",
                        "--port",
                        "0",
                        "--data",
                        data.toString())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        try {
            for (long end = System.nanoTime() + 60_000_000_000L;
                    !Files.readString(log).contains("listening on"); ) {
                assertThat(System.nanoTime()).as(Files.readString(log)).isLessThan(end);
                Thread.sleep(50);
            }
            CliRun r = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
                    Duration.ofSeconds(60),
                    () -> CliRun.run("mill", "serve", "--host", "127.0.0.1", "--port", "0", "--data", data.toString()));
            oneLine(r, "--data", "another master");
        } finally {
            other.destroy();
            other.waitFor();
        }
    }

    @Test
    void serveListensUntilStopped() throws Exception {
        StringWriter out = new StringWriter();
        AtomicInteger code = new AtomicInteger(-1);
        Thread t = new Thread(() -> code.set(PilotCommand.run(
                new String[] {
                    "mill",
                    "serve",
                    "--host",
                    "127.0.0.1",
                    "--port",
                    "0",
                    "--data",
                    tmp.resolve("m").toString()
                },
                new PrintWriter(out, true),
                new PrintWriter(new StringWriter()),
                new ByteArrayInputStream(new byte[0]))));
        t.start();
        Pattern listening = Pattern.compile("listening on http://127.0.0.1:(\\d+)/");
        Matcher m = listening.matcher("");
        for (long end = System.nanoTime() + 30_000_000_000L; !(m = listening.matcher(out.toString())).find(); ) {
            assertThat(System.nanoTime()).as(out.toString()).isLessThan(end);
            Thread.sleep(20);
        }
        HttpResponse<String> page = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + m.group(1) + "/"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).contains("pilot mill");
        t.interrupt();
        t.join(30_000);
        assertThat(code.get()).isZero();
        assertThat(Files.exists(tmp.resolve("m/mill.mv.db"))).isTrue();
    }

    /** Anyone who can reach the master can run code on its workers: so by default it is reached from here only. */
    @Test
    void serveListensOnLoopbackOnlyUnlessToldOtherwise() throws Exception {
        java.net.InetAddress outside =
                java.util.Collections.list(java.net.NetworkInterface.getNetworkInterfaces()).stream()
                        .filter(i -> {
                            try {
                                return i.isUp() && !i.isLoopback();
                            } catch (java.net.SocketException e) {
                                return false;
                            }
                        })
                        .flatMap(i -> java.util.Collections.list(i.getInetAddresses()).stream())
                        .filter(a -> a instanceof java.net.Inet4Address)
                        .findFirst()
                        .orElse(null);
        Circumstances.assumeTrue(outside != null, "this machine has no address but loopback");
        oneLine(
                CliRun.run("mill", "serve", "--data", tmp.resolve("x").toString(), "--registration", "anyone"),
                "--registration: 'anyone' is not one of approval, invite, open");
        StringWriter out = new StringWriter();
        Thread t = new Thread(() -> PilotCommand.run(
                new String[] {
                    "mill", "serve", "--port", "0", "--data", tmp.resolve("m").toString()
                },
                new PrintWriter(out, true),
                new PrintWriter(new StringWriter()),
                new ByteArrayInputStream(new byte[0])));
        t.start();
        try {
            Pattern listening = Pattern.compile("listening on http://([0-9.]+):(\\d+)/.*registration approval");
            Matcher m = listening.matcher("");
            for (long end = System.nanoTime() + 30_000_000_000L; !(m = listening.matcher(out.toString())).find(); ) {
                assertThat(System.nanoTime()).as(out.toString()).isLessThan(end);
                Thread.sleep(20);
            }
            int port = Integer.parseInt(m.group(2));
            assertThat(m.group(1)).isEqualTo("127.0.0.1");
            try (java.net.Socket here = new java.net.Socket("127.0.0.1", port)) {
                assertThat(here.isConnected()).isTrue();
            }
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> new java.net.Socket(outside, port).close())
                    .as("from " + outside.getHostAddress())
                    .isInstanceOf(java.net.ConnectException.class);
        } finally {
            t.interrupt();
            t.join(30_000);
        }
    }

    @Test
    void workerRefusesBadOptionsInOneLine() throws Exception {
        String data = tmp.resolve("w").toString();
        oneLine(CliRun.run("mill", "worker", "--master", "ftp://host/", "--data", data), "--master", "http");
        oneLine(CliRun.run("mill", "worker", "--master", "not a url", "--data", data), "--master");
        String me = System.getProperty("user.name");
        oneLine(
                CliRun.run("mill", "worker", "--master", "http://127.0.0.1:1/", "--data", data, "--run-as", me),
                "--token");
        oneLine(
                CliRun.run("mill", "worker", "--master", "http://127.0.0.1:1/", "--data", data, "--poll", "x"),
                "--poll");
        oneLine(
                CliRun.run(
                        "mill",
                        "worker",
                        "--master",
                        "http://127.0.0.1:1/",
                        "--data",
                        data,
                        "--run-as",
                        me,
                        "--memory-limit",
                        "lots"),
                "--memory-limit");
        oneLine(
                CliRun.run(
                        "mill",
                        "worker",
                        "--master",
                        "http://127.0.0.1:1/",
                        "--data",
                        data,
                        "--run-as",
                        me,
                        "--time-limit",
                        "soon"),
                "--time-limit");
        oneLine(
                CliRun.run("mill", "worker", "--master", "http://127.0.0.1:1/", "--data", data, "--run-as", "../etc"),
                "--run-as",
                "not a user name");
        if (io.pilotbench.core.files.Privileges.isRoot()) {
            oneLine(
                    CliRun.run("mill", "worker", "--master", "http://127.0.0.1:1/", "--data", data),
                    "runs as root",
                    "--run-as USER");
            oneLine(
                    CliRun.run(
                            "mill",
                            "worker",
                            "--master",
                            "http://127.0.0.1:1/",
                            "--data",
                            data,
                            "--run-as",
                            "no-such-user-x"),
                    "no-such-user-x",
                    "no such user");
        }
    }

    @Test
    void aWorkerRegistersWithATokenOnceAndIsRefusedAWrongOne() throws Exception {
        try (MillServer master = MillServer.start(
                new MillServer.Options("127.0.0.1", 0, tmp.resolve("m"), null, null, null, Duration.ofSeconds(60)),
                Clock.systemUTC(),
                null)) {
            String url = "http://127.0.0.1:" + master.port() + "/";
            String me = System.getProperty("user.name");
            oneLine(
                    CliRun.run(
                            "mill",
                            "worker",
                            "--master",
                            url,
                            "--token",
                            "made-up",
                            "--data",
                            tmp.resolve("bad").toString(),
                            "--run-as",
                            me),
                    "--token",
                    "refused",
                    "unknown, used already");
            HttpClient http = HttpClient.newHttpClient();
            post(http, url + "api/users", null, "{\"name\":\"u\",\"password\":\"password\"}");
            String session =
                    field(post(http, url + "api/login", null, "{\"name\":\"u\",\"password\":\"password\"}"), "token");
            String token = field(post(http, url + "api/tokens", session, "{}"), "token");
            StringWriter out = new StringWriter();
            AtomicInteger code = new AtomicInteger(-1);
            Thread t = new Thread(() -> code.set(PilotCommand.run(
                    new String[] {
                        "mill",
                        "worker",
                        "--master",
                        url,
                        "--token",
                        token,
                        "--data",
                        tmp.resolve("w").toString(),
                        "--name",
                        "cli-worker",
                        "--run-as",
                        me
                    },
                    new PrintWriter(out, true),
                    new PrintWriter(new StringWriter()),
                    new ByteArrayInputStream(new byte[0]))));
            t.start();
            for (long end = System.nanoTime() + 30_000_000_000L; !out.toString().contains("jobs run as"); ) {
                assertThat(System.nanoTime()).as(out.toString()).isLessThan(end);
                Thread.sleep(20);
            }
            t.interrupt();
            t.join(30_000);
            assertThat(code.get()).isZero();
            assertThat(out.toString())
                    .contains("registered as cli-worker")
                    .contains("jobs run as " + me + ", memory cap none, time cap max-time + 10 min");
            assertThat(Files.getPosixFilePermissions(tmp.resolve("w/worker.json")))
                    .as("the secret is the owner's")
                    .isEqualTo(java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        }
    }

    private static String post(HttpClient http, String url, String bearer, String json) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url))
                .POST(HttpRequest.BodyPublishers.ofString(json))
                .header("Content-Type", "application/json");
        if (bearer != null) {
            b.header("Authorization", "Bearer " + bearer);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString()).body();
    }

    private static String field(String json, String name) {
        Matcher m = Pattern.compile("\"" + name + "\"\\s*:\\s*\"([^\"]+)\"").matcher(json);
        assertThat(m.find()).as(json).isTrue();
        return m.group(1);
    }
}
