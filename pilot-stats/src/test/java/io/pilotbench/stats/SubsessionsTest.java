package io.pilotbench.stats;

import static io.pilotbench.stats.RefData.DATASET_F;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Subsession statistics against the original Pilot's vectors (docs/original.md#vectors-statistics, #vectors-dataset-f),
 * to 1e-12 relative.
 */
class SubsessionsTest {
    private static final double REL = 1e-12;

    private static org.assertj.core.data.Offset<Double> rel(double expected) {
        return within(Math.abs(expected) * REL + 1e-300);
    }

    @ParameterizedTest(name = "q={0}")
    @CsvSource({
        // q, var (AM), auto-cov (AM), AC (AM), CI95 (AM), CI99 (AM), var (HM), AC (HM), CI95 (HM)
        "1, 0.073474423758865273, 0.046770566452423196, 0.63655574361384437, 0.15741620327678968, 0.21006315176624751, 0.075323079903203416, 0.64668201724770202, 0.1593842392709684",
        "2, 0.063087998188405811, 0.0352613658665459, 0.55892351761172487, 0.21212231770957143, 0.28786714090856552, 0.065621464746728517, 0.55490481150023452, 0.2163395640043867",
        "3, 0.056886620370370407, 0.023906339699074082, 0.42024538535472183, 0.25418512250613762, 0.35140901028452798, 0.058827766952522377, 0.41510008736324205, 0.25848553379524519",
        "4, 0.052647111742424244, 0.0043333767361111095, 0.082309866442667079, 0.29157062128900485, 0.41143482098785428, 0.05623268084894411, 0.077554867047079673, 0.30133590445119479",
        "5, 0.042248736328125008, -0.0017077586805555422, -0.040421532783660709, 0.3159917066443681, 0.45978866780612165, 0.043057733190197033, -0.07554304709923336, 0.31900273302175425",
        "6, 0.043875744047619049, -0.0076666232638888917, -0.17473488895295275, 0.35023487460258051, 0.51832382798061749, 0.045746718136659141, -0.15055384781255524, 0.35762437614459636",
        "8, 0.027729635416666659, -0.01346386284722223, -0.48554056499170167, 0.34950861465193939, 0.5482294664671038, 0.028020764886233795, -0.45287550880205474, 0.35133854458628033",
        "12, 0.0095941550925926055, -0.0017822482638889137, -0.18576396219245409, 0.31171984545595999, 0.57211565339828885, 0.010665017655409982, -0.17223172459394762, 0.32865623386253279",
        "16, 0.0061266927083333108, -0.0026584201388888621, -0.43390786276468102, 0.38888278001917354, 0.89702814929529229, 0.0055132157531845687, -0.36186541965780544, 0.36889957745916058",
    })
    void datasetFMatchesOriginal(
            int q,
            double var,
            double acov,
            double ac,
            double ci95,
            double ci99,
            double varH,
            double acH,
            double ci95H) {
        Subsessions am = Subsessions.of(DATASET_F, MeanMethod.ARITHMETIC);
        assertThat(am.variance(q)).isCloseTo(var, rel(var));
        assertThat(am.autocovariance(q)).isCloseTo(acov, within(Math.abs(acov) * 1e-11));
        assertThat(am.autocorrelation(q)).isCloseTo(ac, within(Math.abs(ac) * 1e-11));
        assertThat(am.confidenceInterval(q, 0.95).orElseThrow().width()).isCloseTo(ci95, rel(ci95));
        assertThat(am.confidenceInterval(q, 0.99).orElseThrow().width()).isCloseTo(ci99, rel(ci99));

        Subsessions hm = Subsessions.of(DATASET_F, MeanMethod.HARMONIC);
        assertThat(hm.variance(q)).isCloseTo(varH, rel(varH));
        assertThat(hm.autocorrelation(q)).isCloseTo(acH, within(Math.abs(acH) * 1e-11));
        assertThat(hm.confidenceInterval(q, 0.95).orElseThrow().width()).isCloseTo(ci95H, rel(ci95H));
    }

