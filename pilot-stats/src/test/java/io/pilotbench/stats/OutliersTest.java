package io.pilotbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class OutliersTest {
    @Test
    void zScoresUseTheSampleStandardDeviation() {
        double[] x = {2, 4, 4, 4, 5, 5, 7, 9};
        // mean 5, sample sd sqrt(32/7)
        double sd = Math.sqrt(32.0 / 7);
        assertThat(Outliers.zScores(x)[0]).isCloseTo(-3 / sd, within(1e-15));
        assertThat(Outliers.zScores(x)[7]).isCloseTo(4 / sd, within(1e-15));
    }

    @Test
    void flagsTheValueGetstatsWouldWarnAbout() {
        double[] x = {10, 10.2, 9.9, 10.1, 10, 9.8, 10.1, 14};
        assertThat(Outliers.byZScore(x, Outliers.DEFAULT_Z_THRESHOLD)).containsExactly(7);
        assertThat(Outliers.byTukeyFences(x, 1.5)).containsExactly(7);
        assertThat(Outliers.byZScore(new double[] {3, 3, 3}, 2)).isEmpty();
        assertThat(Outliers.zScores(new double[0])).isEmpty();
        assertThat(Outliers.zScores(new double[] {1})).containsExactly(0);
        assertThatThrownBy(() -> Outliers.byZScore(x, 0)).hasMessageContaining("> 0");
    }

    @Test
    void tukeyFencesSeeWhatTheZScoreMasks() {
        // with n = 5, |z| can never exceed (n-1)/sqrt(n) = 1.79, so the z-score rule at 2 can never fire
        double[] x = {1, 1.1, 0.9, 1.0, 100};
        assertThat(Outliers.byZScore(x, 2)).isEmpty();
        assertThat(Outliers.byTukeyFences(x, 3)).containsExactly(4);
    }
}
