package io.pilotbench.mill;

import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jdbi.v3.core.Jdbi;

/**
 * The SQL of {@link MillStore}'s accounts: the tables {@code users}, {@code user_sessions} and {@code invites}
 * (sign-up, invite codes, approval, sessions, the administrator). Each method is documented where it is called, on
 * {@link MillStore}; the tables are apart so that each class holds the statements of one part of the schema.
 */
final class UserTable {
    private final Jdbi jdbi;
    private final Clock clock;

    UserTable(Jdbi jdbi, Clock clock) {
        this.jdbi = jdbi;
        this.clock = clock;
    }

    private long now() {
        return clock.millis();
    }

    MillStore.NewUser createUser(String name, String password, boolean approved, String invite) {
        String hash = Secrets.hashPassword(password);
        return jdbi.inTransaction(h -> {
            if (h.createQuery("SELECT id FROM users WHERE LOWER(name) = LOWER(:n)")
                    .bind("n", name)
                    .mapTo(Long.class)
                    .findOne()
                    .isPresent()) {
                return new MillStore.NewUser(MillStore.Created.NAME_TAKEN, 0, false);
            }
            boolean ok = approved;
            if (invite != null) {
                int spent = h.createUpdate("UPDATE invites SET used_ms = :now WHERE code_hash = :c "
                                + "AND used_ms IS NULL AND created_ms > :oldest")
                        .bind("c", Secrets.hashToken(invite))
                        .bind("now", now())
                        .bind("oldest", now() - MillStore.TOKEN_TTL_MS)
                        .execute();
                if (spent != 1) {
                    return new MillStore.NewUser(MillStore.Created.BAD_INVITE, 0, false);
                }
                ok = true;
            }
            long id = h.createUpdate("INSERT INTO users (name, password_hash, created_ms, approved_ms) "
                            + "VALUES (:n, :p, :t, :a)")
                    .bind("n", name)
                    .bind("p", hash)
                    .bind("t", now())
                    .bind("a", ok ? (Long) now() : null)
                    .executeAndReturnGeneratedKeys("id")
                    .mapTo(Long.class)
                    .one();
            if (invite != null) {
                h.createUpdate("UPDATE invites SET used_by = :u WHERE code_hash = :c")
                        .bind("u", id)
                        .bind("c", Secrets.hashToken(invite))
                        .execute();
            }
            if (!ok) {
                // the first account administers the master: approved whatever the policy
                ok = h.createUpdate("UPDATE users SET approved_ms = :now WHERE id = :id AND id = "
                                        + "(SELECT MIN(id) FROM users)")
                                .bind("now", now())
                                .bind("id", id)
                                .execute()
                        == 1;
            }
            return new MillStore.NewUser(MillStore.Created.CREATED, id, ok);
        });
    }

    String createInvite(long userId) {
        String code = Secrets.token();
        jdbi.useHandle(h -> h.createUpdate(
                        "INSERT INTO invites (code_hash, created_by, created_ms) " + "VALUES (:c, :u, :now)")
                .bind("c", Secrets.hashToken(code))
                .bind("u", userId)
                .bind("now", now())
                .execute());
        return code;
    }

    boolean approve(String name) {
        return jdbi.withHandle(
                h -> h.createUpdate("UPDATE users SET approved_ms = COALESCE(approved_ms, :now) " + "WHERE name = :n")
                                .bind("now", now())
                                .bind("n", name)
                                .execute()
                        == 1);
    }

    List<MillStore.Account> accounts() {
        return jdbi.withHandle(h -> h.createQuery("SELECT name, approved_ms, created_ms FROM users ORDER BY id")
                .map((rs, ctx) -> new MillStore.Account(rs.getString(1), rs.getObject(2) != null, rs.getLong(3)))
                .list());
    }

    Optional<String> login(String name, String password, long ttlMs) {
        Optional<Map<String, Object>> u =
                jdbi.withHandle(h -> h.createQuery("SELECT id, password_hash FROM users WHERE name = :n")
                        .bind("n", name)
                        .mapToMap()
                        .findOne());
        // a missing user costs the same PBKDF2 as a wrong password, so timing does not tell which names exist
        String stored = u.map(m -> (String) m.get("password_hash")).orElse(DUMMY);
        if (!Secrets.checkPassword(password, stored) || u.isEmpty()) {
            return Optional.empty();
        }
        String token = Secrets.token();
        long id = ((Number) u.get().get("id")).longValue();
        jdbi.useHandle(h -> h.createUpdate(
                        "INSERT INTO user_sessions (token_hash, user_id, expires_ms) " + "VALUES (:t, :u, :e)")
                .bind("t", Secrets.hashToken(token))
                .bind("u", id)
                .bind("e", now() + ttlMs)
                .execute());
        return Optional.of(token);
    }

    private static final String DUMMY = Secrets.hashPassword("not a password");

    Optional<MillStore.User> user(String token) {
        return jdbi.withHandle(h -> h.createQuery("SELECT u.id, u.name, u.approved_ms FROM user_sessions s "
                        + "JOIN users u ON u.id = s.user_id WHERE s.token_hash = :t AND s.expires_ms > :now")
                .bind("t", Secrets.hashToken(token))
                .bind("now", now())
                .map((rs, ctx) -> new MillStore.User(rs.getLong(1), rs.getString(2), rs.getObject(3) != null))
                .findOne());
    }

    void logout(String token) {
        jdbi.useHandle(h -> h.createUpdate("DELETE FROM user_sessions WHERE token_hash = :t OR expires_ms <= :now")
                .bind("t", Secrets.hashToken(token))
                .bind("now", now())
                .execute());
    }

    boolean isAdmin(long userId) {
        return jdbi.withHandle(h -> h.createQuery("SELECT MIN(id) FROM users")
                        .mapTo(Long.class)
                        .one())
                == userId;
    }
}
