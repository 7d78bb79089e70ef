package io.pilotbench.mill;

import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;

/**
 * A worker as its own process, for the end-to-end test (pilot-cli's {@code pilot mill worker} is the real entry
 * point; this module cannot depend on the CLI): {@code --master URL [--token T] --data DIR [--name N] [--run-as USER]
 * [--memory-limit BYTES]}. Bad input ends it as the CLI does: one line, exit code 2.
 */
public final class WorkerMain {
    private WorkerMain() {}

    public static void main(String[] args) throws Exception {
        URI master = null;
        String token = null;
        Path data = null;
        String name = null;
        String runAs = null;
        long memory = 0;
        for (int i = 0; i < args.length; i += 2) {
            switch (args[i]) {
                case "--master" -> master = URI.create(args[i + 1]);
                case "--token" -> token = args[i + 1];
                case "--data" -> data = Path.of(args[i + 1]);
                case "--name" -> name = args[i + 1];
                case "--run-as" -> runAs = args[i + 1];
                case "--memory-limit" -> memory = Long.parseLong(args[i + 1]);
                default -> throw new IllegalArgumentException(args[i]);
            }
        }
        PrintWriter out = new PrintWriter(System.out, true);
        try {
            MillWorker.run(
                    new MillWorker.Options(
                            master,
                            token,
                            data,
                            name,
                            Duration.ofMillis(200),
                            new io.pilotbench.experiment.JobLimits(runAs, memory, null)),
                    out);
        } catch (io.pilotbench.core.model.InputException e) {
            // as the CLI: one line, exit 2
            System.err.println("pilot: " + e.getMessage());
            System.exit(2);
        }
    }
}
