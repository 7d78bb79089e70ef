package io.pilotbench.mill;

import static org.assertj.core.api.Assertions.assertThat;

import io.pilotbench.experiment.Job;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The store's contracts, for any database: a subclass gives a fresh, empty one ({@link #dataSource()}). H2 runs
 * always ({@link MillStoreH2Test}); PostgreSQL runs where a server can be started.
 */
abstract class MillStoreContract {
    /** A new, empty database; closed by the subclass in {@link #closeDataSource()}. */
    abstract DataSource dataSource() throws Exception;

    abstract void closeDataSource() throws Exception;

    static final String INJECTION = "x'); DROP TABLE jobs; --";

    TestClock clock;
    MillStore store;
    long alice;
    long bob;

    @BeforeEach
    void open() throws Exception {
        clock = new TestClock();
        store = new MillStore(dataSource(), clock);
        alice = store.createUser("alice", "alice-password").orElseThrow();
        bob = store.createUser(INJECTION, "bob-password").orElseThrow();
    }

    @AfterEach
    void close() throws Exception {
        store.close();
        closeDataSource();
    }

    MillStore.WorkerInfo worker(String name, Map<String, String> inventory) {
        MillStore.Registration r = store.register(store.createEnrolmentToken(alice), name, inventory)
                .orElseThrow();
        return store.authenticate(r.workerId(), r.secret()).orElseThrow();
    }

    long experiment(long owner, boolean isPrivate, int jobs) {
        List<Job> js = new ArrayList<>();
        for (int i = 1; i <= jobs; i++) {
            js.add(new Job(i, "w", 1, Map.of("package", "p" + (i % 2))));
        }
        return store.createExperiment(new MillStore.NewExperiment(
                owner,
                "e",
                isPrivate,
                "e.yaml",
                "name: e\n",
                Map.of(),
                List.of(new MillStore.StoredFile(
                        "packages/p.tar.gz", "package", "ab".repeat(32), new byte[] {1, 2, 3})),
                js,
                List.of()));
    }

    static Map<String, String> row(int number, String worker, String error) {
        Map<String, String> r = new LinkedHashMap<>();
        r.put("job", String.format("%04d", number));
        r.put("worker", worker);
        r.put("time", "1.5");
        r.put("error", error);
        return r;
    }

    @Test
    void approvalInvitesCancelDeleteAndRetireWorkOnThisDatabase() {
        // accounts: awaiting approval, by invite, names unique without regard to case
        MillStore.NewUser carol = store.createUser("carol", "carol-password", false, null);
        assertThat(carol.outcome()).isEqualTo(MillStore.Created.CREATED);
        assertThat(carol.approved()).isFalse();
        assertThat(store.createUser("CAROL", "x-password", true, null).outcome())
                .isEqualTo(MillStore.Created.NAME_TAKEN);
        assertThat(store.createUser("dave", "dave-password", false, "made-up").outcome())
                .isEqualTo(MillStore.Created.BAD_INVITE);
        String code = store.createInvite(alice);
        assertThat(store.createUser("dave", "dave-password", false, code).approved())
                .isTrue();
        assertThat(store.createUser("erin", "erin-password", false, code).outcome())
                .as("used")
                .isEqualTo(MillStore.Created.BAD_INVITE);
        String session = store.login("carol", "carol-password", 60_000).orElseThrow();
        assertThat(store.user(session).orElseThrow().approved()).isFalse();
        assertThat(store.approve("carol")).isTrue();
        assertThat(store.approve("nobody")).isFalse();
        assertThat(store.user(session).orElseThrow().approved()).isTrue();
        assertThat(store.accounts())
                .extracting(MillStore.Account::name)
                .containsExactly("alice", INJECTION, "carol", "dave");
        // cancel: the jobs fail as cancelled, the holder's lease is gone, its row refused
        MillStore.WorkerInfo w = worker("w", Map.of());
        long e = experiment(alice, false, 3);
        MillStore.Lease held = store.lease(w, 60_000).orElseThrow();
        assertThat(store.delete(e)).as("jobs queued").isFalse();
        assertThat(store.cancel(e)).isEqualTo(3);
        assertThat(store.cancelled(held.jobId())).isTrue();
        assertThat(store.heartbeat(w.id(), held.jobId(), held.attempt(), 60_000))
                .isFalse();
        assertThat(store.postResult(w.id(), held.jobId(), held.attempt(), row(held.number(), "w", "")))
                .isEqualTo(MillStore.Posted.NOT_HOLDER);
        assertThat(store.lease(w, 60_000)).isEmpty();
        assertThat(store.jobsByState(e)).containsEntry("cancelled", 3).containsEntry("failed", 0);
        assertThat(store.jobs(e)).extracting(MillStore.JobInfo::state).containsOnly("cancelled");
        assertThat(store.experiment(e).cancelled()).isTrue();
        // clone's files, then delete
        assertThat(store.filesWithContent(e)).singleElement().satisfies(f -> assertThat(f.content())
                .containsExactly(1, 2, 3));
        long kept = experiment(alice, false, 1);
        assertThat(store.delete(e)).isTrue();
        assertThat(store.experiment(e, alice)).isEmpty();
        assertThat(store.jobsByState(kept)).containsEntry("queued", 1);
        // retire
        assertThat(store.retire("w")).isTrue();
        assertThat(store.retire("nobody")).isFalse();
        assertThat(store.workers()).singleElement().satisfies(x -> assertThat(x.retired())
                .isTrue());
        assertThat(store.activeWorkers()).isEmpty();
    }

