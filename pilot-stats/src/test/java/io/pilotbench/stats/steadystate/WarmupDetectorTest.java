package io.pilotbench.stats.steadystate;

import static org.assertj.core.api.Assertions.assertThat;

import io.pilotbench.stats.Simulated;
import io.pilotbench.stats.steadystate.WarmupDetector.Locator;
import org.junit.jupiter.api.Test;

/**
 * Seeded series with known truth: how often a stationary series loses data (false alarms, α = 1%), and how
 * precisely a planted warm-up is cut. Counts over 300–500 seeds; bounds leave room for the simulation's own error.
 */
class WarmupDetectorTest {
    private static final double ALPHA = 0.01;

    @Test
    void stationarySeriesAreRarelyCut() {
        int normal = 0;
        int heavy = 0;
        int ar = 0;
        for (int k = 0; k < 500; k++) {
            normal += WarmupDetector.warmup(Simulated.normal(k, 100, 100, 10), ALPHA)
                            .found()
                    ? 1
                    : 0;
            heavy += WarmupDetector.warmup(Simulated.pareto(k, 100, 100, 10, 2.5), ALPHA)
                            .found()
                    ? 1
                    : 0;
            ar += WarmupDetector.warmup(Simulated.ar1(k, 400, 100, 0.1, 0.9), ALPHA)
                            .found()
                    ? 1
                    : 0;
        }
        assertThat(normal).as("i.i.d. normal, n = 100").isLessThanOrEqualTo(10);
        assertThat(heavy).as("Pareto 2.5, n = 100").isLessThanOrEqualTo(10);
        assertThat(ar).as("AR(1) 0.9, n = 400").isLessThanOrEqualTo(20);
    }

    @Test
    void aStepWarmupIsCutWithinFiveSamples() {
        int within = 0;
        for (int k = 0; k < 300; k++) {
            Truncation t =
                    WarmupDetector.warmup(Simulated.stepWarmup(Simulated.normal(k, 400, 100, 10), 0.3, 50), ALPHA);
            assertThat(t.found()).as("seed %d", k).isTrue();
            assertThat(t.pValue()).isLessThan(ALPHA);
            assertThat(t.meanBefore()).isGreaterThan(t.meanAfter());
            within += Math.abs(t.cut() - 50) <= 5 ? 1 : 0;
        }
        assertThat(within).isGreaterThanOrEqualTo(294);
    }

    /**
     * The unit-readings preset's warm-up: 20 samples at 3× in an AR(1) (φ 0.5, cv 0.2) of 200 samples. 300 seeds:
     * 280 cut at exactly 20, 17 at 17–19, 3 past it (a second, chance cut of the rest: α).
     */
    @Test
    void aShortStrongWarmupInACorrelatedSeriesIsCutWithinFiveSamples() {
        int within = 0;
        int mser = 0;
        for (int k = 0; k < 300; k++) {
            double[] x = Simulated.stepWarmup(Simulated.ar1(k, 200, 1, 0.2, 0.5), 2, 20);
            within += Math.abs(WarmupDetector.warmup(x, ALPHA).cut() - 20) <= 5 ? 1 : 0;
            mser += Math.abs(WarmupDetector.warmup(x, ALPHA, Locator.MSER5).cut() - 20) <= 5 ? 1 : 0;
        }
        assertThat(within).isGreaterThanOrEqualTo(290);
        assertThat(mser).isLessThan(within);
    }

    /**
     * A warm-up found but longer than the largest fraction is pending, not cut: a step of 30 in 100 (at most 20 may
     * be cut) is reported as ending near 30; at 40% of the series or later it is a level shift, neither cut nor
     * pending; stationary series have no pending warm-up beyond the test's α.
     */
    @Test
    void aWarmupTooLongToCutIsPendingAndALaterChangeIsNot() {
        int pending = 0;
        int late = 0;
        int stationary = 0;
        int halfPending = 0;
        for (int k = 0; k < 300; k++) {
            Truncation t = WarmupDetector.warmup(
                    Simulated.stepWarmup(Simulated.normal(k, 100, 100, 10), 0.5, 30),
                    ALPHA,
                    Locator.LEAST_SQUARES,
                    0.2);
            assertThat(t.cut()).as("seed %d", k).isZero();
            pending += Math.abs(t.pending() - 30) <= 2 ? 1 : 0;
            Truncation half = WarmupDetector.warmup(
                    Simulated.stepWarmup(Simulated.normal(k, 100, 100, 10), 0.5, 30),
                    ALPHA,
                    Locator.LEAST_SQUARES,
                    0.5);
            assertThat(half.cut()).as("seed %d, at most half", k).isBetween(28, 32);
            halfPending += half.pending() > 0 ? 1 : 0; // a second, chance prefix of the rest: α
            late += WarmupDetector.warmup(
                                            Simulated.stepWarmup(Simulated.normal(k, 100, 100, 10), 0.5, 45),
                                            ALPHA,
                                            Locator.LEAST_SQUARES,
                                            0.2)
                                    .pending()
                            > 0
                    ? 1
                    : 0;
            stationary += WarmupDetector.warmup(Simulated.normal(k, 100, 100, 10), ALPHA, Locator.LEAST_SQUARES, 0.2)
                                    .pending()
                            > 0
                    ? 1
                    : 0;
        }
        assertThat(pending).isGreaterThanOrEqualTo(290);
        assertThat(late).isZero();
        assertThat(stationary).isLessThanOrEqualTo(6);
        assertThat(halfPending).isLessThanOrEqualTo(6);
    }

    @Test
    void aCoolDownIsTheWarmupOfTheReversedSeries() {
        double[] x = Simulated.normal(3, 200, 100, 10);
        for (int i = 190; i < 200; i++) {
            x[i] *= 2;
        }
        Truncation t = WarmupDetector.coolDown(x, ALPHA, Locator.LEAST_SQUARES);
        assertThat(t.cut()).isEqualTo(10);
        assertThat(WarmupDetector.warmup(x, ALPHA).found()).isFalse();
    }

    @Test
    void shortSeriesAreNotTested() {
        Truncation t = WarmupDetector.warmup(new double[] {9, 9, 9, 1, 1, 1, 1, 1, 1, 1}, ALPHA);
        assertThat(t.found()).isFalse();
        assertThat(t.pValue()).isEqualTo(1);
        assertThat(t.meanAfter()).isCloseTo(3.4, org.assertj.core.api.Assertions.within(1e-12));
    }
}
