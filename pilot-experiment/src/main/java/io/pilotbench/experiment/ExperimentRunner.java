package io.pilotbench.experiment;

import io.pilotbench.core.api.Session;
import io.pilotbench.core.files.FileTrees;
import io.pilotbench.core.model.Formats;
import io.pilotbench.core.model.InputException;
import io.pilotbench.core.store.DirectoryLock;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Runs an experiment's jobs into a directory, and resumes it after a kill (paper §3.3, on one machine).
 *
 * <pre>
 * DIR/experiment.yaml   a copy of the experiment file      source.txt  where it was read from
 * DIR/plan.csv          the jobs, in run order (checked on resume: same file and seed, same plan)
 * DIR/packages/NAME/    each package as shipped, copied (or extracted safely); no job runs in it
 * DIR/factors/NAME/     user factor scripts, copied
 * DIR/jobs/NNNN/        per job: package/ (a fresh copy of its package, where its scripts run; removed when the
 *                       job succeeds), setup.log, observed.txt, session/ (a Pilot session of run.sh), collect.txt
 * DIR/results.csv       one row per finished job: the journal (see {@link ResultsTable}); made last when
 *                       starting, so without it a resume copies the packages again
 * </pre>
 *
 * Per job: copy its package as shipped into the job's directory (so what setup.sh built for one job's levels is never
 * what another job runs, as on the mill and the cluster back-ends), apply the factors ({@link JobEnvironment}), run
 * setup.sh, drop caches when asked, observe the levels with
 * a probe run through the same wrappers, run run.sh as a Pilot session to the precision target, run collect.sh
 * (these steps are {@link JobRun}'s), append the row. The directory is locked ({@link DirectoryLock}) while it is
 * written; a resume skips the jobs with a row and continues a job's session where it stopped ({@link Session#resume}),
 * so no job is lost or run twice. What the directory holds beside the jobs, and how a resume checks and reopens it,
 * is {@link ExperimentDirectory}'s.
 */
public final class ExperimentRunner {
    static final String PLAN = "plan.csv";
    static final String SPEC = "experiment.yaml";
    static final String SOURCE = "source.txt";
    static final String LINK_CC = "pilot-link-cc";
    /** The job's own copy of its package, in the job's directory. */
    static final String JOB_PACKAGE = "package";

    private final ExperimentPlan plan;
    private final Path dir;
    private final PrintWriter progress;
    private final Stop stop;
    private final ExperimentDirectory.Copies copies;
    private final String arch;
    private final JobLimits limits;
    /** Whether the job's commands leave their pids for {@link #killLeftovers} (a mill worker's jobs). */
    private final boolean recordPids;

    private ExperimentRunner(
            ExperimentPlan plan,
            Path dir,
            PrintWriter progress,
            ExperimentDirectory.Copies copies,
            Stop stop,
            JobLimits limits,
            boolean recordPids) {
        this.plan = plan;
        this.dir = dir;
        this.progress = progress;
        this.copies = copies;
        this.stop = stop;
        this.limits = limits;
        this.recordPids = recordPids;
        this.arch = Worker.local().attributes().get("arch");
    }

    /**
     * What a run did.
     *
     * @param stopped a {@link Stop} request ended it before every job had a row; the job then running kept its
     *                session where it stopped, and {@link #resume} continues it
     */
    public record Outcome(int jobs, int ran, int skipped, int failed, boolean stopped) {}

    /**
     * A request to stop a run, from another thread (Ctrl-C, SIGTERM): the running job's session stops after killing
     * its round's process group, no further script or job starts, and the job gets no row (so a resume runs what is
     * left of it). Its first {@link #request} is the one that counts.
     */
    public static final class Stop {
        private static final Runnable NOTHING = () -> {};
        private volatile boolean requested;
        private volatile Runnable cancel = NOTHING;
        private volatile Runnable kill = NOTHING;

        public void request() {
            requested = true;
            cancel.run();
        }

        /**
         * A second request (a second Ctrl-C, just before the JVM halts): what runs is killed at once (SIGKILL), so
         * that nothing outlives pilot.
         */
        public void requestNow() {
            requested = true;
            cancel.run();
            kill.run();
        }

        public boolean requested() {
            return requested;
        }

        /** While a session runs, what a request does to it (also at once, if one came first). */
        void running(Runnable value) {
            cancel = value;
            if (requested) {
                value.run();
            }
        }

        /** As {@link #running(Runnable)}, with what a second request does ({@link #requestNow()}). */
        void running(Runnable value, Runnable now) {
            kill = now;
            running(value);
        }

        void idle() {
            cancel = NOTHING;
            kill = NOTHING;
        }

        /** Throws {@link Stopped} when a stop was requested. */
        void check() {
            if (requested) {
                throw new Stopped();
            }
        }
    }

    /** A job cut short by a {@link Stop}: it gets no row. */
    private static final class Stopped extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Stopped() {
            super("stopped", null, false, false);
        }
    }

    /**
     * Starts {@code plan} in {@code dir} (new or empty) and runs every job.
     *
     * @param progress one line per job, or null
     */
    public static Outcome start(ExperimentPlan plan, Path dir, PrintWriter progress) throws IOException {
        return start(plan, dir, progress, new Stop());
    }

    /** As {@link #start(ExperimentPlan, Path, PrintWriter)}, until {@code stop} is requested. */
    public static Outcome start(ExperimentPlan plan, Path given, PrintWriter progress, Stop stop) throws IOException {
        return start(plan, given, progress, stop, null);
    }

    /**
     * As {@link #start(ExperimentPlan, Path, PrintWriter, Stop)}, with a cap on each job's wall time.
     *
     * @param timeLimit each job's time cap, or null for {@link JobLimits#defaultTime} (the experiment's max-time plus
     *                  {@link JobLimits#SETUP_ALLOWANCE})
     */
    public static Outcome start(ExperimentPlan plan, Path given, PrintWriter progress, Stop stop, Duration timeLimit)
            throws IOException {
        // the scripts run in the job's directory, so every path handed to them must not depend on the cwd
        Path dir = given.toAbsolutePath().normalize();
        try (DirectoryLock lock = DirectoryLock.claimEmpty(dir, "experiment")) {
            String csv = ExperimentDirectory.planCsv(plan);
            ExperimentDirectory.Copies copies = ExperimentDirectory.create(plan, dir, csv);
            return new ExperimentRunner(plan, dir, progress, copies, stop, timeLimits(plan.spec(), timeLimit), false)
                    .runAll();
        }
    }

    /**
     * Resumes the experiment in {@code dir}: re-plans it from its copied file and seed (and refuses when the plan
     * differs: another inventory or file), then runs the jobs without a row.
     *
     * @param root whether this process runs as root
     */
    public static Outcome resume(Path dir, PrintWriter progress, boolean root) throws IOException {
        return resume(dir, progress, root, new Stop());
    }

    /** As {@link #resume(Path, PrintWriter, boolean)}, until {@code stop} is requested. */
    public static Outcome resume(Path given, PrintWriter progress, boolean root, Stop stop) throws IOException {
        return resume(given, progress, root, stop, null);
    }

    /** As {@link #resume(Path, PrintWriter, boolean, Stop)}, with a cap on each job's wall time (null: the default). */
    public static Outcome resume(Path given, PrintWriter progress, boolean root, Stop stop, Duration timeLimit)
            throws IOException {
        Path dir = given.toAbsolutePath().normalize();
        if (!Files.isRegularFile(dir.resolve(PLAN)) || !Files.isRegularFile(dir.resolve(SOURCE))) {
            throw new InputException(dir + ": not an experiment directory (no " + PLAN + " or " + SOURCE + ")");
        }
        try (DirectoryLock lock = DirectoryLock.acquire(dir, "experiment")) {
            ExperimentPlan plan = ExperimentDirectory.replan(dir, root);
            ExperimentDirectory.Copies copies = ExperimentDirectory.continueIn(plan, dir);
            return new ExperimentRunner(plan, dir, progress, copies, stop, timeLimits(plan.spec(), timeLimit), false)
                    .runAll();
        }
    }

    /** The limits of a run on this machine: only a time cap, {@code timeLimit} or else the experiment's default. */
    private static JobLimits timeLimits(ExperimentSpec spec, Duration timeLimit) {
        return JobLimits.NONE.withTime(timeLimit != null ? timeLimit : JobLimits.defaultTime(spec));
    }

    /**
     * Runs one job of a plan made elsewhere (by a mill master or a cluster back-end, which chose the worker and the
     * levels) in {@code dir}, laid out as a one-job experiment directory, and returns the job's results row (column
     * → value, in {@code results.csv}'s order; its {@code error} is empty when the job succeeded).
     *
     * <p>Idempotent, so a job re-sent after a lost lease or a kill is never run twice: a directory that already
     * holds the job's row returns that row; one that holds part of it continues the job's session where it stopped.
     * A directory started for another job (or another experiment file) is refused.
     *
     * @param progress one line when the job ends, or null
     * @throws InputException when {@code dir} holds another job, or the factors cannot be applied
     */
    public static Map<String, String> runJob(ExperimentSpec spec, Job job, Path dir, PrintWriter progress)
            throws IOException {
        return runJob(spec, job, dir, JobLimits.NONE, progress);
    }

    /**
     * {@link #runJob(ExperimentSpec, Job, Path, PrintWriter)} with {@code limits} on the job's commands: the user
     * they run as, a memory cap over all of them, a time cap over the whole job ({@link JobConfinement}). A job
     * that the time cap ends has a row whose {@code error} says so.
     */
    public static Map<String, String> runJob(
            ExperimentSpec spec, Job job, Path given, JobLimits limits, PrintWriter progress) throws IOException {
        return runJob(spec, job, given, limits, progress, new Stop());
    }

    /**
     * As above, until {@code stop} is requested (a worker whose lease was lost): the job then gets no row and this
     * throws {@link IllegalStateException}.
     */
    public static Map<String, String> runJob(
            ExperimentSpec spec, Job job, Path given, JobLimits limits, PrintWriter progress, Stop stop)
            throws IOException {
        Path dir = given.toAbsolutePath().normalize();
        ExperimentPlan plan =
                new ExperimentPlan(spec, List.of(new Worker(job.worker(), Map.of())), Map.of(), List.of(job));
        String csv = ExperimentDirectory.planCsv(plan);
        boolean started = Files.isRegularFile(dir.resolve(PLAN));
        DirectoryLock lock = started
                ? DirectoryLock.acquire(dir, "experiment job")
                : DirectoryLock.claimEmpty(dir, "experiment job");
        ExperimentDirectory.Copies copies;
        try {
            if (started && !csv.equals(Files.readString(dir.resolve(PLAN)))) {
                throw new InputException(
                        dir + ": holds another job (its plan.csv differs); give each job a " + "directory of its own");
            }
            copies = started ? ExperimentDirectory.continueIn(plan, dir) : ExperimentDirectory.create(plan, dir, csv);
        } catch (IOException | RuntimeException e) {
            lock.close();
            throw e;
        }
        try (lock) {
            new ExperimentRunner(plan, dir, progress, copies, stop, limits, true).runAll();
            for (Map<String, String> row : ResultsTable.read(dir)) {
                if (row.get("job").equals(job.id())) {
                    return row;
                }
            }
            throw new IllegalStateException(dir + ": job " + job.id() + " ran but left no row");
        }
    }

    /**
     * Kills what the jobs of a {@link #runJob(ExperimentSpec, Job, Path, JobLimits, PrintWriter) runJob} directory
     * left running: processes of a job whose runner was killed (SIGKILL) or is shutting down. Each of the job's
     * commands recorded its pid; see {@link JobConfinement}.
     *
     * @return how many recorded processes were still running
     */
    public static int killLeftovers(Path dir) throws IOException {
        Path jobs = dir.resolve("jobs");
        if (!Files.isDirectory(jobs, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return 0;
        }
        int n = 0;
        try (var all = Files.list(jobs)) {
            for (Path j : all.toList()) {
                n += JobConfinement.killRecorded(j.resolve(JobConfinement.PIDS));
            }
        }
        return n;
    }

    /**
     * Kills what the job in {@code jobDir} recorded as running (its commands' process groups): a worker whose lease
     * was lost stops the job at once.
     *
     * @return how many recorded processes were still running
     */
    public static int killJob(Path jobDir) {
        try {
            return JobConfinement.killRecorded(jobDir.resolve(JobConfinement.PIDS));
        } catch (IOException e) {
            return 0; // nothing recorded yet, or the directory went away: nothing to kill
        }
    }

    /** The columns of a results row of {@code spec}, in order: what every job's row has, and nothing else. */
    public static List<String> header(ExperimentSpec spec) {
        List<String> h = new ArrayList<>(List.of("job", "worker", "replication", "package"));
        for (Factor f : spec.factors()) {
            if (f.kind() != Factor.Kind.PACKAGE) {
                h.add(f.name());
            }
        }
        for (Factor f : spec.factors()) {
            if (f.kind() != Factor.Kind.PACKAGE && f.kind() != Factor.Kind.HARDWARE) {
                h.add(f.name() + ".observed");
            }
        }
        h.addAll(List.of(ExperimentSpec.TIME, "time.ci.low", "time.ci.high", "rounds", "stop"));
        h.addAll(spec.metrics());
        h.add("env.bytes");
        h.add("error");
        return h;
    }

    private Outcome runAll() throws IOException {
        Set<String> done = new HashSet<>();
        for (Map<String, String> row : ResultsTable.read(dir)) {
            done.add(row.get("job"));
        }
        int ran = 0;
        int failed = 0;
        int skipped = 0;
        int total = plan.jobs().size();
        // a plan of one job of a larger experiment (a mill worker's, a cluster job's) printed "job 2/1"
        boolean whole = plan.jobs().isEmpty() || plan.jobs().get(total - 1).number() == total;
        for (Job job : plan.jobs()) {
            if (done.contains(job.id())) {
                skipped++;
                continue;
            }
            Map<String, String> row;
            try {
                stop.check();
                row = runJob(job);
            } catch (Stopped e) {
                return new Outcome(total, ran, skipped, failed, true);
            }
            ResultsTable.append(dir, new ArrayList<>(row.values()));
            ran++;
            if (!row.get("error").isEmpty()) {
                failed++;
            }
            if (progress != null) {
                String what = row.get("error").isEmpty()
                        ? "time " + time(row) + " (" + row.get("rounds") + " rounds, " + row.get("stop") + ")"
                        : "failed: " + row.get("error");
                progress.println(
                        "job " + job.number() + (whole ? "/" + total : "") + " " + describe(job) + ": " + what);
                progress.flush();
            }
        }
        return new Outcome(total, ran, skipped, failed, false);
    }

    /**
     * A row's mean time for a person: "9.918 ms", not the table's "0.009917751800000001" with " s" after it (the table
     * keeps every digit); the table's text where it is not a number.
     */
    public static String time(Map<String, String> row) {
        String t = row.getOrDefault(ExperimentSpec.TIME, "");
        try {
            return Formats.quantity(Double.parseDouble(t), "s");
        } catch (NumberFormatException e) {
            return t + " s";
        }
    }

    static String describe(Job job) {
        StringBuilder b = new StringBuilder();
        job.levels().forEach((k, v) -> b.append(b.length() == 0 ? "" : " ")
                .append(k)
                .append('=')
                .append(v));
        return b.toString();
    }

    /**
     * Runs one job (or what is left of it) under the runner's limits, in a fresh copy of its package, and returns
     * its row. A resumed job gets a fresh copy too (its setup.sh runs again), so a copy a kill left half-built is
     * never used. The copy is removed when the job succeeds and kept, for a look, when it fails.
     */
    private Map<String, String> runJob(Job job) throws IOException {
        Path jobDir = dir.resolve("jobs").resolve(job.id());
        Files.createDirectories(jobDir);
        Path work = jobDir.resolve(JOB_PACKAGE);
        FileTrees.delete(work);
        // before the confinement, which gives the copy (the job's work directory, and only that) to the job's user
        ExperimentPackage pkg = copies.packageFor(job).copyTo(work);
        Map<String, String> row;
        try (JobConfinement c = JobConfinement.open(limits, dir, jobDir, work, recordPids)) {
            JobEnvironment je = JobEnvironment.of(
                    plan.spec(),
                    job,
                    pkg,
                    copies.scripts(),
                    dir.resolve("bin").resolve(LINK_CC),
                    jobDir,
                    arch,
                    io.pilotbench.core.model.ChildEnvironment.of());
            row = new JobRun(plan.spec(), job, jobDir, c, pkg, je, stop).row();
        }
        if (row.get("error").isEmpty()) {
            FileTrees.delete(work);
        }
        return row;
    }
}
