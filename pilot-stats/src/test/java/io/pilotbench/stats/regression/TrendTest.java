package io.pilotbench.stats.regression;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.pilotbench.stats.RefData;
import io.pilotbench.stats.StudentT;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class TrendTest {

    /** Closed form for x = 0..n−1: Sxx = n(n²−1)/12, slope = Σ(x−x̄)y/Sxx, se = s/√Sxx (any regression text). */
    @Test
    void matchesClosedFormAndShiftedExplicitRegression() {
        double[] y = RefData.DATASET_F;
        int n = y.length;
        double xBar = (n - 1) / 2.0;
        double sxx = n * ((double) n * n - 1) / 12;
        double yBar = 0;
        for (double v : y) {
            yBar += v / n;
        }
        double sxy = 0;
        for (int i = 0; i < n; i++) {
            sxy += (i - xBar) * (y[i] - yBar);
        }
        double slope = sxy / sxx;
        double rss = 0;
        for (int i = 0; i < n; i++) {
            double r = y[i] - yBar - slope * (i - xBar);
            rss += r * r;
        }
        double se = Math.sqrt(rss / (n - 2) / sxx);

        TrendResult trend = Trend.test(y, 0.05);
        assertThat(trend.slope()).isCloseTo(slope, within(1e-14));
        assertThat(trend.standardError()).isCloseTo(se, within(se * 1e-12));
        assertThat(trend.t()).isCloseTo(slope / se, within(Math.abs(slope / se) * 1e-12));
        assertThat(trend.df()).isEqualTo(n - 2);
        assertThat(trend.pValue()).isCloseTo(2 * StudentT.cdf(-Math.abs(slope / se), n - 2), within(1e-12));
        assertThat(trend.intercept()).isCloseTo(yBar - slope * xBar, within(1e-13));

        // Same slope against explicit readings numbered 1000..1000+n−1.
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = 1000 + i;
        }
        OlsResult explicit = LinearRegression.simple(x, y);
        assertThat(trend.slope()).isCloseTo(explicit.coefficient(1).estimate(), within(1e-14));
        assertThat(trend.pValue()).isCloseTo(explicit.coefficient(1).pValue(), within(1e-12));
        assertThat(trend.confidenceInterval(0.9).halfWidth())
                .isCloseTo(explicit.confidenceInterval(1, 0.9).halfWidth(), within(1e-13));
    }

    @Test
    void plantedSlopeIsDetectedWithItsDirection() {
        for (int seed = 0; seed < 200; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            double[] leak = new double[50];
            double[] slowdown = new double[50];
            for (int i = 0; i < 50; i++) {
                // Slope 0.1 per reading with unit noise: t ≈ 0.1·√Sxx ≈ 10.2 (Sxx = 10412); a miss at alpha 0.01 (t <
                // 2.68)
                // has probability about 1e-13.
                leak[i] = 1000 - 0.1 * i + random.nextGaussian();
                slowdown[i] = 10 + 0.1 * i + random.nextGaussian();
            }
            TrendResult down = Trend.test(leak, 0.01);
            assertThat(down.significant()).as("seed %d", seed).isTrue();
            assertThat(down.direction()).isEqualTo(TrendResult.Direction.DECREASING);
            assertThat(Trend.test(slowdown, 0.01).direction())
                    .as("seed %d", seed)
                    .isEqualTo(TrendResult.Direction.INCREASING);
        }
    }

    /**
     * A flat noisy series is flagged at rate alpha. Over 4000 seeds the count is Binomial(4000, 0.05): mean 200,
     * sd 13.8; the band is ±4 sd (a correct test fails it with probability 6e-5, and the seeds are fixed). The 90%
     * interval's coverage of the true slope 0 is checked the same way.
     */
    @Test
    void flatSeriesFalsePositiveRateIsAlpha() {
        int runs = 4000;
        int flagged = 0;
        int covered = 0;
        for (int seed = 0; seed < runs; seed++) {
            SplittableRandom random = new SplittableRandom(1_000_003L * seed);
            double[] flat = new double[30];
            for (int i = 0; i < flat.length; i++) {
                flat[i] = 5 + 0.3 * random.nextGaussian();
            }
            TrendResult trend = Trend.test(flat, 0.05);
            if (trend.significant()) {
                flagged++;
                assertThat(trend.direction()).isNotEqualTo(TrendResult.Direction.NONE);
            } else {
                assertThat(trend.direction()).isEqualTo(TrendResult.Direction.NONE);
            }
            if (trend.confidenceInterval(0.90).contains(0)) {
                covered++;
            }
        }
        double sd = Math.sqrt(runs * 0.05 * 0.95);
        assertThat((double) flagged).isBetween(runs * 0.05 - 4 * sd, runs * 0.05 + 4 * sd);
        double coverSd = Math.sqrt(runs * 0.9 * 0.1);
        assertThat((double) covered).isBetween(runs * 0.9 - 4 * coverSd, runs * 0.9 + 4 * coverSd);
    }

    @Test
    void edgeCases() {
        TrendResult two = Trend.test(new double[] {1, 3}, 0.05);
        assertThat(two.slope()).isEqualTo(2);
        assertThat(two.pValue()).isNaN();
        assertThat(two.significant()).isFalse();
        assertThat(two.direction()).isEqualTo(TrendResult.Direction.NONE);
        assertThat(two.confidenceInterval(0.95).halfWidth()).isNaN();

        TrendResult constant = Trend.test(new double[] {4, 4, 4, 4}, 0.05);
        assertThat(constant.slope()).isZero();
        assertThat(constant.pValue()).isNaN();
        assertThat(constant.significant()).isFalse();

        TrendResult linear = Trend.test(new double[] {10, 8, 6, 4, 2}, 0.05);
        assertThat(linear.slope()).isEqualTo(-2);
        assertThat(linear.pValue()).isZero();
        assertThat(linear.direction()).isEqualTo(TrendResult.Direction.DECREASING);

        assertThatThrownBy(() -> Trend.test(new double[] {1}, 0.05)).hasMessageContaining("at least 2 readings");
        assertThatThrownBy(() -> Trend.test(new double[] {1, 2, Double.NaN}, 0.05))
                .hasMessage("series[2] is NaN; values must be finite");
        assertThatThrownBy(() -> Trend.test(new double[] {1, 2, 3}, 0)).hasMessageContaining("alpha");
    }

    /**
     * A constant column of 0.3 (Getstats' memory column) was a trend at p = 0: the least-squares residue of a value
     * without an exact binary form gave slope -5.2e-48 with a standard error of 0.
     */
    @Test
    void aConstantColumnOfAnInexactValueIsNoTrend() {
        TrendResult r = Trend.test(new double[] {0.3, 0.3, 0.3, 0.3, 0.3, 0.3}, 0.05);
        assertThat(r.slope()).isZero();
        assertThat(r.pValue()).isNaN();
        assertThat(r.significant()).isFalse();
        assertThat(r.direction()).isEqualTo(TrendResult.Direction.NONE);
        assertThat(r.intercept()).isEqualTo(0.3);
    }
}
