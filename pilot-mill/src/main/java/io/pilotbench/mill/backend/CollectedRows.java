package io.pilotbench.mill.backend;

import io.pilotbench.experiment.Job;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A cluster experiment's results table, {@code DIR/results.csv}, and the jobs it has a row of: the one place rows are
 * written, each job's at most once, appended and forced to disk. It is kept apart from {@link ClusterRun}, which
 * follows the cluster jobs, so that the exactly-once rule for rows is checked in one place.
 */
final class CollectedRows {
    private final Path table;
    private final Set<String> ids = new HashSet<>();

    /** The rows already in {@code dir}'s table (a last row a kill cut short is dropped first). */
    CollectedRows(Path dir) throws IOException {
        this.table = dir.resolve("results.csv");
        for (Map<String, String> r : rows()) {
            ids.add(r.get("job"));
        }
    }

    /** Whether the job has its row in the table. */
    boolean contains(String job) {
        return ids.contains(job);
    }

    /** The jobs with a row in the table (a view). */
    Set<String> ids() {
        return Collections.unmodifiableSet(ids);
    }

    /** How many jobs have a row. */
    int size() {
        return ids.size();
    }

    /**
     * Appends the job's row unless the job has one already.
     *
     * @return whether the row was written
     * @throws IOException when the row is another job's, or its columns are not the table's
     */
    boolean add(Job job, Map<String, String> row) throws IOException {
        if (!job.id().equals(row.get("job"))) {
            throw new IOException("job " + job.id() + ": its cluster job returned the row of job " + row.get("job"));
        }
        if (!ids.add(job.id())) {
            return false;
        }
        List<String> header = new ArrayList<>(row.keySet());
        if (!Files.exists(table)) {
            Files.writeString(table, Csv.line(header), StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW);
        } else {
            List<List<String>> all = Csv.parse(Files.readString(table, StandardCharsets.UTF_8));
            if (!all.isEmpty() && !all.get(0).equals(header)) {
                throw new IOException(table + ": job " + job.id() + "'s row has other columns than the table's");
            }
        }
        ClusterJournal.appendForced(table, Csv.line(new ArrayList<>(row.values())));
        return true;
    }

    /** How many rows in the table have an error (the job's own failure: setup.sh, run.sh...). */
    int failed() throws IOException {
        int failed = 0;
        for (Map<String, String> r : rows()) {
            if (!r.getOrDefault("error", "").isEmpty()) {
                failed++;
            }
        }
        return failed;
    }

    private List<Map<String, String>> rows() throws IOException {
        if (!Files.isRegularFile(table)) {
            return List.of();
        }
        truncateCutRow(table);
        return Csv.records(Files.readString(table, StandardCharsets.UTF_8));
    }

    /** Drops a last row a kill cut short (no newline), so the next append starts on a line of its own. */
    private static void truncateCutRow(Path file) throws IOException {
        byte[] b = Files.readAllBytes(file);
        int keep = b.length;
        while (keep > 0 && b[keep - 1] != '\n') {
            keep--;
        }
        if (keep < b.length) {
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
                ch.truncate(keep);
            }
        }
    }
}
