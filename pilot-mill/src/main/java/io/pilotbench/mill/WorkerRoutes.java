package io.pilotbench.mill;

import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import io.pilotbench.core.model.Decimal;
import io.pilotbench.core.model.InputException;
import io.pilotbench.experiment.ExperimentSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The API's routes for workers ({@code Authorization: Bearer ID.SECRET}): enrolment, leases and their heartbeats,
 * the experiment's files, a job's archive and its row, and giving a job back. A group of {@link MillApi}, apart from
 * the users' routes, because a worker's rights come from the lease it holds, not from an account.
 */
final class WorkerRoutes extends ApiRoutes {
    private final Duration lease;

    WorkerRoutes(MillStore store, Duration lease) {
        super(store);
        this.lease = lease;
    }

    @Override
    void routes(RoutesConfig r) {
        r.post("/api/worker/register", this::register);
        r.post("/api/worker/lease", this::lease);
        r.post("/api/worker/jobs/{id}/heartbeat", this::heartbeat);
        r.get("/api/worker/jobs/{id}/file", this::file);
        r.post("/api/worker/jobs/{id}/result", this::result);
        r.post("/api/worker/jobs/{id}/release", this::release);
        r.post("/api/worker/jobs/{id}/archive", this::putArchive);
    }

    record Registration(String token, String name, Map<String, String> inventory) {}

    record Attempt(int attempt, Map<String, String> row, String error) {}

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
        MillStore.Registration reg = store.register(token, name, inventory)
                .orElseThrow(() -> new Refused(
                        401, "the enrolment token is unknown, used already or older than 7 days; ask for a new one"));
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
            throw new Refused(
                    409,
                    store.cancelled(jobId(ctx))
                            ? "the experiment was cancelled: stop the job, " + "its row will be refused"
                            : "the lease is lost: the job went to another worker (or has a " + "result)");
        }
        ok(ctx, Map.of("leaseMs", lease.toMillis()));
    }

    private void file(Context ctx) {
        MillStore.WorkerInfo w = worker(ctx);
        String path = ctx.queryParam("path");
        byte[] content = store.fileForJob(w.id(), jobId(ctx), path == null ? "" : path)
                .orElseThrow(() -> new Refused(403, "not a file of a job this worker holds"));
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

    /** The columns of a result row that are words, not measurements. */
    private static final java.util.Set<String> TEXT_COLUMNS =
            java.util.Set.of("job", "worker", "replication", "package", "stop", "error");

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
            throw new InputException(
                    "row: not job " + job.number() + "'s result (" + String.join(", ", wrong) + " differ)");
        }
        // the measured cells are numbers or empty (a failed job's): "NaN" or "abc" stored from one worker made the
        // experiment's analysis fail for good, where the local runner refuses them
        row.forEach((k, v) -> {
            boolean text = TEXT_COLUMNS.contains(k)
                    || k.endsWith(".observed")
                    || job.levels().containsKey(k);
            if (!text && v != null && !v.isBlank() && Double.isNaN(Decimal.finiteOrNaN(v.strip()))) {
                throw new InputException(
                        "row: " + k + " is '" + v + "', not a finite number (or empty, for a job " + "that failed)");
            }
        });
        switch (store.postResult(w.id(), id, a.attempt(), row)) {
            case ACCEPTED -> ok(ctx, Map.of("accepted", true));
            case DUPLICATE -> ok(ctx, Map.of("accepted", true, "duplicate", true));
            case NOT_HOLDER ->
                throw new Refused(
                        409,
                        "this worker does not hold the job's lease (it expired and went "
                                + "to another worker, or was never this worker's)");
            case ALREADY_DONE -> throw new Refused(409, "the job has its result already");
            case OTHER_HEADER ->
                throw new InputException("row: its columns differ from those of the experiment's "
                        + "file (its factors, metrics and Pilot's columns)");
        }
    }
}
