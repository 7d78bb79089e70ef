package io.pilotbench.mill;

import com.zaxxer.hikari.HikariDataSource;
import io.pilotbench.experiment.Job;
import io.pilotbench.experiment.Worker;
import java.io.Closeable;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.sql.DataSource;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;

/**
 * The master's state in a SQL database (paper §4: "a database for state"): users, experiments with their files,
 * jobs with their leases, workers, enrolment tokens and results. Schema by Flyway ({@code db/migration}), one
 * dialect for H2 in PostgreSQL mode (the embedded default) and PostgreSQL.
 *
 * <p>The contracts the mill rests on, each a transaction:
 * <ul>
 *   <li>{@link #lease}: a worker that holds a lease gets that job back (a restarted worker resumes it); otherwise it
 *   takes the first job that is queued, or leased with an expired lease, and that it is eligible for (it meets the
 *   experiment's constraints and has the job's hardware levels). Candidates are read with
 *   {@code SELECT ... FOR UPDATE SKIP LOCKED}, so concurrent leases never take the same job and never wait on each
 *   other. Each lease increments the job's {@code attempts}, which names the lease; a job leased
 *   {@value #MAX_ATTEMPTS} times without a result fails.</li>
 *   <li>{@link #postResult}: accepted only from the worker holding the job's current lease (same worker, same
 *   attempt), and only once (the results table's primary key is the job). The same result posted again by its
 *   holder is accepted as a duplicate (a retry after a lost response); any other second result is refused.</li>
 * </ul>
 * Times are the injected clock's epoch milliseconds.
 *
 * <p>This class is what the rest of the mill calls, and where each operation is documented; the SQL is in one class
 * per part of the schema: {@link UserTable}, {@link WorkerTable}, {@link ExperimentTable}, {@link LeaseTable}.
 */
final class MillStore implements Closeable {
    static final int MAX_ATTEMPTS = 5;
    /** How long an unused enrolment token stays valid: 7 days. */
    static final long TOKEN_TTL_MS = 7L * 24 * 3600 * 1000;
    /** How many lease candidates are examined per lease (a worker eligible for none of them waits). */
    static final int CANDIDATES = 50;

    private final DataSource dataSource;
    private final Jdbi jdbi;
    private final UserTable users;
    private final WorkerTable workers;
    private final ExperimentTable experiments;
    private final LeaseTable leases;

    MillStore(DataSource dataSource, Clock clock) {
        this.dataSource = dataSource;
        MillDatabase.migrate(dataSource);
        this.jdbi = Jdbi.create(dataSource);
        this.users = new UserTable(jdbi, clock);
        this.workers = new WorkerTable(jdbi, clock);
        this.experiments = new ExperimentTable(jdbi, clock);
        this.leases = new LeaseTable(jdbi, clock);
    }

    /** A pooled data source for the database at {@code url}, or the embedded one in {@code dir} (MillDatabase). */
    static HikariDataSource pool(String url, String user, String password, Path dir) {
        return MillDatabase.pool(url, user, password, dir);
    }

