package io.pilotbench.core.compare;

import io.pilotbench.stats.ConfidenceInterval;
import io.pilotbench.stats.Descriptive;
import io.pilotbench.stats.MeanMethod;
import io.pilotbench.stats.StudentT;
import io.pilotbench.stats.Subsessions;
import io.pilotbench.stats.sequential.StudentSequence;
import java.util.Optional;

/**
 * Two workloads compared cycle by cycle: the statistic is the log-ratio of their readings in the same cycle,
 * ln(a_k / b_k), whose mean is the log of the geometric-mean ratio a/b.
 *
 * <p>Why: interleaving (A0 B0, A1 B1, …: the Pilot paper's comparison chapter, Fig. 6) exists so that drift and
 * background load hit both workloads alike. Analysed as two independent samples, that shared noise stays in both
 * variances and the comparison needs as many rounds as on a quiet machine times the load's share of the variance; the
 * per-cycle ratio cancels it. On a shared 2-core machine the cycle times of {@code gzip -1} and {@code gzip -6}
 * correlated at 0.71 while their per-cycle log-ratios had a lag-1 autocorrelation of 0.01: 10.51× with a 95% CI of
 * 10.17–10.86 from the rounds that, analysed apart, left the comparison undecided.
 *
 * <p>How: the log-ratios are merged into subsessions (batch means) of the smallest size q whose lag-1 autocorrelation
 * is at most max({@value #AUTOCORRELATION_LIMIT}, 1.96/√h) — h batches; with few pairs the estimate of r1 is noise
 * and q = 1 is kept unless a positive correlation is evident (the paper's subsessions, §III-D, with the sampling band
 * of r1). A negative r1 never merges: it makes the plain variance too large, not too small, and merging on it picked
 * batches that agreed by chance (an identical pair called different at 15 cycles, r1 = −0.54). The fixed-sample CI is the Student-t interval of the batch means; the verdict's interval is the anytime-valid
 * {@link StudentSequence} of the same batch means, valid at every look and at any number of batches from 2 on.
 * Both are reported on the ratio scale (exp of the ends).
 *
 * @param pairs       cycles in which both workloads gave a positive reading (after their warm-ups)
 * @param batch       the subsession size q the intervals rest on
 * @param batches     h = ⌊pairs/q⌋
 * @param lag1        the lag-1 autocorrelation of the log-ratios (q = 1)
 * @param logRatio    the mean log-ratio ln(a/b) over the h·q pairs used
 * @param ratio       exp(logRatio) with the fixed-sample t CI at the comparison's confidence
 * @param sequence    exp(logRatio) with the anytime-valid confidence sequence at the comparison's α
 * @param anytimeP    the anytime-valid p-value of "no difference" (ratio 1)
 * @param sdBatches   the standard deviation of the batch means of the log-ratio
 */
