package io.pilotbench.core.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import io.pilotbench.core.model.AnalysisSettings;
import io.pilotbench.core.model.MetricResult;
import io.pilotbench.core.model.Series;
import io.pilotbench.core.model.SeriesAnalysis;
import org.junit.jupiter.api.Test;

/**
 * Values ≥ 0 with zeros — rounds of {@code pilot run --shell -- true}, which the shell's subtracted start-up cuts to
 * 0 s, or a counter — got intervals reaching below zero: "mean 57 µs ± 2602 µs", then [−1955 µs, 2788 µs] once the
 * later half's reach was added. Their mean cannot be negative; the lower end stays at 0.
 */
class ZerosLowerEndTest {
    /** The 40 readings of that session (s). */
    private static final double[] SHELL_ROUNDS = {
        2.59137E-4,
        9.9138E-5,
        7.1456E-5,
        1.76834E-4,
        1.01211E-4,
        5.358E-5,
        1.23474E-4,
        6.1041E-5,
        6.9273E-5,
        5.9379E-5,
        1.30365E-4,
        7.2528E-5,
        8.8502E-5,
        1.10615E-4,
        1.211E-4,
        1.11156E-4,
        6.0731E-5,
        4.2634E-5,
        6.1602E-5,
        7.6744E-5,
        9.8276E-5,
        1.863E-6,
        3.7817E-5,
        6.029E-5,
        6.71E-5,
        1.3711E-5,
        0.0,
        6.21E-6,
        3.576E-6,
        0.0,
        0.0,
        0.0,
        2.9965E-5,
        0.0,
        4.487E-6,
        0.0,
        0.0,
        0.0,
        0.0,
        6.019E-6
    };

    @Test
    void dataOfZerosAndPositiveValuesKeepALowerEndAtZero() {
        SeriesAnalysis a =
                new SeriesAnalyzer(AnalysisSettings.defaults()).analyze(new Series("shell", "wall time", SHELL_ROUNDS));
        MetricResult m = a.estimate();
        assertThat(m.ci()).isNotNull();
        assertThat(m.ci().low()).isEqualTo(0.0);
        assertThat(m.ci().high()).isGreaterThan(m.mean());
        // the same without the later half's reach: the interval of the estimate itself
        MetricResult plain = MeanAnalyzer.analyze(
                SHELL_ROUNDS, 0, SHELL_ROUNDS.length, 0, false, AnalysisSettings.defaults(), false);
        assertThat(plain.ci().low()).isGreaterThanOrEqualTo(0.0);
        // a sample with a negative value is not bounded below: its interval may reach below zero as before
        double[] signed = SHELL_ROUNDS.clone();
        signed[30] = -1e-4;
        MetricResult s = MeanAnalyzer.analyze(signed, 0, signed.length, 0, false, AnalysisSettings.defaults(), false);
        assertThat(s.ci().low()).isLessThan(0.0);
    }
}
