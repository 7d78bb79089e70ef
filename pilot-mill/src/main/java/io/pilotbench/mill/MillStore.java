package io.pilotbench.mill;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.pilotbench.experiment.Job;
import io.pilotbench.experiment.Worker;
import java.io.Closeable;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
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
 */
final class MillStore implements Closeable {
    static final int MAX_ATTEMPTS = 5;
    /** How long an unused enrolment token stays valid: 7 days. */
    static final long TOKEN_TTL_MS = 7L * 24 * 3600 * 1000;
    /** How many lease candidates are examined per lease (a worker eligible for none of them waits). */
    static final int CANDIDATES = 50;

    private final DataSource dataSource;
    private final Jdbi jdbi;
    private final Clock clock;

    MillStore(DataSource dataSource, Clock clock) {
        this.dataSource = dataSource;
        this.clock = clock;
        Flyway.configure().dataSource(dataSource).locations("classpath:db/migration").load().migrate();
        this.jdbi = Jdbi.create(dataSource);
    }

    /**
     * A pooled data source: {@code url} null or empty is the embedded H2 database {@code DIR/mill} (PostgreSQL
     * mode); else a JDBC URL (jdbc:postgresql://host/db), with {@code user} and {@code password} (may be null).
     */
    static HikariDataSource pool(String url, String user, String password, Path dir) {
        HikariConfig c = new HikariConfig();
        if (url == null || url.isBlank()) {
            c.setJdbcUrl("jdbc:h2:file:" + dir.toAbsolutePath().resolve("mill")
                    + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH");
        } else {
            c.setJdbcUrl(url);
        }
        if (user != null) {
            c.setUsername(user);
        }
        if (password != null) {
            c.setPassword(password);
        }
        c.setMaximumPoolSize(10);
        c.setPoolName("pilot-mill");
        return new HikariDataSource(c);
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

    private long now() {
        return clock.millis();
    }

    // ---- users -------------------------------------------------------------------------------------------------

    /** What {@link #createUser} did: the new id, or why there is none. */
    enum Created {
        CREATED, NAME_TAKEN, BAD_INVITE
    }

    record NewUser(Created outcome, long id, boolean approved) {
    }

    /**
     * Creates a user. Names are unique without regard to case (so "Admin" is not a second "admin"). The first account
     * is the administrator's and is approved; any other is approved when {@code approved}, or when it spends an
     * unused {@code invite} younger than {@link #TOKEN_TTL_MS} (null: none needed), and otherwise awaits
     * {@link #approve}.
     */
    NewUser createUser(String name, String password, boolean approved, String invite) {
        String hash = Secrets.hashPassword(password);
        return jdbi.inTransaction(h -> {
            if (h.createQuery("SELECT id FROM users WHERE LOWER(name) = LOWER(:n)").bind("n", name)
                    .mapTo(Long.class).findOne().isPresent()) {
                return new NewUser(Created.NAME_TAKEN, 0, false);
            }
            boolean ok = approved;
            if (invite != null) {
                int spent = h.createUpdate("UPDATE invites SET used_ms = :now WHERE code_hash = :c "
                        + "AND used_ms IS NULL AND created_ms > :oldest").bind("c", Secrets.hashToken(invite))
                        .bind("now", now()).bind("oldest", now() - TOKEN_TTL_MS).execute();
                if (spent != 1) {
                    return new NewUser(Created.BAD_INVITE, 0, false);
                }
                ok = true;
            }
            long id = h.createUpdate("INSERT INTO users (name, password_hash, created_ms, approved_ms) "
                    + "VALUES (:n, :p, :t, :a)").bind("n", name).bind("p", hash).bind("t", now())
                    .bind("a", ok ? (Long) now() : null).executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
            if (invite != null) {
                h.createUpdate("UPDATE invites SET used_by = :u WHERE code_hash = :c").bind("u", id)
                        .bind("c", Secrets.hashToken(invite)).execute();
            }
            if (!ok) {
                // the first account administers the master: approved whatever the policy
                ok = h.createUpdate("UPDATE users SET approved_ms = :now WHERE id = :id AND id = "
                        + "(SELECT MIN(id) FROM users)").bind("now", now()).bind("id", id).execute() == 1;
            }
            return new NewUser(Created.CREATED, id, ok);
        });
    }

    /** Creates an approved user; empty when the name is taken. */
    Optional<Long> createUser(String name, String password) {
        NewUser u = createUser(name, password, true, null);
        return u.outcome() == Created.CREATED ? Optional.of(u.id()) : Optional.empty();
    }

    /** A new one-time invite code (registration policy "invite"), made by the administrator. */
    String createInvite(long userId) {
        String code = Secrets.token();
        jdbi.useHandle(h -> h.createUpdate("INSERT INTO invites (code_hash, created_by, created_ms) "
                + "VALUES (:c, :u, :now)").bind("c", Secrets.hashToken(code)).bind("u", userId)
                .bind("now", now()).execute());
        return code;
    }

    /** Approves the account {@code name}; false when there is none. */
    boolean approve(String name) {
        return jdbi.withHandle(h -> h.createUpdate("UPDATE users SET approved_ms = COALESCE(approved_ms, :now) "
                + "WHERE name = :n").bind("now", now()).bind("n", name).execute() == 1);
    }

    record Account(String name, boolean approved, long createdMs) {
    }

    /** Every account, in the order they were made. */
    List<Account> accounts() {
        return jdbi.withHandle(h -> h.createQuery("SELECT name, approved_ms, created_ms FROM users ORDER BY id")
                .map((rs, ctx) -> new Account(rs.getString(1), rs.getObject(2) != null, rs.getLong(3))).list());
    }

    /** A new session token for the user, valid for {@code ttlMs}; empty when name or password is wrong. */
    Optional<String> login(String name, String password, long ttlMs) {
        Optional<Map<String, Object>> u = jdbi.withHandle(h -> h.createQuery(
                "SELECT id, password_hash FROM users WHERE name = :n").bind("n", name).mapToMap().findOne());
        // a missing user costs the same PBKDF2 as a wrong password, so timing does not tell which names exist
        String stored = u.map(m -> (String) m.get("password_hash")).orElse(DUMMY);
        if (!Secrets.checkPassword(password, stored) || u.isEmpty()) {
            return Optional.empty();
        }
        String token = Secrets.token();
        long id = ((Number) u.get().get("id")).longValue();
        jdbi.useHandle(h -> h.createUpdate("INSERT INTO user_sessions (token_hash, user_id, expires_ms) "
                + "VALUES (:t, :u, :e)").bind("t", Secrets.hashToken(token)).bind("u", id)
                .bind("e", now() + ttlMs).execute());
        return Optional.of(token);
    }

    private static final String DUMMY = Secrets.hashPassword("not a password");

    /** The user of a session token, if it is valid. */
    Optional<User> user(String token) {
        return jdbi.withHandle(h -> h.createQuery("SELECT u.id, u.name, u.approved_ms FROM user_sessions s "
                + "JOIN users u ON u.id = s.user_id WHERE s.token_hash = :t AND s.expires_ms > :now")
                .bind("t", Secrets.hashToken(token)).bind("now", now())
                .map((rs, ctx) -> new User(rs.getLong(1), rs.getString(2), rs.getObject(3) != null)).findOne());
    }

    /** A logged-in user; one not {@code approved} may look but not submit. */
    record User(long id, String name, boolean approved) {
    }

    /** Ends a session: its token no longer logs anyone in. */
    void logout(String token) {
        jdbi.useHandle(h -> h.createUpdate("DELETE FROM user_sessions WHERE token_hash = :t OR expires_ms <= :now")
                .bind("t", Secrets.hashToken(token)).bind("now", now()).execute());
    }

    /**
     * Whether the user administers this master: the first account made on it (the smallest id; one user at any
     * time, without a flag two concurrent first sign-ups could both set).
     */
    boolean isAdmin(long userId) {
        return jdbi.withHandle(h -> h.createQuery("SELECT MIN(id) FROM users").mapTo(Long.class).one()) == userId;
    }

    // ---- workers -----------------------------------------------------------------------------------------------

    /** A new one-time enrolment token, made by a user. */
    String createEnrolmentToken(long userId) {
        String token = Secrets.token();
        jdbi.useHandle(h -> h.createUpdate("INSERT INTO enrolment_tokens (token_hash, created_by, created_ms) "
                + "VALUES (:t, :u, :now)").bind("t", Secrets.hashToken(token)).bind("u", userId)
                .bind("now", now()).execute());
        return token;
    }

    record Registration(long workerId, String name, String secret) {
    }

    /**
     * Registers a worker with an unused enrolment token younger than {@link #TOKEN_TTL_MS}, spending it; empty when
     * the token is unknown, used or expired. The
     * name is {@code name}, or {@code name-2}, {@code name-3}... when taken. The secret is returned once and kept
     * only hashed.
     */
    Optional<Registration> register(String token, String name, Map<String, String> inventory) {
        String secret = Secrets.token();
        return jdbi.inTransaction(h -> {
            int spent = h.createUpdate("UPDATE enrolment_tokens SET used_ms = :now WHERE token_hash = :t "
                    + "AND used_ms IS NULL AND created_ms > :oldest").bind("t", Secrets.hashToken(token))
                    .bind("now", now()).bind("oldest", now() - TOKEN_TTL_MS).execute();
            if (spent != 1) {
                return Optional.<Registration>empty();
            }
            String unique = name;
            for (int i = 2; h.createQuery("SELECT COUNT(*) FROM workers WHERE name = :n").bind("n", unique)
                    .mapTo(Integer.class).one() > 0; i++) {
                unique = name + "-" + i;
            }
            long id = h.createUpdate("INSERT INTO workers (name, inventory, secret_hash, registered_ms, "
                    + "last_seen_ms) VALUES (:n, :i, :s, :now, :now)").bind("n", unique)
                    .bind("i", Json.write(inventory)).bind("s", Secrets.hashToken(secret)).bind("now", now())
                    .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
            h.createUpdate("UPDATE enrolment_tokens SET used_by = :w WHERE token_hash = :t").bind("w", id)
                    .bind("t", Secrets.hashToken(token)).execute();
            return Optional.of(new Registration(id, unique, secret));
        });
    }

    record WorkerInfo(long id, String name, Map<String, String> inventory, long lastSeenMs, boolean retired) {
        Worker worker() {
            return new Worker(name, inventory);
        }
    }

    /** The worker whose id and secret these are (its last-seen time updated), or empty. */
    Optional<WorkerInfo> authenticate(long workerId, String secret) {
        Optional<WorkerInfo> w = jdbi.withHandle(h -> h.createQuery("SELECT id, name, inventory, secret_hash, "
                + "last_seen_ms, retired_ms FROM workers WHERE id = :id").bind("id", workerId).map((rs, ctx) ->
                Secrets.sameHash(rs.getString("secret_hash"), Secrets.hashToken(secret)) ? workerInfo(rs) : null)
                .findOne());
        // last seen to the second: one write per worker per second, not one per request
        w.filter(x -> now() - x.lastSeenMs() >= 1000).ifPresent(x -> jdbi.useHandle(h -> h.createUpdate(
                "UPDATE workers SET last_seen_ms = :now WHERE id = :id").bind("now", now()).bind("id", x.id())
                .execute()));
        return w;
    }

    private static WorkerInfo workerInfo(java.sql.ResultSet rs) throws java.sql.SQLException {
        return new WorkerInfo(rs.getLong("id"), rs.getString("name"), Json.strings(rs.getString("inventory")),
                rs.getLong("last_seen_ms"), rs.getObject("retired_ms") != null);
    }

    /** Every registered worker, retired ones included, in name order. */
    List<WorkerInfo> workers() {
        return jdbi.withHandle(h -> h.createQuery("SELECT id, name, inventory, last_seen_ms, retired_ms FROM workers "
                + "ORDER BY name").map((rs, ctx) -> workerInfo(rs)).list());
    }

    /** The workers that are not retired: the inventory experiments are planned on. */
    List<WorkerInfo> activeWorkers() {
        return workers().stream().filter(w -> !w.retired()).toList();
    }

    /**
     * Retires the worker {@code name}: it is leased nothing more (a job it holds may still be finished and its row
     * posted); false when there is no such worker.
     */
    boolean retire(String name) {
        return jdbi.withHandle(h -> h.createUpdate("UPDATE workers SET retired_ms = COALESCE(retired_ms, :now) "
                + "WHERE name = :n").bind("now", now()).bind("n", name).execute() == 1);
    }

    // ---- experiments -------------------------------------------------------------------------------------------

    record StoredFile(String path, String kind, String sha256, byte[] content) {
    }

    /**
     * An experiment to store.
     *
     * @param header the columns every result row must have (the experiment file's: its factors, metrics and
     *               Pilot's), or empty to take them from the first row
     */
    record NewExperiment(long ownerId, String name, boolean isPrivate, String fileName, String fileText,
            Map<String, String> constraints, List<StoredFile> files, List<Job> jobs, List<String> hardware,
            List<String> header) {
        NewExperiment(long ownerId, String name, boolean isPrivate, String fileName, String fileText,
                Map<String, String> constraints, List<StoredFile> files, List<Job> jobs, List<String> hardware) {
            this(ownerId, name, isPrivate, fileName, fileText, constraints, files, jobs, hardware, List.of());
        }
    }

    /** Stores an experiment, its files and its jobs (all queued) in one transaction; returns its id. */
    long createExperiment(NewExperiment e) {
        return jdbi.inTransaction(h -> {
            long id = h.createUpdate("INSERT INTO experiments (owner_id, name, is_private, file_name, file_text, "
                    + "constraints, header, created_ms) VALUES (:o, :n, :p, :f, :t, :c, :h, :now)")
                    .bind("h", e.header().isEmpty() ? "" : Json.write(e.header())).bind("o", e.ownerId()).bind("n", e.name()).bind("p", e.isPrivate()).bind("f", e.fileName())
                    .bind("t", e.fileText()).bind("c", Json.write(e.constraints())).bind("now", now())
                    .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
            for (StoredFile f : e.files()) {
                h.createUpdate("INSERT INTO experiment_files (experiment_id, path, kind, sha256, content) "
                        + "VALUES (:e, :p, :k, :s, :c)").bind("e", id).bind("p", f.path()).bind("k", f.kind())
                        .bind("s", f.sha256()).bind("c", f.content()).execute();
            }
            for (Job j : e.jobs()) {
                Map<String, String> hw = new LinkedHashMap<>();
                for (String a : e.hardware()) {
                    hw.put(a, j.levels().get(a));
                }
                h.createUpdate("INSERT INTO jobs (experiment_id, number, replication, levels, hardware, state, "
                        + "attempts) VALUES (:e, :n, :r, :l, :hw, 'queued', 0)").bind("e", id)
                        .bind("n", j.number()).bind("r", j.replication()).bind("l", Json.write(j.levels()))
                        .bind("hw", Json.write(hw)).execute();
            }
            return id;
        });
    }

    record ExperimentInfo(long id, long ownerId, String owner, String name, boolean isPrivate, String fileName,
            String fileText, String header, boolean cancelled) {
    }

    private static final String EXPERIMENT = "SELECT e.id, e.owner_id, u.name AS owner, e.name, e.is_private, "
            + "e.file_name, e.file_text, e.header, e.cancelled_ms FROM experiments e JOIN users u "
            + "ON u.id = e.owner_id ";

    private static ExperimentInfo experimentInfo(java.sql.ResultSet rs) throws java.sql.SQLException {
        return new ExperimentInfo(rs.getLong("id"), rs.getLong("owner_id"), rs.getString("owner"),
                rs.getString("name"), rs.getBoolean("is_private"), rs.getString("file_name"),
                rs.getString("file_text"), rs.getString("header"), rs.getObject("cancelled_ms") != null);
    }

    /** The experiments {@code userId} may see (its own, and everyone's public ones), newest first. */
    List<ExperimentInfo> experiments(long userId) {
        return jdbi.withHandle(h -> h.createQuery(EXPERIMENT + "WHERE e.owner_id = :u OR NOT e.is_private "
                + "ORDER BY e.id DESC").bind("u", userId).map((rs, ctx) -> experimentInfo(rs)).list());
    }

    /** The experiment, if {@code userId} may see it (a private one of another user is as absent as a missing one). */
    Optional<ExperimentInfo> experiment(long id, long userId) {
        return jdbi.withHandle(h -> h.createQuery(EXPERIMENT + "WHERE e.id = :id AND (e.owner_id = :u "
                + "OR NOT e.is_private)").bind("id", id).bind("u", userId).map((rs, ctx) -> experimentInfo(rs))
                .findOne());
    }

    /** The experiment, without a visibility check (for workers, whose rights are checked by their lease). */
    ExperimentInfo experiment(long id) {
        return jdbi.withHandle(h -> h.createQuery(EXPERIMENT + "WHERE e.id = :id").bind("id", id)
                .map((rs, ctx) -> experimentInfo(rs)).one());
    }

    /** The experiment's files, without their content. */
    List<StoredFile> files(long experimentId) {
        return jdbi.withHandle(h -> h.createQuery("SELECT path, kind, sha256 FROM experiment_files "
                + "WHERE experiment_id = :e ORDER BY path").bind("e", experimentId)
                .map((rs, ctx) -> new StoredFile(rs.getString(1), rs.getString(2), rs.getString(3), null)).list());
    }

    /** The experiment's files with their content, in path order (to clone it). */
    List<StoredFile> filesWithContent(long experimentId) {
        return jdbi.withHandle(h -> h.createQuery("SELECT path, kind, sha256, content FROM experiment_files "
                + "WHERE experiment_id = :e ORDER BY path").bind("e", experimentId)
                .map((rs, ctx) -> new StoredFile(rs.getString(1), rs.getString(2), rs.getString(3), rs.getBytes(4)))
                .list());
    }

    /**
     * Cancels an experiment: its queued and leased jobs fail as cancelled, so they are leased to no one, a worker
     * running one is told at its next heartbeat (its lease is gone), and its row is refused. Rows already in stay.
     *
     * @return how many jobs were cancelled
     */
    int cancel(long experimentId) {
        return jdbi.inTransaction(h -> {
            h.createUpdate("UPDATE experiments SET cancelled_ms = COALESCE(cancelled_ms, :now) WHERE id = :e")
                    .bind("now", now()).bind("e", experimentId).execute();
            return h.createUpdate("UPDATE jobs SET state = 'failed', cancelled = TRUE, lease_expires_ms = NULL "
                    + "WHERE experiment_id = :e AND state IN ('queued', 'leased')").bind("e", experimentId).execute();
        });
    }

    /** Whether the job was cancelled with its experiment. */
    boolean cancelled(long jobId) {
        return jdbi.withHandle(h -> h.createQuery("SELECT cancelled FROM jobs WHERE id = :id").bind("id", jobId)
                .mapTo(Boolean.class).findOne().orElse(false));
    }

    /**
     * Deletes a finished or cancelled experiment with its files, jobs, rows and archives; false (nothing deleted)
     * while a job of it is queued or leased.
     */
    boolean delete(long experimentId) {
        return jdbi.inTransaction(h -> {
            h.createQuery("SELECT id FROM experiments WHERE id = :e FOR UPDATE").bind("e", experimentId)
                    .mapTo(Long.class).findOne();
            if (h.createQuery("SELECT COUNT(*) FROM jobs WHERE experiment_id = :e AND state IN ('queued', 'leased')")
                    .bind("e", experimentId).mapTo(Integer.class).one() > 0) {
                return false;
            }
            String jobs = "(SELECT id FROM jobs WHERE experiment_id = :e)";
            h.createUpdate("DELETE FROM result_archives WHERE job_id IN " + jobs).bind("e", experimentId).execute();
            h.createUpdate("DELETE FROM results WHERE job_id IN " + jobs).bind("e", experimentId).execute();
            h.createUpdate("DELETE FROM jobs WHERE experiment_id = :e").bind("e", experimentId).execute();
            h.createUpdate("DELETE FROM experiment_files WHERE experiment_id = :e").bind("e", experimentId).execute();
            return h.createUpdate("DELETE FROM experiments WHERE id = :e").bind("e", experimentId).execute() == 1;
        });
    }

    // ---- jobs and leases ---------------------------------------------------------------------------------------

    /** A job as leased: the attempt names the lease. */
    record Lease(long jobId, long experimentId, int number, int replication, Map<String, String> levels,
            int attempt, long expiresMs) {
    }

    /** See the class comment. Empty when no job is available to this worker now. */
    Optional<Lease> lease(WorkerInfo worker, long leaseMs) {
        return jdbi.inTransaction(h -> {
            long now = now();
            Optional<Lease> held = h.createQuery("SELECT id, experiment_id, number, replication, levels, attempts "
                    + "FROM jobs WHERE lease_worker = :w AND state = 'leased' ORDER BY id LIMIT 1 FOR UPDATE")
                    .bind("w", worker.id()).map((rs, ctx) -> lease(rs, now + leaseMs)).findOne();
            if (held.isPresent()) {
                h.createUpdate("UPDATE jobs SET lease_expires_ms = :x WHERE id = :id").bind("x", now + leaseMs)
                        .bind("id", held.get().jobId()).execute();
                return held;
            }
            List<Map<String, Object>> candidates = h.createQuery("SELECT id, experiment_id, attempts, hardware "
                    + "FROM jobs WHERE state = 'queued' OR (state = 'leased' AND lease_expires_ms < :now) "
                    + "ORDER BY id LIMIT " + CANDIDATES + " FOR UPDATE SKIP LOCKED").bind("now", now).mapToMap()
                    .list();
            Map<Long, Map<String, String>> constraints = new LinkedHashMap<>();
            for (Map<String, Object> c : candidates) {
                long id = ((Number) c.get("id")).longValue();
                if (((Number) c.get("attempts")).intValue() >= MAX_ATTEMPTS) {
                    h.createUpdate("UPDATE jobs SET state = 'failed', lease_worker = NULL, lease_expires_ms = NULL "
                            + "WHERE id = :id").bind("id", id).execute();
                    continue;
                }
                long e = ((Number) c.get("experiment_id")).longValue();
                Map<String, String> cons = constraints.computeIfAbsent(e, x -> Json.strings(h.createQuery(
                        "SELECT constraints FROM experiments WHERE id = :e").bind("e", x).mapTo(String.class).one()));
                if (!eligible(worker, cons, Json.strings((String) c.get("hardware")))) {
                    continue;
                }
                h.createUpdate("UPDATE jobs SET state = 'leased', attempts = attempts + 1, lease_worker = :w, "
                        + "lease_expires_ms = :x WHERE id = :id").bind("w", worker.id()).bind("x", now + leaseMs)
                        .bind("id", id).execute();
                return h.createQuery("SELECT id, experiment_id, number, replication, levels, attempts FROM jobs "
                        + "WHERE id = :id").bind("id", id).map((rs, ctx) -> lease(rs, now + leaseMs)).findOne();
            }
            return Optional.<Lease>empty();
        });
    }

    private static Lease lease(java.sql.ResultSet rs, long expires) throws java.sql.SQLException {
        return new Lease(rs.getLong("id"), rs.getLong("experiment_id"), rs.getInt("number"),
                rs.getInt("replication"), Json.strings(rs.getString("levels")), rs.getInt("attempts"), expires);
    }

    static boolean eligible(WorkerInfo worker, Map<String, String> constraints, Map<String, String> hardware) {
        if (!worker.worker().meets(constraints)) {
            return false;
        }
        for (Map.Entry<String, String> e : hardware.entrySet()) {
            if (!e.getValue().equals(worker.inventory().get(e.getKey()))) {
                return false;
            }
        }
        return true;
    }

    /**
     * Gives a job back (the worker could not run it: a bad checksum, factors it cannot apply), with the reason; it
     * is queued again, and fails once leased {@value #MAX_ATTEMPTS} times. False when the worker does not hold it.
     */
    boolean release(long workerId, long jobId, int attempt, String error) {
        return jdbi.withHandle(h -> h.createUpdate("UPDATE jobs SET state = 'queued', lease_worker = NULL, "
                + "lease_expires_ms = NULL, last_error = :err WHERE id = :id AND lease_worker = :w AND attempts = :a "
                + "AND state = 'leased'").bind("err", error.length() > 2000 ? error.substring(0, 2000) : error)
                .bind("id", jobId).bind("w", workerId).bind("a", attempt).execute() == 1);
    }

    /**
     * Gives every leased job a fresh lease of {@code leaseMs}: called when a master starts, because its workers could
     * not heartbeat while it was down, and a job should not move to another worker for the master's downtime.
     *
     * @return how many leases were renewed
     */
    int renewLeases(long leaseMs) {
        return jdbi.withHandle(h -> h.createUpdate("UPDATE jobs SET lease_expires_ms = :x WHERE state = 'leased'")
                .bind("x", now() + leaseMs).execute());
    }

    /** Extends the worker's lease on the job; false when it no longer holds it. */
    boolean heartbeat(long workerId, long jobId, int attempt, long leaseMs) {
        return jdbi.withHandle(h -> h.createUpdate("UPDATE jobs SET lease_expires_ms = :x WHERE id = :id "
                + "AND lease_worker = :w AND attempts = :a AND state = 'leased'").bind("x", now() + leaseMs)
                .bind("id", jobId).bind("w", workerId).bind("a", attempt).execute() == 1);
    }

    /** Whether the worker holds the current lease of the job. */
    boolean holds(long workerId, long jobId) {
        return jdbi.withHandle(h -> h.createQuery("SELECT COUNT(*) FROM jobs WHERE id = :id AND lease_worker = :w "
                + "AND state = 'leased'").bind("id", jobId).bind("w", workerId).mapTo(Integer.class).one() == 1);
    }

    /** A file of the experiment of a job the worker holds, or empty (no such file, or not its job). */
    Optional<byte[]> fileForJob(long workerId, long jobId, String path) {
        return jdbi.withHandle(h -> h.createQuery("SELECT f.content FROM jobs j JOIN experiment_files f "
                + "ON f.experiment_id = j.experiment_id WHERE j.id = :id AND j.lease_worker = :w "
                + "AND j.state = 'leased' AND f.path = :p").bind("id", jobId).bind("w", workerId).bind("p", path)
                .mapTo(byte[].class).findOne());
    }

    /** The job's levels and number as the lease gave them, for checking a result; empty when there is no job. */
    Optional<Lease> job(long jobId) {
        return jdbi.withHandle(h -> h.createQuery("SELECT id, experiment_id, number, replication, levels, attempts "
                + "FROM jobs WHERE id = :id").bind("id", jobId).map((rs, ctx) -> lease(rs, 0)).findOne());
    }

    /**
     * Keeps a job directory's archive from the worker holding the job's lease {@code attempt}, replacing an earlier
     * one (of an earlier lease); false when the worker does not hold that lease, or the job has its row already.
     */
    boolean putArchive(long workerId, long jobId, int attempt, byte[] content) {
        return jdbi.inTransaction(h -> {
            boolean holds = h.createQuery("SELECT id FROM jobs WHERE id = :id AND lease_worker = :w "
                    + "AND attempts = :a AND state = 'leased' FOR UPDATE").bind("id", jobId).bind("w", workerId)
                    .bind("a", attempt).mapTo(Long.class).findOne().isPresent();
            if (!holds) {
                return false;
            }
            h.createUpdate("DELETE FROM result_archives WHERE job_id = :id").bind("id", jobId).execute();
            h.createUpdate("INSERT INTO result_archives (job_id, worker_id, attempt, sha256, content, received_ms) "
                    + "VALUES (:j, :w, :a, :s, :c, :now)").bind("j", jobId).bind("w", workerId).bind("a", attempt)
                    .bind("s", Secrets.sha256(content)).bind("c", content).bind("now", now()).execute();
            return true;
        });
    }

    /** The archive of the experiment's job {@code number}, if one came with its accepted row. */
    Optional<byte[]> archive(long experimentId, int number) {
        return jdbi.withHandle(h -> h.createQuery("SELECT a.content FROM result_archives a JOIN jobs j "
                + "ON j.id = a.job_id JOIN results r ON r.job_id = j.id AND r.worker_id = a.worker_id "
                + "AND r.attempt = a.attempt WHERE j.experiment_id = :e AND j.number = :n").bind("e", experimentId)
                .bind("n", number).mapTo(byte[].class).findOne());
    }

    enum Posted {
        ACCEPTED, DUPLICATE, NOT_HOLDER, ALREADY_DONE, OTHER_HEADER
    }

    /**
     * Records a job's result row (JSON, in column order) from the worker, if it holds the job's lease
     * {@code attempt}; see the class comment. A successful row (empty error) makes the job done, else failed. A row
     * must have the experiment's columns, those its file declares (in any order); a row with other columns is
     * refused, and only that row: the other jobs' rows are checked against the file, not against it. (An experiment
     * stored without its columns takes them from its first row.)
     */
    Posted postResult(long workerId, long jobId, int attempt, Map<String, String> row) {
        String rowJson = Json.write(row);
        String header = Json.write(List.copyOf(row.keySet()));
        return jdbi.inTransaction(h -> {
            Optional<Map<String, Object>> job = h.createQuery("SELECT experiment_id, state, lease_worker, attempts "
                    + "FROM jobs WHERE id = :id FOR UPDATE").bind("id", jobId).mapToMap().findOne();
            if (job.isEmpty()) {
                return Posted.NOT_HOLDER;
            }
            Optional<Map<String, Object>> prior = h.createQuery("SELECT worker_id, attempt, row_json FROM results "
                    + "WHERE job_id = :id").bind("id", jobId).mapToMap().findOne();
            if (prior.isPresent()) {
                Map<String, Object> p = prior.get();
                boolean same = ((Number) p.get("worker_id")).longValue() == workerId
                        && ((Number) p.get("attempt")).intValue() == attempt && p.get("row_json").equals(rowJson);
                return same ? Posted.DUPLICATE : Posted.ALREADY_DONE;
            }
            Map<String, Object> j = job.get();
            Object holder = j.get("lease_worker");
            if (!"leased".equals(j.get("state")) || holder == null || ((Number) holder).longValue() != workerId
                    || ((Number) j.get("attempts")).intValue() != attempt) {
                return Posted.NOT_HOLDER;
            }
            long experiment = ((Number) j.get("experiment_id")).longValue();
            String have = h.createQuery("SELECT header FROM experiments WHERE id = :e FOR UPDATE")
                    .bind("e", experiment).mapTo(String.class).one();
            if (have.isEmpty()) {
                h.createUpdate("UPDATE experiments SET header = :h WHERE id = :e").bind("h", header)
                        .bind("e", experiment).execute();
            } else if (!new java.util.HashSet<>(Json.MAPPER.readValue(have,
                    new tools.jackson.core.type.TypeReference<List<String>>() {
                    })).equals(row.keySet())) {
                return Posted.OTHER_HEADER;
            }
            h.createUpdate("INSERT INTO results (job_id, worker_id, attempt, row_json, received_ms) "
                    + "VALUES (:j, :w, :a, :r, :now)").bind("j", jobId).bind("w", workerId).bind("a", attempt)
                    .bind("r", rowJson).bind("now", now()).execute();
            String error = row.get("error");
            h.createUpdate("UPDATE jobs SET state = :s, lease_expires_ms = NULL WHERE id = :id")
                    .bind("s", error == null || error.isEmpty() ? "done" : "failed").bind("id", jobId).execute();
            return Posted.ACCEPTED;
        });
    }

    // ---- progress and results ----------------------------------------------------------------------------------

    /** A job's state as users see it: a failed job that was cancelled is "cancelled". */
    private static final String STATE = "CASE WHEN j.cancelled THEN 'cancelled' ELSE j.state END";

    /**
     * Job count by state (queued, leased, done, failed, cancelled; a lease that has expired still counts as
     * leased).
     */
    Map<String, Integer> jobsByState(long experimentId) {
        Map<String, Integer> out = new LinkedHashMap<>();
        for (String s : List.of("queued", "leased", "done", "failed", "cancelled")) {
            out.put(s, 0);
        }
        jdbi.useHandle(h -> h.createQuery("SELECT " + STATE + " AS state, COUNT(*) AS n FROM jobs j "
                + "WHERE experiment_id = :e GROUP BY " + STATE).bind("e", experimentId).mapToMap()
                .forEach(m -> out.put((String) m.get("state"), ((Number) m.get("n")).intValue())));
        return out;
    }

    /** Per worker name: jobs it holds now ("leased") and results it delivered ("results"). */
    Map<String, Map<String, Integer>> jobsByWorker(long experimentId) {
        Map<String, Map<String, Integer>> out = new java.util.TreeMap<>();
        jdbi.useHandle(h -> {
            h.createQuery("SELECT w.name, COUNT(*) AS n FROM jobs j JOIN workers w ON w.id = j.lease_worker "
                    + "WHERE j.experiment_id = :e AND j.state = 'leased' GROUP BY w.name").bind("e", experimentId)
                    .mapToMap().forEach(m -> out.computeIfAbsent((String) m.get("name"), k -> counts())
                            .put("leased", ((Number) m.get("n")).intValue()));
            h.createQuery("SELECT w.name, COUNT(*) AS n FROM results r JOIN jobs j ON j.id = r.job_id "
                    + "JOIN workers w ON w.id = r.worker_id WHERE j.experiment_id = :e GROUP BY w.name")
                    .bind("e", experimentId).mapToMap().forEach(m -> out.computeIfAbsent((String) m.get("name"),
                            k -> counts()).put("results", ((Number) m.get("n")).intValue()));
        });
        return out;
    }

    private static Map<String, Integer> counts() {
        Map<String, Integer> m = new LinkedHashMap<>();
        m.put("leased", 0);
        m.put("results", 0);
        return m;
    }

    /** A job as users see it: its state, who holds or ran it, and why it was last given back. */
    record JobInfo(int number, int replication, Map<String, String> levels, String state, int attempts,
            String worker, String lastError, boolean archive) {
    }

    /** The experiment's jobs, in job order. */
    List<JobInfo> jobs(long experimentId) {
        return jdbi.withHandle(h -> h.createQuery("SELECT j.number, j.replication, j.levels, " + STATE + " AS state, "
                + "j.attempts, "
                + "j.last_error, COALESCE(rw.name, lw.name) AS worker, a.job_id AS archive FROM jobs j "
                + "LEFT JOIN results r ON r.job_id = j.id LEFT JOIN workers rw ON rw.id = r.worker_id "
                + "LEFT JOIN workers lw ON lw.id = j.lease_worker AND j.state = 'leased' "
                + "LEFT JOIN result_archives a ON a.job_id = j.id AND a.worker_id = r.worker_id "
                + "AND a.attempt = r.attempt WHERE j.experiment_id = :e ORDER BY j.number").bind("e", experimentId)
                .map((rs, ctx) -> new JobInfo(rs.getInt("number"), rs.getInt("replication"),
                        Json.strings(rs.getString("levels")), rs.getString("state"), rs.getInt("attempts"),
                        rs.getString("worker"), rs.getString("last_error"), rs.getObject("archive") != null))
                .list());
    }

    /** The experiment's result rows, in job order. */
    List<Map<String, String>> results(long experimentId) {
        List<Map<String, String>> out = new ArrayList<>();
        jdbi.useHandle(h -> h.createQuery("SELECT r.row_json FROM results r JOIN jobs j ON j.id = r.job_id "
                + "WHERE j.experiment_id = :e ORDER BY j.number").bind("e", experimentId).mapTo(String.class)
                .forEach(s -> out.add(Json.strings(s))));
        return out;
    }

    /** For tests and the load figures: a handle on the database. */
    <R> R withHandle(java.util.function.Function<Handle, R> f) {
        return jdbi.withHandle(f::apply);
    }
}
