package io.pilotbench.core.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.pilotbench.core.model.PerformanceIndex;
import io.pilotbench.core.model.Round;
import io.pilotbench.core.model.RoundResult;
import io.pilotbench.core.model.RoundStatus;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.core.model.WpsMode;
import java.time.Duration;
import java.time.Instant;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Which rounds of a workload with a work-amount range are short: decided by the work amount, never by how fast a
 * round of equal work happened to run (dropping the fast ones selected on the outcome: 35 of 66 rounds of one
 * session, and a mean biased high).
 */
class ShortRoundRuleTest {
    private static final PerformanceIndex T = PerformanceIndex.of("t", "ms");
    private static final long MS = 1_000_000L;

    /**
     * 70 ms of work per unit, ±40% from round to round: the ramp-up doubles 1, 2, 4, 8 (at most 0.8 s: short) to 16,
     * whose rounds take 0.67 to 1.57 s, on both sides of the 1 s threshold. Every round at 16 after the first long
     * one is analysed.
     */
    @Test
    void roundsOfEqualWorkAreNeverDroppedForRunningFast() {
        SessionSettings s = SessionSettings.builder()
                .pi(T)
                .workAmount(1, 1_000_000)
                .wps(WpsMode.OFF)
                .shortRound(Duration.ofSeconds(1))
                .build();
        SessionEngine e = new SessionEngine(s);
        SplittableRandom r = new SplittableRandom(4);
        int fastAfterRampUp = 0;
        for (int i = 0; i < 80; i++) {
            long w = Planner.plan(s, e.rounds(), e.analysis(), e.totals()).workAmount();
            // the ramp-up's last round is long (1.3×); then rounds straddle the threshold
            double speed = i == 4 ? 1.3 : 0.6 + 0.8 * r.nextDouble();
            long nanos = Math.round(w * 70 * MS * speed);
            Round round = e.toRound(w, Instant.EPOCH, nanos, RoundResult.ofReadings(nanos / 1e6));
            e.add(round);
            if (i > 4 && nanos < s.shortRound().toNanos()) {
                fastAfterRampUp++;
            }
        }
        assertThat(e.rounds().subList(0, 4)).extracting(Round::workAmount).containsExactly(1L, 2L, 4L, 8L);
        assertThat(e.rounds().subList(0, 4)).extracting(Round::status).containsOnly(RoundStatus.SHORT);
        assertThat(e.rounds().get(4).workAmount()).isEqualTo(16);
        assertThat(e.rounds().subList(4, 80)).extracting(Round::workAmount).containsOnly(16L);
        assertThat(fastAfterRampUp)
                .as("rounds of equal work on the short side of the threshold")
                .isGreaterThan(20);
        assertThat(e.rounds().subList(4, 80)).extracting(Round::status).containsOnly(RoundStatus.OK);
    }

    /** After the ramp-up, a round asked for less work than the floor is short however long it took. */
    @Test
    void aRoundAskedForLessThanTheFloorIsShortHoweverLongItRan() {
        SessionSettings s = SessionSettings.builder()
                .pi(T)
                .workAmount(1, 1_000)
                .wps(WpsMode.OFF)
                .shortRound(Duration.ofSeconds(1))
                .build();
        SessionEngine e = new SessionEngine(s);
        e.add(e.toRound(8, Instant.EPOCH, 500 * MS, RoundResult.ofReadings(1)));
        e.add(e.toRound(16, Instant.EPOCH, 1_200 * MS, RoundResult.ofReadings(1)));
        e.add(e.toRound(8, Instant.EPOCH, 5_000 * MS, RoundResult.ofReadings(1)));
        e.add(e.toRound(16, Instant.EPOCH, 300 * MS, RoundResult.ofReadings(1)));
        assertThat(e.rounds())
                .extracting(Round::status)
                .containsExactly(RoundStatus.SHORT, RoundStatus.OK, RoundStatus.SHORT, RoundStatus.OK);
    }

    /**
     * A range whose longest round is still short ({@code --work-amount 1:8} of 1 ms a unit, threshold 1 s): the
     * ramp-up ended at 8 and every later round ran at 8, so the WPS regression never had two work amounts and the
     * session waited for it until its limits. The rounds after the ramp-up now spread over the range and all count,
     * and WPS converges near the true 1,000 units/s.
     */
    @Test
    void aRangeWhoseLongestRoundIsShortIsSweptWholeForWps() {
        SessionSettings s = SessionSettings.builder()
                .pi(T.withReadingsMustSatisfy(false)) // as pilot run's wall time with a range: WPS is the target
                .workAmount(1, 8)
                .wps(WpsMode.REQUIRED)
                .shortRound(Duration.ofSeconds(1))
                .build();
        SessionEngine e = new SessionEngine(s);
        SplittableRandom r = new SplittableRandom(5);
        int i = 0;
        for (Plan p = Planner.plan(s, e.rounds(), e.analysis(), e.totals()); p.more() && i < 500; i++) {
            long w = p.workAmount();
            long nanos = Math.round((0.5 + w) * MS * (0.98 + 0.04 * r.nextDouble()));
            e.add(e.toRound(w, Instant.EPOCH, nanos, RoundResult.ofReadings(nanos / 1e6)));
            p = Planner.plan(s, e.rounds(), e.analysis(), e.totals());
        }
        assertThat(e.rounds().subList(0, 4)).extracting(Round::workAmount).containsExactly(1L, 2L, 4L, 8L);
        assertThat(e.rounds().subList(0, 3)).extracting(Round::status).containsOnly(RoundStatus.SHORT);
        assertThat(e.rounds().subList(3, e.rounds().size()))
                .extracting(Round::status)
                .containsOnly(RoundStatus.OK);
        assertThat(e.rounds().stream().map(Round::workAmount).distinct().count())
                .isGreaterThan(3);
        assertThat(i)
                .as(
                        "rounds to convergence: %s",
                        Planner.plan(s, e.rounds(), e.analysis(), e.totals()).waitingFor())
                .isLessThan(500);
        assertThat(e.currentAnalysis().wps().targetMet()).isTrue();
        assertThat(e.currentAnalysis().wps().v()).isCloseTo(1000, org.assertj.core.api.Assertions.within(50.0));
    }
}