    @Test
    void usersLogInWithTheirPasswordOnlyAndNamesAreUnique() {
        assertThat(store.createUser("alice", "other")).isEmpty();
        assertThat(store.login("alice", "wrong", 60_000)).isEmpty();
        assertThat(store.login("nobody", "alice-password", 60_000)).isEmpty();
        String token = store.login("alice", "alice-password", 60_000).orElseThrow();
        assertThat(store.user(token).orElseThrow().id()).isEqualTo(alice);
        assertThat(store.user(token + "x")).isEmpty();
        assertThat(store.isAdmin(alice)).as("the first account").isTrue();
        assertThat(store.isAdmin(bob)).isFalse();
        String b = store.login(INJECTION, "bob-password", 60_000).orElseThrow();
        assertThat(store.user(b).orElseThrow().name()).isEqualTo(INJECTION);
        store.logout(b);
        assertThat(store.user(b)).as("logged out").isEmpty();
        assertThat(store.user(token)).as("another session").isPresent();
        clock.advance(60_001);
        assertThat(store.user(token)).as("expired session").isEmpty();
    }

    @Test
    void anEnrolmentTokenRegistersOneWorkerAndItsSecretAuthenticatesIt() {
        String token = store.createEnrolmentToken(alice);
        MillStore.Registration r =
                store.register(token, "host", Map.of("arch", "x86_64")).orElseThrow();
        assertThat(store.register(token, "host", Map.of())).as("a used token").isEmpty();
        assertThat(store.register("made-up", "host", Map.of())).isEmpty();
        assertThat(store.authenticate(r.workerId(), r.secret())).isPresent();
        assertThat(store.authenticate(r.workerId(), r.secret().substring(1) + "A"))
                .isEmpty();
        MillStore.Registration second = store.register(store.createEnrolmentToken(alice), "host", Map.of())
                .orElseThrow();
        assertThat(second.name()).isEqualTo("host-2");
        assertThat(store.authenticate(r.workerId(), second.secret()))
                .as("another worker's secret")
                .isEmpty();
        String old = store.createEnrolmentToken(alice);
        clock.advance(MillStore.TOKEN_TTL_MS);
        assertThat(store.register(old, "late", Map.of())).as("an expired token").isEmpty();
        String stored = store.withHandle(h -> h.createQuery("SELECT secret_hash FROM workers WHERE id = :id")
                .bind("id", r.workerId())
                .mapTo(String.class)
                .one());
        assertThat(stored).isNotEqualTo(r.secret()).isEqualTo(Secrets.hashToken(r.secret()));
    }

