package io.pilotbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import java.util.function.DoubleSupplier;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class SpreadTest {

    @Test
    void percentilesAreRsType7() {
        // R: quantile(1:10, c(.25, .5, .75, .9, .99)) = 3.25 5.50 7.75 9.10 9.91
        Spread s = Spread.of(new double[] {7, 3, 10, 1, 5, 2, 9, 4, 8, 6});
        assertThat(s.min()).isEqualTo(1);
        assertThat(s.q1()).isCloseTo(3.25, within(1e-12));
        assertThat(s.median()).isCloseTo(5.5, within(1e-12));
        assertThat(s.q3()).isCloseTo(7.75, within(1e-12));
        assertThat(s.p90()).isCloseTo(9.1, within(1e-12));
        assertThat(s.p99()).isCloseTo(9.91, within(1e-12));
        assertThat(s.max()).isEqualTo(10);
        assertThat(s.outliers()).isZero();
        assertThat(s.mvalue()).as("fewer than 30 values: no modality value").isNaN();
    }

    /**
     * The order statistics come from selection, not a sort (two sorts of 10^6 values were half of pilot analyze's
     * time): they must be exactly a sort's, with ties, repeated values and every small n included.
     */
    @Test
    void orderStatisticsBySelectionAreExactlyThoseOfASort() {
        Random r = new Random(7);
        for (int trial = 0; trial < 500; trial++) {
            int n = 1 + r.nextInt(trial < 250 ? 12 : 3000);
            double[] x = new double[n];
            for (int i = 0; i < n; i++) {
                x[i] = trial % 3 == 0 ? r.nextInt(4) : Math.exp(r.nextGaussian());
            }
            double[] sorted = x.clone();
            java.util.Arrays.sort(sorted);
            Spread s = Spread.of(x);
            assertThat(s.min()).isEqualTo(sorted[0]);
            assertThat(s.max()).isEqualTo(sorted[n - 1]);
            double[] want = {
                DescriptiveTest.type7(sorted, 25),
                DescriptiveTest.type7(sorted, 50),
                DescriptiveTest.type7(sorted, 75),
                DescriptiveTest.type7(sorted, 90),
                DescriptiveTest.type7(sorted, 99)
            };
            assertThat(new double[] {s.q1(), s.median(), s.q3(), s.p90(), s.p99()})
                    .as("n = %d", n)
                    .containsExactly(want);
        }
    }

    @Test
    void anExtraThreeHundredMillisecondsOneRoundInEightIsAnOutlierAndTheRangeShowsIt() {
        double[] x = new double[40];
        Random r = new Random(1);
        for (int i = 0; i < x.length; i++) {
            x[i] = 60 + r.nextGaussian() + (i % 8 == 7 ? 300 : 0);
        }
        Spread s = Spread.of(x);
        assertThat(s.high()).isEqualTo(5);
        assertThat(s.low()).isZero();
        assertThat(s.max()).isGreaterThan(355);
        assertThat(s.median()).isBetween(58.0, 62.0);
    }

    @Test
    void moreThanHalfTheValuesEqualFallsBackToTheMeanAbsoluteDeviation() {
        double[] x = {5, 5, 5, 5, 5, 5, 6, 4};
        assertThat(Spread.of(x).outliers())
                .as("a step of one is no outlier when the MAD is 0")
                .isZero();
        assertThat(Spread.of(new double[] {5, 5, 5, 5, 5, 5, 5, 5}).outliers()).isZero();
    }

    @Test
    void theModalityValueIsTwoForOneModeFourForTwoAndSixForThree() {
        Random r = new Random(7);
        assertThat(Spread.of(sample(1000, () -> 100 + r.nextGaussian())).mvalue())
                .isCloseTo(2, within(0.5));
        assertThat(Spread.of(sample(1000, () -> (r.nextBoolean() ? 100 : 120) + r.nextGaussian()))
                        .mvalue())
                .isCloseTo(4, within(0.6));
        assertThat(Spread.of(sample(1500, () -> 100 + 20 * r.nextInt(3) + r.nextGaussian()))
                        .mvalue())
                .isCloseTo(6, within(0.8));
        assertThat(Spread.of(sample(40, () -> 3)).mvalue()).isEqualTo(2);
    }

    /**
     * The warnings' error rates on seeded samples with a known truth, 2,000 samples each: on clean unimodal samples
     * (normal, lognormal σ = 0.5, exponential) of 100 values, a several-modes warning in ≤ 0.5% and an outlier
     * warning in ≤ 1.5% (measured: 0.1% and 0.6%); two modes 6σ apart found in ≥ 70% (80%); one value in eight
     * 300 ms slower, in ≥ 99% (100%).
     */
    @Test
    void theWarningsRarelyCryWolfOnCleanSamplesAndCatchWhatTheyAreFor() {
        assertThat(rate(100, r -> () -> 100 + 10 * r.nextGaussian(), Spread::severalModes))
                .isLessThanOrEqualTo(0.005);
        assertThat(rate(100, r -> () -> Math.exp(4 + 0.5 * r.nextGaussian()), Spread::severalModes))
                .isLessThanOrEqualTo(0.005);
        assertThat(rate(100, r -> () -> -Math.log(r.nextDouble()), Spread::severalModes))
                .isLessThanOrEqualTo(0.005);
        assertThat(rate(100, r -> () -> 100 + 10 * r.nextGaussian(), s -> s.outliers() > 0))
                .isLessThanOrEqualTo(0.015);
        assertThat(rate(100, r -> () -> Math.exp(4 + 0.5 * r.nextGaussian()), s -> s.outliers() > 0))
                .isLessThanOrEqualTo(0.015);
        assertThat(rate(100, r -> () -> -Math.log(r.nextDouble()), s -> s.outliers() > 0))
                .isLessThanOrEqualTo(0.015);
        assertThat(rate(100, r -> () -> (r.nextBoolean() ? 100 : 130) + 5 * r.nextGaussian(), Spread::severalModes))
                .isGreaterThanOrEqualTo(0.7);
        assertThat(rate(100, r -> () -> (r.nextInt(8) == 0 ? 360 : 60) + 2 * r.nextGaussian(), s -> s.high() > 0))
                .isGreaterThanOrEqualTo(0.99);
    }

    @Test
    void anEmptyOrNonFiniteSampleIsRefused() {
        assertThatThrownBy(() -> Spread.of(new double[0])).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Spread.of(new double[] {1, Double.NaN})).isInstanceOf(IllegalArgumentException.class);
    }

    private static double[] sample(int n, DoubleSupplier value) {
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = value.getAsDouble();
        }
        return x;
    }

    private static double rate(
            int n, Function<Random, DoubleSupplier> shape, java.util.function.Predicate<Spread> warns) {
        Random r = new Random(n * 31L + 5);
        DoubleSupplier value = shape.apply(r);
        int hits = 0;
        for (int t = 0; t < 2000; t++) {
            hits += warns.test(Spread.of(sample(n, value))) ? 1 : 0;
        }
        return hits / 2000.0;
    }
}
