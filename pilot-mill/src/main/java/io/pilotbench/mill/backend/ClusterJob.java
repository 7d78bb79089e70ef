package io.pilotbench.mill.backend;

import io.pilotbench.experiment.Job;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * One experiment job as a back-end submits it.
 *
 * @param name          the cluster job's name: {@code TAG-NNNN-aK} (the experiment's tag, the job's id, the attempt);
 *                      lower-case letters, digits and dashes, at most 63 characters, so Kubernetes accepts it
 * @param job           the job, with its levels
 * @param jobCsv        the job as {@code pilot experiment run-job --job} reads it (see {@link JobRunner#jobCsv})
 * @param attempt       1 for the first submission, 2 after one re-submission…
 * @param experimentDir the experiment directory on the driver's (shared) file system
 * @param node          the node the job must run on (its hardware levels come from it), or null for any node that
 *                      meets the constraints
 * @param timeLimit     the wall-clock limit the cluster enforces, or null for the cluster's default
 * @param constraints   the experiment's constraints on nodes (attribute → value, or minimum for cores and memory)
 */
public record ClusterJob(
        String name,
        Job job,
        String jobCsv,
        int attempt,
        Path experimentDir,
        String node,
        Duration timeLimit,
        Map<String, String> constraints) {
    public ClusterJob {
        constraints = Map.copyOf(constraints);
    }

    /** Where the job's one-job experiment directory is: {@code DIR/jobs/NNNN}. */
    public Path jobDir() {
        return experimentDir.resolve("jobs").resolve(job.id());
    }

    /** Where the back-ends keep their per-job files (scripts, job files, cluster output): {@code DIR/cluster}. */
    public Path clusterDir() {
        return experimentDir.resolve("cluster");
    }
}
