package io.pilotbench.simulate;

/**
 * What one simulated comparison of one strategy ended with.
 *
 * @param decision  the conclusion
 * @param p         the p-value of the test that decided (Welch's), NaN when none
 * @param ratioLow  the lower bound of the CI of mean(A)/mean(B) (Fieller), NaN when none or unbounded
 * @param ratioHigh the upper bound of that CI
 * @param rounds    rounds per workload (the larger of the two)
 * @param seconds   simulated time spent on both
 */
public record ComparisonOutcome(
        Decision decision, double p, double ratioLow, double ratioHigh, int rounds, double seconds) {

    /** Whether the ratio CI contains {@code ratio}. */
    public boolean ratioCovers(double ratio) {
        return ratioLow <= ratio && ratio <= ratioHigh;
    }
}
