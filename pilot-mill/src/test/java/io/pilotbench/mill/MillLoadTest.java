package io.pilotbench.mill;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Load: {@value #WORKERS} simulated workers (threads, each with its own credentials, over real HTTP) lease jobs and
 * post results against one master on H2 for at most {@value #SECONDS} s. No job may be leased twice (leases outlast
 * the test, so a second lease would be a double) and every accepted result must be the job's only row. The
 * throughput and latency it prints are recorded in bench/README.md.
 */
class MillLoadTest {
    static final int WORKERS = 200;
    static final int SECONDS = 10;

    @TempDir
    Path tmp;

    @Test
    void twoHundredWorkersNeverShareALeaseOrDoubleAResult() throws Exception {
        try (MillServer master = MillServer.start(
                new MillServer.Options("127.0.0.1", 0, tmp.resolve("master"), null, null, null, Duration.ofMinutes(10)),
                Clock.systemUTC(),
                new PrintWriter(new StringWriter()))) {
            MillHttp http = new MillHttp(master.port());
            String user = http.user("load", "load-password");
            List<String> workers = new ArrayList<>();
            List<String> names = new ArrayList<>();
            for (int i = 0; i < WORKERS; i++) {
                MillHttp.Reply r = http.post(
                        "api/worker/register",
                        null,
                        Map.of(
                                "token",
                                http.enrolmentToken(user),
                                "name",
                                "sim" + i,
                                "inventory",
                                Map.of("arch", "x86_64")));
                workers.add(r.json().get("id") + "." + r.json().get("secret"));
                names.add((String) r.json().get("name"));
            }
            Map<String, Object> body = TinyExperiment.submission("load", "0", false);
            body.put("experiment", ((String) body.get("experiment")).replace("replications: 2", "replications: 250"));
            MillHttp.Reply created = http.post("api/experiments", user, body);
            assertThat(created.status()).as(created.body()).isEqualTo(201);
            int jobs = ((Number) created.json().get("jobs")).intValue();
            assertThat(jobs).isEqualTo(1000);

            Map<Long, List<String>> leasedBy = new ConcurrentHashMap<>();
            List<Long> leaseNanos = Collections.synchronizedList(new ArrayList<>());
            List<Long> resultNanos = Collections.synchronizedList(new ArrayList<>());
            AtomicInteger accepted = new AtomicInteger();
            AtomicInteger refused = new AtomicInteger();
            List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
            long end = System.nanoTime() + Duration.ofSeconds(SECONDS).toNanos();
            CountDownLatch done = new CountDownLatch(WORKERS);
            long started = System.nanoTime();
            for (int i = 0; i < WORKERS; i++) {
                String credentials = workers.get(i);
                String name = names.get(i);
                Thread t = new Thread(() -> {
                    try {
                        MillHttp mine = new MillHttp(master.port());
                        while (System.nanoTime() < end) {
                            long t0 = System.nanoTime();
                            MillHttp.Reply l = mine.post("api/worker/lease", credentials, Map.of());
                            leaseNanos.add(System.nanoTime() - t0);
                            if (l.status() == 204) {
                                break;
                            }
                            Map<String, Object> lease = l.json();
                            leasedBy.computeIfAbsent(
                                            ((Number) lease.get("job")).longValue(),
                                            k -> Collections.synchronizedList(new ArrayList<>()))
                                    .add(name);
                            long t1 = System.nanoTime();
                            MillHttp.Reply r = mine.post(
                                    "api/worker/jobs/" + lease.get("job") + "/result",
                                    credentials,
                                    MillSecurityTest.row(lease, name));
                            resultNanos.add(System.nanoTime() - t1);
                            (r.status() == 200 ? accepted : refused).incrementAndGet();
                        }
                    } catch (Throwable e) {
                        failures.add(e);
                    } finally {
                        done.countDown();
                    }
                });
                t.start();
            }
            done.await();
            double seconds = (System.nanoTime() - started) / 1e9;
            assertThat(failures).isEmpty();
            assertThat(refused.get()).isZero();
            assertThat(leasedBy.values())
                    .allSatisfy(holders -> assertThat(holders).hasSize(1));
            long results = master.store().withHandle(h -> h.createQuery("SELECT COUNT(*) FROM results")
                    .mapTo(Long.class)
                    .one());
            long distinct = master.store().withHandle(h -> h.createQuery("SELECT COUNT(DISTINCT job_id) FROM results")
                    .mapTo(Long.class)
                    .one());
            assertThat(results).isEqualTo(accepted.get()).isEqualTo(distinct).isEqualTo(leasedBy.size());
            Set<Long> doneJobs = new HashSet<>(
                    master.store().withHandle(h -> h.createQuery("SELECT id FROM jobs " + "WHERE state = 'done'")
                            .mapTo(Long.class)
                            .list()));
            assertThat(doneJobs).isEqualTo(leasedBy.keySet());
            System.out.printf(
                    "mill load: %d workers, %d jobs leased and reported in %.1f s: %.0f jobs/s; lease "
                            + "p50 %.1f ms p99 %.1f ms; result p50 %.1f ms p99 %.1f ms%n",
                    WORKERS,
                    results,
                    seconds,
                    results / seconds,
                    pct(leaseNanos, 50),
                    pct(leaseNanos, 99),
                    pct(resultNanos, 50),
                    pct(resultNanos, 99));
        }
    }

    static double pct(List<Long> nanos, int p) {
        long[] a = nanos.stream().mapToLong(Long::longValue).toArray();
        Arrays.sort(a);
        return a.length == 0 ? Double.NaN : a[Math.min(a.length - 1, (int) Math.ceil(p / 100.0 * a.length) - 1)] / 1e6;
    }
}
