/**
 * Running an experiment's jobs on a cluster users already have, instead of on the mill's own workers (paper §4;
 * docs/cluster.md). The cluster schedules; Pilot only translates and keeps count.
 *
 * <ul>
 *   <li>{@link io.pilotbench.mill.backend.ClusterRun}: the driver behind {@code pilot experiment run --backend}. It
 *   plans the experiment on the cluster's nodes, submits one cluster job per experiment job, follows them, submits
 *   again a job whose cluster job ended without a row, and collects each row exactly once into a directory
 *   {@code pilot experiment analyze} reads; a killed driver resumes from that directory. Its durable records are
 *   {@code ClusterJournal} (the cluster jobs it started) and {@code CollectedRows} (the results table).</li>
 *   <li>{@link io.pilotbench.mill.backend.ExecutionBackend}: what a cluster must do for the driver (submit, poll,
 *   collect, cancel, list its nodes), and the contract that makes collection exactly once.
 *   {@link io.pilotbench.mill.backend.ClusterJob} is one job as a back-end submits it.</li>
 *   <li>{@link io.pilotbench.mill.backend.SlurmBackend}: Slurm through its commands ({@code sbatch}, {@code squeue},
 *   {@code sacct}, {@code scontrol}, {@code scancel}); a job has its node to itself and writes its row on the file
 *   system the nodes share with the driver.</li>
 *   <li>{@link io.pilotbench.mill.backend.KubernetesBackend}: Kubernetes through the fabric8 client, one batch Job
 *   per experiment job, kept apart from other pilot jobs by pod anti-affinity; the row comes back through the pod's
 *   log.</li>
 *   <li>{@link io.pilotbench.mill.backend.JobRunner}: what a cluster job runs on its node
 *   ({@code pilot experiment run-job}): one job of the plan, idempotently, and the job file and row line that carry
 *   it there and back.</li>
 * </ul>
 */
package io.pilotbench.mill.backend;
