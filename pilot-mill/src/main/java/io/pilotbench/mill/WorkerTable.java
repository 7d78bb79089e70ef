package io.pilotbench.mill;

import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jdbi.v3.core.Jdbi;

/**
 * The SQL of {@link MillStore}'s workers: the tables {@code workers} and {@code enrolment_tokens} (enrolment,
 * authentication by secret, retirement). Each method is documented where it is called, on {@link MillStore}; the
 * tables are apart so that each class holds the statements of one part of the schema.
 */
final class WorkerTable {
    private final Jdbi jdbi;
    private final Clock clock;

    WorkerTable(Jdbi jdbi, Clock clock) {
        this.jdbi = jdbi;
        this.clock = clock;
    }

    private long now() {
        return clock.millis();
    }

    String createEnrolmentToken(long userId) {
        String token = Secrets.token();
        jdbi.useHandle(h -> h.createUpdate(
                        "INSERT INTO enrolment_tokens (token_hash, created_by, created_ms) " + "VALUES (:t, :u, :now)")
                .bind("t", Secrets.hashToken(token))
                .bind("u", userId)
                .bind("now", now())
                .execute());
        return token;
    }

    Optional<MillStore.Registration> register(String token, String name, Map<String, String> inventory) {
        String secret = Secrets.token();
        return jdbi.inTransaction(h -> {
            int spent = h.createUpdate("UPDATE enrolment_tokens SET used_ms = :now WHERE token_hash = :t "
                            + "AND used_ms IS NULL AND created_ms > :oldest")
                    .bind("t", Secrets.hashToken(token))
                    .bind("now", now())
                    .bind("oldest", now() - MillStore.TOKEN_TTL_MS)
                    .execute();
            if (spent != 1) {
                return Optional.<MillStore.Registration>empty();
            }
            String unique = name;
            for (int i = 2;
                    h.createQuery("SELECT COUNT(*) FROM workers WHERE name = :n")
                                    .bind("n", unique)
                                    .mapTo(Integer.class)
                                    .one()
                            > 0;
                    i++) {
                unique = name + "-" + i;
            }
            long id = h.createUpdate("INSERT INTO workers (name, inventory, secret_hash, registered_ms, "
                            + "last_seen_ms) VALUES (:n, :i, :s, :now, :now)")
                    .bind("n", unique)
                    .bind("i", Json.write(inventory))
                    .bind("s", Secrets.hashToken(secret))
                    .bind("now", now())
                    .executeAndReturnGeneratedKeys("id")
                    .mapTo(Long.class)
                    .one();
            h.createUpdate("UPDATE enrolment_tokens SET used_by = :w WHERE token_hash = :t")
                    .bind("w", id)
                    .bind("t", Secrets.hashToken(token))
                    .execute();
            return Optional.of(new MillStore.Registration(id, unique, secret));
        });
    }

    Optional<MillStore.WorkerInfo> authenticate(long workerId, String secret) {
        Optional<MillStore.WorkerInfo> w = jdbi.withHandle(h -> h.createQuery("SELECT id, name, inventory, "
                        + "secret_hash, last_seen_ms, retired_ms FROM workers WHERE id = :id")
                .bind("id", workerId)
                .map((rs, ctx) -> Secrets.sameHash(rs.getString("secret_hash"), Secrets.hashToken(secret))
                        ? workerInfo(rs)
                        : null)
                .findOne());
        // last seen to the second: one write per worker per second, not one per request
        w.filter(x -> now() - x.lastSeenMs() >= 1000)
                .ifPresent(
                        x -> jdbi.useHandle(h -> h.createUpdate("UPDATE workers SET last_seen_ms = :now WHERE id = :id")
                                .bind("now", now())
                                .bind("id", x.id())
                                .execute()));
        return w;
    }

    private static MillStore.WorkerInfo workerInfo(java.sql.ResultSet rs) throws java.sql.SQLException {
        return new MillStore.WorkerInfo(
                rs.getLong("id"),
                rs.getString("name"),
                Json.strings(rs.getString("inventory")),
                rs.getLong("last_seen_ms"),
                rs.getObject("retired_ms") != null);
    }

    List<MillStore.WorkerInfo> workers() {
        return jdbi.withHandle(h -> h.createQuery(
                        "SELECT id, name, inventory, last_seen_ms, retired_ms FROM workers " + "ORDER BY name")
                .map((rs, ctx) -> workerInfo(rs))
                .list());
    }

    List<MillStore.WorkerInfo> activeWorkers() {
        return workers().stream().filter(w -> !w.retired()).toList();
    }

    boolean retire(String name) {
        return jdbi.withHandle(
                h -> h.createUpdate("UPDATE workers SET retired_ms = COALESCE(retired_ms, :now) " + "WHERE name = :n")
                                .bind("now", now())
                                .bind("n", name)
                                .execute()
                        == 1);
    }
}
