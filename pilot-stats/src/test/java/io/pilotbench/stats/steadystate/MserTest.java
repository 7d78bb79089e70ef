package io.pilotbench.stats.steadystate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pilotbench.stats.Simulated;
import org.junit.jupiter.api.Test;

class MserTest {

    /** Hand-checked: cutting the four 10s leaves a constant tail, MSER 0; every other cut leaves spread. */
    @Test
    void cutsAPrefixThatDiffersFromAConstantTail() {
        double[] x = {10, 10, 10, 10, 0, 0, 0, 0, 0, 0, 0, 0};
        assertThat(Mser.truncation(x, 1, 0.5)).isEqualTo(4);
    }

    @Test
    void neverCutsBeyondTheAllowedFraction() {
        double[] x = {10, 10, 10, 10, 10, 10, 10, 0, 0, 0, 1, 0};
        assertThat(Mser.truncation(x, 1, 0.5)).isLessThanOrEqualTo(6);
    }

    /**
     * A 3σ step of 50 samples in 400: MSER-5 cuts at a batch boundary, never before the step's end, exactly at it in
     * most series but often later (its minimum wanders over the flat tail; 1,000 seeds: 69% at 50, 10% past 70) —
     * why {@link WarmupDetector} locates with least squares by default.
     */
    @Test
    void mser5FindsAStepWarmupButOftenOvershoots() {
        int exact = 0;
        int late = 0;
        for (int k = 0; k < 200; k++) {
            double[] x = Simulated.stepWarmup(Simulated.normal(k, 400, 100, 10), 0.3, 50);
            int d = Mser.truncation(x, 5, 0.5);
            assertThat(d % 5).isZero();
            assertThat(d).isGreaterThanOrEqualTo(50);
            exact += d == 50 ? 1 : 0;
            late += d > 70 ? 1 : 0;
        }
        assertThat(exact).isGreaterThan(120);
        assertThat(late).isGreaterThan(5);
    }

    @Test
    void tooFewBatchesMeansNoCut() {
        assertThat(Mser.truncation(new double[] {5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, 5, 0.5))
                .isZero();
        assertThatThrownBy(() -> Mser.truncation(new double[10], 0, 0.5)).hasMessageContaining("batch size");
    }
}
