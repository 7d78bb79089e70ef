package io.pilotbench.core.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pilotbench.core.model.CiTarget;
import io.pilotbench.core.model.InputException;
import io.pilotbench.core.model.PerformanceIndex;
import io.pilotbench.core.model.Round;
import io.pilotbench.core.model.RoundStatus;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.core.model.StoredSession;
import io.pilotbench.core.model.WarmupRemoval;
import io.pilotbench.core.model.WpsMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SessionJournalTest {
    @TempDir
    Path tmp;

    private static final SessionSettings SETTINGS = SessionSettings.builder()
            .pi(PerformanceIndex.of("latency", "ms").withUnitReadingsMustSatisfy(true))
            .pi(PerformanceIndex.of("hit, rate", "").withKind(PerformanceIndex.Kind.BINARY))
            .confidence(0.99)
            .autocorrelationLimit(0.2)
            .ciTarget(CiTarget.absolute(0.5))
            .minSubsessions(7)
            .warmupRemoval(WarmupRemoval.fixed(0.25))
            .workAmount(10, 5000)
            .shortRound(Duration.ofMillis(1500))
            .wps(WpsMode.REPORT)
            .wpsFirstResult(Duration.ofSeconds(30))
            .minRounds(3)
            .maxRounds(99)
            .maxDuration(Duration.ofMinutes(5))
            .maxFailures(2)
            .build();

    private static Round round(int i) {
        return new Round(
                i,
                10L * (i + 1),
                Instant.parse("2026-11-21T10:00:00Z").plusSeconds(i),
                1_500_000_000L + i,
                i == 2 ? RoundStatus.FAILED : RoundStatus.OK,
                new double[] {1.5 + i, i == 1 ? Double.NaN : 1},
                new double[][] {{i, i + 0.25, 1e-300}, {}},
                i == 2 ? 3 : 0,
                1000L,
                null,
                4096L,
                i == 2 ? "exit code 3, \"quoted\", with comma" : null);
    }

    @Test
    void roundsAndSettingsReadBackExactly() throws Exception {
        Path dir = tmp.resolve("s");
        try (SessionJournal j = SessionJournal.create(dir, "bench --x", SETTINGS, null, Instant.EPOCH)) {
            for (int i = 0; i < 3; i++) {
                j.append(round(i));
            }
            j.finish(
                    Instant.EPOCH.plusSeconds(9),
                    io.pilotbench.core.model.StopReason.ROUND_LIMIT,
                    java.util.Map.of("ok", true));
        }
        StoredSession s = SessionReader.read(dir);
        assertThat(s.settings()).isEqualTo(SETTINGS);
        assertThat(s.name()).isEqualTo("bench --x");
        assertThat(s.ended()).isEqualTo(Instant.EPOCH.plusSeconds(9));
        assertThat(s.stopReason()).isEqualTo(io.pilotbench.core.model.StopReason.ROUND_LIMIT);
        assertThat(s.rounds()).hasSize(3);
        for (int i = 0; i < 3; i++) {
            Round a = round(i);
            Round b = s.rounds().get(i);
            assertThat(b.workAmount()).isEqualTo(a.workAmount());
            assertThat(b.start()).isEqualTo(a.start());
            assertThat(b.durationNanos()).isEqualTo(a.durationNanos());
            assertThat(b.status()).isEqualTo(a.status());
            assertThat(b.reading(0)).isEqualTo(a.reading(0));
            assertThat(Double.compare(b.reading(1), a.reading(1)))
                    .as("NaN stays missing")
                    .isZero();
            assertThat(b.unitReadings(0)).containsExactly(a.unitReadings(0));
            assertThat(b.unitReadings(1)).isEmpty();
            assertThat(b.exitCode()).isEqualTo(a.exitCode());
            assertThat(b.userCpuNanos()).isEqualTo(1000L);
            assertThat(b.systemCpuNanos()).isNull();
            assertThat(b.peakRssBytes()).isEqualTo(4096L);
            assertThat(b.message()).isEqualTo(a.message());
        }
    }

    @Test
    void aRoundCutMidWriteIsIgnoredAndDroppedOnResume() throws Exception {
        Path dir = tmp.resolve("s");
        try (SessionJournal j = SessionJournal.create(dir, "w", SETTINGS, null, Instant.EPOCH)) {
            j.append(round(0));
            j.append(round(1));
        }
        // round 2 was being written: its unit readings and readings made it, its rounds.csv row did not (cut)
        Files.writeString(dir.resolve(SessionFiles.UNIT_READINGS), "2,0,0,7.0\n2,0,1,8", StandardOpenOption.APPEND);
        Files.writeString(dir.resolve(SessionFiles.READINGS), "2,0,3.5\n", StandardOpenOption.APPEND);
        Files.writeString(dir.resolve(SessionFiles.ROUNDS), "2,30,2026-11-21T10:00:02Z,15", StandardOpenOption.APPEND);
        StoredSession s = SessionReader.read(dir);
        assertThat(s.rounds()).hasSize(2);
        assertThat(s.discarded()).isEqualTo(2);

        SessionJournal.Resumed r = SessionJournal.resume(dir, x -> x);
        r.journal().append(round(2));
        r.journal().close();
        StoredSession after = SessionReader.read(dir);
        assertThat(after.rounds()).hasSize(3);
        assertThat(after.discarded()).isZero();
        assertThat(after.rounds().get(2).unitReadings(0)).containsExactly(round(2).unitReadings(0));
    }

    @Test
    void refusesANonEmptyDirectory() throws Exception {
        Files.writeString(tmp.resolve("x.txt"), "data");
        assertThatThrownBy(() -> SessionJournal.create(tmp, "w", SETTINGS, null, Instant.EPOCH))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("is not empty");
        assertThat(Files.readString(tmp.resolve("x.txt"))).isEqualTo("data");
    }

    @Test
    void badDirectoriesGiveOneLineMessages() throws Exception {
        assertThatThrownBy(() -> SessionReader.read(tmp))
                .isInstanceOf(InputException.class)
                .hasMessageContaining("holds no session, it is empty");
        Files.writeString(tmp.resolve("other.txt"), "x");
        assertThatThrownBy(() -> SessionReader.read(tmp))
                .isInstanceOf(InputException.class)
                .hasMessageContaining("is a directory but not a Pilot session");
        Files.delete(tmp.resolve("other.txt"));
        Path dir = tmp.resolve("s");
        SessionJournal.create(dir, "w", SETTINGS, null, Instant.EPOCH).close();
        Files.writeString(dir.resolve(SessionFiles.READINGS), "0,5,1.0\n", StandardOpenOption.APPEND);
        Files.writeString(dir.resolve(SessionFiles.ROUNDS), round0Row(), StandardOpenOption.APPEND);
        assertThatThrownBy(() -> SessionReader.read(dir))
                .isInstanceOf(InputException.class)
                .hasMessageContaining("readings.csv:2: PI 5 does not exist");
        Files.writeString(dir.resolve(SessionFiles.SESSION), "{\"formatVersion\": 99}", StandardCharsets.UTF_8);
        assertThatThrownBy(() -> SessionReader.read(dir))
                .isInstanceOf(InputException.class)
                .hasMessageContaining("format version 99 is not supported");
    }

    @Test
    void aSessionBeingWrittenIsRefusedToASecondWriterAndFreedWhenClosed() throws Exception {
        Path dir = tmp.resolve("s");
        SessionJournal first = SessionJournal.create(dir, "w", SETTINGS, null, Instant.EPOCH);
        first.append(round(0));
        assertThatThrownBy(() -> SessionJournal.resume(dir, x -> x))
                .isInstanceOf(InputException.class)
                .hasMessageContaining("this session is being written by another pilot process (pid "
                        + ProcessHandle.current().pid() + ")");
        assertThatThrownBy(() -> SessionJournal.create(dir, "w", SETTINGS, null, Instant.EPOCH))
                .hasMessageContaining(dir.toString());
        first.append(round(1));
        first.close();
        SessionJournal.Resumed again = SessionJournal.resume(dir, x -> x);
        assertThat(again.session().rounds()).hasSize(2);
        again.journal().close();
        assertThat(Files.list(dir).map(p -> p.getFileName().toString()))
                .contains(DirectoryLock.FILE)
                .doesNotContain(SessionFiles.RESULT + ".tmp");
    }

    @Test
    void aLockFileLeftByADeadProcessDoesNotBlock() throws Exception {
        Path dir = tmp.resolve("s");
        SessionJournal.create(dir, "w", SETTINGS, null, Instant.EPOCH).close();
        Files.writeString(dir.resolve(DirectoryLock.FILE), "999999\n"); // a killed writer's file, with no lock held
        SessionJournal.Resumed r = SessionJournal.resume(dir, x -> x);
        assertThat(Files.readString(dir.resolve(DirectoryLock.FILE)).strip())
                .isEqualTo(Long.toString(ProcessHandle.current().pid()));
        r.journal().close();
    }

    @Test
    void aMalformedRowNamesItsFileAndLineAndHowToMendIt() throws Exception {
        Path dir = tmp.resolve("s");
        SessionJournal.create(dir, "w", SETTINGS, null, Instant.EPOCH).close();
        Files.writeString(dir.resolve(SessionFiles.ROUNDS), "1,2,3,4,5,6,7,8,9,10,11,12\n", StandardOpenOption.APPEND);
        assertThatThrownBy(() -> SessionReader.read(dir))
                .isInstanceOf(InputException.class)
                .hasMessageContaining("rounds.csv:2: 12 fields where 10 were expected")
                .hasMessageContaining("delete it and the lines after it");
        SessionJournal.create(tmp.resolve("q"), "w", SETTINGS, null, Instant.EPOCH)
                .close();
        Files.writeString(tmp.resolve("q").resolve(SessionFiles.READINGS), "0,0,1.5x\n", StandardOpenOption.APPEND);
        Files.writeString(tmp.resolve("q").resolve(SessionFiles.ROUNDS), round0Row(), StandardOpenOption.APPEND);
        assertThatThrownBy(() -> SessionReader.read(tmp.resolve("q")))
                .isInstanceOf(InputException.class)
                .hasMessageContaining("readings.csv:2: field 3 '1.5x'")
                .hasMessageNotContaining("\n");
    }

    @Test
    void aDeletedSessionJsonSaysHowToRecoverTheReadings() throws Exception {
        Path dir = tmp.resolve("s");
        try (SessionJournal j = SessionJournal.create(dir, "w", SETTINGS, null, Instant.EPOCH)) {
            j.append(round(0));
        }
        Files.delete(dir.resolve(SessionFiles.SESSION));
        assertThatThrownBy(() -> SessionReader.read(dir))
                .isInstanceOf(InputException.class)
                .hasMessageContaining("session.json is missing")
                .hasMessageContaining("pilot analyze -c reading " + dir.resolve(SessionFiles.READINGS));
    }

    private static String round0Row() {
        return "0,10,2026-11-21T10:00:00Z,15,ok,,,,,\n";
    }
}
