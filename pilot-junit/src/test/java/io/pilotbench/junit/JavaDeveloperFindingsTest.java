package io.pilotbench.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pilotbench.core.model.PerformanceIndex;
import io.pilotbench.core.model.RoundResult;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.core.model.Workload;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

/** What a Java developer found using {@link PerformanceAssertions} as its documentation says: one test per finding. */
class JavaDeveloperFindingsTest {
    @TempDir
    Path tmp;

    static volatile double sink;

    /**
     * An unchanged block of nanoseconds was "a performance regression … 22.500× (95% CI 17.162× to 29.437×)", and
     * its baseline took 6.6 million rounds (434 MB): timed call by call from the first, the candidate's first rounds
     * ran interpreted while the baseline's warm-up had been cut. Warmed up and timed in batches, the same block
     * passes against a tolerance far below that factor (2×, left wide for a machine's own swings), and its baseline
     * is small. (A block of microseconds, called 1.4–2.3× slower in most runs, had the same cause; its sessions take
     * seconds more, so it is not repeated here.)
     */
    @Test
    void anUnchangedNanosecondBlockIsNotARegressionAndItsBaselineIsSmall() throws Exception {
        Path baseline = tmp.resolve("sqrt");
        double[] x = {2};
        PerformanceAssertions.Block block = () -> sink += Math.sqrt(x[0]++);
        PerformanceAssertions.Verdict recorded = PerformanceAssertions.assertNotSlower(baseline, 1.0, block);
        assertThat(recorded.baselineRecorded()).isTrue();
        assertThat(recorded.baselineMean()).isLessThan(1e-6); // per call, not per batch
        long bytes;
        try (var files = Files.walk(baseline)) {
            bytes = files.filter(Files::isRegularFile)
                    .mapToLong(p -> p.toFile().length())
                    .sum();
        }
        assertThat(bytes).isLessThan(5_000_000L);
        for (int i = 0; i < 2; i++) {
            assertThat(PerformanceAssertions.assertNotSlower(baseline, 1.0, block)
                            .factor())
                    .isLessThan(2.0);
        }
    }

    /** The batch size: about a millisecond of calls, and one call for a block slower than that. */
    @Test
    void aBatchTakesAboutAMillisecond() throws Exception {
        PerformanceAssertions.TimedBlock fast = new PerformanceAssertions.TimedBlock(() -> sink += 1);
        fast.run(0, 1);
        assertThat(fast.batch()).isGreaterThan(1000);
        PerformanceAssertions.TimedBlock slow = new PerformanceAssertions.TimedBlock(() -> Thread.sleep(3));
        slow.run(0, 1);
        assertThat(slow.batch()).isEqualTo(1);
    }

    private static SessionSettings rounds(int max) {
        return PerformanceAssertions.defaults().toBuilder().maxRounds(max).build();
    }

    private static Workload constant(double seconds) {
        return (round, work) -> RoundResult.ofReadings(seconds * (1 + 0.01 * (round % 3)));
    }

    /**
     * A baseline or candidate of too few readings for a CI of the ratio ended in "NullPointerException: Cannot
     * invoke ConfidenceInterval.center() because the return value of PairComparison.ratio() is null".
     */
    @Test
    void tooFewReadingsToCompareFailInOneSentenceNotANullPointer() {
        Path baseline = tmp.resolve("few");
        PerformanceAssertions.assertNotSlower(baseline, 0.05, rounds(2), constant(1e-3));
        assertThatThrownBy(() -> PerformanceAssertions.assertNotSlower(baseline, 0.05, rounds(2), constant(3e-3)))
                .isInstanceOf(AssertionFailedError.class)
                .hasMessageContaining("cannot compare with the baseline in " + baseline)
                .hasMessageContaining("2 baseline and 2 candidate readings");
    }

    /** maxFailures (and minRounds, maxRounds) given to the overload were ignored: the baseline's settings won. */
    @Test
    void theCallersLimitsApplyToTheCandidate() {
        Path baseline = tmp.resolve("limits");
        PerformanceAssertions.assertNotSlower(baseline, 0.5, PerformanceAssertions.defaults(), constant(1e-3));
        AtomicInteger calls = new AtomicInteger();
        Workload transient3 = (round, work) -> {
            if (calls.incrementAndGet() == 3) {
                throw new java.io.IOException("transient");
            }
            return constant(1e-3).run(round, work);
        };
        SessionSettings lenient = PerformanceAssertions.defaults().toBuilder()
                .maxFailures(5)
                .minRounds(40)
                .build();
        PerformanceAssertions.Verdict v = PerformanceAssertions.assertNotSlower(baseline, 0.5, lenient, transient3);
        assertThat(v.factor()).isBetween(0.9, 1.1);
        assertThat(calls.get()).isGreaterThanOrEqualTo(40);
    }

