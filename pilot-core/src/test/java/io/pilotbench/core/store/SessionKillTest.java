package io.pilotbench.core.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.pilotbench.core.api.Pilot;
import io.pilotbench.core.api.Session;
import io.pilotbench.core.model.MetricResult;
import io.pilotbench.core.model.ProgressListener;
import io.pilotbench.core.model.Round;
import io.pilotbench.core.model.SessionResult;
import io.pilotbench.core.model.StopReason;
import io.pilotbench.core.model.StoredSession;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kills a real JVM running a session with SIGKILL in the middle of its rounds, then re-analyses and resumes the
 * directory it left behind.
 */
class SessionKillTest {
    @TempDir
    Path tmp;

    @Test
    void aKilledSessionLosesAtMostTheRoundInProgressAndCanBeResumed() throws Exception {
        Path dir = tmp.resolve("session");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder(
                        java,
                        "-cp",
                        System.getProperty("java.class.path"),
                        KillableSessionMain.class.getName(),
                        dir.toString())
                .redirectErrorStream(true)
                .redirectOutput(tmp.resolve("child.log").toFile())
                .start();
        Path rounds = dir.resolve(SessionFiles.ROUNDS);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (lines(rounds) < 12 && System.nanoTime() < deadline && child.isAlive()) {
            Thread.sleep(20);
        }
        assertThat(child.isAlive())
                .as("child log: %s", read(tmp.resolve("child.log")))
                .isTrue();
        child.destroyForcibly(); // SIGKILL: no shutdown hooks, no flushing
        assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();

        StoredSession stored = SessionReader.read(dir);
        assertThat(stored.ended()).isNull();
        assertThat(stored.name()).isEqualTo("killable");
        int n = stored.rounds().size();
        assertThat(n).isGreaterThanOrEqualTo(10);
        for (Round r : stored.rounds()) {
            // every committed round is complete and exactly what the workload produced
            assertThat(r.unitReadings(0))
                    .containsExactly(KillableSessionMain.round(r.index()).unitReadings(0));
            assertThat(r.reading(0))
                    .isEqualTo(KillableSessionMain.round(r.index()).reading(0));
        }
        SessionResult reanalysed = Session.analyse(stored);
        assertThat(reanalysed.stopReason()).isEqualTo(StopReason.INTERRUPTED);
        Session memory = Session.inMemory(KillableSessionMain.settings());
        for (int i = 0; i < n; i++) {
            memory.addRound(0, KillableSessionMain.round(i));
        }
        MetricResult expected = memory.result().pis().get(0).unitReadings();
        MetricResult actual = reanalysed.pis().get(0).unitReadings();
        assertThat(actual.n()).isEqualTo(expected.n());
        assertThat(actual.mean()).isEqualTo(expected.mean());

        // Resume with a round limit a few rounds further on.
        SessionResult resumed = Pilot.resume(
                dir, (round, work) -> KillableSessionMain.round(round), ProgressListener.none(), s -> s.toBuilder()
                        .maxRounds(n + 3)
                        .build());
        assertThat(resumed.rounds()).isEqualTo(n + 3);
        assertThat(resumed.stopReason()).isEqualTo(StopReason.ROUND_LIMIT);
        StoredSession after = SessionReader.read(dir);
        assertThat(after.rounds()).hasSize(n + 3);
        assertThat(after.ended()).isNotNull();
        assertThat(after.discarded()).isZero();
        assertThat(Files.exists(dir.resolve(SessionFiles.RESULT))).isTrue();
    }

    private static long lines(Path p) throws Exception {
        if (!Files.exists(p)) {
            return 0;
        }
        try (var s = Files.lines(p)) {
            return s.count();
        }
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (Exception e) {
            return "(none)";
        }
    }
}
