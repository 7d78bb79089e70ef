package io.pilotbench.cli;

import io.pilotbench.experiment.JobLimits;
import io.pilotbench.mill.MillServer;
import io.pilotbench.mill.MillWorker;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;

/**
 * The master and the worker as {@code pilot mill} runs them: the only code of {@link MillCommand} that uses the
 * mill's classes. They live in {@code mill.jar}, which the launcher adds to the class path for {@code pilot mill};
 * picocli reflects on a command's methods, so a command class that named a mill class in a method's signature (a
 * lambda's included) could not even print its help without that jar (docs/design.md, "Packaging").
 */
final class MillProcesses {
    private MillProcesses() {}

    /** Starts the master and blocks until the JVM is stopped (a signal) or this thread is interrupted. */
    static void serveUntilStopped(
            String host,
            int port,
            Path data,
            String db,
            String dbUser,
            Duration lease,
            String registration,
            PrintWriter out)
            throws IOException {
        MillServer.Registration policy = MillServer.Registration.valueOf(registration.toUpperCase(Locale.ROOT));
        MillServer server = MillServer.start(
                new MillServer.Options(
                        host,
                        port,
                        data,
                        db,
                        dbUser,
                        db == null ? null : System.getenv("PILOT_DB_PASSWORD"),
                        lease,
                        policy),
                Clock.systemUTC(),
                out);
        CountDownLatch stopped = new CountDownLatch(1);
        Thread hook = new Thread(
                () -> {
                    server.close();
                    stopped.countDown();
                },
                "pilot-mill-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            stopped.await();
        } catch (InterruptedException e) {
            // stopped in-process (a test, an embedding program): close as a signal would
            Runtime.getRuntime().removeShutdownHook(hook);
            server.close();
        }
    }

    /** Runs the worker until the JVM is stopped. */
    static void work(URI master, String token, Path data, String name, Duration poll, JobLimits limits, PrintWriter out)
            throws IOException, InterruptedException {
        MillWorker.run(new MillWorker.Options(master, token, data, name, poll, limits), out);
    }
}
