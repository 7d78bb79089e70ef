package io.pilotbench.core.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import io.pilotbench.core.api.Pilot;
import io.pilotbench.core.model.CiTarget;
import io.pilotbench.core.model.PerformanceIndex;
import io.pilotbench.core.model.RoundResult;
import io.pilotbench.core.model.SessionResult;
import io.pilotbench.core.model.SessionSettings;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Finding: {@code pilot jmh} stopped after one or two forks with a CI of the iterations within them, blind to the
 * spread between forks (real JMH forks: 64.7% of benchmarks converged with a CI that missed their steady mean,
 * after a median of 2 forks). Seeded forks whose levels differ by a known spread.
 */
class BetweenRoundsTest {
    private static final PerformanceIndex UNITS =
            new PerformanceIndex("time", "us", PerformanceIndex.Kind.ORDINARY, false, true);

    /** A session of forks of 200 iterations, CV 1% within a fork, each fork's level drawn with CV {@code spread}. */
    private static SessionResult forks(long seed, double spread) throws Exception {
        SplittableRandom r = new SplittableRandom(seed);
        return session(200, 200, 0.10, () -> fork(r, 200, spread));
    }

    /** A session of rounds of {@code units} unit readings, each drawn by {@code round}, to a CI width of {@code width}. */
    private static SessionResult session(int units, int maxRounds, double width, Supplier<double[]> round)
            throws Exception {
        SessionSettings s = SessionSettings.builder()
                .pi(UNITS)
                .ciTarget(CiTarget.ofMean(width))
                .fixedWorkAmount(units)
                .maxRounds(maxRounds)
                .build();
        return Pilot.of(s, (r, work) -> RoundResult.builder()
                        .unitReadings(0, round.get())
                        .build())
                .run();
    }

    /** A fork of {@code n} iterations about 100, CV 1% within it, its level drawn with CV {@code spread}. */
    private static double[] fork(SplittableRandom g, int n, double spread) {
        double level = 100 * (1 + spread * gaussian(g));
        double[] u = new double[n];
        for (int i = 0; i < n; i++) {
            u[i] = level * (1 + 0.01 * gaussian(g));
        }
        return u;
    }

    private static double gaussian(SplittableRandom r) {
        return Math.sqrt(-2 * Math.log(1 - r.nextDouble())) * Math.cos(2 * Math.PI * r.nextDouble());
    }

    @Test
    void forksThatDifferAreCountedByTheirSpreadNotByTheirIterations() throws Exception {
        int covered = 0;
        int sessions = 300;
        for (int k = 0; k < sessions; k++) {
            SessionResult r = forks(k, 0.04);
            var m = r.pis().get(0).unitReadings();
            assertThat(r.rounds()).as("seed %d", k).isGreaterThanOrEqualTo(3);
            covered += m.ci().low() <= 100 && 100 <= m.ci().high() ? 1 : 0;
        }
        // the t-interval of 3+ fork means covers at its level; before, the pooled CI covered about a third
        assertThat(covered).isGreaterThanOrEqualTo((int) (0.90 * sessions));
    }

    /**
     * Finding: every round of 20 unit readings began +30% slow, decaying with τ = 5 readings (CV 2%), as a JIT's
     * warm-up does in short forks. The test of the rounds' average by position cut at most a fifth of a round, the
     * pooled and round-means CIs were narrow about the biased mean, and 500 of 500 seeded sessions ended converged
     * after 5 rounds with a CI that missed the steady level (+7.7%). Now the rounds' earlier halves are tested
     * against their later halves: a session whose rounds still move does not stop on it, says why when a limit ends
     * it, and a CI that did stop reaches the later halves'. Measured: 11 of 200 converged, all missing; bound 10%.
     */
    @Test
    void aWarmUpLeftInEveryRoundHoldsTheSessionAndSaysSo() throws Exception {
        int sessions = 100;
        int convergedAndMissed = 0;
        int saidWhy = 0;
        for (int k = 0; k < sessions; k++) {
            SplittableRandom g = new SplittableRandom(1000 + k);
            SessionResult r = session(20, 60, 0.10, () -> {
                double[] u = new double[20];
                for (int i = 0; i < u.length; i++) {
                    u[i] = 100 * (1 + 0.3 * Math.exp(-i / 5.0)) * (1 + 0.02 * gaussian(g));
                }
                return u;
            });
            var m = r.pis().get(0).unitReadings();
            boolean covers = m.ci().low() <= 100 && 100 <= m.ci().high();
            convergedAndMissed += r.converged() && !covers ? 1 : 0;
            String why = r.steadyStateProblem();
            boolean said = !r.converged() && why != null && why.contains("move within every round");
            saidWhy += said ? 1 : 0;
            if (said) {
                // more rounds like these cannot meet the target: no count of them is promised (it said "1 more round")
                assertThat(m.requiredSamples()).as("seed %d", k).isEqualTo(-1);
                assertThat(r.moreRounds()).as("seed %d", k).isEqualTo(-1);
            }
        }
        assertThat(convergedAndMissed).isLessThanOrEqualTo(sessions / 10);
        assertThat(saidWhy).isGreaterThanOrEqualTo(sessions / 2);
    }

