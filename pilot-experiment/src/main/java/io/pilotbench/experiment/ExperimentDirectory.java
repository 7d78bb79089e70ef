package io.pilotbench.experiment;

import io.pilotbench.core.files.FileTrees;
import io.pilotbench.core.model.InputException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The files of an experiment directory beside its jobs (the layout is in {@link ExperimentRunner}'s class comment),
 * and how a run comes to them: a new directory gets the experiment file, where it was read from, the plan, copies of
 * the packages and of the user factor scripts, the link-order wrapper, and last the results table; a directory that
 * was started before is checked against a fresh plan, then reopened, or installed again when a kill came before its
 * table was made. Kept apart from the runner, which runs the jobs, so that what a resume relies on is in one place.
 */
final class ExperimentDirectory {
    private ExperimentDirectory() {}

    /**
     * The copies an experiment directory holds, which every job starts from.
     *
     * @param packages the packages as copied into {@code packages/}, by name, in the file's order
     * @param scripts  the user factor scripts as copied into {@code factors/}, by factor
     */
    record Copies(Map<String, ExperimentPackage> packages, Map<String, Path> scripts) {
        /** The package {@code job} runs: its level of the package factor, or the only package there is. */
        ExperimentPackage packageFor(Job job) {
            String p = job.levels().get("package");
            return packages.get(
                    p != null && packages.containsKey(p)
                            ? p
                            : packages.keySet().iterator().next());
        }
    }

    /**
     * Lays out {@code dir} (new or empty, locked) for {@code plan}, whose CSV is {@code planCsv}: the experiment
     * file, its source, the plan and the copies, then the results table, last, so that a directory without the table
     * is known to be unfinished.
     */
    static Copies create(ExperimentPlan plan, Path dir, String planCsv) throws IOException {
        ExperimentSpec spec = plan.spec();
        Files.copy(spec.file(), dir.resolve(ExperimentRunner.SPEC));
        Files.writeString(dir.resolve(ExperimentRunner.SOURCE), spec.file().toAbsolutePath() + "\n");
        Files.writeString(dir.resolve(ExperimentRunner.PLAN), planCsv);
        Copies copies = install(spec, dir);
        ResultsTable.create(dir, ExperimentRunner.header(spec));
        return copies;
    }

    /**
     * Re-plans the experiment in {@code dir} (locked) from its copied file and seed on this machine, and refuses
     * when the plan differs from the one it was started with (another inventory, or a changed file).
     *
     * @param root whether this process runs as root
     */
    static ExperimentPlan replan(Path dir, boolean root) throws IOException {
        Path source =
                Path.of(Files.readString(dir.resolve(ExperimentRunner.SOURCE)).strip());
        ExperimentSpec spec = ExperimentFile.parse(source, Files.readString(dir.resolve(ExperimentRunner.SPEC)));
        ExperimentPlan plan = ExperimentPlan.of(spec, List.of(Worker.local()), root);
        if (!planCsv(plan).equals(Files.readString(dir.resolve(ExperimentRunner.PLAN)))) {
            throw new InputException(dir + ": the experiment plans differently now (another machine, or a "
                    + "changed script?); it cannot be resumed here");
        }
        return plan;
    }

    /**
     * The copies of {@code plan} in a locked directory that was started before: reopened (after dropping a row a
     * kill cut short) or, if killed while copying the packages, installed again.
     */
    static Copies continueIn(ExperimentPlan plan, Path dir) throws IOException {
        if (Files.exists(dir.resolve(ResultsTable.FILE))) {
            ResultsTable.repair(dir);
            return reopen(plan.spec(), dir);
        }
        // killed while the packages were being copied: the table, written last, is missing; copy again
        for (String part : List.of("packages", "factors", "bin")) {
            FileTrees.delete(dir.resolve(part));
        }
        Copies copies = install(plan.spec(), dir);
        ResultsTable.create(dir, ExperimentRunner.header(plan.spec()));
        return copies;
    }

    /** The plan as CSV: job, worker, replication, then one column per factor. */
    static String planCsv(ExperimentPlan plan) {
        StringBuilder b = new StringBuilder();
        List<String> head = new ArrayList<>(List.of("job", "worker", "replication"));
        plan.spec().factors().forEach(f -> head.add(f.name()));
        b.append(ResultsTable.line(head));
        for (Job j : plan.jobs()) {
            List<String> row = new ArrayList<>(List.of(j.id(), j.worker(), Integer.toString(j.replication())));
            row.addAll(j.levels().values());
            b.append(ResultsTable.line(row));
        }
        return b.toString();
    }

    /** Copies the packages (extracting archives safely), the user scripts and the link-order wrapper. */
    private static Copies install(ExperimentSpec spec, Path dir) throws IOException {
        Map<String, ExperimentPackage> packages = new LinkedHashMap<>();
        for (Map.Entry<String, Path> p : spec.packages().entrySet()) {
            Path target = SafeName.child(dir.resolve("packages"), "packages", p.getKey());
            ExperimentPackage pkg;
            if (ExperimentPackage.isArchive(p.getValue())) {
                pkg = ExperimentPackage.open(p.getKey(), p.getValue(), target);
            } else {
                pkg = ExperimentPackage.open(p.getKey(), p.getValue(), null).copyTo(target);
            }
            packages.put(p.getKey(), pkg);
        }
        Map<String, Path> scripts = new LinkedHashMap<>();
        for (Factor f : spec.factors()) {
            if (f.kind() == Factor.Kind.USER) {
                // the script's file name is one part of a path (getFileName), so it stays in the factor's directory
                Path target = SafeName.child(dir.resolve("factors"), "factors", f.name())
                        .resolve(f.script().getFileName().toString());
                Files.createDirectories(target.getParent());
                Files.copy(f.script(), target);
                scripts.put(f.name(), target);
            }
        }
        Path cc = dir.resolve("bin").resolve(ExperimentRunner.LINK_CC);
        Files.createDirectories(cc.getParent());
        try (InputStream in = ExperimentDirectory.class.getResourceAsStream(ExperimentRunner.LINK_CC)) {
            Files.copy(in, cc);
        }
        Files.setPosixFilePermissions(cc, PosixFilePermissions.fromString("rwxr-xr-x"));
        return new Copies(packages, scripts);
    }

    /** The copies made by {@link #install}, on resume. */
    private static Copies reopen(ExperimentSpec spec, Path dir) throws IOException {
        Map<String, ExperimentPackage> packages = new LinkedHashMap<>();
        for (String name : spec.packages().keySet()) {
            packages.put(
                    name,
                    ExperimentPackage.open(name, SafeName.child(dir.resolve("packages"), "packages", name), null));
        }
        Map<String, Path> scripts = new LinkedHashMap<>();
        for (Factor f : spec.factors()) {
            if (f.kind() == Factor.Kind.USER) {
                scripts.put(
                        f.name(),
                        dir.resolve("factors")
                                .resolve(f.name())
                                .resolve(f.script().getFileName()));
            }
        }
        return new Copies(packages, scripts);
    }
}
