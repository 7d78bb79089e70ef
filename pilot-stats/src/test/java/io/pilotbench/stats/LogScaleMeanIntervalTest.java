package io.pilotbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Cox's interval for a lognormal mean: its formula, positivity and seeded coverage. */
class LogScaleMeanIntervalTest {

    @Test
    void itIsCoxsFormulaOnTheLogs() {
        double[] x = {1, Math.E, Math.E * Math.E};
        // logs 0, 1, 2: mean 1, variance 1; exp(1 + 1/2 ± t·√(1/3 + 1/4))
        ConfidenceInterval ci = LogScaleMeanInterval.cox(x, 0.95, 1, 2);
        double half = StudentT.critical(0.95, 2) * Math.sqrt(1.0 / 3 + 1.0 / 4);
        assertThat(ci.low()).isCloseTo(Math.exp(1.5 - half), within(1e-12));
        assertThat(ci.high()).isCloseTo(Math.exp(1.5 + half), within(1e-12));
    }

    /** 4,000 seeded lognormal samples of 5 (σ = 1): Cox's interval covers about 95% and is always positive. */
    @Test
    void onLognormalSamplesItCoversAtItsLevelAndStaysPositive() {
        int covered = 0;
        double mean = Math.exp(0.5);
        for (int k = 0; k < 4000; k++) {
            double[] x = Simulated.lognormal(k, 5, mean, Math.sqrt(Math.E - 1));
            ConfidenceInterval ci = LogScaleMeanInterval.cox(x, 0.95, 1, 4);
            assertThat(ci.low()).isPositive();
            covered += ci.contains(mean) ? 1 : 0;
        }
        assertThat(covered / 4000.0).isBetween(0.92, 0.98);
    }

    @Test
    void badInputIsRefused() {
        assertThatThrownBy(() -> LogScaleMeanInterval.cox(new double[] {1, 0}, 0.95, 1, 1))
                .hasMessageContaining("> 0");
        assertThatThrownBy(() -> LogScaleMeanInterval.cox(new double[] {1}, 0.95, 1, 1))
                .hasMessageContaining("at least 2");
    }
}
