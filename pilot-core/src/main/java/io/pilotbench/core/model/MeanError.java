package io.pilotbench.core.model;

/**
 * What the uncertainty of a mean rests on: the blocks of consecutive samples whose means the CI is built from, and
 * the standard error and degrees of freedom that result.
 *
 * <p>With {@link CiMethod#PILOT} the blocks are the original's subsessions (size q, the smallest with |r1| ≤ the
 * limit) and the long-run variance is q times their variance. With {@link CiMethod#AR} they are batches (size 1 up to
 * 256 samples, then as many samples as make 256 batches), and the long-run variance comes from an autoregressive
 * model of them.
 *
 * @param method               how the CI was built
 * @param standardError        of the mean, in the data's unit (≥ 0)
 * @param degreesOfFreedom     of the Student-t quantile
 * @param blockSize            samples per block (q, or the batch size)
 * @param blocks               whole blocks
 * @param blockVariance        the sample variance of the block means
 * @param blockAutocorrelation the lag-1 autocorrelation of the block means
 * @param longRunVariance      σ²_LR per sample: n·SE²
 * @param arOrder              the autoregressive order of the block means (AR method; −1 with PILOT); 0 when they were
 *                             treated as independent
 * @param skewness             the skewness of the mean's distribution used by the CI (0 for a symmetric CI)
 * @param nonStationary        whether the samples behave like a trend or a random walk at this resolution (AR
 *                             method: a unit root), so that their mean is that of this stretch only
 * @param fallback             where the usual construction did not apply and what took its place, in words
 *                             ("skewness correction capped at its valid range at n = 9"); empty when none did
 */
public record MeanError(
        CiMethod method,
        double standardError,
        double degreesOfFreedom,
        int blockSize,
        int blocks,
        double blockVariance,
        double blockAutocorrelation,
        double longRunVariance,
        int arOrder,
        double skewness,
        boolean nonStationary,
        String fallback) {

    public MeanError {
        fallback = fallback == null ? "" : fallback;
    }

    /** A CI built the usual way, without a fallback. */
    public MeanError(
            CiMethod method,
            double standardError,
            double degreesOfFreedom,
            int blockSize,
            int blocks,
            double blockVariance,
            double blockAutocorrelation,
            double longRunVariance,
            int arOrder,
            double skewness,
            boolean nonStationary) {
        this(
                method,
                standardError,
                degreesOfFreedom,
                blockSize,
                blocks,
                blockVariance,
                blockAutocorrelation,
                longRunVariance,
                arOrder,
                skewness,
                nonStationary,
                "");
    }

    /**
     * How many samples are worth one independent sample, σ²_LR divided by the samples' variance (1 for independent
     * samples, about 19 for an AR(1) with φ = 0.9); NaN when unknown.
     */
    public double autocorrelationTime(double sampleVariance) {
        return sampleVariance > 0 ? longRunVariance / sampleVariance : Double.NaN;
    }

    /** This error with {@code note} added to {@link #fallback()}: how the CI departs from the usual one. */
    public MeanError withNote(String note) {
        return new MeanError(
                method,
                standardError,
                degreesOfFreedom,
                blockSize,
                blocks,
                blockVariance,
                blockAutocorrelation,
                longRunVariance,
                arOrder,
                skewness,
                nonStationary,
                fallback.isEmpty() ? note : fallback + "; " + note);
    }
}
