package io.pilotbench.mill.backend;

import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.AffinityBuilder;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The batch/v1 Job that runs one cluster job, laid out as {@link KubernetesBackend}'s class comment shows. Separate so
 * that the backend keeps the client's calls, and this class the manifest, built in its parts: the placement, the
 * command, the pod and the Job around it.
 */
final class JobManifest {
    private JobManifest() {}

    /** The Job for {@code job}. */
    static Job of(ClusterJob job, String namespace, String image, List<String> launcher, String file) {
        String tag = experimentTag(job);
        PodSpec pod = podSpec(job, image, command(launcher, file));
        return new JobBuilder()
                .withNewMetadata()
                .withName(job.name())
                .withNamespace(namespace)
                .addToLabels("app.kubernetes.io/managed-by", "pilot")
                .addToLabels(KubernetesBackend.EXPERIMENT, tag)
                .addToLabels(KubernetesBackend.JOB, job.job().id())
                .endMetadata()
                .withNewSpec()
                .withBackoffLimit(0)
                .withActiveDeadlineSeconds(
                        job.timeLimit() == null ? null : job.timeLimit().toSeconds())
                .withNewTemplate()
                .withNewMetadata()
                .addToLabels(KubernetesBackend.EXCLUSIVE, "true")
                .addToLabels(KubernetesBackend.EXPERIMENT, tag)
                .addToLabels(KubernetesBackend.JOB, job.job().id())
                .endMetadata()
                .withSpec(pod)
                .endTemplate()
                .endSpec()
                .build();
    }

    /** The experiment's tag: the job's name without its "-NNNN-aK" suffix. */
    private static String experimentTag(ClusterJob job) {
        return job.name().substring(0, job.name().length() - ("-" + job.job().id() + "-a" + job.attempt()).length());
    }

    /** The node selector and resource requests that the job's constraints and planned node make. */
    private record Placement(Map<String, String> selector, Map<String, Quantity> requests) {
        static Placement of(ClusterJob job) {
            Map<String, String> selector = new LinkedHashMap<>();
            Map<String, Quantity> requests = new LinkedHashMap<>();
            for (Map.Entry<String, String> c : job.constraints().entrySet()) {
                String v = c.getValue().replace(">=", "").strip();
                switch (c.getKey()) {
                    case "cores" -> requests.put("cpu", new Quantity(v));
                    case "memory" -> requests.put("memory", new Quantity(Long.toString((long) SlurmBackend.bytes(v))));
                    case "arch" ->
                        selector.put(
                                "kubernetes.io/arch",
                                switch (v) {
                                    case "x86_64" -> "amd64";
                                    case "aarch64" -> "arm64";
                                    default -> v;
                                });
                    case "os" -> selector.put("kubernetes.io/os", v.toLowerCase(Locale.ROOT));
                    default -> selector.put(c.getKey(), v);
                }
            }
            if (job.node() != null) {
                selector.put(KubernetesBackend.HOSTNAME, job.node());
            }
            return new Placement(selector, requests);
        }
    }

    /** The container's command: sh writes $PILOT_JOB to the job file and execs the launcher's run-job. */
    private static List<String> command(List<String> launcher, String file) {
        List<String> words = new ArrayList<>(
                List.of("sh", "-c", "printf '%s' \"$PILOT_JOB\" > /tmp/pilot-job.csv && exec \"$@\"", "sh"));
        words.addAll(launcher);
        words.addAll(List.of(
                "experiment",
                "run-job",
                "--file",
                file,
                "--job",
                "/tmp/pilot-job.csv",
                "--dir",
                "/tmp/pilot-job",
                "--print-row"));
        return words;
    }

    /** The pod: never restarted, apart from every other pilot job, on a node that meets the constraints. */
    private static PodSpec podSpec(ClusterJob job, String image, List<String> words) {
        Placement placement = Placement.of(job);
        Map<String, Quantity> requests = placement.requests();
        Container container = new ContainerBuilder()
                .withName("job")
                .withImage(image)
                .withCommand(words)
                .addNewEnv()
                .withName("PILOT_JOB")
                .withValue(job.jobCsv())
                .endEnv()
                .withNewResources()
                .withRequests(requests.isEmpty() ? null : requests)
                .endResources()
                .build();
        return new PodSpecBuilder()
                .withRestartPolicy("Never")
                .withAffinity(apart())
                .withNodeSelector(placement.selector().isEmpty() ? null : placement.selector())
                .addToContainers(container)
                .build();
    }

    /** A required pod anti-affinity on the exclusive label, over all namespaces: two pilot jobs never share a node. */
    private static Affinity apart() {
        return new AffinityBuilder()
                .withNewPodAntiAffinity()
                .addNewRequiredDuringSchedulingIgnoredDuringExecution()
                .withNewLabelSelector()
                .addToMatchLabels(KubernetesBackend.EXCLUSIVE, "true")
                .endLabelSelector()
                .withNamespaceSelector(new LabelSelector()) // every namespace
                .withTopologyKey(KubernetesBackend.HOSTNAME)
                .endRequiredDuringSchedulingIgnoredDuringExecution()
                .endPodAntiAffinity()
                .build();
    }
}
