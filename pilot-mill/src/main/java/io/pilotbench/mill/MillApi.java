package io.pilotbench.mill;

import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import io.pilotbench.core.model.InputException;
import io.pilotbench.experiment.ExperimentAnalysis;
import io.pilotbench.stats.anova.SumOfSquares;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;

/**
 * The master's JSON API. Users send {@code Authorization: Bearer SESSION} (from {@code POST /api/login}); workers
 * send {@code Authorization: Bearer ID.SECRET} (from {@code POST /api/worker/register}). Every failure is a status
 * and {@code {"error": "one line"}}: 400 bad input, 401 no or wrong credentials, 403 not yours (or an account not
 * approved yet), 404 absent (a private experiment of another user is absent), 409 a conflict (name taken, lease
 * lost, result already in), 413 a body larger than its route takes, 429 too many failed logins (with Retry-After).
 *
 * <p>Credentials are checked before a request's body is read, and each route reads at most its own limit
 * ({@link #limit}): an unauthenticated or oversized request is answered without its body ever being held.
 *
 * <pre>
 * POST /api/users {name, password, invite}       create a user             POST /api/login {name, password} → {token}
 * POST /api/logout                               the session's token stops working
 * GET  /api/me → {name, admin, approved, registration}
 * POST /api/tokens → {token}                     a one-time enrolment token for a worker (administrator only)
 * POST /api/invites → {code}                     a one-time invite code (administrator only)
 * GET  /api/users → [{name, approved}]           POST /api/users/NAME/approve   (administrator only)
 * GET  /api/workers                              the registered workers and their inventories
 * POST /api/workers/NAME/retire                  lease it nothing more (administrator only)
 * POST /api/experiments/preview {fileName, experiment, files: {path: base64}} → {jobs, workers, warning}
 * POST /api/experiments {..., private}  → {id, jobs}          GET /api/experiments → [{id, name, owner, private}]
 * POST /api/experiments/ID/cancel                POST /api/experiments/ID/clone → {id, jobs}
 * DELETE /api/experiments/ID                     a finished or cancelled one (these three: its owner or the admin)
 * GET  /api/experiments/ID → progress: jobs by state, per worker
 * GET  /api/experiments/ID/results.csv           GET /api/experiments/ID/analysis → {lines}
 * GET  /api/experiments/ID/jobs → [{number, replication, levels, state, attempts, worker, lastError, archive}]
 * GET  /api/experiments/ID/jobs/N/archive → the job's directory as .tar.gz (when its worker sent one)
 *
 * POST /api/worker/register {token, name, inventory} → {id, name, secret}
 * POST /api/worker/lease → 200 a job with its experiment file and its files' checksums, or 204 none now
 * POST /api/worker/jobs/ID/heartbeat {attempt}   GET /api/worker/jobs/ID/file?path=P → the bytes
 * POST /api/worker/jobs/ID/result {attempt, row} POST /api/worker/jobs/ID/release {attempt, error}
 * POST /api/worker/jobs/ID/archive?attempt=A  (body: the job's directory as .tar.gz, before the row)
 * </pre>
 */
final class MillApi extends ApiRoutes {
    /** The largest request: 256 MiB (packages travel base64-encoded inside the JSON), for submissions only. */
    static final long MAX_UPLOAD = 256L << 20;
    /** The largest body of every other user route and of logins: 64 KiB. */
    static final long MAX_SMALL = 64L << 10;
    /** The largest result row: 2 MiB (a row is at most 1,000,000 characters of JSON). */
    static final long MAX_ROW = 2L << 20;

    private final List<ApiRoutes> groups;

    MillApi(
            MillStore store,
            Duration lease,
            Path staging,
            MillServer.Registration registration,
            java.time.Clock clock) {
        super(store);
        this.groups = List.of(
                new AccountRoutes(store, registration, new LoginThrottle(clock)),
                new AdminRoutes(store),
                new ExperimentRoutes(store, staging),
                new WorkerRoutes(store, lease));
    }

