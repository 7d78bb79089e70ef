package io.pilotbench.mill;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import io.pilotbench.core.files.FileTrees;
import io.pilotbench.core.model.InputException;
import io.pilotbench.experiment.ExperimentAnalysis;
import io.pilotbench.experiment.ExperimentFigures;
import io.pilotbench.experiment.ExperimentPlan;
import io.pilotbench.experiment.ExperimentSpec;
import io.pilotbench.experiment.ResultsTable;
import io.pilotbench.stats.anova.SumOfSquares;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
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
final class MillApi {
    /** The largest request: 256 MiB (packages travel base64-encoded inside the JSON), for submissions only. */
    static final long MAX_UPLOAD = 256L << 20;
    /** The largest body of every other user route and of logins: 64 KiB. */
    static final long MAX_SMALL = 64L << 10;
    /** The largest result row: 2 MiB (a row is at most 1,000,000 characters of JSON). */
    static final long MAX_ROW = 2L << 20;
    /** A user name: NFKC-normalised, then ASCII letters, digits, . _ - (docs/mill.md, "Users"). */
    static final Pattern USER_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");
    private static final String BODY = "pilot-mill.body";
    private static final String USER = "pilot-mill.user";
    private static final String WORKER = "pilot-mill.worker";
    static final long SESSION_MS = Duration.ofDays(7).toMillis();

    private final MillStore store;
    private final Duration lease;
    private final Path staging;
    private final MillServer.Registration registration;
    private final LoginThrottle throttle;

    MillApi(MillStore store, Duration lease, Path staging, MillServer.Registration registration,
            java.time.Clock clock) {
        this.store = store;
        this.lease = lease;
        this.staging = staging;
        this.registration = registration;
        this.throttle = new LoginThrottle(clock);
    }

    /** An HTTP failure with its status and one line. */
    static final class Refused extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final int status;

