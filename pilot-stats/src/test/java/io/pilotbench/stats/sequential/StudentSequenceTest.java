package io.pilotbench.stats.sequential;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.pilotbench.stats.StudentT;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class StudentSequenceTest {

    /**
     * The normal-mixture sequence with an estimated variance was narrower at 2 degrees of freedom than one
     * fixed-sample t-interval at the same α; this one is wider at every small n, as a sequence valid at every look
     * must be.
     */
    @Test
    void atSmallNTheSequenceIsWiderThanTheFixedSampleTInterval() {
        for (double alpha : new double[] {0.01, 0.05}) {
            StudentSequence cs = new StudentSequence(alpha);
            for (int n = 2; n <= 30; n++) {
                double t = StudentT.critical(1 - alpha, n - 1) / Math.sqrt(n);
                assertThat(cs.halfWidth(1, n)).as("alpha %s, n %d", alpha, n).isGreaterThan(t);
            }
        }
        assertThat(new StudentSequence(0.01).halfWidth(1, 3))
                .as("3 samples cannot exclude anything at 1%")
                .isInfinite();
    }

    /** Seeded simulation with known truth: the true mean leaves the sequence at some look in at most α of runs. */
    @Test
    void theTrueMeanStaysInsideAtEveryLookInAtLeast1MinusAlphaOfSequences() {
        double alpha = 0.01;
        double target = -Math.log(alpha);
        SplittableRandom random = new SplittableRandom(7);
        int runs = 2000;
        int crossed = 0;
        for (int r = 0; r < runs; r++) {
            double sum = 0;
            double sumSq = 0;
            for (int n = 1; n <= 1000; n++) {
                double x = 5 + 2 * gaussian(random);
                sum += x;
                sumSq += x * x;
                if (n >= 2) {
                    double mean = sum / n;
                    double var = (sumSq - n * mean * mean) / (n - 1);
                    double t = (mean - 5) / Math.sqrt(var / n);
                    if (StudentSequence.logFactor(t * t / (n - 1), n) >= target) {
                        crossed++;
                        break;
                    }
                }
            }
        }
        // Ville's bound is α = 1%; 2,000 runs give a Monte-Carlo standard error of 0.22 points
        assertThat((double) crossed / runs).isLessThanOrEqualTo(alpha + 3 * Math.sqrt(alpha * (1 - alpha) / runs));
    }

    @Test
    void aLargeEffectIsDecidedInAFewPairsAndTheHalfWidthShrinksWithN() {
        StudentSequence cs = new StudentSequence(0.01);
        // ln 10 with a 1% spread: excluded from 0 after 5 samples
        assertThat(cs.halfWidth(0.01, 5)).isLessThan(Math.log(10));
        assertThat(StudentSequence.pValue(Math.log(10), 0.01, 5)).isLessThan(0.01);
        double previous = Double.POSITIVE_INFINITY;
        for (int n = 6; n <= 100_000; n *= 3) {
            double h = cs.halfWidth(1, n);
            assertThat(h).isLessThan(previous);
            previous = h;
        }
        // large n: within a factor of 2 of the normal-mixture sequence tuned for that n, and wider than z/√n
        double n = 10_000;
        double normal = ConfidenceSequence.tunedFor(n, 0.01).halfWidth(n);
        assertThat(cs.halfWidth(1, 10_000)).isBetween(2.576 / 100, 2 * normal);
    }

    @Test
    void pValueAndIntervalAgree() {
        StudentSequence cs = new StudentSequence(0.05);
        double h = cs.halfWidth(2, 40);
        assertThat(StudentSequence.pValue(h, 2, 40)).isCloseTo(0.05, within(1e-6));
        assertThat(cs.interval(1, 2, 40).low()).isCloseTo(1 - h, within(1e-12));
        assertThat(cs.halfWidth(0, 40)).isZero();
        assertThat(cs.halfWidth(1, 1)).isInfinite();
    }

    private static double gaussian(SplittableRandom r) {
        double u = r.nextDouble();
        double v = r.nextDouble();
        return Math.sqrt(-2 * Math.log(1 - u)) * Math.cos(2 * Math.PI * v);
    }
}
