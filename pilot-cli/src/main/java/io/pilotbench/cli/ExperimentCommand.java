package io.pilotbench.cli;

import io.pilotbench.core.files.Privileges;
import io.pilotbench.experiment.ExperimentFile;
import io.pilotbench.experiment.ExperimentPackage;
import io.pilotbench.experiment.ExperimentPlan;
import io.pilotbench.experiment.ExperimentRunner;
import io.pilotbench.experiment.ExperimentSpec;
import io.pilotbench.experiment.Worker;
import io.pilotbench.mill.backend.JobRunner;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code pilot experiment}: DataMill's experiments on this machine. It holds the subcommands that run jobs (run,
 * resume, run-job) and their cluster options; plan and analyze are {@link ExperimentPlanCommand} and
 * {@link ExperimentAnalyzeCommand}.
 */
@Command(
        name = "experiment",
        mixinStandardHelpOptions = true,
        usageHelpAutoWidth = true,
        subcommands = {
            ExperimentPlanCommand.class,
            ExperimentCommand.Run.class,
            ExperimentCommand.Resume.class,
            ExperimentAnalyzeCommand.class,
            ExperimentCommand.RunJob.class
        },
        description = {
            "Vary the factors that silently move results (ASLR, environment size, compiler flags, link order, "
                    + "caches, your own) on purpose, run every package under every chosen combination as a Pilot "
                    + "session, and attribute the variance with an n-way ANOVA (DataMill, ICPE 2013).",
            ""
        },
        footerHeading = "%nThe experiment file (YAML):%n",
        footer = {
            "  packages: {gzip: packages/gzip, xz: packages/xz.tar.gz}",
            "  replications: 2            # jobs per combination of levels",
            "  seed: 20                   # the plan (subsets, order) is reproducible",
            "  metrics: [size]            # NAME VALUE lines of collect.sh; time is",
            "                             # always there (the session's mean)",
            "  constraints: {arch: x86_64, memory: 2G, cores: 2}",
            "  precision: {ci-width: 10%%, max-rounds: 10, max-time: 20s}",
            "  factors:",
            "    package: 100%%            # 100%% every level, 0%% one random level,",
            "    aslr: {coverage: 100%%}   # 75%% a random subset of at least 75%%",
            "    env-padding: {levels: [0, 4096]}",
            "    cflags: {levels: [-O0, -O2], coverage: 50%%}",
            "    link-order: {levels: [alphabetical, reverse, random]}",
            "    drop-caches: {levels: [off, on]}    # needs root",
            "    nice: {script: factors/nice.sh, levels: [0, 5]}",
            "  hardware: {arch: 100%%}     # workers chosen by the paper's ILP",
            "",
            "A user factor's script is run as: sh SCRIPT LEVEL COMMAND...; it applies",
            "the level, then runs the command (shift; exec \"$@\").",
            "",
            "Examples:",
            "  pilot experiment plan examples/experiment/compressors.yaml",
            "  pilot experiment run examples/experiment/compressors.yaml -o results/c",
            "  pilot experiment resume results/c",
            "  pilot experiment analyze results/c",
            "  pilot experiment run examples/experiment/compressors.yaml -o results/s \\",
            "      --backend slurm        # one sbatch job per experiment job"
        })
