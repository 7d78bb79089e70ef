package io.pilotbench.core.api;

/** Data sets of the original Pilot's tests (docs/original.md#datasets). */
final class OriginalVectors {
    /** Dataset F: Ferrari78 response times, n = 48. */
    static final double[] DATASET_F = {
        1.21, 1.67, 1.71, 1.53, 2.03, 2.15, 1.88, 2.02, 1.75, 1.84, 1.61, 1.35, 1.43, 1.64, 1.52, 1.44, 1.17, 1.42,
        1.64, 1.86, 1.68, 1.91, 1.73, 2.18, 2.27, 1.93, 2.19, 2.04, 1.92, 1.97, 1.65, 1.71, 1.89, 1.70, 1.62, 1.48,
        1.55, 1.39, 1.45, 1.67, 1.62, 1.77, 1.88, 1.82, 1.93, 2.09, 2.24, 2.16
    };
    /** Dataset B: binary outcomes, n = 20, mean 0.55. */
    static final double[] DATASET_B = {1, 0, 0, 0, 1, 1, 1, 0, 1, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1};

    private OriginalVectors() {}
}
