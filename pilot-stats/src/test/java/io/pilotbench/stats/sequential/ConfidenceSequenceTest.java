package io.pilotbench.stats.sequential;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ConfidenceSequenceTest {

    /** The optimum computed independently (scipy's bounded minimiser on the same objective): ρ 12.177, h 0.30351. */
    @Test
    void tunedForATargetIsNarrowestThere() {
        ConfidenceSequence cs = ConfidenceSequence.tunedFor(100, 0.05);
        assertThat(cs.rho()).isCloseTo(12.1773, within(1e-3));
        assertThat(cs.halfWidth(100)).isCloseTo(0.303512, within(1e-6));
        for (double rho : new double[] {3, 6, 24, 48, 100}) {
            assertThat(new ConfidenceSequence(0.05, rho).halfWidth(100)).isGreaterThan(cs.halfWidth(100));
        }
        // wider than the fixed-sample z-interval at the same information, as the price of looking at will
        assertThat(cs.halfWidth(100)).isGreaterThan(1.959964 / 10);
    }

    @Test
    void thePValueIsTheAlphaAtWhichTheIntervalTouchesZero() {
        ConfidenceSequence cs = new ConfidenceSequence(0.05, 7);
        double info = 40;
        double h = cs.halfWidth(info);
        assertThat(cs.pValue(h, info)).isCloseTo(0.05, within(1e-12));
        assertThat(cs.pValue(0, info)).isEqualTo(1);
        assertThat(cs.interval(3, info).low()).isCloseTo(3 - h, within(1e-15));
        assertThat(cs.interval(3, info).confidence()).isEqualTo(0.95);
    }

    /**
     * Known truth: 2,000 seeded Gaussian random walks (mean 0, unit variance per step) looked at after every one of
     * 2,000 steps; the sequence may exclude 0 at some look in at most α of them (Ville's inequality). Measured: 1.0%
     * at α = 5%; a fixed-sample z-interval looked at the same way excludes it in most of them.
     */
    @Test
    void lookingAfterEveryStepKeepsTheErrorBelowAlpha() {
        ConfidenceSequence cs = ConfidenceSequence.tunedFor(100, 0.05);
        int sequenceErrors = 0;
        int naiveErrors = 0;
        for (int k = 0; k < 2000; k++) {
            SplittableRandom r = new SplittableRandom(k);
            double sum = 0;
            boolean seq = false;
            boolean naive = false;
            for (int t = 1; t <= 2000; t++) {
                sum += r.nextGaussian();
                double mean = sum / t;
                seq |= Math.abs(mean) > cs.halfWidth(t);
                naive |= t >= 10 && Math.abs(mean) > 1.959964 / Math.sqrt(t);
            }
            sequenceErrors += seq ? 1 : 0;
            naiveErrors += naive ? 1 : 0;
        }
        assertThat(sequenceErrors / 2000.0).isLessThanOrEqualTo(0.05);
        assertThat(naiveErrors / 2000.0).isGreaterThan(0.3);
    }

    @Test
    void noInformationMeansNoBound() {
        ConfidenceSequence cs = new ConfidenceSequence(0.01, 1);
        assertThat(cs.halfWidth(0)).isInfinite();
        assertThat(cs.pValue(5, 0)).isEqualTo(1);
        assertThatThrownBy(() -> new ConfidenceSequence(0, 1)).hasMessageContaining("alpha");
        assertThatThrownBy(() -> ConfidenceSequence.tunedFor(-1, 0.05)).hasMessageContaining("target");
    }
}
