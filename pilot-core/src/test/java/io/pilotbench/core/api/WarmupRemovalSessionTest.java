package io.pilotbench.core.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.pilotbench.core.model.CiTarget;
import io.pilotbench.core.model.MetricResult;
import io.pilotbench.core.model.PerformanceIndex;
import io.pilotbench.core.model.PiResult;
import io.pilotbench.core.model.RoundResult;
import io.pilotbench.core.model.SessionResult;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.core.model.WarmupRemoval;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Seeded unit-reading workload with a warm-up in every round: the first 60 of 400 unit readings are 30% slower, the
 * stable part is N(10, 0.5²) i.i.d. True stable mean: 10.
 *
 * <p>The original's EDM removal has a known limit, kept on purpose (docs/original.md#unit-readings-warmup,
 * #vectors-ur-session): EDM's percent penalty rarely accepts a second change point near the end, so a short cool-down
 * (10% of a round) usually stays in the stable segment; {@link #aShortCoolDownIsUsuallyKept} pins that behaviour so a
 * change to it is noticed. The default, tested removal ({@code auto}) finds both, in the rounds' ensemble average.
 */
class WarmupRemovalSessionTest {
    private static SessionResult run(WarmupRemoval removal, long seed) throws Exception {
        return run(removal, seed, 400);
    }

    private static SessionResult run(WarmupRemoval removal, long seed, int coolDownFrom) throws Exception {
        Random random = new Random(seed);
        SessionSettings s = SessionSettings.builder()
                .pi(PerformanceIndex.of("op", "ms")
                        .withReadingsMustSatisfy(false)
                        .withUnitReadingsMustSatisfy(true))
                .warmupRemoval(removal)
                .ciTarget(CiTarget.ofMean(0.01))
                .maxRounds(50)
                .build();
        return Pilot.of(s, (round, work) -> {
                    double[] u = new double[400];
                    for (int i = 0; i < u.length; i++) {
                        double base = i < 60 ? 13 : i >= coolDownFrom ? 8 : 10;
                        u[i] = base + 0.5 * random.nextGaussian();
                    }
                    return RoundResult.ofUnitReadings(u);
                })
                .run();
    }

    @Test
    void edmRemovalFindsTheStableMeanAndNoRemovalIsBiased() throws Exception {
        int covered = 0;
        for (long seed = 1; seed <= 10; seed++) {
            SessionResult edm = run(WarmupRemoval.EDM, seed);
            MetricResult u = edm.pis().get(0).unitReadings();
            assertThat(edm.converged()).isTrue();
            assertThat(u.mean()).isBetween(9.9, 10.1);
            assertThat(u.removed()).isGreaterThan(0);
            covered += u.ci().contains(10) ? 1 : 0;

            MetricResult raw = edm.pis().get(0).unitReadingsRaw();
            assertThat(raw.mean()).isGreaterThan(10.3); // (60·13 + 340·10)/400 = 10.45
        }
        assertThat(covered).isGreaterThanOrEqualTo(8);
        SessionResult none = run(WarmupRemoval.NONE, 1);
        assertThat(none.pis().get(0).unitReadings().removed()).isZero();
        assertThat(none.pis().get(0).unitReadings().mean()).isGreaterThan(10.3);
    }

    @Test
    void autoRemovalCutsTheWarmupAndTheCoolDownOfEveryRoundExactly() throws Exception {
        for (long seed = 1; seed <= 5; seed++) {
            SessionResult r = run(WarmupRemoval.AUTO, seed, 360);
            PiResult p = r.pis().get(0);
            assertThat(r.converged()).isTrue();
            assertThat(p.unitReadingsPhases().warmup()).isEqualTo(60);
            assertThat(p.unitReadingsPhases().cooldown()).isEqualTo(40);
            assertThat(p.unitReadingsPhases().warmupPValue()).isLessThan(0.01);
            assertThat(p.unitReadings().mean()).isBetween(9.95, 10.05);
            assertThat(p.unitReadings().removed()).isEqualTo(100L * r.analysedRounds());
        }
    }

    @Test
    void aShortCoolDownIsUsuallyKept() throws Exception {
        // last 40 of 400 at 8: the stable segment holds warm-up-free data plus the cool-down, (300·10 + 40·8)/340
        MetricResult u = run(WarmupRemoval.EDM, 1, 360).pis().get(0).unitReadings();
        assertThat(u.mean()).isBetween(9.7, 9.85);
    }

    /**
     * Rounds of 5 unit readings (a JMH fork of 5 iterations) whose first 2 are warm-up (+30%) and whose level differs
     * from round to round (a fork effect): too short for the series test, so tested across rounds; cut, and the mean
     * covers the warm level. Before, such rounds were never tested and the mean was 12% high.
     */
    @Test
    void shortRoundsAreTestedAcrossRoundsAndTheirWarmupIsCut() throws Exception {
        int covered = 0;
        int falseCoolDowns = 0;
        for (long seed = 1; seed <= 20; seed++) {
            Random random = new Random(seed);
            SessionSettings s = SessionSettings.builder()
                    .pi(PerformanceIndex.of("op", "us")
                            .withReadingsMustSatisfy(false)
                            .withUnitReadingsMustSatisfy(true))
                    .ciTarget(CiTarget.ofMean(0.02))
                    .maxRounds(200)
                    .build();
            SessionResult r = Pilot.of(s, (round, work) -> {
                        double fork = 2 * random.nextGaussian();
                        double[] u = new double[5];
                        for (int i = 0; i < u.length; i++) {
                            u[i] = 100 + fork + (i < 2 ? 30 : 0) + 2 * random.nextGaussian();
                        }
                        return RoundResult.ofUnitReadings(u);
                    })
                    .run();
            PiResult pi = r.pis().get(0);
            assertThat(r.converged()).isTrue();
            assertThat(pi.unitReadingsPhases().warmup()).as("seed %d", seed).isEqualTo(2);
            falseCoolDowns += pi.unitReadingsPhases().cooldown() > 0 ? 1 : 0;
            assertThat(pi.unitReadingsRaw().mean()).isGreaterThan(110);
            covered += pi.unitReadings().ci().contains(100) ? 1 : 0;
        }
        assertThat(covered).isGreaterThanOrEqualTo(17); // 95% nominal: 17 of 20 or more in 98% of such tests
        assertThat(falseCoolDowns).isLessThanOrEqualTo(3); // α = 5%: at most 3 of 20 in 98% of such tests
    }
}