        Refused(int status, String message) {
            super(message, null, false, false);
            this.status = status;
        }
    }

    record Credentials(String name, String password, String invite) {
    }

    record Submission(String fileName, String experiment, Map<String, String> files,
            @JsonProperty("private") Boolean isPrivate) {
    }

    record Registration(String token, String name, Map<String, String> inventory) {
    }

    record Attempt(int attempt, Map<String, String> row, String error) {
    }

    void routes(RoutesConfig r) {
        r.exception(Refused.class, (e, ctx) -> error(ctx, e.status, e.getMessage()));
        r.exception(InputException.class, (e, ctx) -> error(ctx, 400, e.getMessage()));
        r.exception(JacksonException.class, (e, ctx) -> error(ctx, 400, "the request body is not the JSON "
                + "expected (" + e.getOriginalMessage() + ")"));
        r.exception(Secrets.Busy.class, (e, ctx) -> {
            ctx.header("Retry-After", "5");
            error(ctx, 503, e.getMessage());
        });
        r.exception(Exception.class, (e, ctx) -> {
            e.printStackTrace();
            error(ctx, 500, "internal error (" + e.getClass().getSimpleName() + "); the master's log has the "
                    + "details");
        });
        r.before("/api/*", this::guard);
        r.post("/api/users", this::createUser);
        r.post("/api/login", this::login);
        r.post("/api/logout", ctx -> {
            store.logout(bearer(ctx));
            ok(ctx, Map.of("loggedOut", true));
        });
        r.get("/api/me", this::me);
        r.post("/api/tokens", this::enrolmentToken);
        r.post("/api/invites", this::invite);
        r.get("/api/users", this::accounts);
        r.post("/api/users/{name}/approve", this::approve);
        r.get("/api/workers", this::workers);
        r.post("/api/workers/{name}/retire", this::retire);
        r.post("/api/experiments/preview", ctx -> submit(ctx, false));
        r.post("/api/experiments", ctx -> submit(ctx, true));
        r.get("/api/experiments", this::experiments);
        r.get("/api/experiments/{id}", this::progress);
        r.post("/api/experiments/{id}/cancel", this::cancel);
        r.post("/api/experiments/{id}/clone", this::cloneExperiment);
        r.delete("/api/experiments/{id}", this::delete);
        r.get("/api/experiments/{id}/results.csv", this::resultsCsv);
        r.get("/api/experiments/{id}/analysis", this::analysis);
        r.get("/api/experiments/{id}/figures", this::figures);
        r.get("/api/experiments/{id}/jobs", ctx -> ok(ctx, store.jobs(visible(ctx).id())));
        r.get("/api/experiments/{id}/jobs/{number}/archive", this::archive);
        r.post("/api/worker/register", this::register);
        r.post("/api/worker/lease", this::lease);
        r.post("/api/worker/jobs/{id}/heartbeat", this::heartbeat);
        r.get("/api/worker/jobs/{id}/file", this::file);
        r.post("/api/worker/jobs/{id}/result", this::result);
        r.post("/api/worker/jobs/{id}/release", this::release);
        r.post("/api/worker/jobs/{id}/archive", this::putArchive);
    }

    private static void error(Context ctx, int status, String message) {
        ctx.status(status).contentType("application/json").result(Json.write(Map.of("error", message)));
    }

    private static void ok(Context ctx, Object body) {
        ctx.contentType("application/json").result(Json.write(body));
    }

    /** Who a route is for: no one in particular (sign-up, login, enrolment), a logged-in user, a worker. */
    private enum Caller {
        ANYONE, USER, WORKER
    }

    private static Caller caller(Context ctx) {
        String path = ctx.path();
        if (path.equals("/api/users") && ctx.method() == io.javalin.http.HandlerType.POST
                || path.equals("/api/login") || path.equals("/api/worker/register")) {
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
        return new Refused(413, "the request body is larger than this route takes (" + (limit >= 1 << 20
                ? (limit >> 20) + " MiB" : (limit >> 10) + " KiB") + ")");
    }

    /** The request's body, as {@link #guard} read it. */
    private static byte[] bytes(Context ctx) {
        byte[] b = ctx.attribute(BODY);
        return b == null ? new byte[0] : b;
    }

    private static <T> T body(Context ctx, Class<T> type) {
        byte[] b = bytes(ctx);
        T t = b.length == 0 ? null : Json.MAPPER.readValue(b, type);
        if (t == null) {
            throw new InputException("the request has no JSON body");
        }
        return t;
    }

    private static String bearer(Context ctx) {
        String h = ctx.header("Authorization");
        if (h == null || !h.startsWith("Bearer ") || h.length() > 300) {
            throw new Refused(401, "no credentials: send Authorization: Bearer TOKEN");
        }
        return h.substring(7).strip();
    }

    private MillStore.User user(Context ctx) {
        MillStore.User known = ctx.attribute(USER);
        if (known != null) {
            return known;
        }
        MillStore.User u = store.user(bearer(ctx)).orElseThrow(() -> new Refused(401, "not logged in (or the "
                + "session expired): POST /api/login"));
        ctx.attribute(USER, u);
        return u;
    }

    /** A user who may submit: approved (the registration policy) or the administrator. */
    private MillStore.User approvedUser(Context ctx) {
        MillStore.User u = user(ctx);
        if (!u.approved()) {
            throw new Refused(403, "your account awaits the administrator's approval; until then it cannot "
                    + "submit experiments");
        }
        return u;
    }

    private MillStore.User admin(Context ctx, String what) {
        MillStore.User u = user(ctx);
        if (!store.isAdmin(u.id())) {
            throw new Refused(403, "only the master's administrator (its first account) " + what);
        }
        return u;
    }

    private MillStore.WorkerInfo worker(Context ctx) {
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
        return store.authenticate(id, b.substring(dot + 1)).orElseThrow(() -> new Refused(401, "unknown worker or "
                + "wrong secret; enrol again with a new token"));
    }

    private static String text(String value, String what, int max) {
        if (value == null || value.isBlank()) {
            throw new InputException(what + ": missing");
        }
        if (value.length() > max || value.chars().anyMatch(c -> c < 0x20)) {
            throw new InputException(what + ": at most " + max + " characters, no control characters");
        }
        return value;
    }

    /**
     * A user name as given, NFKC-normalised (so a full-width "ａｄｍｉｎ" is "admin"), and refused unless it is
     * 1 to 64 ASCII letters, digits, '.', '_' or '-': no invisible or format characters (a zero-width space), no
     * letters of other scripts that look like Latin ones (a Cyrillic "а").
     */
    static String userName(String given) {
        String name = java.text.Normalizer.normalize(text(given, "name", 100), java.text.Normalizer.Form.NFKC);
        if (!USER_NAME.matcher(name).matches()) {
            String odd = name.codePoints().filter(c -> !(c < 0x80 && (Character.isLetterOrDigit(c) || c == '.'
                    || c == '_' || c == '-'))).mapToObj(c -> String.format("U+%04X", c)).distinct().limit(3)
                    .collect(java.util.stream.Collectors.joining(", "));
            throw new InputException("name: not a user name" + (odd.isEmpty() ? "" : " (it has " + odd + ")")
                    + "; use 1 to 64 ASCII letters, digits, '.', '_' or '-', starting with a letter or digit");
        }
        return name;
    }

    private void createUser(Context ctx) {
        Credentials c = body(ctx, Credentials.class);
        String name = userName(c.name());
        if (c.password() == null || c.password().length() < 8 || c.password().length() > 1000) {
            throw new InputException("password: give 8 to 1000 characters");
        }
        // an invite code makes an approved account under "approval" too
        String invite = registration != MillServer.Registration.OPEN && c.invite() != null && !c.invite().isBlank()
                ? text(c.invite(), "invite", 200) : null;
        if (registration == MillServer.Registration.INVITE && invite == null && store.accounts().size() > 0) {
            throw new Refused(403, "invite: this master makes accounts by invitation; ask its administrator for an "
                    + "invite code");
        }
        MillStore.NewUser u = store.createUser(name, c.password(), registration == MillServer.Registration.OPEN,
                invite);
        switch (u.outcome()) {
            case NAME_TAKEN -> throw new Refused(409, "name: '" + name + "' is taken; choose another");
            case BAD_INVITE -> throw new Refused(403, "invite: the code is unknown, used already or older than 7 "
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
        if (c.name() == null || c.password() == null || c.name().length() > 100 || c.password().length() > 1000) {
            throw new InputException("give name and password");
        }
        String address = ctx.req().getRemoteAddr();
        long wait = throttle.attempt(c.name(), address);
        if (wait > 0) {
            ctx.header("Retry-After", Long.toString(wait));
            throw new Refused(429, "too many failed logins for this name or from this address; try again in "
                    + wait + " s");
        }
        String token = store.login(c.name(), c.password(), SESSION_MS).orElseThrow(() -> new Refused(401,
                "wrong name or password"));
        throttle.succeeded(c.name(), address);
        ok(ctx, Map.of("token", token));
    }

    private void me(Context ctx) {
        MillStore.User u = user(ctx);
        ok(ctx, Map.of("name", u.name(), "admin", store.isAdmin(u.id()), "approved", u.approved(),
                "registration", registration.name().toLowerCase(java.util.Locale.ROOT)));
    }

    private void invite(Context ctx) {
        MillStore.User u = admin(ctx, "makes invite codes");
        ok(ctx, Map.of("code", store.createInvite(u.id())));
    }

    private void accounts(Context ctx) {
        admin(ctx, "lists the accounts");
        List<Map<String, Object>> out = new ArrayList<>();
        for (MillStore.Account a : store.accounts()) {
            out.add(Map.of("name", a.name(), "approved", a.approved(), "createdMs", a.createdMs()));
        }
        ok(ctx, out);
    }

    private void approve(Context ctx) {
        admin(ctx, "approves accounts");
        String name = ctx.pathParam("name");
        if (!store.approve(name)) {
            throw new Refused(404, "no account " + name);
        }
        ok(ctx, Map.of("name", name, "approved", true));
    }

    private void retire(Context ctx) {
        admin(ctx, "retires workers");
        String name = ctx.pathParam("name");
        if (!store.retire(name)) {
            throw new Refused(404, "no worker " + name);
        }
        ok(ctx, Map.of("name", name, "retired", true));
    }

    /**
     * Workers are the master's machines, and a worker receives the packages of every experiment it runs, private
     * ones included; so only the administrator (the first account) enrols them, never any user who signed up.
     */
    private void enrolmentToken(Context ctx) {
        MillStore.User user = admin(ctx, "makes enrolment tokens: workers see every experiment they run, private "
                + "ones included");
        ok(ctx, Map.of("token", store.createEnrolmentToken(user.id())));
    }

    private void workers(Context ctx) {
        user(ctx);
        List<Map<String, Object>> out = new ArrayList<>();
        for (MillStore.WorkerInfo w : store.workers()) {
            out.add(Map.of("name", w.name(), "inventory", w.inventory(), "lastSeenMs", w.lastSeenMs(), "retired",
                    w.retired()));
        }
        ok(ctx, out);
    }

    /** Checks an upload by laying it out as a worker will, and plans it on the registered workers. */
    private void submit(Context ctx, boolean store) throws IOException {
        MillStore.User user = approvedUser(ctx);
        Submission s = body(ctx, Submission.class);
        String fileName = ExperimentBundle.checkFileName(s.fileName());
        String text = s.experiment();
        if (text == null || text.isBlank() || text.length() > 1_000_000) {
            throw new InputException("experiment: give the experiment file's text (at most 1,000,000 characters)");
        }
        List<ExperimentBundle.Part> parts = new ArrayList<>();
        Map<String, String> files = s.files() == null ? Map.of() : s.files();
        for (Map.Entry<String, String> f : files.entrySet()) {
            byte[] content;
            try {
                content = Base64.getDecoder().decode(f.getValue() == null ? "" : f.getValue());
            } catch (IllegalArgumentException e) {
                throw new InputException("files." + f.getKey() + ": not base64");
            }
            parts.add(new ExperimentBundle.Part(text(f.getKey(), "files (a path)", 1000), null, content));
        }
        plan(ctx, user, fileName, text, parts, s.isPrivate() != null && s.isPrivate(), store);
    }

    /**
     * Lays the experiment out in a staging directory, plans it on the workers that are not retired, and stores it
     * when {@code store}. Its messages name the experiment's files, never the staging directory.
     */
    private void plan(Context ctx, MillStore.User user, String fileName, String text, List<ExperimentBundle.Part> parts,
            boolean isPrivate, boolean store) throws IOException {
        List<MillStore.WorkerInfo> workers = this.store.activeWorkers();
        if (workers.isEmpty()) {
            throw new InputException("no worker has registered yet, so there is nothing to plan on; enrol one "
                    + "(POST /api/tokens, then pilot mill worker --master URL --token T)");
        }
        Files.createDirectories(staging);
        Path dir = staging.resolve(Secrets.token());
        try {
            ExperimentSpec spec = ExperimentBundle.layOut(dir, fileName, text, parts);
            if (spec.name().length() > 200) {
                throw new InputException(fileName + ": name: at most 200 characters");
            }
            Map<String, String> needs = ExperimentBundle.needs(spec, dir);
            ExperimentPlan plan = ExperimentPlan.of(spec, workers.stream().map(MillStore.WorkerInfo::worker)
                    .toList(), false);
            List<String> hardware = spec.factors().stream().filter(f -> f.kind()
                    == io.pilotbench.experiment.Factor.Kind.HARDWARE).map(io.pilotbench.experiment.Factor::name)
                    .toList();
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("name", spec.name());
            out.put("jobs", plan.jobs().size());
            // every worker eligible for one of the jobs leases them (MillStore#lease), not only the plan's
            // representatives of each hardware level
            out.put("workers", workers.stream().filter(w -> plan.jobs().stream().anyMatch(j -> MillStore.eligible(w,
                    spec.constraints(), hardwareLevels(j, hardware)))).map(MillStore.WorkerInfo::name).toList());
            out.put("chosen", plan.chosen());
            out.put("warning", plan.warning() == null ? "" : plan.warning());
            if (store) {
                List<MillStore.StoredFile> stored = new ArrayList<>();
                for (ExperimentBundle.Part p : parts) {
                    stored.add(new MillStore.StoredFile(p.path(), needs.get(p.path()), Secrets.sha256(p.content()),
                            p.content()));
                }
                long id = this.store.createExperiment(new MillStore.NewExperiment(user.id(), spec.name(),
                        isPrivate, fileName, text, spec.constraints(), stored, plan.jobs(), hardware,
                        io.pilotbench.experiment.ExperimentRunner.header(spec)));
                out.put("id", id);
                ctx.status(201);
            }
            ok(ctx, out);
        } catch (InputException e) {
            throw ExperimentBundle.local(e, dir);
        } finally {
            FileTrees.delete(dir);
        }
    }

    private static Map<String, String> hardwareLevels(io.pilotbench.experiment.Job j, List<String> hardware) {
        Map<String, String> hw = new LinkedHashMap<>();
        for (String a : hardware) {
            hw.put(a, j.levels().get(a));
        }
        return hw;
    }

    /** The experiment, if the caller owns it or administers the master; else 403 (404 when it is not visible). */
    private MillStore.ExperimentInfo owned(Context ctx, String what) {
        MillStore.ExperimentInfo e = visible(ctx);
        MillStore.User u = user(ctx);
        if (e.ownerId() != u.id() && !store.isAdmin(u.id())) {
            throw new Refused(403, "only its owner (" + e.owner() + ") or the administrator " + what + " experiment "
                    + e.id());
        }
        return e;
    }

    private void cancel(Context ctx) {
        MillStore.ExperimentInfo e = owned(ctx, "cancels");
        int n = store.cancel(e.id());
        ok(ctx, Map.of("id", e.id(), "cancelled", n));
    }

    private void delete(Context ctx) {
        MillStore.ExperimentInfo e = owned(ctx, "deletes");
        if (!store.delete(e.id())) {
            throw new Refused(409, "experiment " + e.id() + " has jobs queued or running; cancel it first");
        }
        ok(ctx, Map.of("id", e.id(), "deleted", true));
    }

    /** Submits the experiment again, as the caller's, with the same file and packages, planned on today's workers. */
    private void cloneExperiment(Context ctx) throws IOException {
        MillStore.ExperimentInfo e = owned(ctx, "clones");
        MillStore.User u = approvedUser(ctx);
        List<ExperimentBundle.Part> parts = new ArrayList<>();
        for (MillStore.StoredFile f : store.filesWithContent(e.id())) {
            parts.add(new ExperimentBundle.Part(f.path(), null, f.content()));
        }
        plan(ctx, u, e.fileName(), e.fileText(), parts, e.isPrivate(), true);
    }

    private void experiments(Context ctx) {
        MillStore.User user = user(ctx);
        List<Map<String, Object>> out = new ArrayList<>();
        for (MillStore.ExperimentInfo e : store.experiments(user.id())) {
            out.add(Map.of("id", e.id(), "name", e.name(), "owner", e.owner(), "private", e.isPrivate(),
                    "cancelled", e.cancelled()));
        }
        ok(ctx, out);
    }

    private MillStore.ExperimentInfo visible(Context ctx) {
        MillStore.User user = user(ctx);
        long id;
        try {
            id = Long.parseLong(ctx.pathParam("id"));
        } catch (NumberFormatException e) {
            throw new Refused(404, "no experiment " + ctx.pathParam("id"));
        }
        return store.experiment(id, user.id()).orElseThrow(() -> new Refused(404, "no experiment " + id));
    }

    private void progress(Context ctx) {
        MillStore.ExperimentInfo e = visible(ctx);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("id", e.id());
        out.put("name", e.name());
        out.put("owner", e.owner());
        out.put("private", e.isPrivate());
        out.put("cancelled", e.cancelled());
        Map<String, Integer> states = store.jobsByState(e.id());
        out.put("jobs", states);
        out.put("total", states.values().stream().mapToInt(Integer::intValue).sum());
        out.put("workers", store.jobsByWorker(e.id()));
        ok(ctx, out);
    }

    private static List<String> header(MillStore.ExperimentInfo e) {
        return e.header().isEmpty() ? List.of() : Json.MAPPER.readValue(e.header(),
                new tools.jackson.core.type.TypeReference<List<String>>() {
                });
    }

    private void resultsCsv(Context ctx) {
        MillStore.ExperimentInfo e = visible(ctx);
        StringBuilder b = new StringBuilder();
        List<String> header = header(e);
        if (!header.isEmpty()) {
            // cells a spreadsheet would evaluate are escaped: the levels and values come from other users
            b.append(ResultsTable.spreadsheetLine(header));
            for (Map<String, String> row : store.results(e.id())) {
                b.append(ResultsTable.spreadsheetLine(header.stream().map(row::get).toList()));
            }
        }
        ctx.header("Content-Disposition", "attachment; filename=\"results.csv\"");
        ctx.contentType("text/csv; charset=utf-8").result(b.toString());
    }

    private void analysis(Context ctx) {
        MillStore.ExperimentInfo e = visible(ctx);
        List<String> header = header(e);
        if (header.isEmpty() || store.results(e.id()).isEmpty()) {
            throw new Refused(409, "no results yet: the analysis needs finished jobs");
        }
        List<String> lines = new ArrayList<>();
        for (ExperimentAnalysis.MetricAnalysis a : analyze(store.results(e.id()), header)) {
            if (!lines.isEmpty()) {
                lines.add("");
            }
            lines.addAll(ExperimentAnalysis.render(a, 0.05));
        }
        ok(ctx, Map.of("lines", lines));
    }

    /**
     * The figures of {@code pilot experiment analyze --figures} (a box plot per factor and metric, interaction plots
     * of the significant pairs), as SVG texts: {@code {"figures": [{"name": ..., "svg": ...}]}}.
     */
    private void figures(Context ctx) throws IOException {
        MillStore.ExperimentInfo e = visible(ctx);
        List<String> header = header(e);
        if (header.isEmpty() || store.results(e.id()).isEmpty()) {
            throw new Refused(409, "no results yet: the figures need finished jobs");
        }
        List<Map<String, String>> rows = store.results(e.id());
        Path out = Files.createTempDirectory(Files.createDirectories(staging), "figures-");
        try {
            List<Map<String, String>> figures = new ArrayList<>();
            for (Path f : ExperimentFigures.write(rows, analyze(rows, header), 0.05, out, "svg",
                    io.pilotbench.experiment.ExperimentFile.declaredLevels(e.fileText()))) {
                String name = f.getFileName().toString();
                figures.add(Map.of("name", name.substring(0, name.length() - ".svg".length()), "svg",
                        Files.readString(f)));
            }
            ok(ctx, Map.of("figures", figures));
        } finally {
            try (var files = Files.list(out)) {
                for (Path f : files.toList()) {
                    Files.deleteIfExists(f);
                }
            }
            Files.deleteIfExists(out);
        }
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

    private void archive(Context ctx) {
        MillStore.ExperimentInfo e = visible(ctx);
        int number;
        try {
            number = Integer.parseInt(ctx.pathParam("number"));
        } catch (NumberFormatException x) {
            throw new Refused(404, "no job " + ctx.pathParam("number"));
        }
        byte[] content = store.archive(e.id(), number).orElseThrow(() -> new Refused(404, "job " + number
                + " has no archive (not finished, or its worker sent none)"));
        ctx.header("Content-Disposition", "attachment; filename=\"job-" + number + ".tar.gz\"");
        ctx.contentType("application/gzip").result(content);
    }

    // ---- workers -----------------------------------------------------------------------------------------------

    private void register(Context ctx) {
        Registration r = body(ctx, Registration.class);
        String token = text(r.token(), "token", 200);
        String name = text(r.name(), "name", 100);
        // a worker's name becomes the machine column of rows and may name directories: the one rule for names
        io.pilotbench.experiment.SafeName.check("name", name);
        Map<String, String> inventory = r.inventory() == null ? Map.of() : r.inventory();
        if (inventory.size() > 100) {
            throw new InputException("inventory: at most 100 attributes");
        }
        inventory.forEach((k, v) -> {
            text(k, "inventory (a name)", 100);
            text(v, "inventory." + k, 1000);
        });
        MillStore.Registration reg = store.register(token, name, inventory).orElseThrow(() -> new Refused(401,
                "the enrolment token is unknown, used already or older than 7 days; ask for a new one"));
        ok(ctx, Map.of("id", reg.workerId(), "name", reg.name(), "secret", reg.secret()));
    }

    private void lease(Context ctx) {
        MillStore.WorkerInfo w = worker(ctx);
        if (w.retired()) {
            throw new Refused(403, "this worker is retired: the administrator leases it nothing more");
        }
        MillStore.Lease l = store.lease(w, lease.toMillis()).orElse(null);
        if (l == null) {
            ctx.status(204);
            return;
        }
        MillStore.ExperimentInfo e = store.experiment(l.experimentId());
        List<Map<String, String>> files = new ArrayList<>();
        for (MillStore.StoredFile f : store.files(e.id())) {
            files.add(Map.of("path", f.path(), "kind", f.kind(), "sha256", f.sha256()));
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("job", l.jobId());
        out.put("attempt", l.attempt());
        out.put("number", l.number());
        out.put("replication", l.replication());
        out.put("levels", l.levels());
        out.put("leaseMs", lease.toMillis());
        out.put("experiment", Map.of("id", e.id(), "fileName", e.fileName(), "text", e.fileText(), "files", files));
        ok(ctx, out);
    }

    private long jobId(Context ctx) {
        try {
            return Long.parseLong(ctx.pathParam("id"));
        } catch (NumberFormatException e) {
            throw new Refused(404, "no job " + ctx.pathParam("id"));
        }
    }

    private void heartbeat(Context ctx) {
        MillStore.WorkerInfo w = worker(ctx);
        Attempt a = body(ctx, Attempt.class);
        if (!store.heartbeat(w.id(), jobId(ctx), a.attempt(), lease.toMillis())) {
            throw new Refused(409, store.cancelled(jobId(ctx)) ? "the experiment was cancelled: stop the job, "
                    + "its row will be refused" : "the lease is lost: the job went to another worker (or has a "
                    + "result)");
        }
        ok(ctx, Map.of("leaseMs", lease.toMillis()));
    }

    private void file(Context ctx) {
        MillStore.WorkerInfo w = worker(ctx);
        String path = ctx.queryParam("path");
        byte[] content = store.fileForJob(w.id(), jobId(ctx), path == null ? "" : path).orElseThrow(() ->
                new Refused(403, "not a file of a job this worker holds"));
        ctx.contentType("application/octet-stream").result(content);
    }

    private void release(Context ctx) {
        MillStore.WorkerInfo w = worker(ctx);
        Attempt a = body(ctx, Attempt.class);
        if (!store.release(w.id(), jobId(ctx), a.attempt(), a.error() == null ? "" : a.error())) {
            throw new Refused(409, "this worker does not hold that job");
        }
        ok(ctx, Map.of("released", true));
    }

    /** A job directory's archive: gzip data, from the lease holder, before the row. */
    private void putArchive(Context ctx) {
        MillStore.WorkerInfo w = worker(ctx);
        int attempt;
        try {
            attempt = Integer.parseInt(String.valueOf(ctx.queryParam("attempt")));
        } catch (NumberFormatException e) {
            throw new InputException("attempt: give the lease's attempt (?attempt=N)");
        }
        byte[] body = bytes(ctx);
        if (body.length < 2 || (body[0] & 0xff) != 0x1f || (body[1] & 0xff) != 0x8b) {
            throw new InputException("the archive is not gzip data (send the job's directory as .tar.gz)");
        }
        if (!store.putArchive(w.id(), jobId(ctx), attempt, body)) {
            throw new Refused(409, "this worker does not hold that job's lease (or its row is in already)");
        }
        ok(ctx, Map.of("stored", body.length));
    }

    /** A result row: checked against the job it claims to be (number, replication, levels, worker) first. */
    private void result(Context ctx) {
        MillStore.WorkerInfo w = worker(ctx);
        long id = jobId(ctx);
        Attempt a = body(ctx, Attempt.class);
        MillStore.Lease job = store.job(id).orElseThrow(() -> new Refused(404, "no job " + id));
        Map<String, String> row = a.row();
        if (row == null || row.isEmpty()) {
            throw new InputException("row: missing");
        }
        List<String> wrong = new ArrayList<>();
        if (!String.format("%04d", job.number()).equals(row.get("job"))) {
            wrong.add("job");
        }
        if (!Integer.toString(job.replication()).equals(row.get("replication"))) {
            wrong.add("replication");
        }
        if (!w.name().equals(row.get("worker"))) {
            wrong.add("worker");
        }
        job.levels().forEach((k, v) -> {
            if (row.containsKey(k) && !v.equals(row.get(k))) {
                wrong.add(k);
            }
        });
        if (!row.containsKey(ExperimentSpec.TIME) || !row.containsKey("error")) {
            wrong.add("the columns (no time or error)");
        }
        if (!wrong.isEmpty()) {
            throw new InputException("row: not job " + job.number() + "'s result (" + String.join(", ", wrong)
                    + " differ)");
        }
        switch (store.postResult(w.id(), id, a.attempt(), row)) {
            case ACCEPTED -> ok(ctx, Map.of("accepted", true));
            case DUPLICATE -> ok(ctx, Map.of("accepted", true, "duplicate", true));
            case NOT_HOLDER -> throw new Refused(409, "this worker does not hold the job's lease (it expired and went "
                    + "to another worker, or was never this worker's)");
            case ALREADY_DONE -> throw new Refused(409, "the job has its result already");
            case OTHER_HEADER -> throw new InputException("row: its columns differ from those of the experiment's "
                    + "file (its factors, metrics and Pilot's columns)");
        }
    }
}
