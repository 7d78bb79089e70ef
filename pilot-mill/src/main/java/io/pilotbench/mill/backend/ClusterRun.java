package io.pilotbench.mill.backend;

import io.pilotbench.core.model.InputException;
import io.pilotbench.core.store.DirectoryLock;
import io.pilotbench.experiment.ExperimentPlan;
import io.pilotbench.experiment.ExperimentRunner;
import io.pilotbench.experiment.ExperimentSpec;
import io.pilotbench.experiment.Factor;
import io.pilotbench.experiment.Job;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs an experiment on a cluster through an {@link ExecutionBackend}: plans it on the cluster's nodes, submits one
 * cluster job per experiment job, tracks them, submits again a job whose cluster job ended without a row (cancelled,
 * timed out, its node failed, purged: the infrastructure's failures, up to {@link Settings#maxAttempts} attempts),
 * and collects each job's row exactly once into a directory laid out as {@code pilot experiment run}'s, so
 * {@code pilot experiment analyze DIR} reads it:
 *
 * <pre>
 * DIR/experiment.yaml, source.txt   the experiment file, copied, and where it was read from
 * DIR/plan.csv                      the jobs (job, worker, replication, factor levels); a resume reads them here
 *                                   rather than planning again on a cluster whose nodes may have changed
 * DIR/cluster.properties            the back-end's name, the experiment's tag (the prefix of its cluster job names)
 * DIR/cluster/journal.csv           event,job,attempt,id,detail: submitted / ended / collected / gave-up, appended
 *                                   and forced to disk as they happen
 * DIR/cluster/                      the back-end's per-job files (job files, batch scripts, cluster output)
 * DIR/jobs/NNNN/                    each job's one-job experiment directory (its session, logs, its own row)
 * DIR/results.csv                   one row per collected job, made when the first row arrives
 * </pre>
 *
 * <p>Exactly once: a row goes into results.csv only if its job has none there, and the journal records each cluster
 * id as soon as the cluster accepted the job; a driver killed between the two finds its job again by name
 * ({@link ExecutionBackend#active}), so a resumed driver never submits a job that is still queued or running. A job
 * submitted again after its row was written (its cluster lost track of it late) finds the row in its directory and
 * returns it without running ({@link io.pilotbench.experiment.ExperimentRunner#runJob} is idempotent); it is
 * collected once.
 *
 * <p>Nodes: jobs of an experiment with hardware factors are pinned to the node the plan chose (their levels are that
 * node's attributes); the others may run on any node that meets the constraints, which the back-end passes on to
 * the cluster, and their {@code worker} column is the node that ran them where the cluster says (Slurm's
 * {@code SLURMD_NODENAME}), else the back-end's name.
 */
public final class ClusterRun {
    /** What setup.sh, the factor probe, collect.sh and the JVM's start may take beyond max-time. */
    static final Duration MARGIN = Duration.ofMinutes(10);

    private static final Pattern NAME = Pattern.compile("(.*)-(\\d{4,})-a(\\d+)");
    /** How many polls in a row may go unanswered before the driver stops (its jobs go on; resume follows them). */
    static final int MAX_POLL_FAILURES = 5;

    /**
     * How the driver behaves.
     *
     * @param maxAttempts the most submissions of one job (≥ 1); after that many cluster jobs ended without a row,
     *                    the job is given up (no row; a resume tries it again)
     * @param poll        how long to wait between polls of the cluster (&gt; 0)
     */
    public record Settings(int maxAttempts, Duration poll) {
        /** 3 attempts, a poll every 2 s. */
        public static final Settings DEFAULTS = new Settings(3, Duration.ofSeconds(2));

        public Settings {
            if (maxAttempts < 1) {
                throw new IllegalArgumentException("maxAttempts must be at least 1, got " + maxAttempts);
            }
            if (poll.isNegative() || poll.isZero()) {
                throw new IllegalArgumentException("poll must be positive, got " + poll);
            }
        }
    }

    /**
     * What a run did.
     *
     * @param jobs        the plan's jobs
     * @param collected   jobs with a row in results.csv (from this run and before)
     * @param failed      of those, rows whose {@code error} is not empty (the job's own failure: setup.sh,
     *                    run.sh...; not re-submitted, as a local run does not run them again)
     * @param resubmitted submissions after the first, in this run
     * @param givenUp     ids of jobs given up after {@link Settings#maxAttempts} (no row)
     */
    public record Outcome(int jobs, int collected, int failed, int resubmitted, List<String> givenUp) {
        public Outcome {
            givenUp = List.copyOf(givenUp);
        }
    }

    private final ExperimentSpec spec;
    private final List<Job> jobs;
    private final boolean pinned;
    private final String tag;
    private final ExecutionBackend backend;
    private final Path dir;
    private final Settings settings;
    private final PrintWriter progress;
    private final Map<String, Job> byId = new LinkedHashMap<>();
    private final ClusterJournal journal;
    private final CollectedRows rows;
    /** Each job not collected yet whose cluster job is queued or running: that cluster job. */
    private final Map<String, Track> live = new LinkedHashMap<>();
    /** Each job's last attempt (submissions, counted over this run and those before). */
    private final Map<String, Integer> attempts = new LinkedHashMap<>();

    private final Set<String> givenUp = new HashSet<>();
    private int resubmitted;

    private ClusterRun(
            ExperimentSpec spec,
            List<Job> jobs,
            boolean pinned,
            String tag,
            ExecutionBackend backend,
            Path dir,
            Settings settings,
            PrintWriter progress)
            throws IOException {
        this.spec = spec;
        this.jobs = jobs;
        this.pinned = pinned;
        this.tag = tag;
        this.backend = backend;
        this.dir = dir;
        this.settings = settings;
        this.progress = progress;
        jobs.forEach(j -> byId.put(j.id(), j));
        this.journal = new ClusterJournal(dir);
        this.rows = new CollectedRows(dir);
    }

    /**
     * Plans {@code spec} on the cluster's nodes (without running anything).
     *
     * @throws InputException when no node meets the constraints, or the cluster cannot be reached
     */
    public static ExperimentPlan plan(ExperimentSpec spec, ExecutionBackend backend, boolean root) throws IOException {
        return ClusterPlanner.plan(spec, backend, root);
    }

    /**
     * Plans {@code spec} on the cluster, starts it in {@code dir} (new or empty) and runs it to the end.
     *
     * @param root     whether the jobs will run as root on the nodes (factors that need it are refused otherwise)
     * @param progress one line per job collected, re-submitted or given up, or null
     * @throws InputException when the cluster is unreachable, no node meets the constraints, or {@code dir} is not
     *                        empty
     */
    public static Outcome start(
            ExperimentSpec spec,
            ExecutionBackend backend,
            Path dir,
            boolean root,
            Settings settings,
            PrintWriter progress)
            throws IOException {
        return start(plan(spec, backend, root), backend, dir, settings, progress);
    }

    /**
     * Starts {@code plan} (made by {@link #plan} on this back-end) in {@code dir} (new or empty) and runs it to the
     * end.
     */
    public static Outcome start(
            ExperimentPlan plan, ExecutionBackend backend, Path dir, Settings settings, PrintWriter progress)
            throws IOException {
        ExperimentSpec spec = plan.spec();
        boolean pinned = spec.factors().stream().anyMatch(f -> f.kind() == Factor.Kind.HARDWARE);
        List<Job> jobs = new ArrayList<>();
        for (Job j : plan.jobs()) {
            jobs.add(pinned ? j : new Job(j.number(), backend.name(), j.replication(), j.levels()));
        }
        try (DirectoryLock lock = DirectoryLock.claimEmpty(dir, "cluster experiment")) {
            String tag = tag(dir);
            ClusterDirectory.write(dir, spec, jobs, backend.name(), tag, pinned);
            return new ClusterRun(spec, jobs, pinned, tag, backend, dir, settings, progress).run();
        }
    }

    /**
     * Continues the experiment in {@code dir} after the driver stopped (killed, interrupted, or jobs given up): keeps
     * the collected rows, follows the cluster jobs still queued or running (known from the journal, or found by
     * name), collects those that ended, and submits the rest.
     *
     * @throws InputException when {@code dir} is not a cluster experiment of this back-end, or another driver writes
     *                        it
     */
    public static Outcome resume(Path dir, ExecutionBackend backend, Settings settings, PrintWriter progress)
            throws IOException {
        if (!Files.isRegularFile(dir.resolve(ClusterDirectory.PROPERTIES))) {
            throw new InputException(dir + ": not a cluster experiment (no " + ClusterDirectory.PROPERTIES
                    + "); pilot experiment resume continues a local one");
        }
        try (DirectoryLock lock = DirectoryLock.acquire(dir, "cluster experiment")) {
            Properties p = ClusterDirectory.properties(dir);
            if (!backend.name().equals(p.getProperty("backend"))) {
                throw new InputException(dir + ": was started on " + p.getProperty("backend") + ", not "
                        + backend.name() + "; resume it with --backend " + p.getProperty("backend"));
            }
            ExperimentSpec spec = ClusterDirectory.spec(dir);
            List<Job> jobs = ClusterDirectory.jobs(dir, spec);
            return new ClusterRun(
                            spec,
                            jobs,
                            Boolean.parseBoolean(p.getProperty("pinned")),
                            p.getProperty("tag"),
                            backend,
                            dir,
                            settings,
                            progress)
                    .run();
        }
    }

    /** The back-end a cluster experiment directory runs on ({@code slurm}, {@code kubernetes}), or null when
     *  {@code dir} is not one (a local experiment, or not an experiment). */
    public static String backendOf(Path dir) throws IOException {
        if (!Files.isRegularFile(dir.resolve(ClusterDirectory.PROPERTIES))) {
            return null;
        }
        return ClusterDirectory.properties(dir).getProperty("backend");
    }

    /** A short tag from the directory's absolute path: its cluster jobs' names start with it. */
    static String tag(Path dir) {
        String abs = dir.toAbsolutePath().normalize().toString();
        long h = 1125899906842597L;
        for (int i = 0; i < abs.length(); i++) {
            h = 31 * h + abs.charAt(i);
        }
        return "pilot-" + String.format("%08x", (int) (h ^ (h >>> 32)));
    }

    private record Track(ClusterJob ticket, String id) {}

    /** Runs what is not collected yet to the end: recovers the cluster jobs, submits the rest, follows them all. */
    private Outcome run() throws IOException {
        replayJournal();
        live.keySet().removeAll(rows.ids()); // killed after writing the row, before journaling it
        adoptByName();
        for (Job j : jobs) {
            if (!rows.contains(j.id()) && !live.containsKey(j.id())) {
                live.put(j.id(), submit(j, attempts.merge(j.id(), 1, Integer::sum)));
            }
        }
        while (!live.isEmpty()) {
            Map<String, ClusterJob> ids = new LinkedHashMap<>();
            live.values().forEach(t -> ids.put(t.id(), t.ticket()));
            Map<String, ExecutionBackend.State> states = pollPatiently(ids);
            for (Track t : new ArrayList<>(live.values())) {
                ExecutionBackend.State st = states.getOrDefault(t.id(), ExecutionBackend.State.LOST);
                if (st.ended()) {
                    ended(t, st);
                }
            }
            if (!live.isEmpty()) {
                pause(settings.poll().toMillis());
            }
        }
        List<String> gave = jobs.stream().map(Job::id).filter(givenUp::contains).toList();
        return new Outcome(jobs.size(), rows.size(), rows.failed(), resubmitted, gave);
    }

    /** The cluster jobs the journal says are still out, and each job's last attempt. */
    private void replayJournal() throws IOException {
        for (ClusterJournal.Event e : journal.read(byId.keySet())) {
            attempts.merge(e.job(), e.attempt(), Math::max);
            switch (e.event()) {
                case "submitted" -> live.put(e.job(), new Track(ticket(byId.get(e.job()), e.attempt()), e.id()));
                case "gave-up" -> {
                    // a resume tries the given-up jobs again, with fresh attempts
                }
                default -> live.remove(e.job());
            }
        }
    }

    /**
     * Adopts, by name, the cluster jobs of a driver killed between the cluster's accepting a job and the journal's
     * recording it; an older duplicate of a journaled one is cancelled.
     */
    private void adoptByName() throws IOException {
        for (Map.Entry<String, String> a : backend.active(tag + "-").entrySet()) {
            Matcher m = NAME.matcher(a.getKey());
            if (!m.matches() || !m.group(1).equals(tag) || !byId.containsKey(m.group(2))) {
                continue;
            }
            String job = m.group(2);
            int attempt = Integer.parseInt(m.group(3));
            Track t = live.get(job);
            if (!rows.contains(job) && (t == null || !t.id().equals(a.getValue()))) {
                if (t != null && t.ticket().attempt() >= attempt) {
                    backend.cancel(a.getValue()); // an older duplicate: the journal's is the one to follow
                    continue;
                }
                live.put(job, new Track(ticket(byId.get(job), attempt), a.getValue()));
                attempts.merge(job, attempt, Math::max);
                journal.append("submitted", job, attempt, a.getValue(), "found in the cluster by name");
            }
        }
    }

    /** A cluster job that ended: its row is collected, or its job is submitted again, or given up. */
    private void ended(Track t, ExecutionBackend.State st) throws IOException {
        String job = t.ticket().job().id();
        live.remove(job);
        Map<String, String> row = backend.collect(t.ticket(), t.id());
        if (row != null) {
            record(t.ticket().job(), row);
            journal.append(
                    "collected", job, t.ticket().attempt(), t.id(), st.name().toLowerCase(Locale.ROOT));
            return;
        }
        String why = st == ExecutionBackend.State.LOST ? "lost" : backend.why(t.id());
        journal.append("ended", job, t.ticket().attempt(), t.id(), why);
        int attempt = t.ticket().attempt();
        if (attempt < settings.maxAttempts()) {
            live.put(job, submit(byId.get(job), attempts.merge(job, 1, Integer::sum)));
            resubmitted++;
            say("job " + job + ": cluster job " + t.id() + " ended (" + why + ") without a row; submitted "
                    + "again (attempt " + (attempt + 1) + " of " + settings.maxAttempts() + ")");
        } else {
            givenUp.add(job);
            journal.append("gave-up", job, attempt, t.id(), why);
            say("job " + job + ": gave up after " + attempt + " attempts (the last ended: " + why + "; see "
                    + dir.resolve("cluster") + "); pilot experiment resume --backend " + backend.name()
                    + " tries it again");
        }
    }

    private ClusterJob ticket(Job job, int attempt) {
        Duration max = spec.precision().maxTime();
        return new ClusterJob(
                tag + "-" + job.id() + "-a" + attempt,
                job,
                JobRunner.jobCsv(spec, job),
                attempt,
                dir,
                pinned ? job.worker() : null,
                max == null ? null : max.plus(MARGIN),
                spec.constraints());
    }

    private Track submit(Job job, int attempt) throws IOException {
        ClusterJob t = ticket(job, attempt);
        String id = backend.submit(t);
        journal.append("submitted", job.id(), attempt, id, "");
        return new Track(t, id);
    }

    /** Appends the row unless its job has one ({@link CollectedRows#add}), and says so. */
    private void record(Job job, Map<String, String> row) throws IOException {
        if (!rows.add(job, row)) {
            return;
        }
        String what = row.getOrDefault("error", "").isEmpty()
                ? "time " + ExperimentRunner.time(row) + " (" + row.get("rounds") + " rounds)"
                : "failed: " + row.get("error");
        say("job " + job.id() + " collected (" + rows.size() + "/" + jobs.size() + "): " + what);
    }

    /**
     * The jobs' states, asked again after a pause when the cluster does not answer (a controller or API server busy
     * or restarting for a moment must not end a run whose jobs go on without the driver), up to
     * {@link #MAX_POLL_FAILURES} times in a row.
     */
    private Map<String, ExecutionBackend.State> pollPatiently(Map<String, ClusterJob> ids) throws IOException {
        for (int failures = 1; ; failures++) {
            try {
                return backend.poll(ids);
            } catch (IOException | InputException e) {
                if (failures >= MAX_POLL_FAILURES) {
                    throw e;
                }
                say("cannot ask " + backend.name() + " how its jobs are (" + e.getMessage() + "); asking again");
                pause(settings.poll().toMillis() * failures);
            }
        }
    }

    /** Waits {@code ms}; an interrupt stops the driver, not its cluster jobs. */
    private void pause(long ms) throws InterruptedIOException {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted; the cluster jobs go on, and pilot experiment "
                    + "resume --backend " + backend.name() + " " + dir + " follows them again");
        }
    }

    private void say(String line) {
        if (progress != null) {
            progress.println(line);
            progress.flush();
        }
    }
}