    @Test
    void privateExperimentsAreInvisibleToOtherUsers() {
        long mine = experiment(alice, true, 1);
        long open = experiment(alice, false, 1);
        assertThat(store.experiment(mine, alice)).isPresent();
        assertThat(store.experiment(mine, bob)).isEmpty();
        assertThat(store.experiment(open, bob)).isPresent();
        assertThat(store.experiments(bob))
                .extracting(MillStore.ExperimentInfo::id)
                .containsExactly(open);
        assertThat(store.experiments(alice)).hasSize(2);
    }

    @Test
    void anExpiredLeaseGoesToAnotherWorkerAndTheLateResultIsRefused() {
        long e = experiment(alice, false, 1);
        MillStore.WorkerInfo a = worker("a", Map.of());
        MillStore.WorkerInfo b = worker("b", Map.of());
        MillStore.Lease la = store.lease(a, 10_000).orElseThrow();
        assertThat(store.lease(b, 10_000)).as("held by a").isEmpty();
        assertThat(store.lease(a, 10_000).orElseThrow().jobId())
                .as("a gets its job back")
                .isEqualTo(la.jobId());
        clock.advance(5_000);
        assertThat(store.heartbeat(a.id(), la.jobId(), la.attempt(), 10_000)).isTrue();
        clock.advance(9_000);
        assertThat(store.lease(b, 10_000))
                .as("the heartbeat extended a's lease")
                .isEmpty();
        clock.advance(2_000);
        MillStore.Lease lb = store.lease(b, 10_000).orElseThrow();
        assertThat(lb.jobId()).isEqualTo(la.jobId());
        assertThat(lb.attempt()).isEqualTo(la.attempt() + 1);
        assertThat(store.heartbeat(a.id(), la.jobId(), la.attempt(), 10_000)).isFalse();
        assertThat(store.fileForJob(a.id(), la.jobId(), "packages/p.tar.gz"))
                .as("a lost the job")
                .isEmpty();
        assertThat(store.fileForJob(b.id(), lb.jobId(), "packages/p.tar.gz")).isPresent();
        assertThat(store.postResult(a.id(), la.jobId(), la.attempt(), row(1, "a", "")))
                .isEqualTo(MillStore.Posted.NOT_HOLDER);
        assertThat(store.postResult(b.id(), lb.jobId(), lb.attempt(), row(1, "b", "")))
                .isEqualTo(MillStore.Posted.ACCEPTED);
        assertThat(store.postResult(b.id(), lb.jobId(), lb.attempt(), row(1, "b", "")))
                .as("a retry")
                .isEqualTo(MillStore.Posted.DUPLICATE);
        Map<String, String> other = row(1, "b", "");
        other.put("time", "9");
        assertThat(store.postResult(b.id(), lb.jobId(), lb.attempt(), other)).isEqualTo(MillStore.Posted.ALREADY_DONE);
        assertThat(store.postResult(a.id(), la.jobId(), la.attempt(), row(1, "a", "")))
                .isEqualTo(MillStore.Posted.ALREADY_DONE);
        assertThat(store.results(e)).containsExactly(row(1, "b", ""));
        assertThat(store.jobsByState(e)).containsEntry("done", 1).containsEntry("leased", 0);
        assertThat(store.jobsByWorker(e).get("b")).containsEntry("results", 1);
        assertThat(store.lease(a, 10_000)).isEmpty();
    }

    @Test
    void aRestartedMasterRenewsLeasesSoItsDowntimeCostsNoJob() {
        experiment(alice, false, 1);
        MillStore.WorkerInfo a = worker("a", Map.of());
        MillStore.WorkerInfo b = worker("b", Map.of());
        MillStore.Lease l = store.lease(a, 10_000).orElseThrow();
        clock.advance(30_000); // the master was down: no heartbeat arrived
        assertThat(store.renewLeases(10_000)).isEqualTo(1);
        assertThat(store.lease(b, 10_000)).isEmpty();
        assertThat(store.heartbeat(a.id(), l.jobId(), l.attempt(), 10_000)).isTrue();
        clock.advance(10_001);
        assertThat(store.lease(b, 10_000)).as("silent after the restart too").isPresent();
    }

