package io.pilotbench.report.html;

/**
 * Keeps a long series drawable: past {@link #LIMIT} points, the series is cut into buckets of consecutive points and
 * each bucket keeps its minimum and its maximum, in their order. Spikes, steps and the envelope survive (what a
 * reader looks for in a benchmark's readings); an average would hide the spikes and plain sub-sampling would drop
 * them at random. Shorter series are kept whole, so every point can be hovered.
 */
final class Thinning {
    /** Series up to this many points are kept whole (the "~10⁵"). */
    static final int LIMIT = 100_000;
    /** Buckets of a thinned series: two points each, a few per pixel column of a wide screen. */
    static final int BUCKETS = 5_000;

    /** x positions (long: a global unit-reading index can pass 2³¹) and values, same length. */
    record Series(long[] x, double[] y, boolean thinned) {
        int size() {
            return x.length;
        }
    }

    private Thinning() {}

    /** {@code y} at positions {@code x}, thinned when longer than {@link #LIMIT}. */
    static Series of(long[] x, double[] y) {
        int n = y.length;
        if (n <= LIMIT) {
            return new Series(x, y, false);
        }
        long[] tx = new long[2 * BUCKETS];
        double[] ty = new double[2 * BUCKETS];
        int k = 0;
        for (int b = 0; b < BUCKETS; b++) {
            int from = (int) ((long) b * n / BUCKETS);
            int to = (int) ((long) (b + 1) * n / BUCKETS);
            int lo = from;
            int hi = from;
            for (int i = from + 1; i < to; i++) {
                if (y[i] < y[lo]) {
                    lo = i;
                }
                if (y[i] > y[hi]) {
                    hi = i;
                }
            }
            int first = Math.min(lo, hi);
            int second = Math.max(lo, hi);
            tx[k] = x[first];
            ty[k++] = y[first];
            if (second != first) {
                tx[k] = x[second];
                ty[k++] = y[second];
            }
        }
        return new Series(java.util.Arrays.copyOf(tx, k), java.util.Arrays.copyOf(ty, k), true);
    }
}
