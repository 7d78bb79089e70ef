package io.pilotbench.mill.backend;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobCondition;
import io.fabric8.kubernetes.api.model.batch.v1.JobStatus;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.pilotbench.core.model.InputException;
import io.pilotbench.experiment.Worker;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Kubernetes through the fabric8 client: one batch/v1 Job per experiment job, in one namespace.
 *
 * <pre>
 * Job  TAG-NNNN-aK   labels pilotbench.io/experiment=TAG, pilotbench.io/job=NNNN
 *   backoffLimit 0                  a failed pod is not retried by Kubernetes: the driver decides (and counts)
 *   activeDeadlineSeconds           the experiment's max-time plus a margin for setup and collect
 *   pod: restartPolicy Never, label pilotbench.io/exclusive=true, and a required pod anti-affinity on that label
 *        with topology kubernetes.io/hostname over all namespaces: two pilot jobs never share a node
 *   nodeSelector                    the constraints: arch → kubernetes.io/arch (x86_64 → amd64, aarch64 → arm64),
 *                                   os → kubernetes.io/os, any other key → that label; the planned node
 *                                   (kubernetes.io/hostname) when the experiment has hardware factors
 *   resources.requests              cores → cpu, memory → memory (minimums, which a selector cannot express)
 *   container: the image; sh -c writes $PILOT_JOB (the job file) and execs
 *              LAUNCHER experiment run-job --file FILE --job /tmp/pilot-job.csv --dir /tmp/pilot-job --print-row
 * </pre>
 *
 * <p>Results come back through the pod's log: {@code run-job --print-row} ends with one line carrying the row
 * ({@link JobRunner#rowLine}), which {@link #collect} reads. A log needs no volume, no shared file system and no
 * write access to anything; the price is that the job's directory (its session, setup and collect logs) stays in the
 * pod's file system and is lost with it — only the row, which is what the analysis needs, is kept. The image must
 * hold java, pilot (the launcher, {@code pilot} by default) and the experiment's file and packages at the path the
 * driver read them from (or the path given as {@code fileInImage}). Jobs are left in place after they are
 * collected, so their logs stay readable: {@code kubectl delete jobs -l pilotbench.io/experiment=TAG} removes them.
 *
 * <p>Anti-affinity keeps pilot jobs apart; it does not keep other workloads off the node. For a node truly to
 * itself, taint the benchmark nodes and give the experiment a constraint on their label.
 */
public final class KubernetesBackend implements ExecutionBackend {
    static final String EXPERIMENT = "pilotbench.io/experiment";
    static final String JOB = "pilotbench.io/job";
    static final String EXCLUSIVE = "pilotbench.io/exclusive";
    static final String HOSTNAME = "kubernetes.io/hostname";

    private final KubernetesClient client;
    private final String namespace;
    private final String image;
    private final List<String> launcher;
    private final String fileInImage;

    KubernetesBackend(
            KubernetesClient client, String namespace, String image, List<String> launcher, String fileInImage) {
        this.client = client;
        this.namespace = namespace;
        this.image = image;
        this.launcher = List.copyOf(launcher);
        this.fileInImage = fileInImage;
    }

    /**
     * A back-end for the cluster of the current kubeconfig context (or the in-cluster service account), as kubectl
     * would find it.
     *
     * @param namespace   where the Jobs go, or null for the context's namespace
     * @param image       the container image that runs the jobs (see the class comment for what it must hold)
     * @param launcher    the command that runs pilot in the image, e.g. {@code [pilot]}
     * @param fileInImage the experiment file's path in the image, or null for the path the driver read it from
     */
    public static KubernetesBackend connect(String namespace, String image, List<String> launcher, String fileInImage) {
        if (image == null || image.isBlank()) {
            throw new InputException("kubernetes: no container image; give --image IMAGE (an image with java, pilot "
                    + "and the experiment's files)");
        }
        KubernetesClient c = new KubernetesClientBuilder().build();
        String ns = namespace != null ? namespace : c.getNamespace() != null ? c.getNamespace() : "default";
        return new KubernetesBackend(c, ns, image, launcher, fileInImage);
    }

    @Override
    public String name() {
        return "kubernetes";
    }

    @Override
    public List<Worker> inventory() throws IOException {
        List<Node> nodes = call("list the nodes", () -> client.nodes().list().getItems());
        List<Worker> workers = new ArrayList<>();
        for (Node n : nodes) {
            if (n.getSpec() != null && Boolean.TRUE.equals(n.getSpec().getUnschedulable())) {
                continue;
            }
            workers.add(worker(n));
        }
        if (workers.isEmpty()) {
            throw new InputException("kubernetes: the cluster has no schedulable node (kubectl get nodes)");
        }
        return workers;
    }

    /** A node as a worker: its labels, and arch, os, cores and memory (bytes) from its status. */
    static Worker worker(Node n) {
        Map<String, String> a = new LinkedHashMap<>();
        if (n.getMetadata().getLabels() != null) {
            a.putAll(n.getMetadata().getLabels());
        }
        String arch = a.get("kubernetes.io/arch");
        if (n.getStatus() != null && n.getStatus().getNodeInfo() != null) {
            arch = n.getStatus().getNodeInfo().getArchitecture();
            put(a, "os", n.getStatus().getNodeInfo().getOperatingSystem());
        }
        if (arch != null) {
            a.put(
                    "arch",
                    switch (arch) {
                        case "amd64" -> "x86_64";
                        case "arm64" -> "aarch64";
                        default -> arch;
                    });
        }
        put(a, "os", a.get("kubernetes.io/os"));
        if (n.getStatus() != null && n.getStatus().getCapacity() != null) {
            Quantity cpu = n.getStatus().getCapacity().get("cpu");
            if (cpu != null) {
                a.put("cores", Long.toString(Quantity.getAmountInBytes(cpu).longValue()));
            }
            Quantity mem = n.getStatus().getCapacity().get("memory");
            if (mem != null) {
                a.put("memory", Long.toString(Quantity.getAmountInBytes(mem).longValue()));
            }
        }
        return new Worker(n.getMetadata().getName(), a);
    }

    private static void put(Map<String, String> a, String k, String v) {
        if (v != null && !a.containsKey(k)) {
            a.put(k, v);
        }
    }

    @Override
    public String submit(ClusterJob job) throws IOException {
        String file = fileInImage != null
                ? fileInImage
                : Files.readString(job.experimentDir().resolve("source.txt")).strip();
        Job k = job(job, namespace, image, launcher, file);
        for (int attempt = 1; ; attempt++) {
            try {
                client.batch().v1().jobs().inNamespace(namespace).resource(k).create();
                return job.name();
            } catch (KubernetesClientException e) {
                if (e.getCode() == 409) {
                    return job.name(); // made by an earlier attempt whose answer was lost (the name is this job's)
                }
                if (!unanswered(e) || attempt >= ATTEMPTS) {
                    throw failure("create Job " + job.name(), e);
                }
                pause(attempt);
            }
        }
    }

    /** The Job for {@code job} (see the class comment; {@link JobManifest} builds it). */
    static Job job(ClusterJob job, String namespace, String image, List<String> launcher, String file) {
        return JobManifest.of(job, namespace, image, launcher, file);
    }

    @Override
    public Map<String, State> poll(Map<String, ClusterJob> jobs) throws IOException {
        Map<String, State> states = new LinkedHashMap<>();
        for (String id : jobs.keySet()) {
            Job j = call("read Job " + id, () -> client.batch()
                    .v1()
                    .jobs()
                    .inNamespace(namespace)
                    .withName(id)
                    .get());
            states.put(id, state(j));
        }
        return states;
    }

    static State state(Job j) {
        if (j == null) {
            return State.LOST;
        }
        JobStatus s = j.getStatus();
        if (s == null) {
            return State.PENDING;
        }
        if (s.getSucceeded() != null && s.getSucceeded() > 0) {
            return State.DONE;
        }
        if (s.getFailed() != null && s.getFailed() > 0 || failedCondition(s) != null) {
            return State.FAILED;
        }
        if (s.getActive() != null && s.getActive() > 0) {
            return State.RUNNING;
        }
        return State.PENDING;
    }

    private static JobCondition failedCondition(JobStatus s) {
        if (s.getConditions() == null) {
            return null;
        }
        return s.getConditions().stream()
                .filter(c -> "Failed".equals(c.getType()) && "True".equals(c.getStatus()))
                .findFirst()
                .orElse(null);
    }

    @Override
    public String why(String id) throws IOException {
        Job j = call("read Job " + id, () -> client.batch()
                .v1()
                .jobs()
                .inNamespace(namespace)
                .withName(id)
                .get());
        if (j == null) {
            return "deleted";
        }
        JobCondition c = j.getStatus() == null ? null : failedCondition(j.getStatus());
        return c == null ? "failed" : c.getReason() == null ? "failed" : c.getReason();
    }

    @Override
    public Map<String, String> collect(ClusterJob job, String id) throws IOException {
        List<Pod> pods = call("list the pods of Job " + id, () -> client.pods()
                .inNamespace(namespace)
                .withLabel("job-name", id)
                .list()
                .getItems());
        for (Pod p : pods) {
            String log = call("read the log of pod " + p.getMetadata().getName(), () -> {
                try {
                    // a plain GET of the log (fabric8's getLog reads it as a stream, which the API-server mock
                    // now and then never finished; see KubernetesBackendTest)
                    return client.raw(client.getMasterUrl().toString().replaceAll("/+$", "") + "/api/v1/namespaces/"
                            + namespace + "/pods/" + p.getMetadata().getName() + "/log");
                } catch (KubernetesClientException e) {
                    if (e.getCode() >= 400 && e.getCode() < 500) {
                        return null; // no log to read: its container never started, or it went with its node
                    }
                    throw e;
                }
            });
            Map<String, String> row = log == null ? null : JobRunner.rowFromLog(log);
            if (row != null) {
                return row;
            }
        }
        return null;
    }

    @Override
    public void cancel(String id) throws IOException {
        call("delete Job " + id, () -> client.batch()
                .v1()
                .jobs()
                .inNamespace(namespace)
                .withName(id)
                .delete());
    }

    @Override
    public Map<String, String> active(String prefix) throws IOException {
        List<Job> jobs = call("list the Jobs", () -> client.batch()
                .v1()
                .jobs()
                .inNamespace(namespace)
                .withLabel("app.kubernetes.io/managed-by", "pilot")
                .list()
                .getItems());
        Map<String, String> m = new LinkedHashMap<>();
        for (Job j : jobs) {
            String n = j.getMetadata().getName();
            if (n.startsWith(prefix) && !state(j).ended()) {
                m.put(n, n);
            }
        }
        return m;
    }

    @Override
    public void close() {
        client.close();
    }

    /** How often a request the API server leaves unanswered is made in all. */
    static final int ATTEMPTS = 3;

    private interface Call<T> {
        T run();
    }

    /**
     * A read or a delete, asked again (up to {@link #ATTEMPTS} times) when the API server leaves it unanswered: a
     * timeout or a dropped connection, not a refusal. Both may be repeated without doing twice what was meant once;
     * a create is handled by {@link #submit}.
     */
    private <T> T call(String what, Call<T> c) {
        for (int attempt = 1; ; attempt++) {
            try {
                return c.run();
            } catch (KubernetesClientException e) {
                if (!unanswered(e) || attempt >= ATTEMPTS) {
                    throw failure(what, e);
                }
                pause(attempt);
            }
        }
    }

    /** No HTTP status: the request timed out or its connection failed (fabric8 has retried a refused one). */
    private static boolean unanswered(KubernetesClientException e) {
        return e.getCode() <= 0 && e.getStatus() == null;
    }

    private static void pause(int attempt) {
        try {
            Thread.sleep(250L * attempt);
        } catch (InterruptedException ie) {
            Thread.currentThread().interrupt();
            throw new InputException("kubernetes: interrupted while asking the API server again");
        }
    }

    private InputException failure(String what, KubernetesClientException e) {
        String reason = e.getStatus() != null && e.getStatus().getMessage() != null
                ? e.getStatus().getMessage()
                : e.getCause() != null ? e.getCause().toString() : e.getMessage();
        return new InputException("kubernetes: cannot " + what + " in namespace " + namespace + " (" + reason
                + "); check kubectl's context (kubectl get nodes) and the namespace (--namespace)");
    }
}
