package io.pilotbench.mill.backend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.PodAffinityTerm;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobConditionBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.JobStatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.server.mock.KubernetesMixedDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import io.fabric8.mockwebserver.ServerRequest;
import io.fabric8.mockwebserver.ServerResponse;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import io.pilotbench.core.model.InputException;
import io.pilotbench.experiment.ExperimentAnalysis;
import io.pilotbench.experiment.ExperimentFile;
import io.pilotbench.experiment.ExperimentSpec;
import io.pilotbench.experiment.Worker;
import io.pilotbench.mill.testing.TinyExperiment;
import io.pilotbench.stats.anova.SumOfSquares;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Kubernetes back-end against fabric8's API-server mock in CRUD mode (objects are stored and listed as an API
 * server would), with this test playing the Job controller: it sees each Job the driver created, makes its pod (with
 * the controller's {@code job-name} label), serves the pod's log and moves the Job's status to succeeded or failed.
 *
 * <p>What this cannot show, since no cluster runs here: that a scheduler honours the anti-affinity, node selector
 * and requests (the test checks the Job objects say what they must, not what a scheduler does with them); that a
 * real pod runs pilot in an image; that the Job controller counts failures and deadlines as assumed (the statuses
 * set here are the documented ones: {@code succeeded}, {@code failed}, condition {@code Failed} with reason
 * {@code DeadlineExceeded}); and the mock serves pod logs from expectations, not from containers.
 */
class KubernetesBackendTest {
    private static final String NS = "bench";
    private static final ClusterRun.Settings FAST = new ClusterRun.Settings(3, Duration.ofMillis(100));

    private static final Pattern LOG = Pattern.compile("/api/v1/namespaces/" + NS + "/pods/([^/?]+)/log(\\?.*)?");

    @TempDir
    Path tmp;
    /** Each pod's log, by the pod's name: what the container printed. */
    private final Map<String, String> logs = new java.util.concurrent.ConcurrentHashMap<>();

    private KubernetesMockServer server;
    private KubernetesClient client;

    @BeforeEach
    void startMock() {
        Map<ServerRequest, Queue<ServerResponse>> responses = new java.util.concurrent.ConcurrentHashMap<>();
        // pods' logs are served from this test's map, not from the mock's expectations (see below)
        server = new KubernetesMockServer(
                new Context(),
                new MockWebServer(),
                responses,
                new KubernetesMixedDispatcher(responses) {
                    @Override
                    public MockResponse dispatch(RecordedRequest request) {
                        Matcher m = LOG.matcher(request.getPath());
                        if (m.matches()) {
                            String text = logs.get(m.group(1));
                            return text == null
                                    ? new MockResponse().setResponseCode(404)
                                    : new MockResponse().setResponseCode(200).setBody(text);
                        }
                        return super.dispatch(request);
                    }
                },
                false);
        server.init();
        // fabric8's getLog reads a log as a stream, and against this mock that stream now and then never ended:
        // the back-end's collect waited for the client's 10 s timeout in about 1 run of this class in 5 here, and
        // two fresh-clone CI runs failed so (with requests dispatched one at a time, and with the JDK's HTTP client,
        // alike). The back-end reads logs with a plain GET now: 20 of 20 runs since. Logs come from the map above,
        // with a 404 for a pod that has none, as an API server answers for a pod gone with its node; the controller
        // acts in the driver's thread (Controlled); the back-end asks again after a timeout, here after 3 s.
        client = server.createClient(
                c -> c.editOrNewConfig().withRequestTimeout(3_000).endConfig());
        for (String n : List.of("node-a", "node-b")) {
            client.nodes()
                    .resource(new NodeBuilder()
                            .withNewMetadata()
                            .withName(n)
                            .addToLabels("kubernetes.io/arch", "amd64")
                            .addToLabels("kubernetes.io/os", "linux")
                            .addToLabels(KubernetesBackend.HOSTNAME, n)
                            .addToLabels("disktype", n.equals("node-a") ? "ssd" : "hdd")
                            .endMetadata()
                            .withNewStatus()
                            .addToCapacity("cpu", new Quantity("4"))
                            .addToCapacity("memory", new Quantity("8Gi"))
                            .endStatus()
                            .build())
                    .create();
        }
    }

    @AfterEach
    void stopMock() {
        client.close();
        server.destroy();
    }

    private KubernetesBackend backend() {
        return new KubernetesBackend(
                server.createClient(
                        c -> c.editOrNewConfig().withRequestTimeout(3_000).endConfig()),
                NS,
                "registry.example/pilot:1",
                List.of("pilot"),
                "/experiments/tiny.yaml");
    }

    @Test
    void theInventoryIsTheNodesWithTheirLabelsCoresAndMemory() throws Exception {
        List<Worker> nodes;
        try (KubernetesBackend b = backend()) {
            nodes = b.inventory();
        }
        assertThat(nodes).extracting(Worker::name).containsExactlyInAnyOrder("node-a", "node-b");
        Worker a = nodes.stream()
                .filter(w -> w.name().equals("node-a"))
                .findFirst()
                .orElseThrow();
        assertThat(a.attributes())
                .containsEntry("arch", "x86_64")
                .containsEntry("os", "linux")
                .containsEntry("cores", "4")
                .containsEntry("memory", Long.toString(8L << 30))
                .containsEntry("disktype", "ssd");
    }

    @Test
    void aJobIsExclusiveBoundedAndSelectsItsNodesByTheConstraints() throws Exception {
        Path file = TinyExperiment.write(tmp.resolve("exp"), 1, "0");
        ExperimentSpec spec = withConstraints(
                ExperimentFile.read(file), Map.of("arch", "x86_64", "disktype", "ssd", "memory", "2G", "cores", "2"));
        io.pilotbench.experiment.Job job = new io.pilotbench.experiment.Job(1, "kubernetes", 1, Map.of("work", "4"));
        ClusterJob t = new ClusterJob(
                "pilot-0a1b2c3d-0001-a1",
                job,
                JobRunner.jobCsv(spec, job),
                1,
                tmp,
                null,
                Duration.ofSeconds(620),
                spec.constraints());
        Job k = KubernetesBackend.job(t, NS, "img:1", List.of("pilot"), "/e/tiny.yaml");
        assertThat(k.getSpec().getBackoffLimit()).isZero();
        assertThat(k.getSpec().getActiveDeadlineSeconds()).isEqualTo(620L);
        assertThat(k.getMetadata().getLabels())
                .containsEntry(KubernetesBackend.EXPERIMENT, "pilot-0a1b2c3d")
                .containsEntry(KubernetesBackend.JOB, "0001");
        PodSpec pod = k.getSpec().getTemplate().getSpec();
        assertThat(pod.getRestartPolicy()).isEqualTo("Never");
        assertThat(pod.getNodeSelector())
                .containsExactlyInAnyOrderEntriesOf(Map.of("kubernetes.io/arch", "amd64", "disktype", "ssd"));
        assertThat(k.getSpec().getTemplate().getMetadata().getLabels())
                .containsEntry(KubernetesBackend.EXCLUSIVE, "true");
        List<PodAffinityTerm> apart =
                pod.getAffinity().getPodAntiAffinity().getRequiredDuringSchedulingIgnoredDuringExecution();
        assertThat(apart).hasSize(1);
        assertThat(apart.get(0).getTopologyKey()).isEqualTo(KubernetesBackend.HOSTNAME);
        assertThat(apart.get(0).getLabelSelector().getMatchLabels())
                .containsExactly(Map.entry(KubernetesBackend.EXCLUSIVE, "true"));
        assertThat(apart.get(0).getNamespaceSelector()).as("all namespaces").isNotNull();
        var container = pod.getContainers().get(0);
        assertThat(container.getImage()).isEqualTo("img:1");
        assertThat(container.getResources().getRequests())
                .containsEntry("cpu", new Quantity("2"))
                .containsEntry("memory", new Quantity(Long.toString(2L << 30)));
        assertThat(container.getCommand())
                .containsSubsequence("pilot", "experiment", "run-job", "--file", "/e/tiny.yaml", "--print-row");
        assertThat(container.getEnv().get(0).getValue()).isEqualTo(JobRunner.jobCsv(spec, job));
        // a job pinned to its planned node (hardware factors) selects it by hostname
        ClusterJob pinned = new ClusterJob(t.name(), job, t.jobCsv(), 1, tmp, "node-b", null, Map.of());
        assertThat(KubernetesBackend.job(pinned, NS, "img:1", List.of("pilot"), "/e/tiny.yaml")
                        .getSpec()
                        .getTemplate()
                        .getSpec()
                        .getNodeSelector())
                .containsExactly(Map.entry(KubernetesBackend.HOSTNAME, "node-b"));
    }

    /**
     * Four jobs: 0001 and 0004 succeed at once, 0002's first Job fails (DeadlineExceeded, no row) and 0003's first
     * Job is deleted while it runs (lost); both are submitted once more and collected, and every row lands once.
     */
    @Test
    void jobsAreCollectedOnceAndFailedOrDeletedJobsAreSubmittedAgainOnce() throws Exception {
        Path file = TinyExperiment.write(tmp.resolve("exp"), 2, "0");
        ExperimentSpec spec = ExperimentFile.read(file);
        Path dir = tmp.resolve("out");
        Set<String> handled = new HashSet<>();
        // The test plays the Job controller in the driver's own thread, before each poll, so that the mock serves
        // one request at a time: with the two calling together it stopped answering now and then (see startMock)
        Runnable controller = () -> {
            for (Job j : client.batch().v1().jobs().inNamespace(NS).list().getItems()) {
                String name = j.getMetadata().getName();
                if (!handled.add(name)) {
                    continue;
                }
                String id = j.getMetadata().getLabels().get(KubernetesBackend.JOB);
                boolean first = name.endsWith("-a1");
                if (id.equals("0002") && first) {
                    fail(j, "DeadlineExceeded");
                } else if (id.equals("0003") && first) {
                    running(j);
                    // the Job is deleted (a node lost, an operator's kubectl delete); a real cluster then collects
                    // its pod, the mock does not: the pod stays, but its log is gone (404), as with a pod that died
                    // with its node. The Job must still count as lost, and run again
                    client.batch().v1().jobs().inNamespace(NS).withName(name).delete();
                } else {
                    succeed(j, spec);
                }
            }
        };
        AtomicReference<ClusterRun.Outcome> outcome = new AtomicReference<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        StringWriter log = new StringWriter();
        Thread driver = new Thread(() -> {
            try (KubernetesBackend b = backend()) {
                outcome.set(
                        ClusterRun.start(spec, new Controlled(b, controller), dir, false, FAST, new PrintWriter(log)));
            } catch (Throwable e) {
                failure.set(e);
            }
        });
        driver.start();
        driver.join(60_000);
        assertThat(failure.get()).isNull();
        ClusterRun.Outcome o = outcome.get();
        assertThat(o).as(log.toString()).isNotNull();
        assertThat(o.collected()).isEqualTo(4);
        assertThat(o.resubmitted()).isEqualTo(2);
        assertThat(o.givenUp()).isEmpty();
        assertThat(handled)
                .containsExactlyInAnyOrder(
                        names(dir, "0001-a1", "0002-a1", "0002-a2", "0003-a1", "0003-a2", "0004-a1"));
        List<Map<String, String>> rows = Csv.records(Files.readString(dir.resolve("results.csv")));
        assertThat(rows).extracting(r -> r.get("job")).containsExactlyInAnyOrder("0001", "0002", "0003", "0004");
        String journal = Files.readString(dir.resolve("cluster/journal.csv"));
        assertThat(journal)
                .contains("ended,0002,1," + ClusterRun.tag(dir) + "-0002-a1,DeadlineExceeded")
                .contains("ended,0003,1," + ClusterRun.tag(dir) + "-0003-a1,lost");
        var a = ExperimentAnalysis.analyze(dir, 2, SumOfSquares.TYPE_II).get(0);
        assertThat(a.n()).isEqualTo(4);
        assertThat(a.factors()).containsExactly("work");
    }

    @Test
    void aResumedDriverFollowsTheJobsItSubmittedAndSubmitsNothingTwice() throws Exception {
        Path file = TinyExperiment.write(tmp.resolve("exp"), 1, "0");
        ExperimentSpec spec = ExperimentFile.read(file);
        Path dir = tmp.resolve("out");
        Thread driver = new Thread(() -> {
            try (KubernetesBackend b = backend()) {
                ClusterRun.start(spec, b, dir, false, FAST, null);
            } catch (Exception e) {
                // interrupted: the driver "dies"; its Jobs stay
            }
        });
        driver.start();
        long end = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (client.batch().v1().jobs().inNamespace(NS).list().getItems().size() < 2 && System.nanoTime() < end) {
            Thread.sleep(20);
        }
        driver.interrupt();
        driver.join(5_000);
        assertThat(driver.isAlive()).isFalse();
        List<Job> jobs = client.batch().v1().jobs().inNamespace(NS).list().getItems();
        assertThat(jobs).hasSize(2);
        jobs.forEach(j -> succeed(j, spec));
        try (KubernetesBackend b = backend()) {
            ClusterRun.Outcome o = ClusterRun.resume(dir, b, FAST, null);
            assertThat(o.collected()).isEqualTo(2);
            assertThat(o.resubmitted()).isZero();
        }
        assertThat(client.batch().v1().jobs().inNamespace(NS).list().getItems()).hasSize(2);
    }

    @Test
    void anUnreachableApiServerIsOneClearLine() {
        // no retries here (fabric8 retries a refused connection 10 times, backing off, about 19 s in all)
        KubernetesBackend b = new KubernetesBackend(
                server.createClient(
                        c -> c.editOrNewConfig().withRequestRetryBackoffLimit(0).endConfig()),
                NS,
                "img:1",
                List.of("pilot"),
                null);
        server.destroy();
        assertThatThrownBy(b::inventory)
                .isInstanceOf(InputException.class)
                .hasMessageStartingWith("kubernetes: cannot list the nodes in namespace bench (")
                .hasMessageEndingWith("check kubectl's context (kubectl get nodes) and the namespace (--namespace)");
    }

    /** The back-end, with the test's Job controller run before each poll, in the same thread. */
    private static final class Controlled extends ForwardingBackend {
        private final Runnable controller;

        Controlled(KubernetesBackend real, Runnable controller) {
            super(real);
            this.controller = controller;
        }

        @Override
        public Map<String, State> poll(Map<String, ClusterJob> jobs) throws IOException {
            controller.run();
            return inner.poll(jobs);
        }
    }

    private static String[] names(Path dir, String... stems) {
        return java.util.Arrays.stream(stems)
                .map(s -> ClusterRun.tag(dir) + "-" + s)
                .toArray(String[]::new);
    }

    private static ExperimentSpec withConstraints(ExperimentSpec s, Map<String, String> c) {
        return new ExperimentSpec(
                s.name(),
                s.file(),
                s.seed(),
                s.replications(),
                s.packages(),
                c,
                s.metrics(),
                s.factors(),
                s.precision());
    }

    /** What the Job controller does when a pod starts: a pod labelled with the Job's name, the Job active. */
    private void running(Job j) {
        String name = j.getMetadata().getName();
        try {
            client.pods()
                    .inNamespace(NS)
                    .resource(new PodBuilder()
                            .withNewMetadata()
                            .withName(name + "-pod")
                            .addToLabels("job-name", name)
                            .endMetadata()
                            .build())
                    .create();
        } catch (KubernetesClientException e) {
            if (e.getCode() != 409) {
                throw e;
            }
            // made by an earlier try whose answer was lost
        }
        j.setStatus(new JobStatusBuilder().withActive(1).build());
        client.batch().v1().jobs().inNamespace(NS).resource(j).updateStatus();
    }

    /** The pod ran pilot: its log ends with the row line; the Job succeeded. */
    private void succeed(Job j, ExperimentSpec spec) {
        running(j);
        String name = j.getMetadata().getName();
        String id = j.getMetadata().getLabels().get(KubernetesBackend.JOB);
        String work = JobRunner.readJob(
                        spec,
                        j.getSpec()
                                .getTemplate()
                                .getSpec()
                                .getContainers()
                                .get(0)
                                .getEnv()
                                .get(0)
                                .getValue(),
                        name)
                .levels()
                .get("work");
        double time = 0.01 * Integer.parseInt(work) + 0.0001 * Integer.parseInt(id);
        Map<String, String> row = new LinkedHashMap<>();
        row.put("job", id);
        row.put("worker", "kubernetes");
        row.put("replication", "1");
        row.put("package", "spin");
        row.put("work", work);
        row.put("work.observed", work);
        row.put("time", Double.toString(time));
        row.put("time.ci.low", Double.toString(time * 0.99));
        row.put("time.ci.high", Double.toString(time * 1.01));
        row.put("rounds", "3");
        row.put("stop", "round_limit");
        row.put("units", Integer.toString(4000 * Integer.parseInt(work)));
        row.put("env.bytes", "2000");
        row.put("error", "");
        logs.put(name + "-pod", "job " + id + ": time " + time + " s\n" + JobRunner.rowLine(row) + "\n");
        Job now = client.batch().v1().jobs().inNamespace(NS).withName(name).get();
        now.setStatus(new JobStatusBuilder().withSucceeded(1).build());
        client.batch().v1().jobs().inNamespace(NS).resource(now).updateStatus();
    }

    /** The Job hit its deadline: the controller killed the pod (no row in its log) and marked the Job failed. */
    private void fail(Job j, String reason) {
        running(j);
        String name = j.getMetadata().getName();
        logs.put(name + "-pod", "setup...\n");
        Job now = client.batch().v1().jobs().inNamespace(NS).withName(name).get();
        now.setStatus(new JobStatusBuilder()
                .withFailed(1)
                .withConditions(new JobConditionBuilder()
                        .withType("Failed")
                        .withStatus("True")
                        .withReason(reason)
                        .build())
                .build());
        client.batch().v1().jobs().inNamespace(NS).resource(now).updateStatus();
    }
}