    @Override
    public void close() {
        if (dataSource instanceof Closeable c) {
            try {
                c.close();
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
    }

    // ---- users: UserTable ----------------------------------------------------------------------------------------

    /** What {@link #createUser} did: the new id, or why there is none. */
    enum Created {
        CREATED,
        NAME_TAKEN,
        BAD_INVITE
    }

    record NewUser(Created outcome, long id, boolean approved) {}

    /**
     * Creates a user. Names are unique without regard to case (so "Admin" is not a second "admin"). The first account
     * is the administrator's and is approved; any other is approved when {@code approved}, or when it spends an
     * unused {@code invite} younger than {@link #TOKEN_TTL_MS} (null: none needed), and otherwise awaits
     * {@link #approve}.
     */
    NewUser createUser(String name, String password, boolean approved, String invite) {
        return users.createUser(name, password, approved, invite);
    }

    /** Creates an approved user; empty when the name is taken. */
    Optional<Long> createUser(String name, String password) {
        NewUser u = createUser(name, password, true, null);
        return u.outcome() == Created.CREATED ? Optional.of(u.id()) : Optional.empty();
    }

    /** A new one-time invite code (registration policy "invite"), made by the administrator. */
    String createInvite(long userId) {
        return users.createInvite(userId);
    }

    /** Approves the account {@code name}; false when there is none. */
    boolean approve(String name) {
        return users.approve(name);
    }

    record Account(String name, boolean approved, long createdMs) {}

    /** Every account, in the order they were made. */
    List<Account> accounts() {
        return users.accounts();
    }

    /** A new session token for the user, valid for {@code ttlMs}; empty when name or password is wrong. */
    Optional<String> login(String name, String password, long ttlMs) {
        return users.login(name, password, ttlMs);
    }

    /** The user of a session token, if it is valid. */
    Optional<User> user(String token) {
        return users.user(token);
    }

    /** A logged-in user; one not {@code approved} may look but not submit. */
    record User(long id, String name, boolean approved) {}

    /** Ends a session: its token no longer logs anyone in. */
    void logout(String token) {
        users.logout(token);
    }

    /**
     * Whether the user administers this master: the first account made on it (the smallest id; one user at any
     * time, without a flag two concurrent first sign-ups could both set).
     */
    boolean isAdmin(long userId) {
        return users.isAdmin(userId);
    }

    // ---- workers: WorkerTable ------------------------------------------------------------------------------------

    /** A new one-time enrolment token, made by a user. */
    String createEnrolmentToken(long userId) {
        return workers.createEnrolmentToken(userId);
    }

    record Registration(long workerId, String name, String secret) {}

    /**
     * Registers a worker with an unused enrolment token younger than {@link #TOKEN_TTL_MS}, spending it; empty when
     * the token is unknown, used or expired. The
     * name is {@code name}, or {@code name-2}, {@code name-3}... when taken. The secret is returned once and kept
     * only hashed.
     */
    Optional<Registration> register(String token, String name, Map<String, String> inventory) {
        return workers.register(token, name, inventory);
    }

    record WorkerInfo(long id, String name, Map<String, String> inventory, long lastSeenMs, boolean retired) {
        Worker worker() {
            return new Worker(name, inventory);
        }
    }

    /** The worker whose id and secret these are (its last-seen time updated), or empty. */
    Optional<WorkerInfo> authenticate(long workerId, String secret) {
        return workers.authenticate(workerId, secret);
    }

    /** Every registered worker, retired ones included, in name order. */
    List<WorkerInfo> workers() {
        return workers.workers();
    }

    /** The workers that are not retired: the inventory experiments are planned on. */
    List<WorkerInfo> activeWorkers() {
        return workers.activeWorkers();
    }

    /**
     * Retires the worker {@code name}: it is leased nothing more (a job it holds may still be finished and its row
     * posted); false when there is no such worker.
     */
    boolean retire(String name) {
        return workers.retire(name);
    }

    // ---- experiments: ExperimentTable ----------------------------------------------------------------------------

    record StoredFile(String path, String kind, String sha256, byte[] content) {}

    /**
     * An experiment to store.
     *
     * @param header the columns every result row must have (the experiment file's: its factors, metrics and
     *               Pilot's), or empty to take them from the first row
     */
    record NewExperiment(
            long ownerId,
            String name,
            boolean isPrivate,
            String fileName,
            String fileText,
            Map<String, String> constraints,
            List<StoredFile> files,
            List<Job> jobs,
            List<String> hardware,
            List<String> header) {
        NewExperiment(
                long ownerId,
                String name,
                boolean isPrivate,
                String fileName,
                String fileText,
                Map<String, String> constraints,
                List<StoredFile> files,
                List<Job> jobs,
                List<String> hardware) {
            this(ownerId, name, isPrivate, fileName, fileText, constraints, files, jobs, hardware, List.of());
        }
    }

    /** Stores an experiment, its files and its jobs (all queued) in one transaction; returns its id. */
    long createExperiment(NewExperiment e) {
        return experiments.createExperiment(e);
    }

    record ExperimentInfo(
            long id,
            long ownerId,
            String owner,
            String name,
            boolean isPrivate,
            String fileName,
            String fileText,
            String header,
            boolean cancelled) {}

    /** The experiments {@code userId} may see (its own, and everyone's public ones), newest first. */
    List<ExperimentInfo> experiments(long userId) {
        return experiments.experiments(userId);
    }

    /** The experiment, if {@code userId} may see it (a private one of another user is as absent as a missing one). */
    Optional<ExperimentInfo> experiment(long id, long userId) {
        return experiments.experiment(id, userId);
    }

    /** The experiment, without a visibility check (for workers, whose rights are checked by their lease). */
    ExperimentInfo experiment(long id) {
        return experiments.experiment(id);
    }

    /** The experiment's files, without their content. */
    List<StoredFile> files(long experimentId) {
        return experiments.files(experimentId);
    }

    /** The experiment's files with their content, in path order (to clone it). */
    List<StoredFile> filesWithContent(long experimentId) {
        return experiments.filesWithContent(experimentId);
    }

    /**
     * Cancels an experiment: its queued and leased jobs fail as cancelled, so they are leased to no one, a worker
     * running one is told at its next heartbeat (its lease is gone), and its row is refused. Rows already in stay.
     *
     * @return how many jobs were cancelled
     */
    int cancel(long experimentId) {
        return experiments.cancel(experimentId);
    }

    /** Whether the job was cancelled with its experiment. */
    boolean cancelled(long jobId) {
        return experiments.cancelled(jobId);
    }

    /**
     * Deletes a finished or cancelled experiment with its files, jobs, rows and archives; false (nothing deleted)
     * while a job of it is queued or leased.
     */
    boolean delete(long experimentId) {
        return experiments.delete(experimentId);
    }

    // ---- jobs and leases: LeaseTable -----------------------------------------------------------------------------

    /** A job as leased: the attempt names the lease. */
    record Lease(
            long jobId,
            long experimentId,
            int number,
            int replication,
            Map<String, String> levels,
            int attempt,
            long expiresMs) {}

    /** See the class comment. Empty when no job is available to this worker now. */
    Optional<Lease> lease(WorkerInfo worker, long leaseMs) {
        return leases.lease(worker, leaseMs);
    }

    /**
     * Gives a job back (the worker could not run it: a bad checksum, factors it cannot apply), with the reason; it
     * is queued again, and fails once leased {@value #MAX_ATTEMPTS} times. False when the worker does not hold it.
     */
    boolean release(long workerId, long jobId, int attempt, String error) {
        return leases.release(workerId, jobId, attempt, error);
    }

    /**
     * Gives every leased job a fresh lease of {@code leaseMs}: called when a master starts, because its workers could
     * not heartbeat while it was down, and a job should not move to another worker for the master's downtime.
     *
     * @return how many leases were renewed
     */
    int renewLeases(long leaseMs) {
        return leases.renewLeases(leaseMs);
    }

    /** Extends the worker's lease on the job; false when it no longer holds it. */
    boolean heartbeat(long workerId, long jobId, int attempt, long leaseMs) {
        return leases.heartbeat(workerId, jobId, attempt, leaseMs);
    }

    /** Whether the worker holds the current lease of the job. */
    boolean holds(long workerId, long jobId) {
        return leases.holds(workerId, jobId);
    }

    /** A file of the experiment of a job the worker holds, or empty (no such file, or not its job). */
    Optional<byte[]> fileForJob(long workerId, long jobId, String path) {
        return leases.fileForJob(workerId, jobId, path);
    }

    /** The job's levels and number as the lease gave them, for checking a result; empty when there is no job. */
    Optional<Lease> job(long jobId) {
        return leases.job(jobId);
    }

    /**
     * Keeps a job directory's archive from the worker holding the job's lease {@code attempt}, replacing an earlier
     * one (of an earlier lease); false when the worker does not hold that lease, or the job has its row already.
     */
    boolean putArchive(long workerId, long jobId, int attempt, byte[] content) {
        return leases.putArchive(workerId, jobId, attempt, content);
    }

    /** The archive of the experiment's job {@code number}, if one came with its accepted row. */
    Optional<byte[]> archive(long experimentId, int number) {
        return leases.archive(experimentId, number);
    }

    enum Posted {
        ACCEPTED,
        DUPLICATE,
        NOT_HOLDER,
        ALREADY_DONE,
        OTHER_HEADER
    }

    /**
     * Records a job's result row (JSON, in column order) from the worker, if it holds the job's lease
     * {@code attempt}; see the class comment. A successful row (empty error) makes the job done, else failed. A row
     * must have the experiment's columns, those its file declares (in any order); a row with other columns is
     * refused, and only that row: the other jobs' rows are checked against the file, not against it. (An experiment
     * stored without its columns takes them from its first row.)
     */
    Posted postResult(long workerId, long jobId, int attempt, Map<String, String> row) {
        return leases.postResult(workerId, jobId, attempt, row);
    }

    // ---- progress and results: ExperimentTable -------------------------------------------------------------------

    /**
     * Job count by state (queued, leased, done, failed, cancelled; a lease that has expired still counts as
     * leased).
     */
    Map<String, Integer> jobsByState(long experimentId) {
        return experiments.jobsByState(experimentId);
    }

    /** Per worker name: jobs it holds now ("leased") and results it delivered ("results"). */
    Map<String, Map<String, Integer>> jobsByWorker(long experimentId) {
        return experiments.jobsByWorker(experimentId);
    }

    /** A job as users see it: its state, who holds or ran it, and why it was last given back. */
    record JobInfo(
            int number,
            int replication,
            Map<String, String> levels,
            String state,
            int attempts,
            String worker,
            String lastError,
            boolean archive) {}

    /** The experiment's jobs, in job order. */
    List<JobInfo> jobs(long experimentId) {
        return experiments.jobs(experimentId);
    }

    /** The experiment's result rows, in job order. */
    List<Map<String, String>> results(long experimentId) {
        return experiments.results(experimentId);
    }

    /** For tests and the load figures: a handle on the database. */
    <R> R withHandle(java.util.function.Function<Handle, R> f) {
        return jdbi.withHandle(f::apply);
    }
}
