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
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The API's experiment routes: submitting (checked by laying the upload out as a worker will, then planned on the
 * workers), listing, progress, results, analysis, figures, job archives, and cancelling, deleting and cloning. A
 * group of {@link MillApi}, apart from the workers' routes, which act on one job at a time.
 */
final class ExperimentRoutes extends ApiRoutes {
    private final Path staging;

    ExperimentRoutes(MillStore store, Path staging) {
        super(store);
        this.staging = staging;
    }

    @Override
    void routes(RoutesConfig r) {
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
        r.get(
                "/api/experiments/{id}/jobs",
                ctx -> ok(ctx, store.jobs(visible(ctx).id())));
        r.get("/api/experiments/{id}/jobs/{number}/archive", this::archive);
    }

    record Submission(
            String fileName,
            String experiment,
            Map<String, String> files,
            @JsonProperty("private") Boolean isPrivate) {}

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
    private void plan(
            Context ctx,
            MillStore.User user,
            String fileName,
            String text,
            List<ExperimentBundle.Part> parts,
            boolean isPrivate,
            boolean store)
            throws IOException {
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
            ExperimentPlan plan = ExperimentPlan.of(
                    spec, workers.stream().map(MillStore.WorkerInfo::worker).toList(), false);
            List<String> hardware = spec.factors().stream()
                    .filter(f -> f.kind() == io.pilotbench.experiment.Factor.Kind.HARDWARE)
                    .map(io.pilotbench.experiment.Factor::name)
                    .toList();
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("name", spec.name());
            out.put("jobs", plan.jobs().size());
            // every worker eligible for one of the jobs leases them (MillStore#lease), not only the plan's
            // representatives of each hardware level
            out.put(
                    "workers",
                    workers.stream()
                            .filter(w -> plan.jobs().stream()
                                    .anyMatch(j ->
                                            LeaseTable.eligible(w, spec.constraints(), hardwareLevels(j, hardware))))
                            .map(MillStore.WorkerInfo::name)
                            .toList());
            out.put("chosen", plan.chosen());
            out.put("warning", plan.warning() == null ? "" : plan.warning());
            if (store) {
                List<MillStore.StoredFile> stored = new ArrayList<>();
                for (ExperimentBundle.Part p : parts) {
                    stored.add(new MillStore.StoredFile(
                            p.path(), needs.get(p.path()), Secrets.sha256(p.content()), p.content()));
                }
                long id = this.store.createExperiment(new MillStore.NewExperiment(
                        user.id(),
                        spec.name(),
                        isPrivate,
                        fileName,
                        text,
                        spec.constraints(),
                        stored,
                        plan.jobs(),
                        hardware,
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
            throw new Refused(
                    403, "only its owner (" + e.owner() + ") or the administrator " + what + " experiment " + e.id());
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
            out.add(Map.of(
                    "id",
                    e.id(),
                    "name",
                    e.name(),
                    "owner",
                    e.owner(),
                    "private",
                    e.isPrivate(),
                    "cancelled",
                    e.cancelled()));
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
        return e.header().isEmpty()
                ? List.of()
                : Json.MAPPER.readValue(e.header(), new tools.jackson.core.type.TypeReference<List<String>>() {});
    }

    private void resultsCsv(Context ctx) {
        MillStore.ExperimentInfo e = visible(ctx);
        StringBuilder b = new StringBuilder();
        List<String> header = header(e);
        if (!header.isEmpty()) {
            // cells a spreadsheet would evaluate are escaped: the levels and values come from other users
            b.append(ResultsTable.spreadsheetLine(header));
            for (Map<String, String> row : store.results(e.id())) {
                b.append(ResultsTable.spreadsheetLine(
                        header.stream().map(row::get).toList()));
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
        for (ExperimentAnalysis.MetricAnalysis a : MillApi.analyze(store.results(e.id()), header)) {
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
            for (Path f : ExperimentFigures.write(
                    rows,
                    MillApi.analyze(rows, header),
                    0.05,
                    out,
                    "svg",
                    io.pilotbench.experiment.ExperimentFile.declaredLevels(e.fileText()))) {
                String name = f.getFileName().toString();
                figures.add(
                        Map.of("name", name.substring(0, name.length() - ".svg".length()), "svg", Files.readString(f)));
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

    private void archive(Context ctx) {
        MillStore.ExperimentInfo e = visible(ctx);
        int number;
        try {
            number = Integer.parseInt(ctx.pathParam("number"));
        } catch (NumberFormatException x) {
            throw new Refused(404, "no job " + ctx.pathParam("number"));
        }
        byte[] content = store.archive(e.id(), number)
                .orElseThrow(() ->
                        new Refused(404, "job " + number + " has no archive (not finished, or its worker sent none)"));
        ctx.header("Content-Disposition", "attachment; filename=\"job-" + number + ".tar.gz\"");
        ctx.contentType("application/gzip").result(content);
    }
}
