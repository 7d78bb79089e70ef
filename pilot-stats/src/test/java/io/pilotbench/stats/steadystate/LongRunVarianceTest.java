package io.pilotbench.stats.steadystate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.pilotbench.stats.ConfidenceInterval;
import io.pilotbench.stats.RReference;
import io.pilotbench.stats.Simulated;
import io.pilotbench.stats.SkewnessAdjustedInterval;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The long-run variance: against R's AR spectrum at frequency 0 where no batching or bias correction applies, and
 * against seeded series whose long-run variance is known (coverage of the CI built on it, at a fixed n).
 */
class LongRunVarianceTest {

    private static double[] seriesFromR(String name) {
        List<Double> v = new ArrayList<>();
        for (Map<String, String> row : RReference.table("ar-series.csv")) {
            if (row.get("series").equals(name)) {
                v.add(Double.parseDouble(row.get("value").strip()));
            }
        }
        return v.stream().mapToDouble(Double::doubleValue).toArray();
    }

    private static double rSpectrum(String series, int order) {
        for (Map<String, String> row : RReference.table("ar-reference.csv")) {
            if (row.get("series").equals(series)
                    && Integer.parseInt(row.get("order")) == order
                    && row.get("term").equals("-1")) {
                return Double.parseDouble(row.get("value").strip());
            }
        }
        throw new IllegalStateException(series + " " + order);
    }

    /** 300 values: batches of 1; BIC picks the AR(2) (no AR(1) bias correction), so σ²_LR is R's spec × n/(n − 3). */
    @Test
    void anAr2SeriesGivesRsSpectrumAtZeroWithTheDegreesOfFreedomCorrection() {
        double[] x = seriesFromR("ar2");
        LongRunVarianceEstimate e = LongRunVariance.estimate(x);
        assertThat(e.batchSize()).isEqualTo(1);
        assertThat(e.order()).isEqualTo(2);
        assertThat(e.white()).isFalse();
        assertThat(e.variance())
                .isCloseTo(rSpectrum("ar2", 2) * x.length / (x.length - 3), within(1e-9 * e.variance()));
        assertThat(e.degreesOfFreedom()).isBetween(5.0, 299.0);
    }

    @Test
    void whiteNoiseGivesTheSampleVarianceWithNMinusOneDegreesOfFreedom() {
        double[] x = seriesFromR("white");
        LongRunVarianceEstimate e = LongRunVariance.estimate(x);
        double m = 0;
        for (double v : x) {
            m += v;
        }
        m /= x.length;
        double ss = 0;
        for (double v : x) {
            ss += (v - m) * (v - m);
        }
        assertThat(e.white()).isTrue();
        assertThat(e.variance()).isCloseTo(ss / (x.length - 1), within(1e-12));
        assertThat(e.degreesOfFreedom()).isEqualTo(x.length - 1);
        assertThat(e.mean()).isCloseTo(m, within(1e-12));
    }

    @Test
    void longSeriesAreBatched() {
        double[] x = Simulated.ar1(7, 10_000, 100, 0.1, 0.5);
        LongRunVarianceEstimate e = LongRunVariance.estimate(x);
        assertThat(e.batchSize()).isEqualTo(39);
        assertThat(e.batches()).isEqualTo(256);
        // truth: 100·(1.5/0.5) = 300; the estimate from 10,000 samples is within 25%
        assertThat(e.variance()).isBetween(225.0, 375.0);
        assertThat(e.autocorrelationTime()).isBetween(2.25, 3.75);
    }

    /**
     * Fixed-n coverage with known truth: 1,000 seeded AR(1) series, φ = 0.9, 400 samples (20 correlation times), CI
     * mean ± t_df·se. Measured: 95.9% (mean df 9.5); the bound allows
     * for the simulation's own error (SE 0.7 points).
     */
    @Test
    void theCiOfAStronglyCorrelatedSeriesCoversAtItsLevel() {
        int covered = 0;
        double dfSum = 0;
        for (int k = 0; k < 1000; k++) {
            LongRunVarianceEstimate e = LongRunVariance.estimate(Simulated.ar1(1000 + k, 400, 100, 0.1, 0.9));
            ConfidenceInterval ci =
                    SkewnessAdjustedInterval.willink(e.mean(), e.standardError(), e.degreesOfFreedom(), 0, 0.95);
            covered += ci.contains(100) ? 1 : 0;
            dfSum += e.degreesOfFreedom();
        }
        assertThat(covered / 1000.0).isBetween(0.925, 0.975);
        // delta method: about n/39 = 10 degrees of freedom
        assertThat(dfSum / 1000).isBetween(7.0, 16.0);
    }

    @Test
    void independentSamplesCoverToo() {
        int covered = 0;
        for (int k = 0; k < 1000; k++) {
            LongRunVarianceEstimate e = LongRunVariance.estimate(Simulated.normal(5000 + k, 25, 100, 10));
            covered += SkewnessAdjustedInterval.willink(e.mean(), e.standardError(), e.degreesOfFreedom(), 0, 0.95)
                            .contains(100)
                    ? 1
                    : 0;
        }
        assertThat(covered / 1000.0).isBetween(0.93, 0.97);
    }

    @Test
    void constantDataHaveNoVariance() {
        LongRunVarianceEstimate e = LongRunVariance.estimate(new double[] {3, 3, 3, 3});
        assertThat(e.variance()).isZero();
        assertThat(e.standardError()).isZero();
        assertThat(e.white()).isTrue();
    }

    @Test
    void badInputIsRefused() {
        assertThatThrownBy(() -> LongRunVariance.estimate(new double[] {1, 2})).hasMessageContaining("at least 3");
        assertThatThrownBy(() -> LongRunVariance.estimate(new double[] {1, 2, Double.POSITIVE_INFINITY}))
                .hasMessageContaining("non-finite");
        assertThatThrownBy(() -> LongRunVariance.estimate(new double[] {1, 2, 3}, 8))
                .hasMessageContaining("16");
    }
}