    @Test
    void aJobGivenBackIsQueuedWithItsReason() {
        long e = experiment(alice, false, 1);
        MillStore.WorkerInfo a = worker("a", Map.of());
        MillStore.WorkerInfo b = worker("b", Map.of());
        MillStore.Lease l = store.lease(a, 10_000).orElseThrow();
        assertThat(store.jobs(e)).singleElement().satisfies(j -> {
            assertThat(j.state()).isEqualTo("leased");
            assertThat(j.worker()).isEqualTo("a");
        });
        assertThat(store.release(b.id(), l.jobId(), l.attempt(), "not mine")).isFalse();
        assertThat(store.release(a.id(), l.jobId(), l.attempt(), INJECTION)).isTrue();
        assertThat(store.jobs(e)).singleElement().satisfies(j -> {
            assertThat(j.state()).isEqualTo("queued");
            assertThat(j.worker()).isNull();
            assertThat(j.lastError()).isEqualTo(INJECTION);
        });
        MillStore.Lease again = store.lease(b, 10_000).orElseThrow();
        assertThat(again.attempt()).isEqualTo(2);
        assertThat(store.postResult(b.id(), again.jobId(), again.attempt(), row(1, "b", "")))
                .isEqualTo(MillStore.Posted.ACCEPTED);
        assertThat(store.jobs(e)).singleElement().satisfies(j -> {
            assertThat(j.state()).isEqualTo("done");
            assertThat(j.worker()).isEqualTo("b");
            assertThat(j.archive()).isFalse();
        });
    }

    @Test
    void anArchiveIsKeptFromTheHolderOnlyAndFrozenWithTheRow() {
        long e = experiment(alice, false, 1);
        MillStore.WorkerInfo a = worker("a", Map.of());
        MillStore.WorkerInfo b = worker("b", Map.of());
        MillStore.Lease l = store.lease(a, 10_000).orElseThrow();
        assertThat(store.putArchive(b.id(), l.jobId(), l.attempt(), new byte[] {9}))
                .isFalse();
        assertThat(store.putArchive(a.id(), l.jobId(), l.attempt(), new byte[] {1}))
                .isTrue();
        assertThat(store.putArchive(a.id(), l.jobId(), l.attempt(), new byte[] {2}))
                .as("replaced")
                .isTrue();
        assertThat(store.archive(e, 1)).as("no row yet").isEmpty();
        store.postResult(a.id(), l.jobId(), l.attempt(), row(1, "a", ""));
        assertThat(store.putArchive(a.id(), l.jobId(), l.attempt(), new byte[] {3}))
                .isFalse();
        assertThat(store.archive(e, 1)).hasValueSatisfying(c -> assertThat(c).containsExactly(2));
        assertThat(store.jobs(e).get(0).archive()).isTrue();
    }

    @Test
    void packagesOfManyMegabytesAreKeptWhole() {
        byte[] big = new byte[24 << 20];
        new java.util.Random(1).nextBytes(big);
        long e = store.createExperiment(new MillStore.NewExperiment(
                alice,
                "big",
                false,
                "e.yaml",
                "name: big\n",
                Map.of(),
                List.of(new MillStore.StoredFile("packages/p.tar.gz", "archive", Secrets.sha256(big), big)),
                List.of(new Job(1, "w", 1, Map.of())),
                List.of()));
        MillStore.WorkerInfo a = worker("a", Map.of());
        MillStore.Lease l = store.lease(a, 10_000).orElseThrow();
        assertThat(l.experimentId()).isEqualTo(e);
        assertThat(Secrets.sha256(
                        store.fileForJob(a.id(), l.jobId(), "packages/p.tar.gz").orElseThrow()))
                .isEqualTo(Secrets.sha256(big));
        assertThat(store.files(e)).singleElement().satisfies(f -> assertThat(f.sha256())
                .isEqualTo(Secrets.sha256(big)));
    }

