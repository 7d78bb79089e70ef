package io.pilotbench.core.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.pilotbench.core.model.MetricResult;
import io.pilotbench.core.model.PerformanceIndex;
import io.pilotbench.core.model.Phases;
import io.pilotbench.core.model.PiResult;
import io.pilotbench.core.model.Round;
import io.pilotbench.core.model.RoundResult;
import io.pilotbench.core.model.RoundStatus;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.core.model.WarmupRemoval;
import io.pilotbench.core.model.WpsMode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PlannerTest {
    private static final PerformanceIndex UR_PI =
            PerformanceIndex.of("pi", "").withReadingsMustSatisfy(false).withUnitReadingsMustSatisfy(true);

    @Test
    void bisectionSequenceIsFigure3() {
        double[] expected = {0.5, 0.25, 0.75, 0.125, 0.375, 0.625, 0.875, 0.0625};
        for (int j = 1; j <= expected.length; j++) {
            assertThat(Planner.bisection(j)).isEqualTo(expected[j - 1]);
        }
    }

    /**
     * {@code unit_test_session_duration.cc} CalculatingOptimalSessionDuration: limit 50, one unit reading per work
     * unit, 15 unit readings required: work amounts 1, 5, 10 and stop (1.2·14 = 16 capped at 5× the average 1; then
     * ⌊1.2·9⌋ = 10 under the cap 15; then 16 ≥ 15).
     */
    @Test
    void unitReadingsPlanReproducesOneFiveTen() {
        SessionSettings s = SessionSettings.builder()
                .pi(UR_PI)
                .workAmount(0, 50)
                .shortRound(Duration.ZERO)
                .warmupRemoval(WarmupRemoval.NONE)
                .build();
        List<Round> rounds = new ArrayList<>();
        Totals totals = new Totals(1);
        List<Long> work = new ArrayList<>();
        while (true) {
            long total = rounds.stream().mapToLong(r -> r.unitReadingCount(0)).sum();
            SessionAnalysis a = analysisWithRequiredUnitReadings(total, 15, rounds.size());
            Plan p = Planner.plan(s, rounds, a, totals);
            if (!p.more()) {
                break;
            }
            work.add(p.workAmount());
            double[] units = new double[(int) p.workAmount()];
            java.util.Arrays.fill(units, 42.42);
            rounds.add(new Round(
                    rounds.size(),
                    p.workAmount(),
                    Instant.EPOCH,
                    1,
                    RoundStatus.OK,
                    new double[1],
                    new double[][] {units},
                    null,
                    null,
                    null,
                    null,
                    null));
            totals.add(rounds.get(rounds.size() - 1));
            assertThat(rounds).hasSizeLessThan(10);
        }
        assertThat(work).containsExactly(1L, 5L, 10L);
    }

    private static SessionAnalysis analysisWithRequiredUnitReadings(long n, long required, int okRounds) {
        MetricResult none = MetricResult.empty(Double.NaN);
        MetricResult units = new MetricResult(
                MetricResult.Status.OK, (int) n, 0, 42.42, 0, 0, null, null, 1, required, n >= required);
        return new SessionAnalysis(
                List.of(new PiResult(UR_PI, none, none, Phases.NONE, units, units, Phases.NONE)), null, okRounds);
    }

    @Test
    void shortRoundsDoubleTheWorkAmountUntilLongEnough() {
        SessionSettings s = SessionSettings.builder()
                .pi(UR_PI)
                .workAmount(0, 1000)
                .shortRound(Duration.ofSeconds(1))
                .warmupRemoval(WarmupRemoval.NONE)
                .build();
        SessionEngine e = new SessionEngine(s);
        List<Long> work = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            long w = Planner.plan(s, e.rounds(), e.analysis(), e.totals()).workAmount();
            work.add(w);
            // 0.1 s per work unit: rounds reach 1 s at 10 units
            e.add(e.toRound(w, Instant.EPOCH, w * 100_000_000L, RoundResult.ofUnitReadings(new double[] {1, 2})));
        }
        assertThat(e.rounds().get(0).status()).isEqualTo(RoundStatus.SHORT);
        // 1, 2, 4, 8 are short; 16 is the first long round, then the unit-readings planner takes over
        assertThat(work.subList(0, 5)).containsExactly(1L, 2L, 4L, 8L, 16L);
        assertThat(e.rounds().get(4).status()).isEqualTo(RoundStatus.OK);
        assertThat(work.subList(5, 8))
                .allSatisfy(w -> assertThat(w).isGreaterThanOrEqualTo(16).isLessThanOrEqualTo(1000));
    }

    @Test
    void doublingJumpsToTheMaximumPastHalfOfIt() {
        SessionSettings s = SessionSettings.builder()
                .pi(UR_PI)
                .workAmount(0, 100)
                .shortRound(Duration.ofSeconds(1))
                .build();
        SessionEngine e = new SessionEngine(s);
        List<Long> work = new ArrayList<>();
        for (int i = 0; i < 9; i++) {
            long w = Planner.plan(s, e.rounds(), e.analysis(), e.totals()).workAmount();
            work.add(w);
            e.add(e.toRound(w, Instant.EPOCH, 1000, RoundResult.ofUnitReadings(1, 2)));
        }
        // Doubling under the soft cap of 5× the average so far: 16 (cap 18.75), 31 (cap 5·31/5), 51 (cap 5·62/6),
        // 80 (cap 5·113/7); 80 is past half the maximum, so the next is the maximum itself.
        assertThat(work).containsExactly(1L, 2L, 4L, 8L, 16L, 31L, 51L, 80L, 100L);
        // a round at the maximum cannot be made longer: it is analysed even though it is short
        assertThat(e.rounds().get(7).status()).isEqualTo(RoundStatus.SHORT);
        assertThat(e.rounds().get(8).status()).isEqualTo(RoundStatus.OK);
    }

    /**
     * With a work-amount range, --wps off and a command too quick for the short-round threshold even at the range's
     * maximum, every round after the ramp went back to the range's first work amount: 171 of 172 analysed rounds at
     * 1,000 and one at 1,000,000, their wall times averaged into one mean. They stay at the maximum now, the longest
     * rounds the range gives, all doing the same work.
     */
    @Test
    void aRangeTooShortEvenAtItsMaximumKeepsToTheMaximumWithoutWps() {
        SessionSettings s = SessionSettings.builder()
                .pi(PerformanceIndex.of("wall time", "s"))
                .workAmount(1000, 1_000_000)
                .wps(io.pilotbench.core.model.WpsMode.OFF)
                .shortRound(Duration.ofMillis(50))
                .warmupRemoval(WarmupRemoval.NONE)
                .build();
        SessionEngine e = new SessionEngine(s);
        List<Long> work = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            long w = Planner.plan(s, e.rounds(), e.analysis(), e.totals()).workAmount();
            work.add(w);
            // 14 ns per unit of work: 14 ms at the maximum, under the 50 ms threshold
            long nanos = 14 * w;
            e.add(e.toRound(w, Instant.EPOCH, nanos, RoundResult.ofReadings(nanos / 1e9)));
        }
        int atMax = work.indexOf(1_000_000L);
        assertThat(atMax).as("the ramp reaches the maximum").isPositive();
        assertThat(work.subList(atMax, work.size()))
                .allSatisfy(w -> assertThat(w).isEqualTo(1_000_000L));
    }

    @Test
    void wpsSweepUsesEquation5SpanAndBisection() {
        // first long round: 10 units in 1 s; t = 60 s, n = 10: k = (120 − 20)/90 = 1.11 s, span 9·k·10/s = 100
        SessionSettings s = SessionSettings.builder()
                .wps(WpsMode.REQUIRED)
                .workAmount(10, 1000)
                .shortRound(Duration.ofMillis(500))
                .build();
        SessionEngine e = new SessionEngine(s);
        e.add(e.toRound(10, Instant.EPOCH, 1_000_000_000L, RoundResult.builder().build()));
        List<Long> work = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            long w = Planner.plan(s, e.rounds(), e.analysis(), e.totals()).workAmount();
            work.add(w);
            e.add(e.toRound(
                    w, Instant.EPOCH, w * 100_000_000L, RoundResult.builder().build()));
        }
        // Level 0: 10 + ½·100 = 60, capped at 5× the average work so far (50). Level 1 doubles the span to 200:
        // 10 + ¼·200, 10 + ¾·200. Level 2, span 400: 10 + ⅛·400, 10 + ⅜·400.
        assertThat(work).containsExactly(50L, 60L, 160L, 60L, 160L);
    }
}
