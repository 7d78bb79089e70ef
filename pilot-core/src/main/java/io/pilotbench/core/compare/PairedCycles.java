package io.pilotbench.core.compare;

import io.pilotbench.stats.ConfidenceInterval;
import io.pilotbench.stats.Descriptive;
import io.pilotbench.stats.MeanMethod;
import io.pilotbench.stats.StudentT;
import io.pilotbench.stats.Subsessions;
import io.pilotbench.stats.sequential.ConfidenceSequence;
import io.pilotbench.stats.sequential.StudentSequence;
import java.util.Optional;

/**
 * Two workloads compared cycle by cycle: the statistic is the difference of their readings in the same cycle,
 * d_k = a_k − b_k, whose mean is the difference of their means.
 *
 * <p>Why: interleaving (A0 B0, A1 B1, …: the Pilot paper's comparison chapter, Fig. 6) exists so that drift and
 * background load hit both workloads alike. Analysed as two independent samples, that shared noise stays in both
 * variances and the comparison needs as many more rounds as the load adds variance; the per-cycle difference cancels
 * most of it. On a shared 2-core machine the cycle times of {@code gzip -1} and {@code gzip -6} correlated at 0.71;
 * paired, the rounds that left the comparison undecided gave a ratio with a CI of ±3%.
 *
 * <p>Why the difference and not the log-ratio: ln(a_k/b_k) would cancel a multiplicative load exactly, but its mean is
 * the ratio of the <em>geometric</em> means, which differs from the ratio of the means Pilot reports whenever the two
 * workloads' distributions differ in shape — a normal and a lognormal workload with equal means were called different
 * in 13% of 1,000 simulated pairs. With a load factor L_k of mean 1 shared by a cycle, d_k = L_k·(x_k − y_k) has mean
 * μ_a − μ_b exactly, and the load adds to its variance only Var(L)·(μ_a − μ_b)², small where a difference is hard to
 * see.
 *
 * <p>How: the differences are merged into subsessions (batch means) of the smallest size q whose lag-1
 * autocorrelation is at most max({@value #AUTOCORRELATION_LIMIT}, 1.96/√h) — h batches; with few pairs r1 is noise
 * and q = 1 is kept unless a positive correlation is evident (the paper's subsessions, §III-D, with the sampling band
 * of r1). A negative r1 never merges: it makes the plain variance too large, not too small, and merging on it picked
 * batches that agreed by chance (an identical pair called different at 15 cycles, r1 = −0.54). The verdict's
 * interval is the anytime-valid {@link StudentSequence} of the batch differences, valid at every look and at any
 * number of batches from 2 on; the fixed-sample CI is their Student-t interval. The ratio of the means gets Fieller's
 * interval for paired samples (the R with |ā − R·b̄| within the interval's reach of the batches of a − R·b), at the
 * t critical value for its CI and at the sequence's for its anytime-valid interval: it excludes 1 exactly when the
 * difference's does.
 *
 * @param pairs      cycles in which both workloads gave a reading (after their warm-ups)
 * @param batch      the subsession size q the intervals rest on
 * @param batches    h = ⌊pairs/q⌋
 * @param lag1       the lag-1 autocorrelation of the differences (q = 1); NaN below 3 pairs
 * @param meanA      a's mean over the h·q pairs used
 * @param meanB      b's mean over the same pairs
 * @param difference meanA − meanB with the anytime-valid confidence sequence at the comparison's α
 * @param ratio      meanA / meanB with Fieller's paired CI at the comparison's confidence (unbounded ends as ±∞)
 * @param sequence   meanA / meanB with Fieller's paired interval at the sequence's reach (anytime-valid, at α)
 * @param anytimeP   the anytime-valid p-value of "no difference"
 * @param sdBatches  the standard deviation of the batch differences
 */
