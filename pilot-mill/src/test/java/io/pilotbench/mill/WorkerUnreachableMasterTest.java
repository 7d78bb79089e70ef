package io.pilotbench.mill;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A worker started before its master said "worker : register: master unreachable (ConnectException); retrying in
 * 250 ms": a blank where its name goes (it has none before it registers) and a Java class name for a refused
 * connection. It says "worker: register: master unreachable (connection refused)" now.
 */
class WorkerUnreachableMasterTest {
    @TempDir
    Path tmp;

    @Test
    void aRefusedConnectionIsSaidInWordsAndTheNamelessWorkerHasNoBlank() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort(); // closed again: nothing listens there
        }
        StringWriter log = new StringWriter();
        URI master = URI.create("http://127.0.0.1:" + port + "/");
        Thread worker = new Thread(() -> {
            try {
                MillWorker.run(
                        new MillWorker.Options(master, "token", tmp.resolve("w"), "w1", Duration.ofSeconds(1)),
                        new PrintWriter(log, true));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (Exception e) {
                log.write("failed: " + e);
            }
        });
        worker.start();
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!log.toString().contains("retrying in 500 ms") && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        worker.interrupt();
        worker.join(10_000);
        assertThat(log.toString())
                .startsWith("worker: register: master unreachable (connection refused); retrying in 250 ms")
                .doesNotContain("Exception");
    }
}