    @Test
    void aFailedRowFailsItsJobAndAJobLeasedTooOftenFails() {
        long e = experiment(alice, false, 2);
        MillStore.WorkerInfo a = worker("a", Map.of());
        MillStore.Lease l = store.lease(a, 1_000).orElseThrow();
        assertThat(store.postResult(a.id(), l.jobId(), l.attempt(), row(l.number(), "a", "run.sh failed")))
                .isEqualTo(MillStore.Posted.ACCEPTED);
        List<MillStore.WorkerInfo> ws = new ArrayList<>();
        for (int i = 0; i < MillStore.MAX_ATTEMPTS; i++) {
            ws.add(worker("x" + i, Map.of()));
        }
        for (MillStore.WorkerInfo w : ws) {
            assertThat(store.lease(w, 1_000)).isPresent();
            clock.advance(1_001);
        }
        assertThat(store.lease(a, 1_000)).isEmpty();
        assertThat(store.jobsByState(e)).containsEntry("failed", 2).containsEntry("done", 0);
    }

    @Test
    void aRowWithOtherColumnsThanTheFirstIsRefused() {
        experiment(alice, false, 2);
        MillStore.WorkerInfo a = worker("a", Map.of());
        MillStore.Lease l1 = store.lease(a, 1_000).orElseThrow();
        assertThat(store.postResult(a.id(), l1.jobId(), l1.attempt(), row(l1.number(), "a", "")))
                .isEqualTo(MillStore.Posted.ACCEPTED);
        MillStore.Lease l2 = store.lease(a, 1_000).orElseThrow();
        Map<String, String> r = row(l2.number(), "a", "");
        r.put("extra", "1");
        assertThat(store.postResult(a.id(), l2.jobId(), l2.attempt(), r)).isEqualTo(MillStore.Posted.OTHER_HEADER);
        assertThat(store.holds(a.id(), l2.jobId()))
                .as("still its job, to post a good row")
                .isTrue();
    }

    @Test
    void workersLeaseOnlyJobsTheyAreEligibleFor() {
        store.createExperiment(new MillStore.NewExperiment(
                alice,
                "hw",
                false,
                "e.yaml",
                "name: hw\n",
                Map.of("memory", "2G"),
                List.of(),
                List.of(new Job(1, "big", 1, Map.of("arch", "aarch64"))),
                List.of("arch")));
        MillStore.WorkerInfo small = worker("small", Map.of("arch", "aarch64", "memory", "1024"));
        MillStore.WorkerInfo x86 = worker("x86", Map.of("arch", "x86_64", "memory", "8589934592"));
        MillStore.WorkerInfo arm = worker("arm", Map.of("arch", "aarch64", "memory", "8589934592"));
        assertThat(store.lease(small, 1_000)).isEmpty();
        assertThat(store.lease(x86, 1_000)).isEmpty();
        assertThat(store.lease(arm, 1_000)).isPresent();
    }

    @Test
    void concurrentLeasesNeverTakeTheSameJob() throws Exception {
        int jobs = 60;
        long e = experiment(alice, false, jobs);
        List<MillStore.WorkerInfo> ws = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            ws.add(worker("c" + i, Map.of()));
        }
        ExecutorService pool = Executors.newFixedThreadPool(ws.size());
        List<Long> taken = Collections.synchronizedList(new ArrayList<>());
        try {
            List<Future<?>> fs = new ArrayList<>();
            for (MillStore.WorkerInfo w : ws) {
                fs.add(pool.submit(() -> {
                    for (MillStore.Lease l; (l = store.lease(w, 60_000).orElse(null)) != null; ) {
                        taken.add(l.jobId());
                        assertThat(store.postResult(w.id(), l.jobId(), l.attempt(), row(l.number(), w.name(), "")))
                                .isEqualTo(MillStore.Posted.ACCEPTED);
                    }
                    return null;
                }));
            }
            for (Future<?> f : fs) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        Set<Long> distinct = new HashSet<>(taken);
        assertThat(taken).hasSize(jobs);
        assertThat(distinct).hasSize(jobs);
        assertThat(store.results(e)).hasSize(jobs);
        assertThat(store.jobsByState(e)).containsEntry("done", jobs);
    }
}