    /**
     * The halves' test on rounds without a warm-up (AR(1) φ = 0.7 within a round, levels differing between rounds):
     * it rejects at its level, whatever the dependence within a round, since the rounds are independent. 4,000
     * seeded sets of 3–10 rounds of 20–200 readings; the 5% test's rate within 3.5–6.5% (±4 standard errors).
     */
    @Test
    void theHalvesTestRejectsSteadyRoundsAtItsLevel() {
        SplittableRandom g = new SplittableRandom(11);
        int sets = 4000;
        int rejected = 0;
        for (int k = 0; k < sets; k++) {
            int rounds = 3 + k % 8;
            int length = 20 + 20 * (k % 10);
            double[] earlier = new double[rounds];
            double[] later = new double[rounds];
            for (int r = 0; r < rounds; r++) {
                double level = 100 + 3 * gaussian(g);
                double z = gaussian(g);
                for (int i = 0; i < length; i++) {
                    z = 0.7 * z + Math.sqrt(1 - 0.49) * gaussian(g);
                    double v = level + z;
                    if (i < length / 2) {
                        earlier[r] += v / (length / 2);
                    } else {
                        later[r] += v / (length - length / 2);
                    }
                }
            }
            rejected += BetweenRounds.Halves.of(earlier, later, rounds).pValue() < 0.05 ? 1 : 0;
        }
        assertThat(rejected / (double) sets).isBetween(0.035, 0.065);
    }

    /**
     * Finding: 64 forks of {@code EdmBenchmark} whose means had a lag-1 autocorrelation of 0.21 were taken as
     * dependent (the readings' white-noise bound, 0.5/√64 = 0.06) and fell back to the pooled fit, as about 27% of
     * sessions of 64 independent forks would. With the bound at 2/√r (Bartlett), about 2%. 200 seeded sessions of 64
     * independent forks held to the end; bound 6%.
     */
    @Test
    void manyIndependentForksAreNotTakenAsDependent() throws Exception {
        int sessions = 200;
        int fellBack = 0;
        for (int k = 0; k < sessions; k++) {
            SplittableRandom g = new SplittableRandom(7000 + k);
            SessionResult r = session(20, 64, 0.0001, () -> fork(g, 20, 0.04));
            assertThat(r.rounds()).isEqualTo(64);
            fellBack += r.pis().get(0).unitReadings().error().fallback().contains("round means' r1") ? 1 : 0;
        }
        assertThat(fellBack).isLessThanOrEqualTo(sessions * 6 / 100);
    }

    @Test
    void forksThatAgreeStopAfterThreeRounds() throws Exception {
        SessionResult r = forks(1, 0);
        assertThat(r.rounds()).isEqualTo(3);
        assertThat(r.pis().get(0).unitReadings().ci().width()).isLessThan(0.01 * 100);
    }

    @Test
    void twoRoundsNeverMeetAUnitReadingsTarget() throws Exception {
        SplittableRandom g = new SplittableRandom(3);
        SessionResult r = session(50, 2, 0.10, () -> fork(g, 50, 0));
        assertThat(r.converged()).isFalse();
        assertThat(r.pis().get(0).unitReadings().requiredSamples()).isEqualTo(150);
    }
}
