package io.pilotbench.stats.steadystate;

import static org.assertj.core.api.Assertions.assertThat;

import io.pilotbench.stats.Simulated;
import org.junit.jupiter.api.Test;

/**
 * The trend test a session must pass before it stops: its false alarms on stationary series (seeded, known truth)
 * and its power on the gradual warm-up that the two-level warm-up test misses.
 */
class SteadyStateTest {
    private static final double ALPHA = 0.01;

    /** {@code x} with +{@code amplitude}·e^(−i/τ) of its level added, a decay such as a JIT compiling. */
    private static double[] expWarmup(double[] x, double level, double amplitude, double tau) {
        double[] y = x.clone();
        for (int i = 0; i < y.length; i++) {
            y[i] += level * amplitude * Math.exp(-i / tau);
        }
        return y;
    }

    @Test
    void stationarySeriesTrendAboutAsOftenAsAlpha() {
        // 1,000 seeds: under a constant level the test rejects with probability about α; the bounds are α plus
        // three binomial standard errors, and a little more for AR(1), whose residual variance is estimated
        int normal = 0;
        int heavy = 0;
        int ar = 0;
        for (int k = 0; k < 1000; k++) {
            normal += SteadyState.trend(Simulated.normal(k, 40, 100, 10), 0, 40).pValue() < ALPHA ? 1 : 0;
            heavy += SteadyState.trend(Simulated.pareto(k, 100, 100, 10, 2.5), 0, 100)
                                    .pValue()
                            < ALPHA
                    ? 1
                    : 0;
            ar += SteadyState.trend(Simulated.ar1(k, 400, 100, 0.1, 0.9), 0, 400)
                                    .pValue()
                            < ALPHA
                    ? 1
                    : 0;
        }
        assertThat(normal).as("i.i.d. normal, n = 40").isLessThanOrEqualTo(20);
        assertThat(heavy).as("Pareto 2.5, n = 100").isLessThanOrEqualTo(20);
        assertThat(ar).as("AR(1) 0.9, n = 400").isLessThanOrEqualTo(40);
    }

    @Test
    void aGradualWarmupSeenWholeIsATrend() {
        // +40% decaying with τ = 10 rounds under CV 10%, 25 rounds seen: the session that stopped here before
        int found = 0;
        for (int k = 0; k < 500; k++) {
            double[] x = expWarmup(Simulated.normal(k, 25, 100, 10), 100, 0.4, 10);
            SteadyState.Trend t = SteadyState.trend(x, 0, x.length);
            assertThat(t.slope()).as("seed %d", k).isNegative();
            found += t.pValue() < ALPHA ? 1 : 0;
        }
        assertThat(found).as("measured: 463 of 500").isGreaterThanOrEqualTo(450);
    }

    @Test
    void anExactLineHasPZeroAndAConstantHasPOne() {
        double[] line = new double[20];
        double[] flat = new double[20];
        for (int i = 0; i < 20; i++) {
            line[i] = 3 + 0.5 * i;
            flat[i] = 7;
        }
        assertThat(SteadyState.trend(line, 0, 20).pValue()).isZero();
        assertThat(SteadyState.trend(line, 0, 20).slope()).isCloseTo(0.5, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(SteadyState.trend(flat, 0, 20).pValue()).isEqualTo(1);
        assertThat(SteadyState.trend(flat, 0, 5).pValue())
                .as("too short to test")
                .isEqualTo(1);
    }
}
