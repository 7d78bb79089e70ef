package io.pilotbench.mill.backend;

import io.pilotbench.experiment.ExperimentFile;
import io.pilotbench.experiment.ExperimentSpec;
import io.pilotbench.experiment.Job;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * The files a cluster experiment directory starts with: the experiment file and where it was read from, plan.csv
 * and cluster.properties (the layout in {@link ClusterRun}'s class comment). Separate so that {@link ClusterRun}
 * keeps the driving of the cluster jobs, and this class what a start writes and a resume reads back.
 */
final class ClusterDirectory {
    static final String PROPERTIES = "cluster.properties";

    private ClusterDirectory() {}

    /**
     * Writes the start files: the experiment file and its source, the jobs as plan.csv, the empty cluster/ and
     * cluster.properties (the back-end's name, the tag, whether the jobs are pinned to nodes).
     */
    static void write(Path dir, ExperimentSpec spec, List<Job> jobs, String backend, String tag, boolean pinned)
            throws IOException {
        Files.copy(spec.file(), dir.resolve("experiment.yaml"));
        Files.writeString(dir.resolve("source.txt"), spec.file().toAbsolutePath() + "\n");
        StringBuilder csv = new StringBuilder();
        for (Job j : jobs) {
            String one = JobRunner.jobCsv(spec, j);
            csv.append(csv.length() == 0 ? one : one.substring(one.indexOf('\n') + 1));
        }
        Files.writeString(dir.resolve("plan.csv"), csv.toString());
        Files.createDirectories(dir.resolve("cluster"));
        Properties p = new Properties();
        p.setProperty("backend", backend);
        p.setProperty("tag", tag);
        p.setProperty("pinned", Boolean.toString(pinned));
        try (var out = Files.newBufferedWriter(dir.resolve(PROPERTIES))) {
            p.store(out, "pilot experiment run --backend " + backend);
        }
    }

    /** The directory's cluster.properties (which must exist). */
    static Properties properties(Path dir) throws IOException {
        Properties p = new Properties();
        try (var in = Files.newBufferedReader(dir.resolve(PROPERTIES))) {
            p.load(in);
        }
        return p;
    }

    /** The experiment as started: its copy in the directory, parsed as the file it was read from. */
    static ExperimentSpec spec(Path dir) throws IOException {
        return ExperimentFile.parse(
                Path.of(Files.readString(dir.resolve("source.txt")).strip()),
                Files.readString(dir.resolve("experiment.yaml")));
    }

    /** The planned jobs, read back from plan.csv. */
    static List<Job> jobs(Path dir, ExperimentSpec spec) throws IOException {
        List<Job> jobs = new ArrayList<>();
        List<List<String>> rows = Csv.parse(Files.readString(dir.resolve("plan.csv")));
        for (List<String> r : rows.subList(1, rows.size())) {
            jobs.add(JobRunner.readJob(spec, Csv.line(rows.get(0)) + Csv.line(r), dir.resolve("plan.csv")));
        }
        return jobs;
    }
}
