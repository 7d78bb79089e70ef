package io.pilotbench.mill;

import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jdbi.v3.core.Jdbi;

/**
 * The SQL of {@link MillStore}'s jobs as workers hold them: the tables {@code jobs} (leases, heartbeats, releases),
 * {@code results} and {@code result_archives}. The two contracts of {@link MillStore}'s class comment, lease and
 * result, are here, each a transaction. Each method is documented where it is called, on {@link MillStore}; the
 * tables are apart so that each class holds the statements of one part of the schema.
 */
final class LeaseTable {
    private final Jdbi jdbi;
    private final Clock clock;

    LeaseTable(Jdbi jdbi, Clock clock) {
        this.jdbi = jdbi;
        this.clock = clock;
    }

    private long now() {
        return clock.millis();
    }

    Optional<MillStore.Lease> lease(MillStore.WorkerInfo worker, long leaseMs) {
        return jdbi.inTransaction(h -> {
            long now = now();
            Optional<MillStore.Lease> held = h.createQuery(
                            "SELECT id, experiment_id, number, replication, levels, "
                                    + "attempts FROM jobs WHERE lease_worker = :w AND state = 'leased' ORDER BY id LIMIT 1 FOR UPDATE")
                    .bind("w", worker.id())
                    .map((rs, ctx) -> lease(rs, now + leaseMs))
                    .findOne();
            if (held.isPresent()) {
                h.createUpdate("UPDATE jobs SET lease_expires_ms = :x WHERE id = :id")
                        .bind("x", now + leaseMs)
                        .bind("id", held.get().jobId())
                        .execute();
                return held;
            }
            List<Map<String, Object>> candidates = h.createQuery("SELECT id, experiment_id, attempts, hardware "
                            + "FROM jobs WHERE state = 'queued' OR (state = 'leased' AND lease_expires_ms < :now) "
                            + "ORDER BY id LIMIT " + MillStore.CANDIDATES + " FOR UPDATE SKIP LOCKED")
                    .bind("now", now)
                    .mapToMap()
                    .list();
            Map<Long, Map<String, String>> constraints = new LinkedHashMap<>();
            for (Map<String, Object> c : candidates) {
                long id = ((Number) c.get("id")).longValue();
                if (((Number) c.get("attempts")).intValue() >= MillStore.MAX_ATTEMPTS) {
                    h.createUpdate("UPDATE jobs SET state = 'failed', lease_worker = NULL, lease_expires_ms = NULL "
                                    + "WHERE id = :id")
                            .bind("id", id)
                            .execute();
                    continue;
                }
                long e = ((Number) c.get("experiment_id")).longValue();
                Map<String, String> cons = constraints.computeIfAbsent(
                        e,
                        x -> Json.strings(h.createQuery("SELECT constraints FROM experiments WHERE id = :e")
                                .bind("e", x)
                                .mapTo(String.class)
                                .one()));
                if (!eligible(worker, cons, Json.strings((String) c.get("hardware")))) {
                    continue;
                }
                h.createUpdate("UPDATE jobs SET state = 'leased', attempts = attempts + 1, lease_worker = :w, "
                                + "lease_expires_ms = :x WHERE id = :id")
                        .bind("w", worker.id())
                        .bind("x", now + leaseMs)
                        .bind("id", id)
                        .execute();
                return h.createQuery("SELECT id, experiment_id, number, replication, levels, attempts FROM jobs "
                                + "WHERE id = :id")
                        .bind("id", id)
                        .map((rs, ctx) -> lease(rs, now + leaseMs))
                        .findOne();
            }
            return Optional.<MillStore.Lease>empty();
        });
    }

