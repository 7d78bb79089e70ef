package io.pilotbench.stats;

/**
 * How a sample (or a subsession of it) is averaged.
 *
 * <p>Pilot paper §III-D: ordinary performance indices (durations, latencies) use the arithmetic mean; ratio indices
 * (throughput, operations per second) use the harmonic mean, so that averaging rates weights every unit of work
 * equally. The original C++ Pilot accepted this choice but ignored it (bug B1,
 * docs/original.md#bug-mean-method-ignored); here it is honoured everywhere a mean is taken.
 */
public enum MeanMethod {
    /** Σx / n. */
    ARITHMETIC,
    /** n / Σ(1/x); defined only for strictly positive data. */
    HARMONIC;

    /**
     * The mean of {@code data[from, to)} by this method.
     *
     * @throws IllegalArgumentException for HARMONIC when a value is not strictly positive
     */
    double of(double[] data, int from, int to) {
        int n = to - from;
        if (n == 0) {
            return Double.NaN;
        }
        if (this == ARITHMETIC) {
            return Descriptive.mean(data, from, to);
        }
        double sum = 0;
        double c = 0;
        for (int i = from; i < to; i++) {
            if (!(data[i] > 0)) {
                throw new IllegalArgumentException("harmonic mean needs values > 0, got " + data[i] + " at index " + i);
            }
            double y = 1 / data[i];
            double t = sum + y;
            c += Math.abs(sum) >= Math.abs(y) ? (sum - t) + y : (y - t) + sum;
            sum = t;
        }
        return n / (sum + c);
    }
}
