package io.pilotbench.core.model;

/**
 * A change of level in the middle of the analysed samples (after the warm-up): reported, never cut. "The workload
 * changed level at analysed sample 143 (round 163), from 12.1 ms ± 0.2 to 13.0 ms ± 0.2."
 *
 * <p>A shift has three positions because three series are in play: the series the detector read (a session's
 * readings of analysed rounds, a file's samples), the analysed sample (what is left after the warm-up cut, whose
 * mean the shift splits), and — in a session — the round, which counts short and failed rounds as well and is what
 * a chart's x axis and {@code rounds.csv} show. Each is kept here, set where it is known, so that no renderer has
 * to add a warm-up cut (a report once added it twice, and placed a shift at round 619 of a 594-round session).
 *
 * @param index           the first sample at the new level, 0-based among all the samples of the series that was
 *                        searched, the warm-up included (a session's readings of analysed rounds; a file's samples)
 * @param sample          the same sample's position in the analysed sample, after the warm-up cut: {@code index}
 *                        minus the samples cut before it
 * @param round           in a session, the index of the round that gave that reading (0-based, short and failed
 *                        rounds counted, as in {@code rounds.csv}); outside a session, {@code index}
 * @param before          the mean of the stretch before it
 * @param beforeHalfWidth the CI half-width of that mean (at the analysis' confidence); NaN when too short
 * @param after           the mean of the stretch after it
 * @param afterHalfWidth  the CI half-width of that mean
 * @param pValue          the CUSUM test's p-value
 */
public record LevelShift(
        int index,
        int sample,
        long round,
        double before,
        double beforeHalfWidth,
        double after,
        double afterHalfWidth,
        double pValue) {

    public LevelShift {
        if (sample < 0 || sample > index) {
            throw new IllegalArgumentException("the analysed sample " + sample + " of a shift at sample " + index
                    + " must be in [0, " + index + "]");
        }
    }

    /** (after − before)/before, as a fraction. */
    public double relativeChange() {
        return (after - before) / Math.abs(before);
    }

    /** This shift in an analysed sample that starts at sample {@code from} of the series. */
    public LevelShift analysedFrom(int from) {
        return new LevelShift(index, index - from, round, before, beforeHalfWidth, after, afterHalfWidth, pValue);
    }

    /** This shift with the round its reading came from. */
    public LevelShift atRound(long value) {
        return new LevelShift(index, sample, value, before, beforeHalfWidth, after, afterHalfWidth, pValue);
    }
}