    /** The error replies, the guard before every route, then each group's routes. */
    @Override
    void routes(RoutesConfig r) {
        r.exception(Refused.class, (e, ctx) -> error(ctx, e.status, e.getMessage()));
        r.exception(InputException.class, (e, ctx) -> error(ctx, 400, e.getMessage()));
        r.exception(JacksonException.class, (e, ctx) -> error(ctx, 400, JsonErrors.describe(e)));
        r.exception(Secrets.Busy.class, (e, ctx) -> {
            ctx.header("Retry-After", "5");
            error(ctx, 503, e.getMessage());
        });
        r.exception(Exception.class, (e, ctx) -> {
            e.printStackTrace();
            error(
                    ctx,
                    500,
                    "internal error (" + e.getClass().getSimpleName() + "); the master's log has the " + "details");
        });
        r.before("/api/*", this::guard);
        for (ApiRoutes g : groups) {
            g.routes(r);
        }
    }

    private static void error(Context ctx, int status, String message) {
        ctx.status(status).contentType("application/json").result(Json.write(Map.of("error", message)));
    }

    /** Who a route is for: no one in particular (sign-up, login, enrolment), a logged-in user, a worker. */
    private enum Caller {
        ANYONE,
        USER,
        WORKER
    }

    private static Caller caller(Context ctx) {
        String path = ctx.path();
        if (path.equals("/api/users") && ctx.method() == io.javalin.http.HandlerType.POST
                || path.equals("/api/login")
                || path.equals("/api/worker/register")) {
            return Caller.ANYONE;
        }
        return path.startsWith("/api/worker/") ? Caller.WORKER : Caller.USER;
    }

    /** The most a route reads of a request's body. */
    static long limit(Context ctx) {
        String path = ctx.path();
        if (path.equals("/api/experiments") || path.equals("/api/experiments/preview")) {
            return MAX_UPLOAD;
        }
        if (path.startsWith("/api/worker/jobs/") && path.endsWith("/archive")) {
            return JobArchive.MAX_BYTES;
        }
        if (path.startsWith("/api/worker/jobs/") && path.endsWith("/result")) {
            return MAX_ROW;
        }
        return MAX_SMALL;
    }

    /**
     * Before every API route: the caller's credentials, then the declared size, then the body, read up to the
     * route's limit. A refusal (401, 413) leaves the body unread; Jetty then closes the connection rather than
     * read it, so a client must open a new one (the JDK's does, on its {@code Connection: close}).
     */
    private void guard(Context ctx) throws IOException {
        switch (caller(ctx)) {
            case USER -> user(ctx);
            case WORKER -> worker(ctx);
            case ANYONE -> {
                // nothing to check before the body: these routes take small bodies only
            }
        }
        long limit = limit(ctx);
        long declared = ctx.req().getContentLengthLong();
        if (declared > limit) {
            throw tooLarge(limit);
        }
        byte[] body;
        try (java.io.InputStream in = ctx.req().getInputStream()) {
            body = in.readNBytes((int) Math.min(limit + 1, declared >= 0 ? declared : limit + 1));
        }
        if (body.length > limit) {
            throw tooLarge(limit);
        }
        ctx.attribute(BODY, body);
    }

    private static Refused tooLarge(long limit) {
        return new Refused(
                413,
                "the request body is larger than this route takes ("
                        + (limit >= 1 << 20 ? (limit >> 20) + " MiB" : (limit >> 10) + " KiB") + ")");
    }

    /**
     * The ANOVA of the rows (interactions of up to two factors, type II sums of squares, as {@code pilot experiment
     * analyze} by default), without the {@code worker} column: on a mill, any eligible worker may run a job (a lease
     * that expires moves it to another), so which one did is not a factor of the design; hardware factors have
     * columns of their own.
     */
    static List<ExperimentAnalysis.MetricAnalysis> analyze(List<Map<String, String>> rows, List<String> header) {
        List<String> h = new ArrayList<>(header);
        h.remove("worker");
        return ExperimentAnalysis.analyze(rows, h, 2, SumOfSquares.TYPE_II);
    }
}
