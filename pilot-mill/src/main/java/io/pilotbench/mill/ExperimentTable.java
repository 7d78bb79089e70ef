package io.pilotbench.mill;

import io.pilotbench.experiment.Job;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jdbi.v3.core.Jdbi;

/**
 * The SQL of {@link MillStore}'s experiments: the tables {@code experiments} and {@code experiment_files}, and the
 * experiment's jobs and rows as users read them (progress, job list, results). Each method is documented where it
 * is called, on {@link MillStore}; the tables are apart so that each class holds the statements of one part of the
 * schema.
 */
final class ExperimentTable {
    private final Jdbi jdbi;
    private final Clock clock;

    ExperimentTable(Jdbi jdbi, Clock clock) {
        this.jdbi = jdbi;
        this.clock = clock;
    }

    private long now() {
        return clock.millis();
    }

    long createExperiment(MillStore.NewExperiment e) {
        return jdbi.inTransaction(h -> {
            long id = h.createUpdate("INSERT INTO experiments (owner_id, name, is_private, file_name, file_text, "
                            + "constraints, header, created_ms) VALUES (:o, :n, :p, :f, :t, :c, :h, :now)")
                    .bind("h", e.header().isEmpty() ? "" : Json.write(e.header()))
                    .bind("o", e.ownerId())
                    .bind("n", e.name())
                    .bind("p", e.isPrivate())
                    .bind("f", e.fileName())
                    .bind("t", e.fileText())
                    .bind("c", Json.write(e.constraints()))
                    .bind("now", now())
                    .executeAndReturnGeneratedKeys("id")
                    .mapTo(Long.class)
                    .one();
            for (MillStore.StoredFile f : e.files()) {
                h.createUpdate("INSERT INTO experiment_files (experiment_id, path, kind, sha256, content) "
                                + "VALUES (:e, :p, :k, :s, :c)")
                        .bind("e", id)
                        .bind("p", f.path())
                        .bind("k", f.kind())
                        .bind("s", f.sha256())
                        .bind("c", f.content())
                        .execute();
            }
            for (Job j : e.jobs()) {
                Map<String, String> hw = new LinkedHashMap<>();
                for (String a : e.hardware()) {
                    hw.put(a, j.levels().get(a));
                }
                h.createUpdate("INSERT INTO jobs (experiment_id, number, replication, levels, hardware, state, "
                                + "attempts) VALUES (:e, :n, :r, :l, :hw, 'queued', 0)")
                        .bind("e", id)
                        .bind("n", j.number())
                        .bind("r", j.replication())
                        .bind("l", Json.write(j.levels()))
                        .bind("hw", Json.write(hw))
                        .execute();
            }
            return id;
        });
    }

    private static final String EXPERIMENT = "SELECT e.id, e.owner_id, u.name AS owner, e.name, e.is_private, "
            + "e.file_name, e.file_text, e.header, e.cancelled_ms FROM experiments e JOIN users u "
            + "ON u.id = e.owner_id ";

    private static MillStore.ExperimentInfo experimentInfo(java.sql.ResultSet rs) throws java.sql.SQLException {
        return new MillStore.ExperimentInfo(
                rs.getLong("id"),
                rs.getLong("owner_id"),
                rs.getString("owner"),
                rs.getString("name"),
                rs.getBoolean("is_private"),
                rs.getString("file_name"),
                rs.getString("file_text"),
                rs.getString("header"),
                rs.getObject("cancelled_ms") != null);
    }

    List<MillStore.ExperimentInfo> experiments(long userId) {
        return jdbi.withHandle(
                h -> h.createQuery(EXPERIMENT + "WHERE e.owner_id = :u OR NOT e.is_private " + "ORDER BY e.id DESC")
                        .bind("u", userId)
                        .map((rs, ctx) -> experimentInfo(rs))
                        .list());
    }

    Optional<MillStore.ExperimentInfo> experiment(long id, long userId) {
        return jdbi.withHandle(
                h -> h.createQuery(EXPERIMENT + "WHERE e.id = :id AND (e.owner_id = :u " + "OR NOT e.is_private)")
                        .bind("id", id)
                        .bind("u", userId)
                        .map((rs, ctx) -> experimentInfo(rs))
                        .findOne());
    }

    MillStore.ExperimentInfo experiment(long id) {
        return jdbi.withHandle(h -> h.createQuery(EXPERIMENT + "WHERE e.id = :id")
                .bind("id", id)
                .map((rs, ctx) -> experimentInfo(rs))
                .one());
    }

    List<MillStore.StoredFile> files(long experimentId) {
        return jdbi.withHandle(h -> h.createQuery(
                        "SELECT path, kind, sha256 FROM experiment_files " + "WHERE experiment_id = :e ORDER BY path")
                .bind("e", experimentId)
                .map((rs, ctx) -> new MillStore.StoredFile(rs.getString(1), rs.getString(2), rs.getString(3), null))
                .list());
    }

    List<MillStore.StoredFile> filesWithContent(long experimentId) {
        return jdbi.withHandle(h -> h.createQuery("SELECT path, kind, sha256, content FROM experiment_files "
                        + "WHERE experiment_id = :e ORDER BY path")
                .bind("e", experimentId)
                .map((rs, ctx) ->
                        new MillStore.StoredFile(rs.getString(1), rs.getString(2), rs.getString(3), rs.getBytes(4)))
                .list());
    }

    int cancel(long experimentId) {
        return jdbi.inTransaction(h -> {
            h.createUpdate("UPDATE experiments SET cancelled_ms = COALESCE(cancelled_ms, :now) WHERE id = :e")
                    .bind("now", now())
                    .bind("e", experimentId)
                    .execute();
            return h.createUpdate("UPDATE jobs SET state = 'failed', cancelled = TRUE, lease_expires_ms = NULL "
                            + "WHERE experiment_id = :e AND state IN ('queued', 'leased')")
                    .bind("e", experimentId)
                    .execute();
        });
    }