public record PairedCycles(
        int pairs,
        int batch,
        int batches,
        double lag1,
        double meanA,
        double meanB,
        ConfidenceInterval difference,
        ConfidenceInterval ratio,
        ConfidenceInterval sequence,
        double anytimeP,
        double sdBatches) {

    /** The autocorrelation the batch means may keep, as in {@code pilot run}'s subsessions. */
    public static final double AUTOCORRELATION_LIMIT = 0.1;

    /**
     * The paired analysis of {@code a} and {@code b} (readings indexed by cycle, NaN where missing), at the
     * confidence of the fixed CI and the α of the sequence; empty with fewer than 2 pairs.
     */
    public static Optional<PairedCycles> of(double[] a, double[] b, double confidence, double alpha) {
        if (a == null || b == null) {
            return Optional.empty();
        }
        int m = Math.min(a.length, b.length);
        double[] xa = new double[m];
        double[] xb = new double[m];
        int n = 0;
        for (int k = 0; k < m; k++) {
            if (Double.isFinite(a[k]) && Double.isFinite(b[k])) {
                xa[n] = a[k];
                xb[n] = b[k];
                n++;
            }
        }
        if (n < 2) {
            return Optional.empty();
        }
        double[] d = new double[n];
        for (int k = 0; k < n; k++) {
            d[k] = xa[k] - xb[k];
        }
        Subsessions sub = Subsessions.of(d, MeanMethod.ARITHMETIC);
        int q = 1;
        for (int size = 1; size <= n / 3; size++) {
            q = size; // autocorrelation up to n/3: the largest size tried, with its few batches
            double band = Math.max(AUTOCORRELATION_LIMIT, 1.96 / Math.sqrt(sub.count(size)));
            if (sub.autocorrelation(size) <= band || sub.variance(size) == 0) {
                break;
            }
        }
        int h = n / q;
        double[] ba = Subsessions.of(java.util.Arrays.copyOf(xa, n), MeanMethod.ARITHMETIC)
                .blockMeans(q);
        double[] bb = Subsessions.of(java.util.Arrays.copyOf(xb, n), MeanMethod.ARITHMETIC)
                .blockMeans(q);
        double[] bd = new double[h];
        for (int j = 0; j < h; j++) {
            bd[j] = ba[j] - bb[j];
        }
        double ma = Descriptive.mean(ba);
        double mb = Descriptive.mean(bb);
        double md = ma - mb;
        double sd = Math.sqrt(Descriptive.variance(bd));
        double lag1 = n >= 3 ? sub.autocorrelation(1) : Double.NaN;
        StudentSequence cs = new StudentSequence(alpha);
        double reach = cs.halfWidth(1, h) * Math.sqrt(h); // the sequence's multiplier of sd/√h
        double t = StudentT.critical(confidence, h - 1);
        double sHalf = cs.halfWidth(sd, h);
        ConfidenceInterval diff = new ConfidenceInterval(1 - alpha, md, md - sHalf, md + sHalf, 2 * sHalf);
        return Optional.of(new PairedCycles(
                n,
                q,
                h,
                lag1,
                ma,
                mb,
                diff,
                fieller(ba, bb, t, confidence),
                fieller(ba, bb, reach, 1 - alpha),
                StudentSequence.pValue(md, sd, h),
                sd));
    }

    /**
     * Fieller's interval for mean(a)/mean(b) from paired batches: the R with (ā − R·b̄)² ≤ c²·Var(a − R·b)/h, a
     * quadratic in R. Unbounded (±∞ ends) when b̄ is not clearly away from 0 at that reach, or c is infinite.
     */
    static ConfidenceInterval fieller(double[] a, double[] b, double c, double confidence) {
        int h = a.length;
        double ma = Descriptive.mean(a);
        double mb = Descriptive.mean(b);
        double r = ma / mb;
        if (!Double.isFinite(c) || h < 2) {
            return new ConfidenceInterval(
                    confidence, r, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY);
        }
        double saa = 0;
        double sbb = 0;
        double sab = 0;
        for (int j = 0; j < h; j++) {
            saa += (a[j] - ma) * (a[j] - ma);
            sbb += (b[j] - mb) * (b[j] - mb);
            sab += (a[j] - ma) * (b[j] - mb);
        }
        double k = c * c / h / (h - 1);
        // (mb² − k·sbb) R² − 2 (ma·mb − k·sab) R + (ma² − k·saa) ≤ 0
        double qa = mb * mb - k * sbb;
        double qb = ma * mb - k * sab;
        double qc = ma * ma - k * saa;
        double disc = qb * qb - qa * qc;
        if (!(qa > 0) || disc < 0) {
            return new ConfidenceInterval(
                    confidence, r, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY);
        }
        double root = Math.sqrt(disc);
        double low = (qb - root) / qa;
        double high = (qb + root) / qa;
        return new ConfidenceInterval(confidence, r, low, high, high - low);
    }

    /** Whether the sequence excludes no difference. */
    public boolean different() {
        return difference.low() > 0 || difference.high() < 0;
    }

    /**
     * Whether the difference lies within ±margin of the smaller mean by the sequence at {@code alpha} (two one-sided
     * sequences at α/2 each: the TOST of bioequivalence), {@code horizon} the round limit (0: none).
     */
    public boolean equivalentWithin(double margin, double alpha, int horizon) {
        if (!(margin > 0) || !(sdBatches >= 0)) {
            return false;
        }
        double half = equivalenceSequence(alpha, horizon).halfWidth(sdBatches, batches);
        return Math.abs(meanA - meanB) + half <= bound(margin);
    }

    private double bound(double margin) {
        return margin * Math.min(Math.abs(meanA), Math.abs(meanB));
    }

    private StudentSequence equivalenceSequence(double alpha, int horizon) {
        return forEquivalence(alpha, horizon > 0 ? Math.max(2, horizon / batch) : 0);
    }

    /**
     * The sequence that shows equivalence, in units of {@code samples} (0: no limit). Equivalence is shown late: a CI
     * of the difference inside a margin of a few percent takes tens to thousands of samples, never a handful. With a
     * limit, the single-g sequence tuned to it, tightest near the limit. Without one, a mixture over the g tuned to
     * {@value #EQUIVALENCE_FROM}, 4×, 16×, 64× and 256× as many samples: 7–12% narrower than the default mixture
     * (whose large g decide ten-fold differences in a few samples) from 20 to 10,000 samples, 1.6% wider at 10, and
     * infinite below about 8 (at α = 0.1: 3.04 against 3.36 standard errors at 100 samples, 2.97 against 3.30 at 400).
     * Both are fixed before the data, so either is a valid sequence (Ville's inequality holds for any fixed mixture).
     */
    static StudentSequence forEquivalence(double alpha, long samples) {
        if (samples > 0) {
            return StudentSequence.tunedFor(samples, alpha);
        }
        return new StudentSequence(
                alpha, 1 / ConfidenceSequence.tunedFor(EQUIVALENCE_FROM, alpha).rho(), EQUIVALENCE_COMPONENTS);
    }

    /** The fewest samples the equivalence mixture is tuned to; its other components 4×, 16×, … as many. */
    static final int EQUIVALENCE_FROM = 10;
    /** How many components the equivalence mixture averages. */
    static final int EQUIVALENCE_COMPONENTS = 5;

    /**
     * The factor by which the pairs must grow for a verdict, the spread staying as it is: the smaller of the growth
     * that makes the sequence exclude no difference and (with a margin) the one that shows equivalence; NaN when
     * neither can.
     */
    public double growthForVerdict(double margin, double alpha, double equivalenceAlpha, int horizon) {
        if (!(sdBatches > 0)) {
            return Double.NaN;
        }
        StudentSequence diff = new StudentSequence(alpha);
        StudentSequence eq = equivalenceSequence(equivalenceAlpha, horizon);
        double d = Math.abs(meanA - meanB);
        for (long h = batches; h <= (long) batches << 20; h = Math.max(h + 1, (long) Math.ceil(h * 1.1))) {
            if (d > 0 && diff.halfWidth(sdBatches, h) < d) {
                return (double) h / batches;
            }
            if (margin > 0 && d + eq.halfWidth(sdBatches, h) <= bound(margin)) {
                return (double) h / batches;
            }
        }
        return Double.NaN;
    }
}