    /**
     * Whether the worker may lease a job: it meets the experiment's constraints and has the job's hardware levels
     * ({@link MillStore}'s class comment).
     */
    static boolean eligible(
            MillStore.WorkerInfo worker, Map<String, String> constraints, Map<String, String> hardware) {
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

    private static MillStore.Lease lease(java.sql.ResultSet rs, long expires) throws java.sql.SQLException {
        return new MillStore.Lease(
                rs.getLong("id"),
                rs.getLong("experiment_id"),
                rs.getInt("number"),
                rs.getInt("replication"),
                Json.strings(rs.getString("levels")),
                rs.getInt("attempts"),
                expires);
    }

    boolean release(long workerId, long jobId, int attempt, String error) {
        return jdbi.withHandle(h -> h.createUpdate("UPDATE jobs SET state = 'queued', lease_worker = NULL, "
                                + "lease_expires_ms = NULL, last_error = :err WHERE id = :id AND lease_worker = :w AND attempts = :a "
                                + "AND state = 'leased'")
                        .bind("err", error.length() > 2000 ? error.substring(0, 2000) : error)
                        .bind("id", jobId)
                        .bind("w", workerId)
                        .bind("a", attempt)
                        .execute()
                == 1);
    }

    int renewLeases(long leaseMs) {
        return jdbi.withHandle(h -> h.createUpdate("UPDATE jobs SET lease_expires_ms = :x WHERE state = 'leased'")
                .bind("x", now() + leaseMs)
                .execute());
    }

    boolean heartbeat(long workerId, long jobId, int attempt, long leaseMs) {
        return jdbi.withHandle(h -> h.createUpdate("UPDATE jobs SET lease_expires_ms = :x WHERE id = :id "
                                + "AND lease_worker = :w AND attempts = :a AND state = 'leased'")
                        .bind("x", now() + leaseMs)
                        .bind("id", jobId)
                        .bind("w", workerId)
                        .bind("a", attempt)
                        .execute()
                == 1);
    }

    boolean holds(long workerId, long jobId) {
        return jdbi.withHandle(h -> h.createQuery("SELECT COUNT(*) FROM jobs WHERE id = :id AND lease_worker = :w "
                                + "AND state = 'leased'")
                        .bind("id", jobId)
                        .bind("w", workerId)
                        .mapTo(Integer.class)
                        .one()
                == 1);
    }

    Optional<byte[]> fileForJob(long workerId, long jobId, String path) {
        return jdbi.withHandle(h -> h.createQuery("SELECT f.content FROM jobs j JOIN experiment_files f "
                        + "ON f.experiment_id = j.experiment_id WHERE j.id = :id AND j.lease_worker = :w "
                        + "AND j.state = 'leased' AND f.path = :p")
                .bind("id", jobId)
                .bind("w", workerId)
                .bind("p", path)
                .mapTo(byte[].class)
                .findOne());
    }

    Optional<MillStore.Lease> job(long jobId) {
        return jdbi.withHandle(h -> h.createQuery(
                        "SELECT id, experiment_id, number, replication, levels, attempts " + "FROM jobs WHERE id = :id")
                .bind("id", jobId)
                .map((rs, ctx) -> lease(rs, 0))
                .findOne());
    }

    boolean putArchive(long workerId, long jobId, int attempt, byte[] content) {
        return jdbi.inTransaction(h -> {
            boolean holds = h.createQuery("SELECT id FROM jobs WHERE id = :id AND lease_worker = :w "
                            + "AND attempts = :a AND state = 'leased' FOR UPDATE")
                    .bind("id", jobId)
                    .bind("w", workerId)
                    .bind("a", attempt)
                    .mapTo(Long.class)
                    .findOne()
                    .isPresent();
            if (!holds) {
                return false;
            }
            h.createUpdate("DELETE FROM result_archives WHERE job_id = :id")
                    .bind("id", jobId)
                    .execute();
            h.createUpdate("INSERT INTO result_archives (job_id, worker_id, attempt, sha256, content, received_ms) "
                            + "VALUES (:j, :w, :a, :s, :c, :now)")
                    .bind("j", jobId)
                    .bind("w", workerId)
                    .bind("a", attempt)
                    .bind("s", Secrets.sha256(content))
                    .bind("c", content)
                    .bind("now", now())
                    .execute();
            return true;
        });
    }

    Optional<byte[]> archive(long experimentId, int number) {
        return jdbi.withHandle(h -> h.createQuery("SELECT a.content FROM result_archives a JOIN jobs j "
                        + "ON j.id = a.job_id JOIN results r ON r.job_id = j.id AND r.worker_id = a.worker_id "
                        + "AND r.attempt = a.attempt WHERE j.experiment_id = :e AND j.number = :n")
                .bind("e", experimentId)
                .bind("n", number)
                .mapTo(byte[].class)
                .findOne());
    }

    MillStore.Posted postResult(long workerId, long jobId, int attempt, Map<String, String> row) {
        String rowJson = Json.write(row);
        String header = Json.write(List.copyOf(row.keySet()));
        return jdbi.inTransaction(h -> {
            Optional<Map<String, Object>> job = h.createQuery("SELECT experiment_id, state, lease_worker, attempts "
                            + "FROM jobs WHERE id = :id FOR UPDATE")
                    .bind("id", jobId)
                    .mapToMap()
                    .findOne();
            if (job.isEmpty()) {
                return MillStore.Posted.NOT_HOLDER;
            }
            Optional<Map<String, Object>> prior = h.createQuery(
                            "SELECT worker_id, attempt, row_json FROM results " + "WHERE job_id = :id")
                    .bind("id", jobId)
                    .mapToMap()
                    .findOne();
            if (prior.isPresent()) {
                Map<String, Object> p = prior.get();
                boolean same = ((Number) p.get("worker_id")).longValue() == workerId
                        && ((Number) p.get("attempt")).intValue() == attempt
                        && p.get("row_json").equals(rowJson);
                return same ? MillStore.Posted.DUPLICATE : MillStore.Posted.ALREADY_DONE;
            }
            Map<String, Object> j = job.get();
            Object holder = j.get("lease_worker");
            if (!"leased".equals(j.get("state"))
                    || holder == null
                    || ((Number) holder).longValue() != workerId
                    || ((Number) j.get("attempts")).intValue() != attempt) {
                return MillStore.Posted.NOT_HOLDER;
            }
            long experiment = ((Number) j.get("experiment_id")).longValue();
            String have = h.createQuery("SELECT header FROM experiments WHERE id = :e FOR UPDATE")
                    .bind("e", experiment)
                    .mapTo(String.class)
                    .one();
            if (have.isEmpty()) {
                h.createUpdate("UPDATE experiments SET header = :h WHERE id = :e")
                        .bind("h", header)
                        .bind("e", experiment)
                        .execute();
            } else if (!new java.util.HashSet<>(
                            Json.MAPPER.readValue(have, new tools.jackson.core.type.TypeReference<List<String>>() {}))
                    .equals(row.keySet())) {
                return MillStore.Posted.OTHER_HEADER;
            }
            h.createUpdate("INSERT INTO results (job_id, worker_id, attempt, row_json, received_ms) "
                            + "VALUES (:j, :w, :a, :r, :now)")
                    .bind("j", jobId)
                    .bind("w", workerId)
                    .bind("a", attempt)
                    .bind("r", rowJson)
                    .bind("now", now())
                    .execute();
            String error = row.get("error");
            h.createUpdate("UPDATE jobs SET state = :s, lease_expires_ms = NULL WHERE id = :id")
                    .bind("s", error == null || error.isEmpty() ? "done" : "failed")
                    .bind("id", jobId)
                    .execute();
            return MillStore.Posted.ACCEPTED;
        });
    }
}
