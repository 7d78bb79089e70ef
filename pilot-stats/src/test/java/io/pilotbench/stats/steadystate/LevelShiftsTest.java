package io.pilotbench.stats.steadystate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.pilotbench.stats.Simulated;
import java.util.List;
import org.junit.jupiter.api.Test;

class LevelShiftsTest {
    /**
     * Readings all 0.1 (or 0.005, or 1011.66) got "level shift at sample 10: 0.1 ± 1.046E-17 → 0.1 ± 1.046E-17 (+0%,
     * p < 0.001)" beside "all equal": the CUSUM of rounding noise over a variance of 0. Constant data have no shift,
     * and a step is still found when the rest is constant.
     */
    @Test
    void readingsAllEqualUpToRoundingHaveNoShift() {
        for (double v : new double[] {0.1, 0.005, 1011.66, 3}) {
            for (int n = 10; n <= 60; n++) {
                double[] x = new double[n];
                java.util.Arrays.fill(x, v);
                assertThat(LevelShifts.find(x, 0, x.length, 5, 0.01))
                        .as(n + " × " + v)
                        .isEmpty();
            }
        }
        double[] step = new double[40];
        for (int i = 0; i < step.length; i++) {
            step[i] = i < 20 ? 0.1 : 0.2;
        }
        assertThat(LevelShifts.find(step, 0, step.length, 5, 0.001))
                .extracting(LevelShifts.Shift::index)
                .containsExactly(20);
    }

    @Test
    void aShiftInTheMiddleIsFoundWithBothLevels() {
        int near = 0;
        int single = 0;
        for (int k = 0; k < 200; k++) {
            double[] x = Simulated.normal(k, 400, 12.1, 0.3);
            for (int i = 143; i < 400; i++) {
                x[i] += 0.9;
            }
            List<LevelShifts.Shift> s = LevelShifts.find(x, 0, 400, 10, 0.01);
            assertThat(s).as("seed %d", k).isNotEmpty();
            LevelShifts.Shift shift = s.get(0);
            near += Math.abs(shift.index() - 143) <= 5 ? 1 : 0;
            single += s.size() == 1 ? 1 : 0;
            if (s.size() == 1) {
                assertThat(shift.before().mean()).isCloseTo(12.1, within(0.2));
                assertThat(shift.after().mean()).isCloseTo(13.0, within(0.2));
                assertThat(shift.before().to()).isEqualTo(shift.index());
                assertThat(shift.pValue()).isLessThan(0.01);
            }
        }
        assertThat(near).isGreaterThanOrEqualTo(190);
        assertThat(single).as("no spurious second shift").isGreaterThanOrEqualTo(190);
    }

    @Test
    void aSteadySeriesHasNone() {
        int any = 0;
        for (int k = 0; k < 300; k++) {
            any += LevelShifts.find(Simulated.ar1(k, 300, 100, 0.1, 0.5), 0, 300, 10, 0.01)
                            .isEmpty()
                    ? 0
                    : 1;
        }
        assertThat(any).isLessThanOrEqualTo(9);
    }

    @Test
    void twoShiftsAreBothFound() {
        double[] x = Simulated.normal(1, 600, 100, 5);
        for (int i = 200; i < 400; i++) {
            x[i] += 10;
        }
        List<LevelShifts.Shift> s = LevelShifts.find(x, 0, 600, 10, 0.01);
        assertThat(s).hasSize(2);
        assertThat(s.get(0).index()).isBetween(195, 205);
        assertThat(s.get(1).index()).isBetween(395, 405);
        assertThat(s.get(0).after()).isEqualTo(s.get(1).before());
    }
}