    boolean cancelled(long jobId) {
        return jdbi.withHandle(h -> h.createQuery("SELECT cancelled FROM jobs WHERE id = :id")
                .bind("id", jobId)
                .mapTo(Boolean.class)
                .findOne()
                .orElse(false));
    }

    boolean delete(long experimentId) {
        return jdbi.inTransaction(h -> {
            h.createQuery("SELECT id FROM experiments WHERE id = :e FOR UPDATE")
                    .bind("e", experimentId)
                    .mapTo(Long.class)
                    .findOne();
            if (h.createQuery("SELECT COUNT(*) FROM jobs WHERE experiment_id = :e AND state IN ('queued', 'leased')")
                            .bind("e", experimentId)
                            .mapTo(Integer.class)
                            .one()
                    > 0) {
                return false;
            }
            String jobs = "(SELECT id FROM jobs WHERE experiment_id = :e)";
            h.createUpdate("DELETE FROM result_archives WHERE job_id IN " + jobs)
                    .bind("e", experimentId)
                    .execute();
            h.createUpdate("DELETE FROM results WHERE job_id IN " + jobs)
                    .bind("e", experimentId)
                    .execute();
            h.createUpdate("DELETE FROM jobs WHERE experiment_id = :e")
                    .bind("e", experimentId)
                    .execute();
            h.createUpdate("DELETE FROM experiment_files WHERE experiment_id = :e")
                    .bind("e", experimentId)
                    .execute();
            return h.createUpdate("DELETE FROM experiments WHERE id = :e")
                            .bind("e", experimentId)
                            .execute()
                    == 1;
        });
    }

    /** A job's state as users see it: a failed job that was cancelled is "cancelled". */
    private static final String STATE = "CASE WHEN j.cancelled THEN 'cancelled' ELSE j.state END";

    Map<String, Integer> jobsByState(long experimentId) {
        Map<String, Integer> out = new LinkedHashMap<>();
        for (String s : List.of("queued", "leased", "done", "failed", "cancelled")) {
            out.put(s, 0);
        }
        jdbi.useHandle(h -> h.createQuery("SELECT " + STATE + " AS state, COUNT(*) AS n FROM jobs j "
                        + "WHERE experiment_id = :e GROUP BY " + STATE)
                .bind("e", experimentId)
                .mapToMap()
                .forEach(m -> out.put((String) m.get("state"), ((Number) m.get("n")).intValue())));
        return out;
    }

    Map<String, Map<String, Integer>> jobsByWorker(long experimentId) {
        Map<String, Map<String, Integer>> out = new java.util.TreeMap<>();
        jdbi.useHandle(h -> {
            h.createQuery("SELECT w.name, COUNT(*) AS n FROM jobs j JOIN workers w ON w.id = j.lease_worker "
                            + "WHERE j.experiment_id = :e AND j.state = 'leased' GROUP BY w.name")
                    .bind("e", experimentId)
                    .mapToMap()
                    .forEach(m -> out.computeIfAbsent((String) m.get("name"), k -> counts())
                            .put("leased", ((Number) m.get("n")).intValue()));
            h.createQuery("SELECT w.name, COUNT(*) AS n FROM results r JOIN jobs j ON j.id = r.job_id "
                            + "JOIN workers w ON w.id = r.worker_id WHERE j.experiment_id = :e GROUP BY w.name")
                    .bind("e", experimentId)
                    .mapToMap()
                    .forEach(m -> out.computeIfAbsent((String) m.get("name"), k -> counts())
                            .put("results", ((Number) m.get("n")).intValue()));
        });
        return out;
    }

    private static Map<String, Integer> counts() {
        Map<String, Integer> m = new LinkedHashMap<>();
        m.put("leased", 0);
        m.put("results", 0);
        return m;
    }

    List<MillStore.JobInfo> jobs(long experimentId) {
        return jdbi.withHandle(h -> h.createQuery("SELECT j.number, j.replication, j.levels, " + STATE + " AS state, "
                        + "j.attempts, "
                        + "j.last_error, COALESCE(rw.name, lw.name) AS worker, a.job_id AS archive FROM jobs j "
                        + "LEFT JOIN results r ON r.job_id = j.id LEFT JOIN workers rw ON rw.id = r.worker_id "
                        + "LEFT JOIN workers lw ON lw.id = j.lease_worker AND j.state = 'leased' "
                        + "LEFT JOIN result_archives a ON a.job_id = j.id AND a.worker_id = r.worker_id "
                        + "AND a.attempt = r.attempt WHERE j.experiment_id = :e ORDER BY j.number")
                .bind("e", experimentId)
                .map((rs, ctx) -> new MillStore.JobInfo(
                        rs.getInt("number"),
                        rs.getInt("replication"),
                        Json.strings(rs.getString("levels")),
                        rs.getString("state"),
                        rs.getInt("attempts"),
                        rs.getString("worker"),
                        rs.getString("last_error"),
                        rs.getObject("archive") != null))
                .list());
    }

    List<Map<String, String>> results(long experimentId) {
        List<Map<String, String>> out = new ArrayList<>();
        jdbi.useHandle(h -> h.createQuery("SELECT r.row_json FROM results r JOIN jobs j ON j.id = r.job_id "
                        + "WHERE j.experiment_id = :e ORDER BY j.number")
                .bind("e", experimentId)
                .mapTo(String.class)
                .forEach(s -> out.add(Json.strings(s))));
        return out;
    }
}