    @Test
    void confidenceIntervalIsCenteredOnTheMeanOfAllSamples() {
        var ci = Subsessions.of(DATASET_F, MeanMethod.ARITHMETIC)
                .confidenceInterval(4, 0.95)
                .orElseThrow();
        assertThat(ci.center()).isCloseTo(1.756458333333333, within(1e-15));
        assertThat(ci.low()).isCloseTo(1.756458333333333 - 0.29157062128900485 / 2, within(1e-14));
        assertThat(ci.high()).isCloseTo(1.756458333333333 + 0.29157062128900485 / 2, within(1e-14));
        assertThat(ci.confidence()).isEqualTo(0.95);
    }

    @ParameterizedTest(name = "limit {0} -> q {1}")
    @CsvSource({"0.9, 1", "0.8, 1", "0.6, 2", "0.5, 3", "0.45, 3", "0.4, 4", "0.2, 4", "0.1, 4", "0.05, 5", "0.01, -1"})
    void optimalSizeByLimit(double limit, int expected) {
        var q = Subsessions.of(DATASET_F, MeanMethod.ARITHMETIC).optimalSize(limit);
        assertThat(q.isPresent() ? q.getAsInt() : -1).isEqualTo(expected);
    }

    @ParameterizedTest(name = "width {0}% of mean, limit {1}")
    @CsvSource({
        "0.01, 0.1, 4, 3307", "0.02, 0.1, 4, 827", "0.05, 0.1, 4, 133", "0.10, 0.1, 4, 34", "0.20, 0.1, 4, 9",
        "0.30, 0.1, 4, 4", "0.01, 0.8, 1, 3856", "0.02, 0.8, 1, 964", "0.05, 0.8, 1, 155", "0.10, 0.8, 1, 39",
        "0.20, 0.8, 1, 10", "0.30, 0.8, 1, 5"
    })
    void requiredSampleSizeMatchesOriginal(double pct, double limit, int q, long subsessions) {
        Subsessions s = Subsessions.of(DATASET_F, MeanMethod.ARITHMETIC);
        SampleSize size = s.requiredSampleSize(pct * s.mean(), 0.95, limit, 0).orElseThrow();
        assertThat(size.subsessionSize()).isEqualTo(q);
        assertThat(size.subsessions()).isEqualTo(subsessions);
        assertThat(size.samples()).isEqualTo(q * subsessions);
    }

    @Test
    void requiredSampleSizeHonoursTheMinimumSubsessionFloor() {
        // docs/original.md#vectors-run-workload: readings {42, 43, 44}, q = 1: ceil(1·(4.3027/2.15)²) = 5, floor 200
        // wins
        double[] readings = {42, 43, 44};
        Subsessions s = Subsessions.of(readings, MeanMethod.ARITHMETIC);
        assertThat(s.confidenceInterval(1, 0.95).orElseThrow().width()).isCloseTo(4.9682754235006596, rel(4.97));
        assertThat(s.requiredSampleSize(0.1 * 43, 0.95, 0.1, 0).orElseThrow().samples())
                .isEqualTo(5);
        assertThat(s.requiredSampleSize(0.1 * 43, 0.95, 0.1, 200).orElseThrow().samples())
                .isEqualTo(200);
    }

