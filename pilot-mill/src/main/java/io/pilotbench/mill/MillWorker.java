package io.pilotbench.mill;

import io.pilotbench.core.files.AtomicFiles;
import io.pilotbench.core.files.FileTrees;
import io.pilotbench.core.model.InputException;
import io.pilotbench.core.store.DirectoryLock;
import io.pilotbench.experiment.ExperimentFile;
import io.pilotbench.experiment.ExperimentRunner;
import io.pilotbench.experiment.ExperimentSpec;
import io.pilotbench.experiment.Job;
import io.pilotbench.experiment.JobLimits;
import io.pilotbench.experiment.SafeName;
import io.pilotbench.experiment.Worker;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A mill worker (paper §4): registers once with an enrolment token and this machine's inventory
 * ({@link Worker#local()}), then pulls jobs, one at a time, over outbound HTTP: lease, fetch the experiment's files
 * and verify their SHA-256, run the job ({@link ExperimentRunner#runJob}) in a directory of its own while
 * heartbeating, post a .tar.gz of the job's directory ({@link JobArchive}), then the row.
 *
 * <pre>
 * DATA/worker.json          the master's URL, this worker's id, name and secret (mode 600): a restarted worker
 *                           re-uses it, no token needed
 * DATA/experiments/ID/      an experiment's file and packages as checked out (complete once .complete exists)
 * DATA/jobs/ID/             one job's directory: a killed worker that gets its job back continues its session
 * DATA/.pilot.lock          held while the worker runs: one worker process per data directory
 * </pre>
 *
 * What a lease names (the experiment file's name, its files' paths, its packages' names) is checked with
 * {@link SafeName} before anything is written; a job that cannot be run, for that or any other reason, is given back
 * with the reason and the worker goes on: no lease stops a worker. What a job left running is killed when the job
 * ends, when the worker shuts down, and when a worker killed with SIGKILL starts again
 * ({@link ExperimentRunner#killLeftovers}).
 *
 * It survives restarts of the master: every request that fails to connect (or meets a 5xx) is retried with backoff
 * (0.25 s doubling to {@link #MAX_BACKOFF}), and a result is posted until the master answers.
 */
public final class MillWorker {
    static final Duration MAX_BACKOFF = Duration.ofSeconds(5);
    static final String IDENTITY = "worker.json";

    /**
     * How to run a worker.
     *
     * @param master the master's URL (http://host:8080/)
     * @param token  a one-time enrolment token (needed the first time only), or null
     * @param data   the worker's directory (created if missing)
     * @param name   the name to register under (the master adds -2, -3... when taken), or null for the host name
     * @param poll   how long to wait before asking again when there is no job
     * @param limits the user the jobs run as, their memory cap, and their time cap (null: the experiment's
     *               {@code max-time} plus {@link #SETUP_ALLOWANCE}, or none when the experiment has none)
     */
    public record Options(URI master, String token, Path data, String name, Duration poll, JobLimits limits) {
        public Options {
            limits = limits == null ? JobLimits.NONE : limits;
        }

        /** Jobs run as this process's user, with no memory cap. */
        public Options(URI master, String token, Path data, String name, Duration poll) {
            this(master, token, data, name, poll, JobLimits.NONE);
        }
    }

    /** A job's time cap beyond its experiment's max-time, for setup.sh, the probe and collect.sh. */
    public static final Duration SETUP_ALLOWANCE = JobLimits.SETUP_ALLOWANCE;

    private record Identity(String master, long id, String name, String secret) {}

    private final Options options;
    private final PrintWriter log;
    private final MasterClient client;
    private Identity identity;

    private MillWorker(Options options, PrintWriter log) {
        this.options = options;
        this.log = log;
        this.client = new MasterClient(options.master());
    }

    /**
     * Registers (or re-uses its identity) and runs jobs until interrupted.
     *
     * @throws InputException when the token is refused, the master no longer knows this worker, or {@code data}
     *                        belongs to a worker of another master
     */
    public static void run(Options options, PrintWriter log) throws IOException, InterruptedException {
        String scheme = options.master().getScheme();
        if (!"http".equals(scheme) && !"https".equals(scheme)) {
            throw new InputException(
                    "--master: '" + options.master() + "' is not an http(s) URL (e.g. " + "http://master:8080/)");
        }
        MillWorker w = new MillWorker(options, log);
        Files.createDirectories(options.data());
        try (DirectoryLock lock = DirectoryLock.acquire(options.data(), "worker's data directory")) {
            w.start();
        }
    }

    private void start() throws IOException, InterruptedException {
        MillWorker w = this;
        // what a job of this directory left running when its worker was killed: it would run beside the next job
        int left = killLeftovers();
        if (left > 0) {
            say("killed " + left + " process" + (left == 1 ? "" : "es") + " left running by a job of a worker killed "
                    + "before");
        }
        Thread hook = new Thread(
                () -> {
                    try {
                        killLeftovers();
                    } catch (IOException | RuntimeException e) {
                        // shutting down: nothing more to do
                    }
                },
                "kill-jobs");
        Runtime.getRuntime().addShutdownHook(hook);
        if (options.limits().user() != null) {
            options.limits().check(WorkerDirectories.confine(options.data()));
        }
        w.identify();
        JobLimits l = options.limits();
        w.say("jobs run as " + (l.user() == null ? System.getProperty("user.name") : l.user()) + ", memory cap "
                + (l.memoryBytes() == 0 ? "none" : (l.memoryBytes() >> 20) + " MiB (" + JobLimits.memoryMethod() + ")")
                + ", time cap "
                + (l.time() == null
                        ? "max-time + " + SETUP_ALLOWANCE.toMinutes() + " min"
                        : l.time().toSeconds() + " s"));
        try {
            w.loop();
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // shutting down already: the hook runs
            }
            killLeftovers();
        }
    }

    /** Kills what the jobs in this worker's directory left running; returns how many processes. */
    private int killLeftovers() throws IOException {
        return WorkerDirectories.killLeftovers(options.data());
    }

    private void say(String line) {
        log.println("worker" + (identity == null ? "" : " " + identity.name()) + ": " + line);
        log.flush();
    }

    private void identify() throws IOException, InterruptedException {
        Files.createDirectories(options.data());
        Path file = options.data().resolve(IDENTITY);
        String master = options.master().toString();
        if (Files.isRegularFile(file)) {
            identity = Json.MAPPER.readValue(Files.readString(file), Identity.class);
            if (!identity.master().equals(master)) {
                throw new InputException("--data " + options.data() + ": belongs to a worker of " + identity.master()
                        + "; give this master another --data directory");
            }
            client.credentials(identity.id(), identity.secret());
            say("registered already as " + identity.name() + " (id " + identity.id() + ")");
            return;
        }
        if (options.token() == null || options.token().isBlank()) {
            throw new InputException("--token: a new worker needs an enrolment token (the master's administrator "
                    + "makes one: POST /api/tokens, or the web page)");
        }
        Map<String, String> inventory = Worker.local().attributes();
        String name = options.name() != null
                ? options.name()
                : inventory.getOrDefault("host", "worker").replaceAll("[^A-Za-z0-9._-]", "-");
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("token", options.token());
        body.put("name", name);
        body.put("inventory", inventory);
        MasterClient.Reply r = retrying("register", () -> client.post("/api/worker/register", body));
        if (!r.ok()) {
            throw new InputException("--token: the master refused to register this worker: " + r.error());
        }
        Map<String, Object> reg =
                Json.MAPPER.readValue(r.text(), new tools.jackson.core.type.TypeReference<Map<String, Object>>() {});
        identity = new Identity(
                master, ((Number) reg.get("id")).longValue(), (String) reg.get("name"), (String) reg.get("secret"));
        // owner-only from its creation: the secret is never readable by others, not even for a moment
        AtomicFiles.write(
                file,
                Json.write(identity).getBytes(StandardCharsets.UTF_8),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        client.credentials(identity.id(), identity.secret());
        say("registered as " + identity.name() + " (id " + identity.id() + ")");
    }

    /** The master does not know this worker any more, once it said so: the one answer that stops the worker. */
    private InputException unknown;

    private interface Call {
        MasterClient.Reply call() throws IOException, InterruptedException;
    }

    /** The call, repeated with backoff while the master is unreachable or answers 5xx. */
    private MasterClient.Reply retrying(String what, Call call) throws InterruptedException {
        long backoff = 250;
        while (true) {
            String why;
            try {
                MasterClient.Reply r = call.call();
                if (r.status() < 500) {
                    if (r.status() == 401 && identity != null) {
                        throw unknown = new InputException("the master does not know this worker any more (" + r.error()
                                + "); remove " + options.data().resolve(IDENTITY) + " and enrol again with --token");
                    }
                    return r;
                }
                why = "HTTP " + r.status() + (r.error() == null || r.error().isBlank() ? "" : ": " + r.error());
            } catch (IOException e) {
                why = MasterClient.unreachable(e);
            }
            say(what + ": master unreachable (" + why + "); retrying in " + backoff + " ms");
            Thread.sleep(backoff);
            backoff = Math.min(backoff * 2, MAX_BACKOFF.toMillis());
        }
    }

    private void loop() throws IOException, InterruptedException {
        while (!Thread.currentThread().isInterrupted()) {
            MasterClient.Reply r = retrying("lease", () -> client.post("/api/worker/lease", null));
            if (r.status() == 204) {
                Thread.sleep(options.poll().toMillis());
                continue;
            }
            if (!r.ok()) {
                say("lease refused: " + r.error());
                Thread.sleep(options.poll().toMillis());
                continue;
            }
            LeaseReply lease;
            try {
                lease = Json.MAPPER.readValue(r.text(), LeaseReply.class);
            } catch (tools.jackson.core.JacksonException e) {
                say("lease not understood (" + e.getOriginalMessage() + "); asking again later");
                Thread.sleep(options.poll().toMillis());
                continue;
            }
            try {
                run(lease);
            } catch (IOException | RuntimeException | StackOverflowError e) {
                if (e == unknown) {
                    throw unknown;
                }
                // whatever the job did or named, it fails, not the worker
                release(lease, e instanceof InputException ? e.getMessage() : "the worker could not run it: " + e);
            }
        }
    }

    /** Runs a leased job: its experiment checked out, the job run while heartbeating, its archive and row sent. */
    private void run(LeaseReply lease) throws IOException, InterruptedException {
        say("job " + lease.number() + " of experiment " + lease.experiment().id() + " (attempt " + lease.attempt()
                + ")");
        ExperimentSpec spec;
        try {
            lease.check();
            spec = checkout(lease);
        } catch (InputException e) {
            release(lease, e.getMessage());
            return;
        }
        Path jobDir = options.data().resolve("jobs").resolve(Long.toString(lease.job()));
        try {
            Map<String, String> row = runHeartbeating(lease, spec, jobDir);
            if (row != null) {
                send(lease, jobDir, row);
            }
        } finally {
            if (options.limits().user() != null) {
                WorkerDirectories.close(jobDir); // the next job, of whoever, must not read this one's files
            }
        }
    }

    /**
     * Runs the job while a thread heartbeats its lease; null when there is no row to send (the lease was lost, so
     * the job was stopped, or the job could not be run and was given back).
     */
    private Map<String, String> runHeartbeating(LeaseReply lease, ExperimentSpec spec, Path jobDir)
            throws IOException, InterruptedException {
        AtomicBoolean lost = new AtomicBoolean();
        ExperimentRunner.Stop stop = new ExperimentRunner.Stop();
        ScheduledExecutorService beat = heartbeat(lease, jobDir, lost, stop);
        try {
            Job job = new Job(lease.number(), identity.name(), lease.replication(), lease.levels());
            JobLimits limits = options.limits();
            if (limits.time() == null && spec.precision().maxTime() != null) {
                limits = limits.withTime(spec.precision().maxTime().plus(SETUP_ALLOWANCE));
            }
            Map<String, String> row = ExperimentRunner.runJob(spec, job, jobDir, limits, log, stop);
            if (lost.get()) {
                throw new IllegalStateException("lease lost");
            }
            return row;
        } catch (RuntimeException | IOException e) {
            beat.shutdownNow();
            if (lost.get()) {
                ExperimentRunner.killJob(jobDir);
                say("job " + lease.number() + ": stopped; its lease is no longer this worker's, so no row is sent");
                return null;
            }
            if (e instanceof InputException) {
                release(lease, e.getMessage());
                return null;
            }
            throw e;
        } finally {
            beat.shutdownNow();
        }
    }

    /**
     * Heartbeats the job's lease every third of its length; when the master answers that the lease is lost, sets
     * {@code lost} and stops the job.
     */
    private ScheduledExecutorService heartbeat(
            LeaseReply lease, Path jobDir, AtomicBoolean lost, ExperimentRunner.Stop stop) {
        ScheduledExecutorService beat = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "heartbeat");
            t.setDaemon(true);
            return t;
        });
        long every = Math.max(200, lease.leaseMs() / 3);
        beat.scheduleAtFixedRate(
                () -> {
                    try {
                        MasterClient.Reply h = client.post(
                                "/api/worker/jobs/" + lease.job() + "/heartbeat", Map.of("attempt", lease.attempt()));
                        if (h.status() == 409 && !lost.getAndSet(true)) {
                            // the experiment was cancelled, or the job given to another worker: stop it now, as a
                            // Ctrl-C
                            // would (its round's process group killed, no further round or script), and kill what it
                            // left
                            say("job " + lease.number() + ": lease lost (" + h.error() + "); stopping it");
                            stop.request();
                            ExperimentRunner.killJob(jobDir);
                        }
                    } catch (IOException e) {
                        // the master is away; the next beat tries again, and the lease outlives a short restart
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                },
                every,
                every,
                TimeUnit.MILLISECONDS);
        return beat;
    }

    /** Sends the job directory's archive (when it is small enough), then the row. */
    private void send(LeaseReply lease, Path jobDir, Map<String, String> row) throws IOException, InterruptedException {
        byte[] archive = JobArchive.of(jobDir, JobArchive.MAX_BYTES);
        if (archive == null) {
            say("job " + lease.number() + ": its directory is larger than " + (JobArchive.MAX_BYTES >> 20)
                    + " MiB compressed; sending the row without it");
        } else {
            MasterClient.Reply a = retrying(
                    "archive",
                    () -> client.postBytes(
                            "/api/worker/jobs/" + lease.job() + "/archive?attempt=" + lease.attempt(), archive));
            if (!a.ok()) {
                say("job " + lease.number() + ": archive refused (" + a.error() + ")");
            }
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("attempt", lease.attempt());
        body.put("row", row);
        MasterClient.Reply r =
                retrying("result", () -> client.post("/api/worker/jobs/" + lease.job() + "/result", body));
        say("job " + lease.number() + ": " + (r.ok() ? "result accepted" : "result refused (" + r.error() + ")"));
        if (r.status() == 400) {
            // a row the master cannot take (columns of another pilot version, say): give the job back, or this
            // worker would be handed its own lease again and post the same row forever
            release(lease, "the master refused its row: " + r.error());
        }
    }

    private void release(LeaseReply lease, String why) throws InterruptedException {
        say("job " + lease.number() + ": cannot run it: " + why);
        retrying(
                "release",
                () -> client.post(
                        "/api/worker/jobs/" + lease.job() + "/release",
                        Map.of("attempt", lease.attempt(), "error", why)));
    }

    /** The experiment's directory, fetched and verified the first time, and its file read. */
    private ExperimentSpec checkout(LeaseReply lease) throws IOException, InterruptedException {
        LeaseReply.ExperimentRef e = lease.experiment();
        Path dir = options.data().resolve("experiments").resolve(Long.toString(e.id()));
        Path complete = dir.resolve(".complete");
        if (Files.exists(complete)) {
            return ExperimentFile.read(dir.resolve(ExperimentBundle.checkFileName(e.fileName())));
        }
        FileTrees.delete(dir);
        List<ExperimentBundle.Part> parts = new ArrayList<>();
        for (LeaseReply.FileRef f : e.files()) {
            MasterClient.Reply r = retrying(
                    "fetch " + f.path(),
                    () -> client.get("/api/worker/jobs/" + lease.job() + "/file", Map.of("path", f.path())));
            if (!r.ok()) {
                throw new InputException("fetching " + f.path() + ": " + r.error());
            }
            String sum = Secrets.sha256(r.body());
            if (!Secrets.sameHash(sum, f.sha256())) {
                throw new InputException(f.path() + ": checksum mismatch (SHA-256 " + sum + ", the master listed "
                        + f.sha256() + "); not running it");
            }
            parts.add(new ExperimentBundle.Part(f.path(), f.kind(), r.body()));
        }
        ExperimentSpec spec = ExperimentBundle.layOut(dir, e.fileName(), e.text(), parts);
        Files.createFile(complete);
        return spec;
    }
}
