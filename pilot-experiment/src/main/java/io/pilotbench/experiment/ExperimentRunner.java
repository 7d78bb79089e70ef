package io.pilotbench.experiment;

import io.pilotbench.core.api.Pilot;
import io.pilotbench.core.api.Session;
import io.pilotbench.core.env.EnvironmentProbe;
import io.pilotbench.core.files.FileTrees;
import io.pilotbench.core.files.Privileges;
import io.pilotbench.core.model.CiTarget;
import io.pilotbench.core.model.InputException;
import io.pilotbench.core.model.MetricResult;
import io.pilotbench.core.model.PiResult;
import io.pilotbench.core.model.SessionResult;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.core.store.DirectoryLock;
import io.pilotbench.process.CommandTemplate;
import io.pilotbench.process.CommandWorkload;
import io.pilotbench.process.PiSpec;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
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
 * a probe run through the same wrappers, run run.sh as a Pilot session to the precision target, run collect.sh,
 * append the row. The directory is locked ({@link DirectoryLock}) while it is written; a resume skips the jobs with
 * a row and continues a job's session where it stopped ({@link Session#resume}), so no job is lost or run twice.
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
    private Stop stop = new Stop();
    private final Map<String, ExperimentPackage> packages = new LinkedHashMap<>();
    private final Map<String, Path> scripts = new LinkedHashMap<>();
    private final String arch;
    private JobLimits limits = JobLimits.NONE;
    /** Whether the job's commands leave their pids for {@link #killLeftovers} (a mill worker's jobs). */
    private boolean recordPids;

    private ExperimentRunner(ExperimentPlan plan, Path dir, PrintWriter progress) {
        this.plan = plan;
        this.dir = dir;
        this.progress = progress;
        this.arch = Worker.local().attributes().get("arch");
    }

    /**
     * Whether this process runs as root.
     *
     * @deprecated use {@link Privileges#isRoot()}, the one root check of every module; this stays only while a
     *             test of pilot-cli still calls it
     */
    @Deprecated(forRemoval = true)
    public static boolean isRoot() {
        return Privileges.isRoot();
    }

    /**
     * What a run did.
     *
     * @param stopped a {@link Stop} request ended it before every job had a row; the job then running kept its
     *                session where it stopped, and {@link #resume} continues it
     */
    public record Outcome(int jobs, int ran, int skipped, int failed, boolean stopped) {
    }

    /**
     * A request to stop a run, from another thread (Ctrl-C, SIGTERM): the running job's session stops after killing
     * its round's process group, no further script or job starts, and the job gets no row (so a resume runs what is
     * left of it). Its first {@link #request} is the one that counts.
     */
    public static final class Stop {
        private static final Runnable NOTHING = () -> {
        };
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
            ExperimentSpec spec = plan.spec();
            Files.copy(spec.file(), dir.resolve(SPEC));
            Files.writeString(dir.resolve(SOURCE), spec.file().toAbsolutePath() + "\n");
            Files.writeString(dir.resolve(PLAN), planCsv(plan));
            ExperimentRunner r = new ExperimentRunner(plan, dir, progress);
            r.stop = stop;
            r.limits = JobLimits.NONE.withTime(timeLimit != null ? timeLimit : JobLimits.defaultTime(spec));
            r.install();
            ResultsTable.create(dir, r.header());
            return r.runAll();
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
            Path source = Path.of(Files.readString(dir.resolve(SOURCE)).strip());
            ExperimentSpec spec = ExperimentFile.parse(source, Files.readString(dir.resolve(SPEC)));
            ExperimentPlan plan = ExperimentPlan.of(spec, List.of(Worker.local()), root);
            if (!planCsv(plan).equals(Files.readString(dir.resolve(PLAN)))) {
                throw new InputException(dir + ": the experiment plans differently now (another machine, or a "
                        + "changed script?); it cannot be resumed here");
            }
            ExperimentRunner r = continueIn(plan, dir, progress);
            r.stop = stop;
            r.limits = JobLimits.NONE.withTime(timeLimit != null ? timeLimit : JobLimits.defaultTime(spec));
            return r.runAll();
        }
    }

    /** A runner for {@code plan} in a locked directory that was started before: reopened or, if killed while
     *  copying the packages, installed again. */
    private static ExperimentRunner continueIn(ExperimentPlan plan, Path dir, PrintWriter progress)
            throws IOException {
        ExperimentRunner r = new ExperimentRunner(plan, dir, progress);
        if (Files.exists(dir.resolve(ResultsTable.FILE))) {
            ResultsTable.repair(dir);
            r.reopen();
        } else {
            // killed while the packages were being copied: the table, written last, is missing; copy again
            for (String part : List.of("packages", "factors", "bin")) {
                FileTrees.delete(dir.resolve(part));
            }
            r.install();
            ResultsTable.create(dir, r.header());
        }
        return r;
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
    public static Map<String, String> runJob(ExperimentSpec spec, Job job, Path given, JobLimits limits,
            PrintWriter progress) throws IOException {
        return runJob(spec, job, given, limits, progress, new Stop());
    }

    /**
     * As above, until {@code stop} is requested (a worker whose lease was lost): the job then gets no row and this
     * throws {@link IllegalStateException}.
     */
    public static Map<String, String> runJob(ExperimentSpec spec, Job job, Path given, JobLimits limits,
            PrintWriter progress, Stop stop) throws IOException {
        Path dir = given.toAbsolutePath().normalize();
        ExperimentPlan plan = new ExperimentPlan(spec, List.of(new Worker(job.worker(), Map.of())), Map.of(),
                List.of(job));
        String csv = planCsv(plan);
        ExperimentRunner r;
        DirectoryLock lock;
        if (Files.isRegularFile(dir.resolve(PLAN))) {
            lock = DirectoryLock.acquire(dir, "experiment job");
            try {
                if (!csv.equals(Files.readString(dir.resolve(PLAN)))) {
                    throw new InputException(dir + ": holds another job (its plan.csv differs); give each job a "
                            + "directory of its own");
                }
                r = continueIn(plan, dir, progress);
            } catch (IOException | RuntimeException e) {
                lock.close();
                throw e;
            }
        } else {
            lock = DirectoryLock.claimEmpty(dir, "experiment job");
            try {
                Files.copy(spec.file(), dir.resolve(SPEC));
                Files.writeString(dir.resolve(SOURCE), spec.file().toAbsolutePath() + "\n");
                Files.writeString(dir.resolve(PLAN), csv);
                r = new ExperimentRunner(plan, dir, progress);
                r.install();
                ResultsTable.create(dir, r.header());
            } catch (IOException | RuntimeException e) {
                lock.close();
                throw e;
            }
        }
        try (lock) {
            r.limits = limits;
            r.recordPids = true;
            r.stop = stop;
            r.runAll();
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

    /** The plan as CSV: job, worker, replication, then one column per factor. */
    static String planCsv(ExperimentPlan plan) {
        StringBuilder b = new StringBuilder();
        List<String> head = new ArrayList<>(List.of("job", "worker", "replication"));
        plan.spec().factors().forEach(f -> head.add(f.name()));
        b.append(ResultsTable.line(head));
        for (Job j : plan.jobs()) {
            List<String> row = new ArrayList<>(List.of(j.id(), j.worker(), Integer.toString(j.replication())));
            row.addAll(j.levels().values());
            b.append(ResultsTable.line(row));
        }
        return b.toString();
    }

    /** Copies the packages (extracting archives safely), the user scripts and the link-order wrapper. */
    private void install() throws IOException {
        ExperimentSpec spec = plan.spec();
        for (Map.Entry<String, Path> p : spec.packages().entrySet()) {
            Path target = SafeName.child(dir.resolve("packages"), "packages", p.getKey());
            ExperimentPackage pkg;
            if (ExperimentPackage.isArchive(p.getValue())) {
                pkg = ExperimentPackage.open(p.getKey(), p.getValue(), target);
            } else {
                pkg = ExperimentPackage.open(p.getKey(), p.getValue(), null).copyTo(target);
            }
            packages.put(p.getKey(), pkg);
        }
        for (Factor f : spec.factors()) {
            if (f.kind() == Factor.Kind.USER) {
                // the script's file name is one part of a path (getFileName), so it stays in the factor's directory
                Path target = SafeName.child(dir.resolve("factors"), "factors", f.name())
                        .resolve(f.script().getFileName().toString());
                Files.createDirectories(target.getParent());
                Files.copy(f.script(), target);
                scripts.put(f.name(), target);
            }
        }
        Path cc = dir.resolve("bin").resolve(LINK_CC);
        Files.createDirectories(cc.getParent());
        try (InputStream in = ExperimentRunner.class.getResourceAsStream(LINK_CC)) {
            Files.copy(in, cc);
        }
        Files.setPosixFilePermissions(cc, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    /** The copies made by {@link #install}, on resume. */
    private void reopen() throws IOException {
        for (String name : plan.spec().packages().keySet()) {
            packages.put(name, ExperimentPackage.open(name, SafeName.child(dir.resolve("packages"), "packages", name),
                    null));
        }
        for (Factor f : plan.spec().factors()) {
            if (f.kind() == Factor.Kind.USER) {
                scripts.put(f.name(), dir.resolve("factors").resolve(f.name()).resolve(f.script().getFileName()));
            }
        }
    }

    List<String> header() {
        return header(plan.spec());
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
                String what = row.get("error").isEmpty() ? "time " + row.get(ExperimentSpec.TIME) + " s ("
                        + row.get("rounds") + " rounds, " + row.get("stop") + ")" : "failed: " + row.get("error");
                progress.println("job " + job.number() + "/" + total + " " + describe(job) + ": " + what);
                progress.flush();
            }
        }
        return new Outcome(total, ran, skipped, failed, false);
    }

    static String describe(Job job) {
        StringBuilder b = new StringBuilder();
        job.levels().forEach((k, v) -> b.append(b.length() == 0 ? "" : " ").append(k).append('=').append(v));
        return b.toString();
    }

    private String packageOf(Job job) {
        String p = job.levels().get("package");
        return p != null && packages.containsKey(p) ? p : packages.keySet().iterator().next();
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
        ExperimentPackage pkg = packages.get(packageOf(job)).copyTo(work);
        Map<String, String> row;
        try (JobConfinement c = JobConfinement.open(limits, dir, jobDir, work, recordPids)) {
            row = runJob(job, jobDir, c, pkg);
        }
        if (row.get("error").isEmpty()) {
            FileTrees.delete(work);
        }
        return row;
    }

    /** {@code command}, after the words that confine it. */
    private static List<String> confined(JobConfinement c, boolean timed, List<String> command) {
        List<String> words = new ArrayList<>(c.prefix(timed));
        words.addAll(command);
        return words;
    }

    private Map<String, String> runJob(Job job, Path jobDir, JobConfinement c, ExperimentPackage pkg)
            throws IOException {
        ExperimentSpec spec = plan.spec();
        JobEnvironment je = JobEnvironment.of(spec, job, pkg, scripts, dir.resolve("bin").resolve(LINK_CC), jobDir,
                arch, System.getenv());
        Map<String, String> row = new LinkedHashMap<>();
        for (String h : header()) {
            row.put(h, "");
        }
        row.put("job", job.id());
        row.put("worker", job.worker());
        row.put("replication", Integer.toString(job.replication()));
        row.put("package", pkg.name());
        job.levels().forEach((k, v) -> {
            if (row.containsKey(k)) {
                row.put(k, v);
            }
        });
        try {
            stop.check();
            if (pkg.setup()) {
                int code = script(je, confined(c, true, List.of("sh", ExperimentPackage.SETUP)), pkg.root(),
                        jobDir.resolve("setup.log"));
                if (code != 0) {
                    String cap = c.capNote(code);
                    row.put("error", "setup.sh exited with " + code + (cap == null ? "" : ": " + cap) + " (see jobs/"
                            + job.id() + "/setup.log)");
                    return row;
                }
            }
            boolean dropped = false;
            if ("on".equals(job.levels().get("drop-caches"))) {
                dropCaches();
                dropped = true;
            }
            Map<String, String> observed = observe(je, c, pkg, jobDir);
            for (Factor f : spec.factors()) {
                String key = f.name() + ".observed";
                if (!row.containsKey(key)) {
                    continue;
                }
                row.put(key, switch (f.kind()) {
                    case ASLR -> observed.getOrDefault("aslr", "?");
                    case ENV_PADDING -> observed.getOrDefault("pad", "?");
                    case CFLAGS -> observed.getOrDefault("cflags", "?");
                    case LINK_ORDER -> lastLine(jobDir.resolve("link-order.log"));
                    case SYMBOL_NAMES -> lastLine(jobDir.resolve("symbol-names.log"));
                    case DROP_CACHES -> dropped ? "dropped" : "kept";
                    case USER -> observed.getOrDefault("user." + JobEnvironment.variable(f.name()), "unreported");
                    default -> "";
                });
            }
            row.put("env.bytes", observed.getOrDefault("envbytes", ""));
            stop.check();
            SessionResult result = session(job, je, c, pkg, jobDir.resolve("session"));
            stop.check(); // a session the request stopped is resumed, not reported
            PiResult pi = result.pis().get(0);
            MetricResult m = pi.readings();
            row.put(ExperimentSpec.TIME, number(m.mean()));
            row.put("time.ci.low", m.ci() == null ? "" : number(m.ci().low()));
            row.put("time.ci.high", m.ci() == null ? "" : number(m.ci().high()));
            row.put("rounds", Integer.toString(result.rounds()));
            row.put("stop", result.stopReason().name().toLowerCase(Locale.ROOT));
            if (c.expired()) {
                row.put("error", c.capNote(0) + " in run.sh's session (see jobs/" + job.id() + "/session)");
                return row;
            }
            if (!Double.isFinite(m.mean())) {
                String cap = c.capNote(137);
                row.put("error", "no successful round of run.sh (" + result.failedRounds() + " failed" + (cap == null
                        ? "" : "; " + cap) + "; see jobs/" + job.id() + "/session)");
                return row;
            }
            Path collected = jobDir.resolve("collect.txt");
            stop.check();
            int code = script(je, confined(c, true, List.of("sh", ExperimentPackage.COLLECT)), pkg.root(),
                    collected);
            if (code != 0) {
                String cap = c.capNote(code);
                row.put("error", "collect.sh exited with " + code + (cap == null ? "" : ": " + cap) + " (see jobs/"
                        + job.id() + "/collect.txt)");
                return row;
            }
            Map<String, String> metrics = metrics(Files.readAllLines(collected, StandardCharsets.UTF_8));
            List<String> missing = new ArrayList<>();
            for (String metric : spec.metrics()) {
                String v = metrics.get(metric);
                row.put(metric, v == null ? "" : v);
                if (v == null) {
                    missing.add(metric);
                }
            }
            if (!missing.isEmpty()) {
                row.put("error", "collect.sh did not print " + String.join(", ", missing) + " (as NAME VALUE lines)");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted in job " + job.id(), e);
        }
        return row;
    }

    /** The job's Pilot session of run.sh: new, or continued where a kill left it. */
    private SessionResult session(Job job, JobEnvironment je, JobConfinement c, ExperimentPackage pkg,
            Path sessionDir) throws IOException {
        ExperimentSpec.Precision p = plan.spec().precision();
        SessionSettings.Builder b = SessionSettings.builder().pi(PiSpec.wallTime().pi())
                .ciTarget(CiTarget.parse(p.ciWidth())).shortRound(Duration.ZERO).maxRounds(p.maxRounds())
                .maxDuration(p.maxTime());
        if (p.minSubsessions() != null) {
            b.minSubsessions(p.minSubsessions());
        }
        Duration left = c.remaining();
        if (left != null && (p.maxTime() == null || p.maxTime().compareTo(left) > 0)) {
            // the job's time cap, kept in the session (a resumed job's session keeps the cap it started with)
            b.maxDuration(left.toMillis() < 1 ? Duration.ofMillis(1) : left);
        }
        SessionSettings settings = b.build();
        Map<String, String> extra = new LinkedHashMap<>();
        extra.put("PILOT_ROUND", CommandTemplate.ROUND);
        extra.put("PILOT_RESULT_DIR", CommandTemplate.RESULT_DIR);
        List<String> words = confined(c, false, je.wrap(List.of("sh", pkg.root().resolve(ExperimentPackage.RUN)
                .toString()), extra));
        CommandWorkload.Builder wb = CommandWorkload.builder(CommandTemplate.of(words, null),
                List.of(PiSpec.wallTime()), sessionDir.resolve("rounds")).cwd(pkg.root());
        if (!je.clean()) {
            wb.env(je.env());
        }
        CommandWorkload workload = wb.build();
        Session session = Files.isRegularFile(sessionDir.resolve("session.json")) ? Session.resume(sessionDir)
                : Session.create(settings, sessionDir, "job " + job.id() + " " + describe(job),
                        EnvironmentProbe.system().capture(pkg.root()));
        SessionResult r;
        Pilot pilot = Pilot.of(session.settings(), workload);
        stop.running(() -> {
            pilot.requestStop();
            workload.cancel();
        }, workload::cancel);
        try {
            r = pilot.run(session);
        } finally {
            stop.idle();
            session.close();
        }
        workload.tidyRounds();
        return r;
    }

    /** What the job's wrappers do to a process: a probe run through them (personality, environment, flags). */
    private Map<String, String> observe(JobEnvironment je, JobConfinement c, ExperimentPackage pkg, Path jobDir)
            throws IOException, InterruptedException {
        String probe = "echo personality=$(cat /proc/self/personality 2>/dev/null); "
                + "echo envbytes=$(cat /proc/self/environ 2>/dev/null | wc -c); "
                + "echo pad=${#PILOT_ENV_PAD}; echo \"cflags=$CFLAGS\"; "
                + "env | sed -n 's/^PILOT_OBSERVED_\\([A-Za-z0-9_]*\\)=/user.\\1=/p'";
        Path out = jobDir.resolve("observed.txt");
        List<String> words = confined(c, true, je.wrap(List.of("sh", "-c", probe), Map.of()));
        int code = script(je, words, pkg.root(), out);
        Map<String, String> seen = metricsEq(Files.readAllLines(out, StandardCharsets.UTF_8));
        if (code != 0) {
            Path err = out.resolveSibling(out.getFileName() + ".err");
            List<String> lines = Files.exists(err) ? Files.readAllLines(err) : List.of();
            throw new InputException(jobDir + ": the factors could not be applied: a probe run through their "
                    + "wrappers exited with " + code + (lines.isEmpty() ? "" : " (" + lines.get(lines.size() - 1)
                    + ")") + "; a user factor's script must shift its level off and exec \"$@\"");
        }
        String pers = seen.get("personality");
        if (pers != null && !pers.isEmpty()) {
            long bits = Long.parseLong(pers, 16);
            seen.put("aslr", (bits & 0x0040000) != 0 ? "off" : "on");
        }
        return seen;
    }

    /** What the link wrapper logged for the job's last link, or "not linked". */
    private static String lastLine(Path log) throws IOException {
        if (!Files.isRegularFile(log)) {
            return "not linked";
        }
        List<String> lines = Files.readAllLines(log);
        return lines.isEmpty() ? "not linked" : lines.get(lines.size() - 1).strip();
    }

    private static void dropCaches() throws IOException, InterruptedException {
        new ProcessBuilder("sync").inheritIO().start().waitFor();
        try {
            Files.writeString(Path.of("/proc/sys/vm/drop_caches"), "3\n");
        } catch (IOException e) {
            throw new InputException("drop-caches: cannot write /proc/sys/vm/drop_caches (" + e.getMessage()
                    + "); run as root on a system that allows it, or remove the factor");
        }
    }

    /**
     * Runs a script (not measured) with the job's environment, its output in {@code log}. A stop request kills it
     * with its descendants (SIGTERM, then SIGKILL after {@link #KILL_GRACE_MILLIS} ms; at once on a second request)
     * and the job gets no row, so Ctrl-C never waits for a hung setup.sh.
     */
    private int script(JobEnvironment je, List<String> words, Path cwd, Path log)
            throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(words).directory(cwd.toFile()).redirectErrorStream(false)
                .redirectOutput(log.toFile()).redirectError(ProcessBuilder.Redirect.appendTo(
                        log.resolveSibling(log.getFileName() + ".err").toFile()));
        pb.environment().clear();
        pb.environment().putAll(je.env());
        Process p = pb.start();
        stop.running(() -> killTree(p, false), () -> killTree(p, true));
        try {
            return p.waitFor();
        } finally {
            stop.idle();
            stop.check();
        }
    }

    /** How long a stop request lets a script end on SIGTERM before SIGKILL, as the launchers do. */
    static final long KILL_GRACE_MILLIS = 2000;

    /** Signals {@code p} first (so it starts no more children), then its descendants; SIGKILL later or now. */
    private static void killTree(Process p, boolean now) {
        List<ProcessHandle> tree = new ArrayList<>();
        tree.add(p.toHandle());
        p.descendants().forEach(tree::add);
        for (ProcessHandle h : tree) {
            if (now) {
                h.destroyForcibly();
            } else {
                h.destroy();
            }
        }
        if (!now) {
            Thread t = new Thread(() -> {
                try {
                    Thread.sleep(KILL_GRACE_MILLIS);
                } catch (InterruptedException e) {
                    // kill now
                }
                tree.forEach(ProcessHandle::destroyForcibly);
            }, "pilot-script-kill");
            t.setDaemon(true);
            t.start();
        }
    }

    /** NAME VALUE or NAME=VALUE lines; the last value of a name wins. */
    static Map<String, String> metrics(List<String> lines) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String line : lines) {
            String[] parts = line.strip().split("\\s*[=\\s]\\s*", 2);
            if (parts.length == 2 && !parts[0].isEmpty()) {
                try {
                    double v = Double.parseDouble(parts[1].strip().split("\\s+")[0]);
                    m.put(parts[0], number(v));
                } catch (NumberFormatException e) {
                    // not a metric line
                }
            }
        }
        return m;
    }

    private static Map<String, String> metricsEq(List<String> lines) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String line : lines) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                m.put(line.substring(0, eq), line.substring(eq + 1).strip());
            }
        }
        return m;
    }

    static String number(double v) {
        return Double.isFinite(v) ? Double.toString(v) : "";
    }
}
