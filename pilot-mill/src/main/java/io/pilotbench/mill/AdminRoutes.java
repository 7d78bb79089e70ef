package io.pilotbench.mill;

import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The API's routes for the master's administrator (its first account): enrolment tokens, invite codes, approving
 * accounts, retiring workers, and the list of workers every user may read. A group of {@link MillApi}, kept apart
 * because these routes decide who may run code on the workers (docs/mill.md, "Threat model").
 */
final class AdminRoutes extends ApiRoutes {
    AdminRoutes(MillStore store) {
        super(store);
    }

    @Override
    void routes(RoutesConfig r) {
        r.post("/api/tokens", this::enrolmentToken);
        r.post("/api/invites", this::invite);
        r.get("/api/users", this::accounts);
        r.post("/api/users/{name}/approve", this::approve);
        r.get("/api/workers", this::workers);
        r.post("/api/workers/{name}/retire", this::retire);
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
        MillStore.User user =
                admin(ctx, "makes enrolment tokens: workers see every experiment they run, private " + "ones included");
        ok(ctx, Map.of("token", store.createEnrolmentToken(user.id())));
    }

    private void workers(Context ctx) {
        user(ctx);
        List<Map<String, Object>> out = new ArrayList<>();
        for (MillStore.WorkerInfo w : store.workers()) {
            out.add(Map.of(
                    "name",
                    w.name(),
                    "inventory",
                    w.inventory(),
                    "lastSeenMs",
                    w.lastSeenMs(),
                    "retired",
                    w.retired()));
        }
        ok(ctx, out);
    }
}
