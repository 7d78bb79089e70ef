package io.pilotbench.stats;

import static io.pilotbench.stats.RefData.DATASET_B;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BinomialProportionTest {

    @ParameterizedTest
    @CsvSource({"0.90, 0.38470776422376757", "0.95, 0.46566845477273205", "0.99, 0.63651776700435614"})
    void datasetBMatchesOriginal(double confidence, double width) {
        ConfidenceInterval ci = BinomialProportion.confidenceInterval(DATASET_B, confidence);
        assertThat(ci.center()).isCloseTo(0.55, within(1e-15));
        assertThat(ci.width()).isCloseTo(width, within(width * 1e-12));
    }

    @Test
    void requiredSampleSizeMatchesOriginal() {
        // docs/original.md#vectors-dataset-f: optimal_sample_size(BINOMIAL, width 0.495) gives q=1, opt=19
        SampleSize size = BinomialProportion.requiredSampleSize(DATASET_B, 0.495, 0.95, 0);
        assertThat(size.subsessionSize()).isEqualTo(1);
        assertThat(size.samples()).isEqualTo(19);
        assertThat(size.isMetBy(20)).isTrue();
    }

    @Test
    void requiredSampleSizeTraceOfTheOriginalSession() {
        // docs/original.md#vectors-cli: --ci-perc 0.9 on dataset B, req(n) for n = 3..20 with the 10-sample floor
        long[] expected = {275, 201, 72, 40, 26, 32, 24, 29, 33, 37, 41, 45, 37, 31, 27, 24, 21, 19};
        for (int n = 3; n <= 20; n++) {
            double[] prefix = Arrays.copyOf(DATASET_B, n);
            double width = 0.9 * Descriptive.mean(prefix);
            assertThat(BinomialProportion.requiredSampleSize(prefix, width, 0.95, 10)
                            .samples())
                    .as("n=%d", n)
                    .isEqualTo(expected[n - 3]);
        }
    }

    @Test
    void edgeCases() {
        assertThat(BinomialProportion.confidenceInterval(new double[] {1}, 0.95).width())
                .isNaN();
        assertThat(BinomialProportion.confidenceInterval(new double[] {1, 1, 1}, 0.95)
                        .width())
                .isZero();
        assertThatThrownBy(() -> BinomialProportion.confidenceInterval(new double[] {0, 2}, 0.95))
                .hasMessageContaining("[0, 1]")
                .hasMessageContaining("index 1");
        assertThatThrownBy(() -> BinomialProportion.requiredSampleSize(new double[] {1}, 0.1, 0.95, 0))
                .hasMessageContaining("at least 2");
    }

    /** R 4.2: {@code prop.test(x, n, correct = FALSE)$conf.int}, printed with 17 digits. */
    @ParameterizedTest
    @CsvSource({
        "940, 1000, 0.95, 0.92352892520864338, 0.95310352732406811",
        "1000, 1000, 0.95, 0.99617324151444486, 1.0",
        "9, 40, 0.99, 0.10183013165485118, 0.42642013577432020"
    })
    void wilsonMatchesR(long x, long n, double confidence, double low, double high) {
        ConfidenceInterval ci = BinomialProportion.wilson(x, n, confidence);
        assertThat(ci.low()).isCloseTo(low, within(1e-12));
        assertThat(ci.high()).isCloseTo(high, within(1e-12));
        assertThat(ci.center()).isEqualTo((double) x / n);
        assertThatThrownBy(() -> BinomialProportion.wilson(n + 1, n, confidence))
                .isInstanceOf(IllegalArgumentException.class);
    }

    /** Samples in [0, 1]: the Wilson interval of their mean as successes; n = 1 has none. */
    @Test
    void wilsonOfSamplesIsWilsonOfTheirSuccesses() {
        double[] x = new double[30];
        Arrays.fill(x, 1);
        x[3] = 0;
        ConfidenceInterval ci = BinomialProportion.wilson(x, 0.95);
        ConfidenceInterval expected = BinomialProportion.wilson(29, 30, 0.95);
        assertThat(ci.low()).isCloseTo(expected.low(), within(1e-15));
        assertThat(ci.high()).isCloseTo(expected.high(), within(1e-15));
        assertThat(BinomialProportion.wilson(new double[] {1}, 0.95).width()).isNaN();
    }

    /**
     * The fewest trials whose Wilson interval meets a width (all successes: n ≥ 0.9·z²/0.1); the expected values from
     * a linear search over n of the interval's formula in Python (R's prop.test interval, checked above).
     */
    @ParameterizedTest
    @CsvSource({"1.0, 0.1, 35", "0.5, 0.1, 381", "0.9, 0.05, 557", "0.0, 0.2, 16"})
    void wilsonSampleSizeIsTheFewestTrialsThatMeetTheWidth(double p, double width, long expected) {
        long n = BinomialProportion.wilsonSampleSize(p, width, 0.95, 0);
        assertThat(n).isEqualTo(expected);
        assertThat(BinomialProportion.wilsonSampleSize(p, width, 0.95, 1000)).isEqualTo(Math.max(1000, expected));
    }
}
