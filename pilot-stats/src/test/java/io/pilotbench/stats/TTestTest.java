package io.pilotbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class TTestTest {
    private static final SampleStats BODY_TEMP_1 = new SampleStats(98.105, 0.699 * 0.699, 65);
    private static final SampleStats BODY_TEMP_2 = new SampleStats(98.394, 0.743 * 0.743, 65);

    @Test
    void welchMatchesOriginalTestOfSignificance() {
        // docs/original.md#vectors-statistics, TestOfSignificance (Boost-based, exact values)
        TTestResult r = TTest.welch(BODY_TEMP_1, BODY_TEMP_2, 0.95);
        assertThat(r.df()).isCloseTo(127.52594900691858, within(1e-10));
        assertThat(r.pTwoSided()).isCloseTo(0.024022856222597727, within(0.024 * 1e-10));
        assertThat(r.difference().low()).isCloseTo(-0.53937134791178476, within(1e-12));
        assertThat(r.difference().high()).isCloseTo(-0.038628652088218252, within(1e-12));
        assertThat(r.pLess()).isCloseTo(r.pTwoSided() / 2, within(1e-15));
        assertThat(r.pGreater()).isCloseTo(1 - r.pTwoSided() / 2, within(1e-14));
    }

    @Test
    void welchMatchesOriginalSpeedOfLight() {
        // docs/original.md#vectors-statistics, TestSpeedOfLight: summary statistics of the two samples, cl 0.99
        SampleStats a = new SampleStats(852.4, 6242.666666666675, 100);
        SampleStats b = new SampleStats(756.2173913043479, 11473.541501976288, 23);
        TTestResult r = TTest.welch(a, b, 0.99);
        assertThat(r.df()).isCloseTo(27.75415583401859, within(1e-10));
        assertThat(r.pTwoSided()).isCloseTo(0.0003625357, within(1e-10));
        assertThat(r.difference().low()).isCloseTo(30.67544, within(1e-5));
        assertThat(r.difference().high()).isCloseTo(161.68977, within(1e-5));
    }

    @Test
    void welchMatchesOriginalPEq() {
        // docs/original.md#vectors-dataset-f: p_eq(10, 10.5, 30, 40, 4, 9, cl=0.9)
        TTestResult r = TTest.welch(new SampleStats(10, 4, 30), new SampleStats(10.5, 9, 40), 0.9);
        assertThat(r.pTwoSided()).isCloseTo(0.40652666039930074, within(0.4 * 1e-12));
        assertThat(r.difference().low()).isCloseTo(-1.4983913122863046, within(1e-12));
        assertThat(r.difference().high()).isCloseTo(0.49839131228630462, within(1e-12));
    }

    @Test
    void pooledTestUsesPooledVarianceAndIntegerDf() {
        // Hand-checkable: equal sizes and variances make pooled and Welch agree on t; df = n1 + n2 - 2
        TTestResult pooled = TTest.pooled(new SampleStats(1, 4, 10), new SampleStats(0, 4, 10), 0.95);
        assertThat(pooled.df()).isEqualTo(18);
        assertThat(pooled.t()).isCloseTo(1 / Math.sqrt(0.8), within(1e-15));
        TTestResult welch = TTest.welch(new SampleStats(1, 4, 10), new SampleStats(0, 4, 10), 0.95);
        assertThat(welch.t()).isCloseTo(pooled.t(), within(1e-15));
        assertThat(welch.df()).isCloseTo(18, within(1e-12));
    }

    @Test
    void optimalSampleSizeForEqualityTest() {
        // docs/original.md#vectors-dataset-f: raw values truncated by the original to 39 / 65 / 117; we round up, so
        // 65.00000000000003 stays 65 (noise) while 39.x and 117.x become the next integer
        assertThat(TTest.requiredSampleSizeRaw(BODY_TEMP_1, BODY_TEMP_2, 0.0240229))
                .isBetween(64.9, 65.1);
        assertThat(TTest.requiredSampleSize(BODY_TEMP_1, BODY_TEMP_2, 0.024022856222597727))
                .hasValue(65);
        double raw05 = TTest.requiredSampleSizeRaw(BODY_TEMP_1, BODY_TEMP_2, 0.05);
        assertThat((long) raw05).isEqualTo(39);
        assertThat(TTest.requiredSampleSize(BODY_TEMP_1, BODY_TEMP_2, 0.05)).hasValue((long) Math.ceil(raw05));
        double raw01 = TTest.requiredSampleSizeRaw(BODY_TEMP_1, BODY_TEMP_2, 0.01);
        assertThat((long) raw01).isEqualTo(117);
        // p 0.001 is unreachable with this baseline: the original returned 18446744073709548077
        assertThat(TTest.requiredSampleSize(BODY_TEMP_1, BODY_TEMP_2, 0.001)).isEmpty();
        assertThat(TTest.requiredSampleSize(BODY_TEMP_1, BODY_TEMP_1, 0.05)).isEmpty();
    }

    /** Seeded simulation: under H0 Welch's p-value is uniform, so about 5% of tests reject at 0.05. */
    @Test
    void welchHasNominalFalsePositiveRate() {
        SplittableRandom rng = new SplittableRandom(7);
        int rejections = 0;
        int reps = 2000;
        for (int r = 0; r < reps; r++) {
            double[] a = new double[8];
            double[] b = new double[25];
            for (int i = 0; i < a.length; i++) {
                a[i] = 10 + 3 * rng.nextGaussian();
            }
            for (int i = 0; i < b.length; i++) {
                b[i] = 10 + rng.nextGaussian();
            }
            if (TTest.welch(a, b, 0.95).pTwoSided() < 0.05) {
                rejections++;
            }
        }
        // 5% ± 4 binomial sds (0.49 points each)
        assertThat(rejections / (double) reps).isBetween(0.03, 0.07);
    }

    @Test
    void degenerateInputs() {
        TTestResult same = TTest.welch(new SampleStats(5, 0, 3), new SampleStats(5, 0, 3), 0.95);
        assertThat(same.t()).isNaN();
        assertThat(same.pTwoSided()).isEqualTo(1);
        TTestResult apart = TTest.welch(new SampleStats(6, 0, 3), new SampleStats(5, 0, 3), 0.95);
        assertThat(apart.t()).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(apart.pTwoSided()).isZero();
        assertThatThrownBy(() -> new SampleStats(1, 1, 1)).hasMessageContaining("at least 2");
        assertThatThrownBy(() -> new SampleStats(1, -1, 5)).hasMessageContaining(">= 0");
        assertThatThrownBy(() -> TTest.welch(new double[] {1}, new double[] {1, 2}, 0.95))
                .hasMessageContaining("at least 2");
        assertThatThrownBy(() -> TTest.requiredSampleSize(BODY_TEMP_1, BODY_TEMP_2, 1))
                .hasMessageContaining("(0, 1)");
    }
}
