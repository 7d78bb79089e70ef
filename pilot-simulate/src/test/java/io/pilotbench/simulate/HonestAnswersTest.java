package io.pilotbench.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The issue "Honest answers in the least time", one test per bug it named, each on seeded workloads with known truth
 * ({@code pilot simulate}'s models and evaluation, in process). Counts of K sessions: at a true coverage c the count
 * lies within ±3.3·√(K·c(1 − c)) of c·K with probability 0.999, so a bound at 95% minus that slack fails only when
 * the coverage is really lower. The 500-session figures are in bench/README.md.
 */
class HonestAnswersTest {
    private static final SimulationSettings SETTINGS = SimulationSettings.DEFAULTS.withMaxRounds(5000);

    private static StrategySummary pilot(String spec, int k, long seed) throws InterruptedException {
        Evaluation.WorkloadEvaluation e = new Evaluation(SETTINGS)
                .replications(k)
                .seed(seed)
                .evaluate(WorkloadModel.parse(spec), List.of(Strategy.PILOT));
        return e.strategies().get(0);
    }

    private static double oracleRounds(String spec) {
        return Oracle.of(WorkloadModel.parse(spec), SETTINGS).rounds();
    }

    /** The least count consistent with 95% coverage (0.1% chance of a false failure). */
    private static double atNominal(int k) {
        return 0.95 * k - 3.3 * Math.sqrt(k * 0.95 * 0.05);
    }

    /**
     * Bug: the readings' EDM tracking moved the start to the last change point after every round, and EDM's percent
     * penalty charges nothing for the first one, so stationary sessions threw their own data away (the quickstart
     * reported "the first 30 removed as warm-up"). Now a prefix is cut only when a test finds it (1% false alarms per
     * analysis): at most 5% of stationary sessions cut anything.
     */
    @Test
    void readingsWarmupTrackingNoLongerCutsStationarySessions() throws Exception {
        for (String spec : new String[] {"normal", "ar1", "heavy", "lognormal", "bimodal"}) {
            StrategySummary s = pilot(spec, 200, 21);
            assertThat(s.removedSessions()).as(spec).isLessThanOrEqualTo(10);
        }
    }

    /**
     * Bug: on AR(1) φ = 0.9 only 26 of 200 sessions converged and 71% covered; without removal 86% (subsessions
     * judged on ~30 block means). Now every session converges, covers at its level, within 2× the oracle's rounds.
     */
    @Test
    void autocorrelatedSessionsConvergeAndCoverInAtMostTwiceTheOraclesRounds() throws Exception {
        StrategySummary s = pilot("ar1", 300, 22);
        assertThat(s.converged()).isEqualTo(300);
        assertThat((double) s.covered()).isGreaterThanOrEqualTo(atNominal(300));
        assertThat(s.medianRounds()).isLessThanOrEqualTo(2 * oracleRounds("ar1"));
    }

    /** Bug: warm-up + AR(1) covered 71% (26/200 converged); the fixed strategies 0%. */
    @Test
    void aWarmupInAnAutocorrelatedSessionNoLongerCostsCoverage() throws Exception {
        StrategySummary s = pilot("warmup-ar1", 300, 23);
        assertThat(s.converged()).isEqualTo(300);
        assertThat((double) s.covered()).isGreaterThanOrEqualTo(atNominal(300));
    }

    /** Independent samples: at its level in at most 1.3× the oracle's rounds (the old floor of 30 subsessions: 1.8×). */
    @Test
    void independentSamplesStopWithinThirtyPercentOfTheOracle() throws Exception {
        StrategySummary s = pilot("normal", 400, 24);
        assertThat((double) s.covered()).isGreaterThanOrEqualTo(atNominal(400));
        assertThat(s.medianRounds()).isLessThanOrEqualTo(1.3 * oracleRounds("normal"));
    }

    /** Bug: a heavy tail (Pareto 2.5, infinite skewness) covered 82% with every strategy. */
    @Test
    void aHeavyTailCoversAtItsLevel() throws Exception {
        StrategySummary s = pilot("heavy", 400, 25);
        assertThat((double) s.covered()).isGreaterThanOrEqualTo(atNominal(400));
    }

    /**
     * Bug: unit readings with a 20-unit warm-up covered 84.5%, bias +3%: the warm-up is shorter than EDM's minimum
     * segment of 30. Now found in the rounds' ensemble average, exactly, with the 5-unit cool-down.
     */
    @Test
    void aUnitReadingWarmupShorterThanEdmsMinimumSegmentIsCut() throws Exception {
        StrategySummary s = pilot("units", 300, 26);
        assertThat(s.warmupWithin5()).isGreaterThanOrEqualTo(297);
        assertThat(s.cooldownWithin5()).isGreaterThanOrEqualTo(285);
        assertThat((double) s.covered()).isGreaterThanOrEqualTo(atNominal(300));
    }

    /** A planted 10-round warm-up of readings is cut to within 5 rounds, and stationary rounds are kept. */
    @Test
    void aPlantedReadingsWarmupIsCutWithinFiveRounds() throws Exception {
        StrategySummary s = pilot("warmup-step", 300, 27);
        assertThat(s.warmupWithin5()).isGreaterThanOrEqualTo(297);
        assertThat((double) s.covered()).isGreaterThanOrEqualTo(atNominal(300));
    }

    /**
     * The classic hard case, M/M/1 waiting times at 90% load, here as rounds of 1,000 customers (the queue runs on; the
     * preset of one customer per round needs about 680,000 rounds and covers 94% at 500 sessions, bench/README.md).
     * In rounds the batch means look independent to BIC while the queue's long busy periods still correlate them, and
     * every method falls a little short here (3 × 1,000 sessions: 91.9–93.3%; the original's method never converges,
     * naive and JMH-style runs cover 87–90%): this pins that every session converges within a few points of nominal.
     */
    @Test
    void mm1WaitingTimesInRoundsConvergeNearTheirLevel() throws Exception {
        StrategySummary s = pilot("mm1,customers=1000", 200, 28);
        assertThat(s.converged()).isEqualTo(200);
        assertThat(s.covered()).isGreaterThanOrEqualTo(176); // 88%
    }

    /**
     * Bug: the sequential comparison spent more than its α (4.5% false differences between equal workloads at α = 1%,
     * 7.5% with looks up to 5,000 rounds) and never showed equal workloads equivalent. Now: confidence sequences.
     */
    @Test
    void equalWorkloadsAreRarelyCalledDifferentAndUsuallyShownEquivalent() throws Exception {
        Evaluation.ComparisonEvaluation e = new Evaluation(SETTINGS)
                .replications(300)
                .seed(29)
                .compare(
                        WorkloadModel.parse("normal"),
                        WorkloadModel.parse("normal"),
                        List.of(ComparisonStrategy.PILOT));
        ComparisonSummary s = e.strategies().get(0);
        // α = 1%: 3 of 300 expected at most; the bound leaves room for chance (P(Binomial(300, 0.01) > 8) < 0.001)
        assertThat(s.falseDifference()).isLessThanOrEqualTo(8);
        assertThat(s.noDifference()).isGreaterThanOrEqualTo(270);
    }

    @Test
    void workloadsFivePercentApartAreRankedRight() throws Exception {
        Evaluation.ComparisonEvaluation e = new Evaluation(SETTINGS)
                .replications(200)
                .seed(30)
                .compare(
                        WorkloadModel.parse("normal"),
                        WorkloadModel.parse("normal,mean=105"),
                        List.of(ComparisonStrategy.PILOT));
        ComparisonSummary s = e.strategies().get(0);
        assertThat(s.correct()).isGreaterThanOrEqualTo(190);
        assertThat(s.wrongDirection()).isZero();
    }
}