    @Test
    void degenerateSamples() {
        Subsessions empty = Subsessions.of(new double[0], MeanMethod.ARITHMETIC);
        assertThat(empty.mean()).isNaN();
        assertThat(empty.optimalSize(0.1)).isEmpty();
        assertThat(empty.confidenceInterval(1, 0.95)).isEmpty();

        Subsessions one = Subsessions.of(new double[] {3}, MeanMethod.ARITHMETIC);
        assertThat(one.autocorrelation(1)).isEqualTo(1);
        assertThat(one.variance(1)).isNaN();
        assertThat(one.optimalSize(1)).isEmpty();
        assertThat(one.confidenceInterval(1, 0.95)).isEmpty();

        Subsessions two = Subsessions.of(new double[] {1, 2}, MeanMethod.ARITHMETIC);
        assertThat(two.optimalSize(1)).isEmpty(); // n/3 = 0: no q to try
        assertThat(two.confidenceInterval(1, 0.95).orElseThrow().width())
                .isCloseTo(2 * 12.706204736174705 * 0.5, within(1e-12));

        Subsessions constant = Subsessions.of(new double[] {5, 5, 5, 5, 5, 5}, MeanMethod.ARITHMETIC);
        assertThat(constant.autocorrelation(1)).isEqualTo(1); // NaN -> 1
        assertThat(constant.optimalSize(0.99)).isEmpty();
        // limit 1 turns the autocorrelation check off: even constant data then qualify at q = 1 (CI of width 0)
        assertThat(constant.optimalSize(1)).hasValue(1);
        assertThat(constant.confidenceInterval(1, 0.95).orElseThrow().width()).isZero();
        assertThat(constant.requiredSampleSize(1, 0.95, 0.1, 0)).isEmpty();

        assertThatThrownBy(() -> Subsessions.of(new double[] {1, Double.NaN}, MeanMethod.ARITHMETIC))
                .hasMessageContaining("index 1");
        assertThatThrownBy(() -> Subsessions.of(new double[] {1, -1}, MeanMethod.HARMONIC))
                .hasMessageContaining("> 0");
        assertThatThrownBy(
                        () -> Subsessions.of(DATASET_F, MeanMethod.ARITHMETIC).variance(0))
                .hasMessageContaining(">= 1");
        assertThatThrownBy(
                        () -> Subsessions.of(DATASET_F, MeanMethod.ARITHMETIC).optimalSize(0))
                .hasMessageContaining("(0, 1]");
        assertThatThrownBy(
                        () -> Subsessions.of(DATASET_F, MeanMethod.ARITHMETIC).requiredSampleSize(-1, 0.95, 0.1, 0))
                .hasMessageContaining("> 0");
    }

    @Test
    void blockMeansDropTheTail() {
        double[] x = {1, 2, 3, 4, 5, 6, 7};
        assertThat(Subsessions.of(x, MeanMethod.ARITHMETIC).blockMeans(3))
                .containsExactly(new double[] {2, 5}, within(1e-15));
        assertThat(Subsessions.of(x, MeanMethod.HARMONIC).blockMeans(2))
                .containsExactly(
                        new double[] {2.0 / (1 + 0.5), 2.0 / (1.0 / 3 + 0.25), 2.0 / (0.2 + 1.0 / 6)}, within(1e-14));
    }

    /**
     * Seeded AR(1) simulation with known truth: with φ = 0.9 the raw lag-1 autocorrelation is about 0.9, the optimal q
     * is well above 1, and the subsession CI covers the true mean (0) in about 95% of 400 replications.
     */
    @Test
    void subsessionCiCoversTheTruthOnAutocorrelatedData() {
        SplittableRandom rng = new SplittableRandom(20261121);
        int covered = 0;
        int naiveCovered = 0;
        int reps = 400;
        for (int r = 0; r < reps; r++) {
            double[] x = new double[2000];
            double prev = rng.nextGaussian() / Math.sqrt(1 - 0.81);
            for (int i = 0; i < x.length; i++) {
                prev = 0.9 * prev + rng.nextGaussian();
                x[i] = prev;
            }
            Subsessions s = Subsessions.of(x, MeanMethod.ARITHMETIC);
            int q = s.optimalSize(0.1).orElseThrow();
            assertThat(q).isGreaterThan(5);
            if (s.confidenceInterval(q, 0.95).orElseThrow().contains(0)) {
                covered++;
            }
            if (s.confidenceInterval(1, 0.95).orElseThrow().contains(0)) {
                naiveCovered++;
            }
        }
        // binomial sd at p=.95, n=400 is 1.1 points: allow a generous band; the q=1 CI misses far more often
        assertThat(covered / (double) reps).isBetween(0.90, 0.985);
        assertThat(naiveCovered / (double) reps).isLessThan(0.6);
    }
}
