package io.pilotbench.mill;

import io.pilotbench.core.model.InputException;
import io.pilotbench.experiment.SafeName;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A job's lease as the master sends it to a worker ({@code POST /api/worker/lease}): the job, its levels, and its
 * experiment with the files' paths, kinds and SHA-256 checksums. It is the wire format of the lease, apart from
 * {@link MillWorker}, which acts on it, together with the check of the names it gives.
 *
 * @param job         the job's id on the master (it names the job's routes)
 * @param attempt     the lease's attempt, which names the lease
 * @param number      the job's number in its experiment's plan
 * @param replication the job's replication
 * @param levels      the job's factor levels
 * @param leaseMs     how long the lease lasts without a heartbeat
 * @param experiment  the experiment the job is of
 */
record LeaseReply(
        long job,
        int attempt,
        int number,
        int replication,
        Map<String, String> levels,
        long leaseMs,
        ExperimentRef experiment) {

    /** One file of the experiment: its path, its kind ({@link ExperimentBundle}) and its checksum. */
    record FileRef(String path, String kind, String sha256) {}

    /** The experiment: its id, its file's name and text, and its files. */
    record ExperimentRef(long id, String fileName, String text, List<FileRef> files) {}

    /** Checks what the lease names before it touches this machine's file system ({@link SafeName}). */
    void check() {
        if (experiment == null || levels == null) {
            throw new InputException("the lease names no experiment or no levels");
        }
        ExperimentBundle.checkFileName(experiment.fileName());
        for (FileRef f : experiment.files()) {
            SafeName.checkPath("files", f.path());
            if (!Set.of(ExperimentBundle.ARCHIVE, ExperimentBundle.TREE, ExperimentBundle.FILE)
                    .contains(f.kind())) {
                throw new InputException("files: '" + f.path() + "' is of an unknown kind '" + f.kind() + "'");
            }
        }
    }
}
