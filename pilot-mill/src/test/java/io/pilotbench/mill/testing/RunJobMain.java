package io.pilotbench.mill.testing;

import io.pilotbench.mill.backend.JobRunner;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@code pilot experiment run-job} for the tests of this module, which cannot depend on the command line: the same
 * arguments ({@code experiment run-job --experiment DIR --job FILE --dir JOBDIR}), the same {@link JobRunner} call.
 * Exit 0 with a row, 1 without.
 */
public final class RunJobMain {
    private RunJobMain() {}

    public static void main(String[] args) throws Exception {
        Path exp = null;
        Path job = null;
        Path dir = null;
        for (int i = 2; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--experiment" -> exp = Path.of(args[i + 1]);
                case "--job" -> job = Path.of(args[i + 1]);
                case "--dir" -> dir = Path.of(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        PrintWriter out = new PrintWriter(System.out, true);
        Map<String, String> row = JobRunner.run(exp, null, job, dir, out);
        out.println(JobRunner.rowLine(row));
        System.exit(row == null ? 1 : 0);
    }

    /** The launcher words that run this class with the test JVM's java and class path. */
    public static List<String> launcher() {
        String javaCmd = ProcessHandle.current().info().command().orElse("java");
        return List.of(
                javaCmd,
                "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1",
                "-Xshare:auto",
                "-cp",
                System.getProperty("java.class.path"),
                RunJobMain.class.getName());
    }
}
