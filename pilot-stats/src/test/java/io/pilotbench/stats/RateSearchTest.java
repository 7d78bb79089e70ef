package io.pilotbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RateSearchTest {
    /** Overhead proportional to the rate: 0.1% per sample a second, a 1% limit, so 10 per second exactly. */
    @Test
    void aLinearOverheadCurveConvergesOnItsRootInAFewSteps() {
        int[] calls = {0};
        RateSearch.Result r = RateSearch.highestRate(
                rate -> {
                    calls[0]++;
                    return 0.001 * rate;
                },
                0.01,
                0.1,
                1000,
                0.05,
                20);
        assertThat(r.withinLimit()).isTrue();
        assertThat(r.overhead()).isLessThanOrEqualTo(0.01);
        assertThat(r.rate()).isBetween(9.5, 10.0);
        assertThat(r.evaluations()).isEqualTo(calls[0]).isLessThanOrEqualTo(8);
    }

    /** A power law, as monitoring costs often grow: f = 1e-4·r^1.5, limit 1% → r* = 100^(2/3) ≈ 21.54. */
    @Test
    void aPowerLawConvergesToo() {
        RateSearch.Result r = RateSearch.highestRate(rate -> 1e-4 * Math.pow(rate, 1.5), 0.01, 1, 10_000, 0.02, 20);
        double root = Math.pow(100, 2.0 / 3);
        assertThat(r.rate()).isBetween(root * 0.98, root);
    }

    /**
     * Measured overheads are noisy (here sd 0.1%, a tenth of the limit): the answer's true overhead stays within
     * 0.4 and 1.4 times the limit in every one of 200 seeded searches — never far above it, and not a rate so low that
     * the search was worthless.
     */
    @Test
    void noisyMeasurementsStillGiveARateNearTheLimit() {
        SplittableRandom random = new SplittableRandom(11);
        for (int trial = 0; trial < 200; trial++) {
            RateSearch.Result r = RateSearch.highestRate(
                    rate -> 0.001 * rate + 0.001 * random.nextGaussian(), 0.01, 0.1, 1000, 0.05, 12);
            double trueOverhead = 0.001 * r.rate();
            assertThat(trueOverhead).as("trial %d", trial).isBetween(0.004, 0.014);
        }
    }

    @Test
    void edgesAreReportedAsSuch() {
        RateSearch.Result tooCostly = RateSearch.highestRate(rate -> 0.5, 0.01, 1, 100, 0.05, 10);
        assertThat(tooCostly.withinLimit()).isFalse();
        assertThat(tooCostly.rate()).isEqualTo(1);
        assertThat(tooCostly.evaluations()).isEqualTo(1);
        RateSearch.Result free = RateSearch.highestRate(rate -> 0, 0.01, 1, 100, 0.05, 10);
        assertThat(free.rate()).isEqualTo(100);
        assertThatThrownBy(() -> RateSearch.highestRate(rate -> 0, 0.01, 5, 1, 0.05, 10))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
