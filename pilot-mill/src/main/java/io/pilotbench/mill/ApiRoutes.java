package io.pilotbench.mill;

import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import io.pilotbench.core.model.InputException;

/**
 * What the master's groups of routes share: the store; who is calling, a logged-in user or an enrolled worker,
 * authenticated once per request and kept on it; the body {@link MillApi}'s guard read; the JSON replies and the
 * check of a text field. It is separate so that each group ({@link AccountRoutes}, {@link AdminRoutes},
 * {@link ExperimentRoutes}, {@link WorkerRoutes}) holds its own routes and nothing else.
 */
abstract class ApiRoutes {
    /** The request attribute that holds the body, as the guard read it. */
    static final String BODY = "pilot-mill.body";

    private static final String USER = "pilot-mill.user";
    private static final String WORKER = "pilot-mill.worker";

    final MillStore store;

    ApiRoutes(MillStore store) {
        this.store = store;
    }

    /** Adds this group's routes. */
    abstract void routes(RoutesConfig r);

    /** An HTTP failure with its status and one line. */
    static final class Refused extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final int status;

        Refused(int status, String message) {
            super(message, null, false, false);
            this.status = status;
        }
    }

    static void ok(Context ctx, Object body) {
        ctx.contentType("application/json").result(Json.write(body));
    }

    /** The request's body, as {@link MillApi}'s guard read it. */
    static byte[] bytes(Context ctx) {
        byte[] b = ctx.attribute(BODY);
        return b == null ? new byte[0] : b;
    }

    static <T> T body(Context ctx, Class<T> type) {
        byte[] b = bytes(ctx);
        T t = b.length == 0 ? null : Json.MAPPER.readValue(b, type);
        if (t == null) {
            throw new InputException("the request has no JSON body");
        }
        return t;
    }

    static String bearer(Context ctx) {
        String h = ctx.header("Authorization");
        if (h == null || !h.startsWith("Bearer ") || h.length() > 300) {
            throw new Refused(401, "no credentials: send Authorization: Bearer TOKEN");
        }
        return h.substring(7).strip();
    }

    MillStore.User user(Context ctx) {
        MillStore.User known = ctx.attribute(USER);
        if (known != null) {
            return known;
        }
        MillStore.User u = store.user(bearer(ctx))
                .orElseThrow(() -> new Refused(401, "not logged in (or the " + "session expired): POST /api/login"));
        ctx.attribute(USER, u);
        return u;
    }

    /** A user who may submit: approved (the registration policy) or the administrator. */
    MillStore.User approvedUser(Context ctx) {
        MillStore.User u = user(ctx);
        if (!u.approved()) {
            throw new Refused(
                    403,
                    "your account awaits the administrator's approval; until then it cannot " + "submit experiments");
        }
        return u;
    }

    MillStore.User admin(Context ctx, String what) {
        MillStore.User u = user(ctx);
        if (!store.isAdmin(u.id())) {
            throw new Refused(403, "only the master's administrator (its first account) " + what);
        }
        return u;
    }

    MillStore.WorkerInfo worker(Context ctx) {
        MillStore.WorkerInfo known = ctx.attribute(WORKER);
        if (known != null) {
            return known;
        }
        MillStore.WorkerInfo w = authenticateWorker(ctx);
        ctx.attribute(WORKER, w);
        return w;
    }

    private MillStore.WorkerInfo authenticateWorker(Context ctx) {
        String b = bearer(ctx);
        int dot = b.indexOf('.');
        long id;
        try {
            id = Long.parseLong(b.substring(0, Math.max(dot, 0)));
        } catch (NumberFormatException e) {
            throw new Refused(401, "not a worker's credentials (expected Bearer ID.SECRET)");
        }
        return store.authenticate(id, b.substring(dot + 1))
                .orElseThrow(
                        () -> new Refused(401, "unknown worker or " + "wrong secret; enrol again with a new token"));
    }

    static String text(String value, String what, int max) {
        if (value == null || value.isBlank()) {
            throw new InputException(what + ": missing");
        }
        if (value.length() > max || value.chars().anyMatch(c -> c < 0x20)) {
            throw new InputException(what + ": at most " + max + " characters, no control characters");
        }
        return value;
    }
}
