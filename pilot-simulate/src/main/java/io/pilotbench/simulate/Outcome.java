package io.pilotbench.simulate;

/**
 * What one simulated session of one strategy ended with.
 *
 * @param estimate       the point estimate (mean, or speed for WPS); NaN without one
 * @param low            the CI's lower bound; NaN without a CI
 * @param high           the CI's upper bound; NaN without a CI
 * @param rounds         rounds run (for JMH-style forks: every iteration, warm-up included)
 * @param samples        samples measured (readings or unit readings), removed ones included
 * @param seconds        simulated time spent
 * @param converged      whether the strategy's own stop rule was met (fixed strategies: always)
 * @param subsessionSize the subsession size q the CI rests on (1 for strategies that assume independence)
 * @param warmup         samples cut as warm-up: readings (rounds), or unit readings at the start of every round
 * @param cooldown       unit readings cut at the end of every round
 */
public record Outcome(
        double estimate,
        double low,
        double high,
        int rounds,
        long samples,
        double seconds,
        boolean converged,
        int subsessionSize,
        int warmup,
        int cooldown) {

    /** An outcome of a strategy that cuts nothing. */
    public Outcome(
            double estimate,
            double low,
            double high,
            int rounds,
            long samples,
            double seconds,
            boolean converged,
            int subsessionSize) {
        this(estimate, low, high, rounds, samples, seconds, converged, subsessionSize, 0, 0);
    }

    /** Whether anything was cut. */
    public boolean removed() {
        return warmup > 0 || cooldown > 0;
    }

    /** Whether the session produced a CI. */
    public boolean hasCi() {
        return !Double.isNaN(low) && !Double.isNaN(high);
    }

    /** Whether the CI contains {@code truth}. */
    public boolean covers(double truth) {
        return hasCi() && low <= truth && truth <= high;
    }
}
