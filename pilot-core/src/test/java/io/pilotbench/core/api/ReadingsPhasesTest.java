package io.pilotbench.core.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.pilotbench.core.model.CiTarget;
import io.pilotbench.core.model.LevelShift;
import io.pilotbench.core.model.PerformanceIndex;
import io.pilotbench.core.model.PiResult;
import io.pilotbench.core.model.RoundResult;
import io.pilotbench.core.model.SessionResult;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.core.model.StopReason;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * What a session cuts from its readings, and what it reports instead of cutting: regression tests (how the
 * report words it: {@code io.pilotbench.report.PhasesTextTest}).
 */
class ReadingsPhasesTest {

    /**
     * Bug: "a stationary workload with a repeating pattern, one reading per round, ran 300 rounds at a 30% target
     * and still had 'the first 270 removed as warm-up', never converging" (the original's EDM tracking). The pattern
     * repeats every 5 rounds; nothing is a warm-up.
     */
    @Test
    void aStationaryRepeatingPatternIsNotCutAndConverges() throws Exception {
        double[] pattern = {10, 14, 11, 15, 12};
        SplittableRandom r = new SplittableRandom(1);
        SessionSettings s = SessionSettings.builder()
                .pi(PerformanceIndex.of("t", "ms"))
                .ciTarget(CiTarget.ofMean(0.3))
                .maxRounds(300)
                .build();
        SessionResult result = Pilot.of(
                        s, (round, work) -> RoundResult.ofReadings(pattern[round % 5] + 0.1 * r.nextGaussian()))
                .run();
        assertThat(result.stopReason()).isEqualTo(StopReason.TARGET_MET);
        assertThat(result.rounds()).isLessThan(60);
        assertThat(result.pis().get(0).readingsFrom()).isZero();
        assertThat(result.pis().get(0).readings().ci().contains(12.4)).isTrue();
    }

    /**
     * A level shift in the middle of a session is not a warm-up: it is reported with both levels ("the workload
     * changed level at round 143, from 12.1 ms ± 0.2 to 13.0 ms ± 0.2") and every round stays in the analysis.
     */
    @Test
    void aLevelShiftInTheMiddleIsReportedNotCut() throws Exception {
        SplittableRandom r = new SplittableRandom(2);
        SessionSettings s = SessionSettings.builder()
                .pi(PerformanceIndex.of("latency", "ms"))
                .ciTarget(CiTarget.ofMean(0.001))
                .maxRounds(400)
                .build();
        SessionResult result = Pilot.of(
                        s,
                        (round, work) -> RoundResult.ofReadings((round < 143 ? 12.1 : 13.0) + 0.3 * r.nextGaussian()))
                .run();
        PiResult p = result.pis().get(0);
        assertThat(p.readingsFrom()).isZero();
        assertThat(p.readings().n()).isEqualTo(400);
        List<LevelShift> shifts = p.readingsPhases().shifts();
        assertThat(shifts).hasSize(1);
        LevelShift shift = shifts.get(0);
        assertThat(shift.index()).isBetween(140, 146);
        assertThat(shift.before()).isCloseTo(12.1, within(0.1));
        assertThat(shift.after()).isCloseTo(13.0, within(0.1));
        assertThat(shift.beforeHalfWidth()).isBetween(0.01, 0.2);
        assertThat(shift.pValue()).isLessThan(0.01);
    }

    /** A warm-up is cut, and what was cut is said: how many, their level, and the test's p-value. */
    @Test
    void aWarmupIsCutAndSaidSo() throws Exception {
        SplittableRandom r = new SplittableRandom(3);
        SessionSettings s = SessionSettings.builder()
                .pi(PerformanceIndex.of("latency", "ms"))
                .build();
        SessionResult result = Pilot.of(
                        s, (round, work) -> RoundResult.ofReadings((round < 15 ? 16 : 10) + 0.5 * r.nextGaussian()))
                .run();
        PiResult p = result.pis().get(0);
        assertThat(result.converged()).isTrue();
        assertThat(p.readingsFrom()).isEqualTo(15);
        assertThat(p.readingsPhases().warmupMean()).isCloseTo(16, within(0.5));
        assertThat(p.readingsPhases().warmupPValue()).isLessThan(0.01);
        // cut only once it is at most a fifth of the rounds: a warm-up just seen may go on
        assertThat(p.readings().n()).isGreaterThanOrEqualTo(60);
        assertThat(p.readings().mean()).isCloseTo(10, within(0.3));
    }

    /**
     * Bug (warmup-step preset, 2 × 2,000 sessions at 92.9% coverage): a warm-up longer than a fifth of the rounds was
     * not cut, so a session could stop with all of it in, or — when the warm-up's location fell a little short — cut
     * the part that fit and stop early with the rest in. Now a warm-up found but too long to cut is pending: the
     * session says so and does not stop until it can cut it whole.
     */
    @Test
    void aWarmupTooLongToCutHoldsTheSessionUntilItCanBeCutWhole() throws Exception {
        for (int seed = 0; seed < 30; seed++) {
            SplittableRandom r = new SplittableRandom(seed);
            SessionSettings s = SessionSettings.builder()
                    .pi(PerformanceIndex.of("latency", "ms"))
                    .build();
            try (Session session = Session.inMemory(s)) {
                int round = 0;
                while (session.needsMoreRounds() && round < 1000) {
                    session.addRound(0, RoundResult.ofReadings((round < 10 ? 150 : 100) + 10 * r.nextGaussian()));
                    round++;
                    if (round == 30) {
                        PiResult p = session.currentResult().pis().get(0);
                        int pending = p.readingsPhases().warmupPending();
                        assertThat(pending).as("seed %d", seed).isBetween(8, 12);
                        assertThat(p.readingsFrom()).isZero();
                        assertThat(p.readings().targetMet()).isFalse();
                        assertThat(p.readings().requiredSamples()).isGreaterThanOrEqualTo(5L * pending);
                    }
                }
                SessionResult result = session.finish(StopReason.TARGET_MET);
                int cut = result.pis().get(0).readingsFrom();
                assertThat(cut).as("seed %d", seed).isBetween(9, 11);
                assertThat(result.rounds()).as("seed %d", seed).isGreaterThanOrEqualTo(5 * cut);
                assertThat(result.pis().get(0).readingsPhases().warmupPending()).isZero();
            }
        }
    }
}
