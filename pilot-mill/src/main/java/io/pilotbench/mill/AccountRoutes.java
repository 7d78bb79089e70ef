package io.pilotbench.mill;

import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import io.pilotbench.core.model.InputException;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The API's accounts and sessions: sign-up (by the registration policy, docs/mill.md, "Users"), login with its
 * throttle, logout, and who the caller is. A group of {@link MillApi}: how a session begins and ends, apart from
 * what it is then used for.
 */
final class AccountRoutes extends ApiRoutes {
    /** A user name: NFKC-normalised, then ASCII letters, digits, . _ - (docs/mill.md, "Users"). */
    static final Pattern USER_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");
    /** How long a session lasts: 7 days. */
    static final long SESSION_MS = Duration.ofDays(7).toMillis();

    private final MillServer.Registration registration;
    private final LoginThrottle throttle;

    AccountRoutes(MillStore store, MillServer.Registration registration, LoginThrottle throttle) {
        super(store);
        this.registration = registration;
        this.throttle = throttle;
    }

    @Override
    void routes(RoutesConfig r) {
        r.post("/api/users", this::createUser);
        r.post("/api/login", this::login);
        r.post("/api/logout", ctx -> {
            store.logout(bearer(ctx));
            ok(ctx, Map.of("loggedOut", true));
        });
        r.get("/api/me", this::me);
    }

    record Credentials(String name, String password, String invite) {}

    private void createUser(Context ctx) {
        Credentials c = body(ctx, Credentials.class);
        String name = userName(c.name());
        if (c.password() == null || c.password().length() < 8 || c.password().length() > 1000) {
            throw new InputException("password: give 8 to 1000 characters");
        }
        // an invite code makes an approved account under "approval" too
        String invite = registration != MillServer.Registration.OPEN
                        && c.invite() != null
                        && !c.invite().isBlank()
                ? text(c.invite(), "invite", 200)
                : null;
        if (registration == MillServer.Registration.INVITE
                && invite == null
                && store.accounts().size() > 0) {
            throw new Refused(
                    403,
                    "invite: this master makes accounts by invitation; ask its administrator for an " + "invite code");
        }
        MillStore.NewUser u =
                store.createUser(name, c.password(), registration == MillServer.Registration.OPEN, invite);
        switch (u.outcome()) {
            case NAME_TAKEN -> throw new Refused(409, "name: '" + name + "' is taken; choose another");
            case BAD_INVITE ->
                throw new Refused(
                        403,
                        "invite: the code is unknown, used already or older than 7 "
                                + "days; ask the administrator for a new one");
            case CREATED -> {
                // below
            }
        }
        ctx.status(201);
        ok(ctx, Map.of("id", u.id(), "name", name, "approved", u.approved()));
    }

    /** Failed logins are limited per name and per address ({@link LoginThrottle}): 429 with Retry-After. */
    private void login(Context ctx) {
        Credentials c = body(ctx, Credentials.class);
        if (c.name() == null
                || c.password() == null
                || c.name().length() > 100
                || c.password().length() > 1000) {
            throw new InputException("give name and password");
        }
        String address = ctx.req().getRemoteAddr();
        long wait = throttle.attempt(c.name(), address);
        if (wait > 0) {
            ctx.header("Retry-After", Long.toString(wait));
            throw new Refused(
                    429, "too many failed logins for this name or from this address; try again in " + wait + " s");
        }
        String token = store.login(c.name(), c.password(), SESSION_MS)
                .orElseThrow(() -> new Refused(401, "wrong name or password"));
        throttle.succeeded(c.name(), address);
        ok(ctx, Map.of("token", token));
    }

    private void me(Context ctx) {
        MillStore.User u = user(ctx);
        ok(
                ctx,
                Map.of(
                        "name",
                        u.name(),
                        "admin",
                        store.isAdmin(u.id()),
                        "approved",
                        u.approved(),
                        "registration",
                        registration.name().toLowerCase(java.util.Locale.ROOT)));
    }

    /**
     * A user name as given, NFKC-normalised (so a full-width "ａｄｍｉｎ" is "admin"), and refused unless it is
     * 1 to 64 ASCII letters, digits, '.', '_' or '-': no invisible or format characters (a zero-width space), no
     * letters of other scripts that look like Latin ones (a Cyrillic "а").
     */
    static String userName(String given) {
        String name = java.text.Normalizer.normalize(text(given, "name", 100), java.text.Normalizer.Form.NFKC);
        if (!USER_NAME.matcher(name).matches()) {
            String odd = name.codePoints()
                    .filter(c -> !(c < 0x80 && (Character.isLetterOrDigit(c) || c == '.' || c == '_' || c == '-')))
                    .mapToObj(c -> String.format("U+%04X", c))
                    .distinct()
                    .limit(3)
                    .collect(java.util.stream.Collectors.joining(", "));
            throw new InputException("name: not a user name" + (odd.isEmpty() ? "" : " (it has " + odd + ")")
                    + "; use 1 to 64 ASCII letters, digits, '.', '_' or '-', starting with a letter or digit");
        }
        return name;
    }
}
