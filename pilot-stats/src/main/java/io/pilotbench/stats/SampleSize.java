package io.pilotbench.stats;

/**
 * How many samples a session needs for its CI to reach a target width.
 *
 * @param subsessionSize the subsession size q the estimate is based on
 * @param subsessions    the required number of subsessions (after the minimum-subsession floor)
 * @param samples        the required number of samples, q · subsessions
 */
public record SampleSize(int subsessionSize, long subsessions, long samples) {

    /** Whether {@code n} samples are already enough (n ≥ samples). */
    public boolean isMetBy(long n) {
        return n >= samples;
    }
}