    /** A baseline of another PI said only "no PI named 'throughput'": no path, no list, no fix. */
    @Test
    void aBaselineWithoutThePiSaysWhereAndWhatToDo() {
        Path baseline = tmp.resolve("pi");
        PerformanceAssertions.assertNotSlower(baseline, 0.5, PerformanceAssertions.defaults(), constant(1e-3));
        SessionSettings other = PerformanceAssertions.defaults().toBuilder()
                .pis(java.util.List.of(PerformanceIndex.of("throughput", "ops/s")))
                .build();
        assertThatThrownBy(() -> PerformanceAssertions.assertNotSlower(baseline, 0.5, other, constant(1e-3)))
                .isInstanceOf(AssertionFailedError.class)
                .hasMessageContaining("the baseline in " + baseline + " has no PI named 'throughput'")
                .hasMessageContaining("'time per call'")
                .hasMessageContaining("delete " + baseline);
    }

    /**
     * A recording that ended in an Error (OutOfMemoryError reading 6.6 million rounds) left its half-written
     * directory, which the next run compared with as if it were a baseline.
     */
    @Test
    void aRecordingEndedByAnErrorLeavesNoBaseline() {
        Path baseline = tmp.resolve("oom");
        assertThatThrownBy(() -> PerformanceAssertions.assertNotSlower(baseline, 0.05, () -> {
                    throw new OutOfMemoryError("a test's stand-in");
                }))
                .isInstanceOf(OutOfMemoryError.class);
        assertThat(baseline).doesNotExist();
    }

    /**
     * A baseline whose recording was killed before it met its target (no end recorded) was compared with as if it
     * were whole. (One killed after its target was met holds what a baseline needs, and is used.)
     */
    @Test
    void anUnfinishedBaselineIsRefused() throws Exception {
        Path baseline = tmp.resolve("killed");
        Workload noisy = (round, work) -> RoundResult.ofReadings(1e-3 * (1 + 0.5 * (round % 2)));
        PerformanceAssertions.assertNotSlower(baseline, 0.5, rounds(4), noisy);
        Files.delete(baseline.resolve("result.json"));
        Path session = baseline.resolve("session.json");
        Files.writeString(
                session,
                Files.readString(session)
                        .replaceAll("\"ended\"\\s*:\\s*\"[^\"]+\"", "\"ended\" : null")
                        .replaceAll("\"stopReason\"\\s*:\\s*\"[a-z_]+\"", "\"stopReason\" : null"));
        assertThatThrownBy(() -> PerformanceAssertions.assertNotSlower(baseline, 0.5, rounds(4), noisy))
                .isInstanceOf(AssertionFailedError.class)
                .hasMessageContaining("was never finished")
                .hasMessageContaining("delete " + baseline);
    }

    /** A baseline that ended at its time limit with a CI of ±16% against ±5% said only "recorded one; commit it". */
    @Test
    void aBaselineThatMissedItsTargetSaysSo() {
        Workload noisy = (round, work) -> RoundResult.ofReadings(1e-3 * (1 + 0.5 * (round % 2)));
        PerformanceAssertions.Verdict v =
                PerformanceAssertions.assertNotSlower(tmp.resolve("short"), 0.5, rounds(4), noisy);
        assertThat(v.sentence())
                .contains("its CI target was not met (round limit)")
                .contains("commit it");
        PerformanceAssertions.Verdict met = PerformanceAssertions.assertNotSlower(
                tmp.resolve("met"), 0.5, PerformanceAssertions.defaults(), constant(1e-3));
        assertThat(met.sentence()).doesNotContain("not met");
    }

    /**
     * A baseline path that is a file said "session.json: cannot be read as JSON (Not a directory)", and an empty
     * baseline directory advised "start it anew with -o DIR", a command-line option that means nothing in a test:
     * the baseline is recorded in an empty directory now, and what cannot be read says to delete it.
     */
    @Test
    void anUnreadableBaselineSaysWhatToDoInATest() throws Exception {
        Path file = Files.writeString(tmp.resolve("file"), "x");
        assertThatThrownBy(() -> PerformanceAssertions.assertNotSlower(
                        file, 0.5, PerformanceAssertions.defaults(), constant(1e-3)))
                .isInstanceOf(AssertionFailedError.class)
                .hasMessageContaining("is a file, not a directory");
        // an empty directory (made beforehand) is where the first run records the baseline
        Path empty = Files.createDirectory(tmp.resolve("empty"));
        assertThat(PerformanceAssertions.assertNotSlower(empty, 0.5, PerformanceAssertions.defaults(), constant(1e-3))
                        .baselineRecorded())
                .isTrue();
        // a directory holding something else cannot be read as a baseline: what to do in a test
        Path other = Files.createDirectory(tmp.resolve("other"));
        Files.writeString(other.resolve("notes.txt"), "x");
        assertThatThrownBy(() -> PerformanceAssertions.assertNotSlower(
                        other, 0.5, PerformanceAssertions.defaults(), constant(1e-3)))
                .isInstanceOf(AssertionFailedError.class)
                .hasMessageContaining("the baseline in " + other + " cannot be read")
                .hasMessageEndingWith("delete " + other + " to record it again");
    }
}
