package io.pilotbench.mill.backend;

import io.pilotbench.experiment.Worker;
import java.io.Closeable;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * A cluster that runs experiment jobs for {@link ClusterRun}: Slurm ({@link SlurmBackend}), Kubernetes
 * ({@link KubernetesBackend}). The cluster schedules; the back-end only translates: one cluster job per experiment
 * job, each running {@code pilot experiment run-job} (see {@link JobRunner}) on a node of its own.
 *
 * <p>Contract, which {@link ClusterRun} relies on to collect every job exactly once:
 * <ul>
 *   <li>{@link #submit} returns the cluster's id as soon as the cluster accepted the job; the cluster job is named
 *       {@link ClusterJob#name()}, so {@link #active} finds it again after the driver was killed before it could
 *       record the id.</li>
 *   <li>{@link #poll} says {@link State#LOST} for an id the cluster no longer knows of and cannot say how it ended;
 *       a back-end never guesses {@link State#DONE}.</li>
 *   <li>{@link #collect} returns the job's row only when the job wrote all of it (a job directory's results table,
 *       or the pod log's row line), and may be called again: the driver, not the back-end, makes collection
 *       happen once.</li>
 * </ul>
 * Errors reaching the cluster (a missing command, an unreachable controller or API server) are
 * {@link io.pilotbench.core.model.InputException}s: one line that says what to fix.
 */
public interface ExecutionBackend extends Closeable {
    /** What the cluster says of a job. */
    enum State {
        /** Queued, or being set up. */
        PENDING,
        /** Running on a node. */
        RUNNING,
        /** Ended and exited 0 (its row should be there). */
        DONE,
        /** Ended otherwise: cancelled, timed out, its node failed, or the job exited non-zero. */
        FAILED,
        /** The cluster no longer knows the job (purged, deleted) and cannot say how it ended. */
        LOST;

        /** Whether the job will not change state any more. */
        public boolean ended() {
            return this == DONE || this == FAILED || this == LOST;
        }
    }

    /** The back-end's name as the command line spells it ({@code slurm}, {@code kubernetes}). */
    String name();

    /**
     * The nodes a job may run on, as workers with the attributes experiments constrain ({@code arch}, {@code cores},
     * {@code memory} in bytes, {@code os}) and the cluster's own (Slurm features, Kubernetes labels).
     */
    List<Worker> inventory() throws IOException;

    /** Submits one job and returns its id in the cluster. */
    String submit(ClusterJob job) throws IOException;

    /**
     * The state of each cluster job (every id given has an entry).
     *
     * @param jobs cluster id → the job it runs (a back-end may look at the job's files, e.g. an exit marker)
     */
    Map<String, State> poll(Map<String, ClusterJob> jobs) throws IOException;

    /** The row the job wrote (results column → value), or null when it wrote none (yet). */
    Map<String, String> collect(ClusterJob job, String id) throws IOException;

    /** Cancels a job; an id the cluster no longer knows is not an error. */
    void cancel(String id) throws IOException;

    /** The jobs the cluster still has queued or running whose name starts with {@code prefix}: name → id. */
    Map<String, String> active(String prefix) throws IOException;

    /** A few words on why the job ended as it did, for the journal and the final message ("CANCELLED"), or "". */
    default String why(String id) throws IOException {
        return "";
    }

    @Override
    default void close() throws IOException {}
}
