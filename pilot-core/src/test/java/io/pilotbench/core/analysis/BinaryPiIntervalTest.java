package io.pilotbench.core.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.pilotbench.core.model.AnalysisSettings;
import io.pilotbench.core.model.CiMethod;
import io.pilotbench.core.model.MetricResult;
import io.pilotbench.stats.BinomialProportion;
import io.pilotbench.stats.ConfidenceInterval;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * A binary PI (success or failure per round): its interval got [0.8996, 1.0337] for 29 successes of 30, and "1 ± 0,
 * target met" after 20 successes of 20, whose exact interval is about [0.83, 1]. The default method now gives Wilson's
 * interval, and the original's t interval (with {@code --method pilot}) is kept inside [0, 1].
 */
class BinaryPiIntervalTest {
    private static double[] successes(int n, int... failures) {
        double[] x = new double[n];
        Arrays.fill(x, 1);
        for (int f : failures) {
            x[f] = 0;
        }
        return x;
    }

    @Test
    void aProportionsIntervalStaysWithinZeroAndOne() {
        double[] x = successes(30, 3);
        MetricResult m = MeanAnalyzer.analyze(x, 0, 30, 0, true, AnalysisSettings.defaults(), true);
        ConfidenceInterval wilson = BinomialProportion.wilson(29, 30, 0.95);
        assertThat(m.ci().low()).isCloseTo(wilson.low(), within(1e-15));
        assertThat(m.ci().high()).isCloseTo(wilson.high(), within(1e-15)).isLessThan(1);
        MetricResult original = MeanAnalyzer.analyze(
                x, 0, 30, 0, true, AnalysisSettings.defaults().withMethod(CiMethod.PILOT), true);
        assertThat(original.ci().high()).isLessThanOrEqualTo(1);
        assertThat(original.ci().low()).isCloseTo(0.8996, within(1e-4));
    }

    @Test
    void twentySuccessesOfTwentyAreNotCertain() {
        MetricResult m = MeanAnalyzer.analyze(successes(20), 0, 20, 0, true, AnalysisSettings.defaults(), true);
        assertThat(m.ci().low()).isCloseTo(20 / (20 + 1.959963984540054 * 1.959963984540054), within(1e-12));
        assertThat(m.ci().high()).isEqualTo(1);
        // the default target, a width of 10% of the mean: n/(n + z²) ≥ 0.9 from 35 rounds
        assertThat(m.targetMet()).isFalse();
        assertThat(m.requiredSamples()).isEqualTo(35);
        assertThat(MeanAnalyzer.analyze(successes(35), 0, 35, 0, true, AnalysisSettings.defaults(), true)
                        .targetMet())
                .isTrue();
    }
}