public record PairedCycles(int pairs, int batch, int batches, double lag1, double logRatio, ConfidenceInterval ratio,
        ConfidenceInterval sequence, double anytimeP, double sdBatches) {

    /** The autocorrelation the batch means may keep, as in {@code pilot run}'s subsessions. */
    public static final double AUTOCORRELATION_LIMIT = 0.1;

    /**
     * The paired analysis of {@code a} and {@code b} (readings indexed by cycle, NaN where missing), at the
     * confidence of the fixed CI and the α of the sequence; empty with fewer than 2 pairs or a reading ≤ 0.
     */
    public static Optional<PairedCycles> of(double[] a, double[] b, double confidence, double alpha) {
        if (a == null || b == null) {
            return Optional.empty();
        }
        int m = Math.min(a.length, b.length);
        double[] d = new double[m];
        int n = 0;
        for (int k = 0; k < m; k++) {
            if (Double.isFinite(a[k]) && Double.isFinite(b[k])) {
                if (!(a[k] > 0 && b[k] > 0)) {
                    return Optional.empty(); // a ratio needs positive readings; the independent analysis remains
                }
                d[n++] = Math.log(a[k]) - Math.log(b[k]);
            }
        }
        if (n < 2) {
            return Optional.empty();
        }
        double[] x = java.util.Arrays.copyOf(d, n);
        Subsessions sub = Subsessions.of(x, MeanMethod.ARITHMETIC);
        int q = 1;
        for (int size = 1; size <= n / 3; size++) {
            double band = Math.max(AUTOCORRELATION_LIMIT, 1.96 / Math.sqrt(sub.count(size)));
            // only a positive correlation makes the plain variance too small; merging because of a negative one
            // (which makes it too large) would pick, by chance, the batches that happen to agree
            if (sub.autocorrelation(size) <= band || sub.variance(size) == 0) {
                q = size;
                break;
            }
            q = size; // autocorrelation up to n/3: the largest size tried, with its few batches
        }
        if (n < 3) {
            q = 1;
        }
        double[] means = sub.blockMeans(q);
        int h = means.length;
        double mean = Descriptive.mean(means);
        double sd = h > 1 ? Math.sqrt(Descriptive.variance(means)) : Double.NaN;
        double lag1 = n >= 3 ? sub.autocorrelation(1) : Double.NaN;
        double tHalf = h > 1 ? StudentT.critical(confidence, h - 1) * sd / Math.sqrt(h) : Double.POSITIVE_INFINITY;
        double sHalf = new StudentSequence(alpha).halfWidth(sd, h);
        return Optional.of(new PairedCycles(n, q, h, lag1, mean, onRatioScale(confidence, mean, tHalf),
                onRatioScale(1 - alpha, mean, sHalf), StudentSequence.pValue(mean, sd, h), sd));
    }

    private static ConfidenceInterval onRatioScale(double confidence, double logMean, double half) {
        double low = Math.exp(logMean - half);
        double high = Math.exp(logMean + half);
        return new ConfidenceInterval(confidence, Math.exp(logMean), low, high, high - low);
    }

    /** Whether the sequence excludes a ratio of 1. */
    public boolean different() {
        return sequence.low() > 1 || sequence.high() < 1;
    }

    /**
     * Whether the ratio lies within [1/(1 + margin), 1 + margin] by the sequence at {@code alpha} (two one-sided
     * sequences at α/2 each: the TOST of bioequivalence), {@code horizon} the round limit (0: none).
     */
    public boolean equivalentWithin(double margin, double alpha, int horizon) {
        if (!(margin > 0) || !(sdBatches >= 0)) {
            return false;
        }
        double half = equivalenceSequence(alpha, horizon).halfWidth(sdBatches, batches);
        return Math.abs(logRatio) + half <= Math.log1p(margin);
    }

    /**
     * The sequence that shows equivalence: with a round limit, the single-g sequence tuned to it (equivalence of
     * equal workloads is shown late, near the limit, where it is then tightest); without one, the mixture.
     */
    private StudentSequence equivalenceSequence(double alpha, int horizon) {
        return horizon > 0 ? StudentSequence.tunedFor(Math.max(2, horizon / batch), alpha)
                : new StudentSequence(alpha);
    }

    /**
     * The factor by which the pairs must grow for a verdict, the spread staying as it is: the smaller of the growth
     * that makes the sequence exclude 1 and (with a margin) the one that shows equivalence; NaN when neither can.
     */
    public double growthForVerdict(double margin, double alpha, double equivalenceAlpha, int horizon) {
        if (!(sdBatches > 0)) {
            return Double.NaN;
        }
        StudentSequence diff = new StudentSequence(alpha);
        StudentSequence eq = equivalenceSequence(equivalenceAlpha, horizon);
        double bound = Math.log1p(margin);
        for (long h = batches; h <= (long) batches << 20; h = Math.max(h + 1, (long) Math.ceil(h * 1.1))) {
            if (logRatio != 0 && diff.halfWidth(sdBatches, h) < Math.abs(logRatio)) {
                return (double) h / batches;
            }
            if (margin > 0 && Math.abs(logRatio) + eq.halfWidth(sdBatches, h) <= bound) {
                return (double) h / batches;
            }
        }
        return Double.NaN;
    }
}