final class ExperimentCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** Parses, checks the packages and plans: every bad file is one line here, before anything runs. */
    static ExperimentPlan plan(Path file) throws IOException {
        ExperimentSpec s = ExperimentFile.read(file);
        for (Map.Entry<String, Path> p : s.packages().entrySet()) {
            ExperimentPackage.check(p.getKey(), p.getValue());
        }
        return ExperimentPlan.of(s, List.of(Worker.local()), Privileges.isRoot());
    }

    /** {@code pilot experiment run FILE}. */
    @Command(
            name = "run",
            mixinStandardHelpOptions = true,
            usageHelpAutoWidth = true,
            description = {
                "Runs every job of FILE's plan in its random order: setup.sh, the factors applied (and observed "
                        + "by a probe), run.sh as a Pilot session to the precision target, collect.sh. One row per job "
                        + "lands in DIR/results.csv as the job ends: a killed experiment continues with pilot "
                        + "experiment resume DIR, with no job lost or run twice.",
                ""
            },
            footerHeading = "%nExit codes:%n",
            footer = {
                "  0    every job ran",
                "  4    some jobs failed (their rows say why; the others are analysable)",
                "  2    a bad experiment file or package, or an unusable DIR",
                "  130  stopped by Ctrl-C (143: SIGTERM) with jobs left: the running job",
                "       kept its rounds, and pilot experiment resume DIR runs the rest"
            })
    static final class Run implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(paramLabel = "FILE", description = "The experiment file (YAML).")
        Path file;

        @Option(
                names = {"-o", "--output"},
                paramLabel = "DIR",
                description = "The experiment directory (new or empty). Default: pilot-results/<date>-<time>-<name>.")
        Path output;

        @Option(
                names = "--time-limit",
                paramLabel = "DURATION",
                description = "Local jobs: a cap on each job's wall time, setup.sh and collect.sh included; at it the "
                        + "job's processes are killed and its row says so. Default: the experiment's max-time plus 10 "
                        + "minutes (without a max-time, 10 minutes for each of setup.sh, the probe and collect.sh).")
        Duration timeLimit;

        @Mixin
        ClusterOptions cluster;

        @Override
        public Integer call() throws Exception {
            Duration time = timeLimit;
            if (cluster.backend != Backend.LOCAL) {
                refuseTimeLimit(timeLimit, cluster.backend.word());
                return ClusterExperiment.run(cluster, file, output, spec);
            }
            cluster.refuseClusterOptions();
            ExperimentPlan plan = plan(file);
            if (plan.warning() != null) {
                spec.commandLine().getErr().println("pilot: warning: " + plan.warning());
            }
            Path dir = output != null
                    ? output
                    : OutputDirs.claimNew("experiment-" + plan.spec().name());
            PrintWriter err = spec.commandLine().getErr();
            err.println("pilot: running " + plan.jobs().size() + " jobs into " + dir + " (pilot experiment resume "
                    + dir + " continues a stopped run)");
            err.flush();
            ExperimentRunner.Stop stop = new ExperimentRunner.Stop();
            try (AutoCloseable ignored = Interrupts.onInterrupt(stop::request, stop::requestNow)) {
                // absolute before anything is written: the jobs' scripts run in their own directories
                return report(ExperimentRunner.start(plan, dir.toAbsolutePath(), err, stop, time), dir);
            }
        }

        int report(ExperimentRunner.Outcome o, Path dir) {
            PrintWriter out = spec.commandLine().getOut();
            if (o.stopped()) {
                int left = o.jobs() - o.ran() - o.skipped();
                out.println(o.jobs() + " jobs: stopped with " + left + " to run (the one running kept its rounds); "
                        + o.ran() + " run now, " + o.skipped() + " done before, " + o.failed() + " failed; "
                        + "pilot experiment resume " + dir + " runs the rest");
                out.flush();
                return Interrupts.exitCode();
            }
            out.println(o.jobs() + " jobs: " + o.ran() + " run now, " + o.skipped() + " done before, " + o.failed()
                    + " failed; results in " + dir.resolve("results.csv") + "; analyse with pilot experiment "
                    + "analyze " + dir);
            out.flush();
            return o.failed() > 0 ? ExitCode.WORKLOAD_FAILED.code() : ExitCode.OK.code();
        }
    }

    /** {@code pilot experiment resume DIR}. */
    @Command(
            name = "resume",
            mixinStandardHelpOptions = true,
            usageHelpAutoWidth = true,
            description = {
                "Finishes the experiment in DIR: the jobs with a row in results.csv are kept, the job that was cut "
                        + "off continues its session, the rest run. The experiment must plan the same way as when it "
                        + "started (same file, seed and machine).",
                ""
            },
            footerHeading = "%nExit codes:%n",
            footer = {
                "  0    every job ran",
                "  4    some jobs failed",
                "  2    DIR is not an experiment, or is being written by another pilot",
                "  130  stopped again by Ctrl-C (143: SIGTERM); resume once more to finish"
            })
    static final class Resume implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(paramLabel = "DIR", description = "The experiment directory.")
        Path dir;

        @Option(
                names = "--time-limit",
                paramLabel = "DURATION",
                description = "Local jobs: a cap on each job's wall time, setup.sh and collect.sh included; at it the "
                        + "job's processes are killed and its row says so. Default: the experiment's max-time plus 10 "
                        + "minutes (without a max-time, 10 minutes for each of setup.sh, the probe and collect.sh).")
        Duration timeLimit;

        @Mixin
        ClusterOptions cluster;

        @Override
        public Integer call() throws Exception {
            Duration time = timeLimit;
            String backend = ClusterExperiment.backendOf(dir);
            if (backend != null) {
                refuseTimeLimit(timeLimit, backend);
                if (cluster.backend != Backend.LOCAL && !cluster.backend.word().equals(backend)) {
                    throw new IllegalArgumentException(dir + " runs on " + backend + "; resume it with --backend "
                            + backend + " (or without --backend)");
                }
                cluster.backend = Backend.recorded(backend);
                return ClusterExperiment.resume(cluster, dir, spec);
            }
            cluster.refuseClusterOptions();
            Run run = new Run();
            run.spec = spec;
            ExperimentRunner.Stop stop = new ExperimentRunner.Stop();
            try (AutoCloseable ignored = Interrupts.onInterrupt(stop::request, stop::requestNow)) {
                return run.report(
                        ExperimentRunner.resume(
                                dir.toAbsolutePath(), spec.commandLine().getErr(), Privileges.isRoot(), stop, time),
                        dir);
            }
        }
    }

    private static void refuseTimeLimit(Duration timeLimit, String backend) {
        if (timeLimit != null) {
            throw new IllegalArgumentException("--time-limit caps local jobs; on " + backend + " the job's own time "
                    + "limit (the experiment's max-time plus 10 minutes) applies: remove --time-limit");
        }
    }

    /** Where an experiment's jobs run: {@code --backend}, which a cluster experiment's directory records by name. */
    enum Backend {
        LOCAL,
        SLURM,
        KUBERNETES;

        /** The name the option and the experiment directory spell it with ("slurm"). */
        String word() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** The back-end a cluster experiment's directory records as {@code word}. */
        static Backend recorded(String word) {
            for (Backend b : values()) {
                if (b != LOCAL && b.word().equals(word)) {
                    return b;
                }
            }
            throw new IllegalArgumentException("--backend must be local, slurm or kubernetes, got '" + word + "'");
        }
    }

    /** The options of {@code run} and {@code resume} that choose and reach a cluster. */
    static final class ClusterOptions {
        @Option(
                names = "--backend",
                paramLabel = "local|slurm|kubernetes",
                defaultValue = "local",
                description = {
                    "Where the jobs run: local (default: here, one after another), slurm (one sbatch "
                            + "job each, --exclusive, on nodes that share DIR's file system) or kubernetes (one Job each, "
                            + "one pilot job per node, in --image). The rows land in DIR/results.csv either way."
                })
        Backend backend;

        @Option(
                names = "--partition",
                paramLabel = "P",
                description = "Slurm: the partition (default: the "
                        + "cluster's). Slurm's commands find the cluster as usual (SLURM_CONF, /etc/slurm).")
        String partition;

        @Option(
                names = "--namespace",
                paramLabel = "N",
                description = "Kubernetes: the namespace of the Jobs " + "(default: the kubeconfig context's).")
        String namespace;

        @Option(
                names = "--image",
                paramLabel = "IMG",
                description = "Kubernetes: the image the jobs run in; it "
                        + "holds java, pilot and the experiment's files at the path given here (or --file-in-image).")
        String image;

        @Option(
                names = "--file-in-image",
                paramLabel = "PATH",
                description = "Kubernetes: the experiment "
                        + "file's path inside --image (default: FILE's absolute path here).")
        String fileInImage;

        @Option(
                names = "--pilot",
                paramLabel = "CMD",
                description = "The command that runs pilot on a node, "
                        + "split at spaces (default: slurm, this java and class path; kubernetes, pilot).")
        String pilot;

        @Option(
                names = "--max-attempts",
                paramLabel = "N",
                defaultValue = "3",
                description = "Submissions of "
                        + "a job whose cluster job ended without a row (cancelled, node failure, deleted) before it is "
                        + "given up. Default: 3.")
        int maxAttempts;

        @Option(
                names = "--poll",
                paramLabel = "DURATION",
                defaultValue = "2s",
                description = "How often the " + "cluster is asked for the jobs' states. Default: 2s.")
        Duration poll;

        void refuseClusterOptions() {
            if (partition != null || namespace != null || image != null || fileInImage != null || pilot != null) {
                throw new IllegalArgumentException("--partition, --namespace, --image, --file-in-image and --pilot "
                        + "need --backend slurm or kubernetes");
            }
        }
    }

    /** {@code pilot experiment run-job}: what a cluster job runs (hidden: the back-ends write its command line). */
    @Command(
            name = "run-job",
            hidden = true,
            mixinStandardHelpOptions = true,
            usageHelpAutoWidth = true,
            description = {
                "Runs one job of an experiment run on a cluster (pilot experiment run --backend) into JOBDIR, which "
                        + "becomes a one-job experiment directory; run again on the same JOBDIR it continues the job, "
                        + "or returns the row of a finished job without running it.",
                ""
            },
            footerHeading = "%nExit codes:%n",
            footer = {
                "  0    the job has its row (its error column says whether the job itself failed)",
                "  2    a bad experiment, job file or JOBDIR"
            })
    static final class RunJob implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(
                names = "--experiment",
                paramLabel = "DIR",
                description = "The cluster experiment's directory (its copy of the experiment file is read).")
        Path experiment;

        @Option(names = "--file", paramLabel = "FILE", description = "The experiment file (instead of --experiment).")
        Path file;

        @Option(
                names = "--job",
                paramLabel = "FILE",
                required = true,
                description = "The job: a CSV header job,worker,replication,FACTOR... and one row.")
        Path job;

        @Option(names = "--dir", paramLabel = "JOBDIR", required = true, description = "The job's directory.")
        Path dir;

        @Option(
                names = "--print-row",
                description = "End with the row on stdout, as one line: " + JobRunner.ROW_PREFIX
                        + "BASE64 (of its CSV header and row).")
        boolean printRow;

        @Override
        public Integer call() throws Exception {
            if ((experiment == null) == (file == null)) {
                throw new IllegalArgumentException("run-job needs exactly one of --experiment DIR and --file FILE");
            }
            return ClusterExperiment.runJob(experiment, file, job, dir, printRow, spec);
        }
    }
}
