package io.pilotbench.core.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.pilotbench.core.model.AnalysisSettings;
import io.pilotbench.core.model.MetricResult;
import io.pilotbench.stats.ConfidenceInterval;
import io.pilotbench.stats.Descriptive;
import io.pilotbench.stats.StudentT;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The finding "Small samples get absurd intervals": 9 rounds of gzip (0.857–1.481 s) got [0.4781, 1.384] from
 * {@code pilot analyze}, and small i.i.d. samples got CIs below zero or many times the Student-t interval's width (an
 * AR model fitted to a handful of independent samples, and Willink's skewness correction beyond its valid range).
 *
 * <p>The measurement is also the regression test: 2,000 seeded samples per cell of n values (n = 5…30), normal with
 * cv 10% and 30%, lognormal with σ 0.5 and 1 (true mean 1), analysed as {@code pilot analyze} does (session = false)
 * and as a session's look does (session = true). Goals: no CI of positive data below zero, none wider than 3 times
 * the Student-t interval on the same sample, both ends beyond the mean, and a coverage of the true mean at most 2
 * percentage points below min(93%, the t-interval's coverage on the same samples). The 2 points: a coverage of 2,000
 * samples has a standard error of 0.5 points, so the bound fails by chance once in 30,000 cells, and a real loss of
 * more than 2 points is what the goal is to catch. Normal samples with cv 30% sometimes hold a value ≤ 0; those are
 * not positive data and are left out of the below-zero check only.
 */
class SmallSampleIntervalTest {
    private static final int REPLICATIONS = 2000;
    private static final int[] SIZES = {5, 6, 7, 8, 9, 10, 12, 14, 16, 20, 25, 30};
    private static final String[] DISTRIBUTIONS = {"normal cv 10%", "normal cv 30%", "lognormal σ 0.5", "lognormal σ 1"
    };
    private static final AnalysisSettings SETTINGS = AnalysisSettings.defaults();

    /** One cell of the measurement. */
    record Cell(
            String distribution,
            int n,
            boolean session,
            double tCoverage,
            double coverage,
            int belowZero,
            double maxWidthRatio,
            double minNearSide,
            double minLowOverMin) {}

    private static final List<Cell> CELLS = new ArrayList<>();

    @BeforeAll
    static void measure() {
        for (String d : DISTRIBUTIONS) {
            for (int n : SIZES) {
                for (boolean session : new boolean[] {false, true}) {
                    CELLS.add(cell(d, n, session));
                }
            }
        }
        StringBuilder b =
                new StringBuilder("distribution     n  session  t-cov   cov  <0  max w/wt  min side  low/min\n");
        for (Cell c : CELLS) {
            b.append(String.format(
                    "%-15s %3d  %-7s  %.3f  %.3f %3d  %8.2f  %8.2f  %7.2f%n",
                    c.distribution(),
                    c.n(),
                    c.session(),
                    c.tCoverage(),
                    c.coverage(),
                    c.belowZero(),
                    c.maxWidthRatio(),
                    c.minNearSide(),
                    c.minLowOverMin()));
        }
        System.out.print(b);
    }

    static double[] sample(String distribution, int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            double z = r.nextGaussian();
            x[i] = switch (distribution) {
                case "normal cv 10%" -> 1 + 0.1 * z;
                case "normal cv 30%" -> 1 + 0.3 * z;
                case "lognormal σ 0.5" -> Math.exp(0.5 * z - 0.125);
                case "lognormal σ 1" -> Math.exp(z - 0.5);
                default -> throw new IllegalArgumentException(distribution);
            };
        }
        return x;
    }

    private static Cell cell(String distribution, int n, boolean session) {
        int tCovered = 0;
        int covered = 0;
        int belowZero = 0;
        double maxRatio = 0;
        double minSide = Double.POSITIVE_INFINITY;
        double minLowOverMin = Double.POSITIVE_INFINITY;
        for (int k = 0; k < REPLICATIONS; k++) {
            double[] x = sample(distribution, n, 1_000_003L * k + 31L * n + distribution.hashCode());
            double mean = Descriptive.mean(x);
            double halfT = StudentT.critical(0.95, n - 1) * Descriptive.stddev(x) / Math.sqrt(n);
            tCovered += Math.abs(mean - 1) <= halfT ? 1 : 0;
            MetricResult r = MeanAnalyzer.analyze(x, 0, n, 0, false, SETTINGS, session);
            ConfidenceInterval ci = r.ci();
            covered += ci.contains(1) ? 1 : 0;
            boolean positive = Descriptive.min(x) > 0;
            belowZero += positive && ci.low() < 0 ? 1 : 0;
            maxRatio = Math.max(maxRatio, ci.width() / (2 * halfT));
            minSide = Math.min(minSide, Math.min(ci.high() - mean, mean - ci.low()) / halfT);
            if (positive) {
                minLowOverMin = Math.min(minLowOverMin, ci.low() / Descriptive.min(x));
            }
        }
        return new Cell(
                distribution,
                n,
                session,
                tCovered / (double) REPLICATIONS,
                covered / (double) REPLICATIONS,
                belowZero,
                maxRatio,
                minSide,
                minLowOverMin);
    }

    /** 9 rounds of gzip -6 between 0.857 and 1.481 s, mean 1.246, in an order that makes them look correlated. */
    @Test
    void ciOfNineGzipRoundsStaysWithinReason() {
        double[] x = {1.481, 1.40, 1.33, 1.30, 1.28, 1.25, 1.22, 1.10, 0.857};
        double halfT = StudentT.critical(0.95, 8) * Descriptive.stddev(x) / 3;
        for (boolean session : new boolean[] {false, true}) {
            MetricResult r = MeanAnalyzer.analyze(x, 0, x.length, 0, false, SETTINGS, session);
            ConfidenceInterval ci = r.ci();
            assertThat(r.mean()).isCloseTo(1.2464, org.assertj.core.api.Assertions.within(1e-3));
            assertThat(ci.low()).as("low, session %s", session).isPositive().isGreaterThan(r.mean() - 3.2 * halfT);
            // the upper end beyond the mean by at least half the t-interval's half-width
            assertThat(ci.high()).as("high, session %s", session).isGreaterThan(r.mean() + 0.5 * halfT);
            assertThat(ci.width()).as("width, session %s", session).isLessThanOrEqualTo(3 * 2 * halfT);
            assertThat(r.error().fallback()).contains("too few for an autocorrelation model", "valid range");
        }
    }

    @Test
    void noIntervalOfPositiveDataReachesBelowZero() {
        for (Cell c : CELLS) {
            assertThat(c.belowZero()).as("%s", c).isZero();
            assertThat(c.minLowOverMin()).as("%s", c).isPositive();
        }
    }

    @Test
    void noIntervalWiderThanThreeTimesStudentT() {
        for (Cell c : CELLS) {
            assertThat(c.maxWidthRatio()).as("%s", c).isLessThanOrEqualTo(3);
        }
    }

    /** Both ends lie beyond the mean (no end falls back inside the data toward the mean). */
    @Test
    void bothEndsLieBeyondTheMean() {
        for (Cell c : CELLS) {
            assertThat(c.minNearSide()).as("%s", c).isGreaterThan(0.25);
        }
    }

    @Test
    void coverageKeepsWithinTwoPointsOfTheTInterval() {
        for (Cell c : CELLS) {
            assertThat(c.coverage()).as("%s", c).isGreaterThanOrEqualTo(Math.min(0.93, c.tCoverage()) - 0.02);
        }
    }

    /**
     * A symmetric sample has no skewness to hedge toward: its interval is symmetric, and the mirror image of a sample
     * gets the mirror image of its interval ([9.861, 15.56] around 11 of data up to 13; [−7.926, +1.519] for −5, −6,
     * −7 before).
     */
    @Test
    void aSymmetricSampleGetsASymmetricIntervalAndItsMirrorTheMirroredOne() {
        double[][] samples = {{10, 12, 11, 13, 9, 11}, {-5, -6, -7}, {1, 2, 3, 4, 5}};
        for (double[] x : samples) {
            double[] mirrored = new double[x.length];
            for (int i = 0; i < x.length; i++) {
                mirrored[i] = -x[i];
            }
            ConfidenceInterval ci = MeanAnalyzer.analyze(x, 0, x.length, 0, false, SETTINGS, false)
                    .ci();
            ConfidenceInterval back = MeanAnalyzer.analyze(mirrored, 0, x.length, 0, false, SETTINGS, false)
                    .ci();
            double mean = Descriptive.mean(x);
            assertThat(ci.high() - mean)
                    .as("%s", java.util.Arrays.toString(x))
                    .isCloseTo(mean - ci.low(), within(1e-9));
            assertThat(back.low()).isCloseTo(-ci.high(), within(1e-9));
            assertThat(back.high()).isCloseTo(-ci.low(), within(1e-9));
        }
        ConfidenceInterval negative = MeanAnalyzer.analyze(samples[1], 0, 3, 0, false, SETTINGS, false)
                .ci();
        assertThat(negative.high()).isNegative();
    }

    /**
     * A sample a rounding away from symmetric got the full hedge in the direction of its skewness's sign: 11.01 in
     * place of 11 among 10, 12, 13, 9 made [9.516, 12.48] into [6.44, 12.14], twice as wide; 9.99 in place of 10 made
     * it [9.858, 15.56]. The hedge now grows with the skewness seen, so a tiny change moves the interval a little.
     */
    @Test
    void aTinyAsymmetryMovesTheIntervalLittle() {
        double[] symmetric = {10, 12, 11, 13, 9, 11};
        ConfidenceInterval base =
                MeanAnalyzer.analyze(symmetric, 0, 6, 0, false, SETTINGS, false).ci();
        for (double[] x : new double[][] {{10, 12, 11, 13, 9, 11.01}, {9.99, 12, 11, 13, 9, 11}}) {
            ConfidenceInterval ci =
                    MeanAnalyzer.analyze(x, 0, 6, 0, false, SETTINGS, false).ci();
            assertThat(ci.width())
                    .as("%s", java.util.Arrays.toString(x))
                    .isCloseTo(base.width(), within(0.05 * base.width()));
            assertThat(ci.low()).isCloseTo(base.low(), within(0.05 * base.width()));
            assertThat(ci.high()).isCloseTo(base.high(), within(0.05 * base.width()));
        }
    }
}
