package io.pilotbench.mill.backend;

import io.pilotbench.core.model.InputException;
import io.pilotbench.experiment.ExperimentFile;
import io.pilotbench.experiment.ExperimentRunner;
import io.pilotbench.experiment.ExperimentSpec;
import io.pilotbench.experiment.Factor;
import io.pilotbench.experiment.Job;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a cluster job runs ({@code pilot experiment run-job}): one job of an experiment planned by {@link ClusterRun},
 * through {@link ExperimentRunner#runJob}, which is idempotent — a job re-submitted after its cluster job was
 * cancelled continues its session, and one that finished returns its row without running again.
 *
 * <p>The job file is the plan's CSV for one job: a header {@code job,worker,replication,FACTOR...} and one row, the
 * format of the experiment directory's {@code plan.csv}. The row goes back through the job directory (Slurm, on a
 * shared file system) or, with {@link #rowLine}, through the job's log (Kubernetes): one line
 * {@value #ROW_PREFIX}BASE64, the base64 of the row's two CSV lines (header and values), so no character in a
 * value can break the line.
 */
public final class JobRunner {
    /** The prefix of the log line that carries a job's row. */
    public static final String ROW_PREFIX = "pilot-row: ";

    private JobRunner() {}

    /** The job file's text for {@code job} of {@code spec}. */
    public static String jobCsv(ExperimentSpec spec, Job job) {
        List<String> head = new ArrayList<>(List.of("job", "worker", "replication"));
        List<String> row = new ArrayList<>(List.of(job.id(), job.worker(), Integer.toString(job.replication())));
        for (Factor f : spec.factors()) {
            head.add(f.name());
            row.add(job.levels().getOrDefault(f.name(), ""));
        }
        return Csv.line(head) + Csv.line(row);
    }

    /**
     * The job in a job file's text.
     *
     * @throws InputException when the text is not one job of {@code spec} (names the file and what is wrong)
     */
    public static Job readJob(ExperimentSpec spec, String csv, Object where) {
        List<List<String>> rows = Csv.parse(csv.endsWith("\n") ? csv : csv + "\n");
        if (rows.size() != 2
                || rows.get(0).size() != rows.get(1).size()
                || rows.get(0).size() < 3
                || !rows.get(0).subList(0, 3).equals(List.of("job", "worker", "replication"))) {
            throw new InputException(where + ": not a job file (a CSV header job,worker,replication,FACTOR... and "
                    + "one row); it is written by pilot experiment run --backend");
        }
        List<String> head = rows.get(0);
        List<String> row = rows.get(1);
        Map<String, String> levels = new LinkedHashMap<>();
        for (int i = 3; i < head.size(); i++) {
            if (spec.factor(head.get(i)) == null) {
                throw new InputException(where + ": factor '" + head.get(i) + "' is not in the experiment file "
                        + spec.file() + "; the job belongs to another experiment");
            }
            levels.put(head.get(i), row.get(i));
        }
        try {
            int number = Integer.parseInt(row.get(0));
            int replication = Integer.parseInt(row.get(2));
            if (number < 1 || replication < 1) {
                throw new NumberFormatException();
            }
            return new Job(number, row.get(1), replication, levels);
        } catch (NumberFormatException e) {
            throw new InputException(where + ": job '" + row.get(0) + "' and replication '" + row.get(2)
                    + "' must be whole numbers from 1");
        }
    }

    /**
     * Reads the experiment (from {@code experimentDir}'s copy of its file, or {@code file}) and the job, runs the job
     * into {@code jobDir}, and returns its row.
     *
     * @param experimentDir a directory made by {@link ClusterRun} (its {@code experiment.yaml} and
     *                      {@code source.txt}), or null to read {@code file}
     * @param file          the experiment file, when {@code experimentDir} is null (Kubernetes: the file in the
     *                      image)
     */
    public static Map<String, String> run(
            Path experimentDir, Path file, Path jobFile, Path jobDir, PrintWriter progress) throws IOException {
        ExperimentSpec spec;
        if (experimentDir != null) {
            Path copy = experimentDir.resolve("experiment.yaml");
            Path source = experimentDir.resolve("source.txt");
            if (!Files.isRegularFile(copy) || !Files.isRegularFile(source)) {
                throw new InputException(
                        experimentDir + ": not an experiment directory (no experiment.yaml or " + "source.txt)");
            }
            spec = ExperimentFile.parse(Path.of(Files.readString(source).strip()), Files.readString(copy));
        } else {
            spec = ExperimentFile.read(file);
        }
        if (!Files.isRegularFile(jobFile)) {
            throw new InputException(jobFile + ": no such job file");
        }
        Job job = readJob(spec, Files.readString(jobFile, StandardCharsets.UTF_8), jobFile);
        Files.createDirectories(
                jobDir.getParent() == null ? jobDir.toAbsolutePath().getParent() : jobDir.getParent());
        Map<String, String> row = new LinkedHashMap<>(ExperimentRunner.runJob(spec, job, jobDir, progress));
        // on Slurm, the machine is the node the job ran on (the plan's worker is the back-end's name); it is kept
        // beside the row, which stays as the job directory's journal wrote it, for rowFromDir
        String node = System.getenv("SLURMD_NODENAME");
        if (node != null && !node.isBlank()) {
            Path where = jobDir.resolve(NODE);
            if (!Files.exists(where)) {
                Files.writeString(where, node.strip() + "\n", StandardCharsets.UTF_8);
            }
            row.put("worker", Files.readString(where, StandardCharsets.UTF_8).strip());
        }
        return row;
    }

    /** The node a Slurm job ran on, in its job directory. */
    static final String NODE = "node.txt";

    /** The log line that carries {@code row}. */
    public static String rowLine(Map<String, String> row) {
        String csv = Csv.line(new ArrayList<>(row.keySet())) + Csv.line(new ArrayList<>(row.values()));
        return ROW_PREFIX + Base64.getEncoder().encodeToString(csv.getBytes(StandardCharsets.UTF_8));
    }

    /** The row in a log (its last row line), or null when it has none or it is damaged. */
    static Map<String, String> rowFromLog(String log) {
        Map<String, String> found = null;
        for (String line : log.split("\n")) {
            String l = line.strip();
            if (!l.startsWith(ROW_PREFIX)) {
                continue;
            }
            try {
                String csv = new String(
                        Base64.getDecoder().decode(l.substring(ROW_PREFIX.length())), StandardCharsets.UTF_8);
                List<Map<String, String>> rows = Csv.records(csv);
                if (rows.size() == 1) {
                    found = rows.get(0);
                }
            } catch (IllegalArgumentException e) {
                // a damaged line: not a row
            }
        }
        return found;
    }

    /** The job's row in a job directory's results table, or null. */
    static Map<String, String> rowFromDir(Path jobDir, String jobId) throws IOException {
        Path table = jobDir.resolve("results.csv");
        if (!Files.isRegularFile(table)) {
            return null;
        }
        Path node = jobDir.resolve(NODE);
        for (Map<String, String> r : Csv.records(Files.readString(table, StandardCharsets.UTF_8))) {
            if (jobId.equals(r.get("job"))) {
                if (Files.isRegularFile(node)) {
                    r.put(
                            "worker",
                            Files.readString(node, StandardCharsets.UTF_8).strip());
                }
                return r;
            }
        }
        return null;
    }
}
