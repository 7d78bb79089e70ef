package io.pilotbench.mill;

import static org.assertj.core.api.Assertions.assertThat;

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
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shipped example (examples/experiment/compressors.yaml: gzip vs xz over ASLR, environment padding and nice, 32
 * jobs) on a master and three worker processes, uploaded as a user would: the file, each package directory as a
 * .tar.gz, the factor script.
 */
class MillExampleTest {
    static final Path EXAMPLE = Path.of("..", "examples", "experiment");

    @TempDir
    Path tmp;
    private MillServer master;
    private final List<Process> workers = new ArrayList<>();

    @AfterEach
    void stop() throws Exception {
        for (Process p : workers) {
            p.destroyForcibly().waitFor();
        }
        if (master != null) {
            master.close();
        }
    }

    static String tarGzBase64(Path dir) throws IOException {
        Map<String, String> entries = new LinkedHashMap<>();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                entries.put(dir.relativize(f).toString(), Files.readString(f, StandardCharsets.UTF_8));
            }
        }
        return Base64.getEncoder().encodeToString(TinyExperiment.tarGz(entries));
    }

    @Test
    void theCompressorsExampleRunsOnThreeWorkers() throws Exception {
        long started = System.nanoTime();
        master = MillServer.start(new MillServer.Options("127.0.0.1", 0, tmp.resolve("master"), null, null, null,
                Duration.ofSeconds(30)), Clock.systemUTC(), new PrintWriter(new StringWriter()));
        MillHttp http = new MillHttp(master.port());
        String user = http.user("ann", "ann-password");
        for (String name : List.of("w1", "w2", "w3")) {
            workers.add(new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", System.getProperty("java.class.path"), WorkerMain.class.getName(), "--master",
                    http.base().toString(), "--token", http.enrolmentToken(user), "--data",
                    tmp.resolve(name).toString(), "--name", name).redirectErrorStream(true)
                    .redirectOutput(tmp.resolve(name + ".log").toFile()).start());
        }
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (http.get("api/workers", user).list().size() < 3) {
            assertThat(System.nanoTime()).as("three workers register").isLessThan(deadline);
            Thread.sleep(50);
        }
        Map<String, String> files = new LinkedHashMap<>();
        files.put("packages/gzip", tarGzBase64(EXAMPLE.resolve("packages/gzip")));
        files.put("packages/xz", tarGzBase64(EXAMPLE.resolve("packages/xz")));
        files.put("factors/nice.sh", Base64.getEncoder().encodeToString(Files.readAllBytes(
                EXAMPLE.resolve("factors/nice.sh"))));
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("fileName", "compressors.yaml");
        body.put("experiment", Files.readString(EXAMPLE.resolve("compressors.yaml")));
        body.put("files", files);
        MillHttp.Reply r = http.post("api/experiments", user, body);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        assertThat(r.json()).containsEntry("jobs", 32);
        String progress = "api/experiments/" + r.json().get("id");
        deadline = System.nanoTime() + Duration.ofSeconds(150).toNanos();
        while (true) {
            @SuppressWarnings("unchecked")
            Map<String, Integer> jobs = (Map<String, Integer>) http.get(progress, user).json().get("jobs");
            if (jobs.get("done") + jobs.get("failed") == 32) {
                assertThat(jobs.get("done")).isEqualTo(32);
                break;
            }
            assertThat(System.nanoTime()).as("every job done: " + jobs).isLessThan(deadline);
            Thread.sleep(200);
        }
        String csv = http.get(progress + "/results.csv", user).body();
        assertThat(csv.lines()).hasSize(33);
        assertThat(csv.lines().findFirst().orElseThrow()).startsWith("job,worker,replication,package,aslr,"
                + "env-padding,nice,");
        String analysis = http.get(progress + "/analysis", user).body();
        assertThat(analysis).contains("metric time: 32 jobs").contains("metric size: 32 jobs")
                .contains("metric ratio: 32 jobs");
        System.out.printf("mill example: %.1f s%n", (System.nanoTime() - started) / 1e9);
    }
}
