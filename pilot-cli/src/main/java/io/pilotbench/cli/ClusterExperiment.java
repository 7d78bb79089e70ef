package io.pilotbench.cli;

import io.pilotbench.core.files.Privileges;
import io.pilotbench.experiment.ExperimentFile;
import io.pilotbench.experiment.ExperimentPackage;
import io.pilotbench.experiment.ExperimentPlan;
import io.pilotbench.experiment.ExperimentSpec;
import io.pilotbench.mill.backend.ClusterRun;
import io.pilotbench.mill.backend.ExecutionBackend;
import io.pilotbench.mill.backend.JobRunner;
import io.pilotbench.mill.backend.KubernetesBackend;
import io.pilotbench.mill.backend.SlurmBackend;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code pilot experiment}'s cluster back-ends (Slurm, Kubernetes) and the job a cluster node runs: the only code of
 * {@link ExperimentCommand} that uses the mill's classes. They live in {@code mill.jar}, which the launcher puts on
 * the class path for {@code pilot experiment} and {@code pilot mill} only; keeping them out of
 * {@link ExperimentCommand} lets the command and its help load without that jar (docs/design.md, "Packaging").
 */
final class ClusterExperiment {
    private ClusterExperiment() {}

    /** The back-end that ran the experiment in {@code dir}, or null for a local experiment. */
    static String backendOf(Path dir) throws IOException {
        return ClusterRun.backendOf(dir);
    }

    /** The experiment in {@code file} through a cluster back-end: every job a cluster job, the rows into a DIR. */
    static int run(ExperimentCommand.ClusterOptions cluster, Path file, Path output, CommandSpec spec)
            throws IOException {
        ExperimentSpec s = ExperimentFile.read(file);
        for (Map.Entry<String, Path> p : s.packages().entrySet()) {
            ExperimentPackage.check(p.getKey(), p.getValue());
        }
        ClusterRun.Settings settings = settings(cluster);
        try (ExecutionBackend backend = open(cluster)) {
            ExperimentPlan plan = ClusterRun.plan(s, backend, Privileges.isRoot());
            PrintWriter err = spec.commandLine().getErr();
            if (plan.warning() != null) {
                err.println("pilot: warning: " + plan.warning());
            }
            Path dir = output != null ? output : OutputDirs.claimNew("experiment-" + s.name());
            err.println("pilot: running " + plan.jobs().size() + " jobs on " + backend.name() + " into " + dir
                    + " (pilot experiment resume " + dir + " follows them again if this stops)");
            err.flush();
            return report(
                    spec.commandLine().getOut(),
                    ClusterRun.start(plan, backend, dir.toAbsolutePath(), settings, err),
                    dir);
        }
    }

    /** Follows the cluster experiment in {@code dir} again, on its own back-end. */
    static int resume(ExperimentCommand.ClusterOptions cluster, Path dir, CommandSpec spec) throws IOException {
        ClusterRun.Settings settings = settings(cluster);
        try (ExecutionBackend b = open(cluster)) {
            return report(
                    spec.commandLine().getOut(),
                    ClusterRun.resume(
                            dir.toAbsolutePath(),
                            b,
                            settings,
                            spec.commandLine().getErr()),
                    dir);
        }
    }

    /** {@code pilot experiment run-job}: one job of a cluster experiment, on the node it was given to. */
    static int runJob(Path experiment, Path file, Path job, Path dir, boolean printRow, CommandSpec spec)
            throws IOException {
        Map<String, String> row =
                JobRunner.run(experiment, file, job, dir, spec.commandLine().getErr());
        if (printRow) {
            spec.commandLine().getOut().println(JobRunner.rowLine(row));
            spec.commandLine().getOut().flush();
        }
        return ExitCode.OK.code();
    }

    static ClusterRun.Settings settings(ExperimentCommand.ClusterOptions cluster) {
        if (cluster.maxAttempts < 1) {
            throw new IllegalArgumentException("--max-attempts must be at least 1, got " + cluster.maxAttempts);
        }
        return new ClusterRun.Settings(cluster.maxAttempts, cluster.poll); // a Duration of at least 1ms (Converters)
    }

    static ExecutionBackend open(ExperimentCommand.ClusterOptions cluster) {
        switch (cluster.backend) {
            case SLURM -> {
                if (cluster.namespace != null || cluster.image != null || cluster.fileInImage != null) {
                    throw new IllegalArgumentException(
                            "--namespace, --image and --file-in-image are for " + "--backend kubernetes");
                }
                return SlurmBackend.create(
                        cluster.pilot != null ? words(cluster.pilot) : thisPilot(), cluster.partition, Map.of());
            }
            case KUBERNETES -> {
                if (cluster.partition != null) {
                    throw new IllegalArgumentException("--partition is for --backend slurm");
                }
                return KubernetesBackend.connect(
                        cluster.namespace,
                        cluster.image,
                        cluster.pilot != null ? words(cluster.pilot) : List.of("pilot"),
                        cluster.fileInImage);
            }
            // local jobs run without a cluster back-end (ExperimentCommand)
            default -> throw new IllegalStateException("no cluster back-end for " + cluster.backend.word() + " jobs");
        }
    }

    private static List<String> words(String cmd) {
        List<String> w = List.of(cmd.strip().split("\\s+"));
        if (w.get(0).isEmpty()) {
            throw new IllegalArgumentException("--pilot is empty; give the command that runs pilot on a node");
        }
        return w;
    }

    /** This JVM's java and class path (pilot.jar and mill.jar, when run by the launcher), and pilot's main class. */
    private static List<String> thisPilot() {
        String java = ProcessHandle.current().info().command().orElse("java");
        return List.of(
                java,
                "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1",
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName());
    }

    private static int report(PrintWriter out, ClusterRun.Outcome o, Path dir) {
        out.println(o.jobs() + " jobs: " + o.collected() + " collected (" + o.failed() + " failed), "
                + o.resubmitted() + " submitted again"
                + (o.givenUp().isEmpty()
                        ? ""
                        : ", given up: " + String.join(" ", o.givenUp()) + " (pilot experiment resume " + dir
                                + " tries them again)")
                + "; results in " + dir.resolve("results.csv") + "; analyse with pilot experiment analyze "
                + dir);
        out.flush();
        return o.failed() > 0 || !o.givenUp().isEmpty() ? ExitCode.WORKLOAD_FAILED.code() : ExitCode.OK.code();
    }
}
