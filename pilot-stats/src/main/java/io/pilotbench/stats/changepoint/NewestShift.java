package io.pilotbench.stats.changepoint;

import io.pilotbench.stats.FisherF;
import io.pilotbench.stats.StudentT;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A shift in the newest points of a history of per-commit means that each carry their own standard error: the tail
 * that a change-point search cannot see. {@link WeightedShifts} needs three points on each side of a split and a
 * permutation test with enough orderings to reach α: ten commits at one level and the newest one, two or three 2.3
 * times slower were "no shift" until the fourth slow commit. Apache Otava (formerly Hunter: M. Fleming et al.,
 * "Hunter: Using Change Point Detection to Hunt for Performance Regressions", ICPE 2023) splits with E-divisive
 * means, each split tested by a t-test between the segments, and sees only the means; here each commit is a session
 * with its own standard error, so one new point far outside its neighbours is evidence by itself.
 *
 * <p>For k = 1, 2, … {@code newest} (while k is less than the older points left), the newest k points are compared
 * with the r older ones, from {@code from} (the last accepted change point, or 0) on. Each point is modelled as
 * m_i = μ + e_i with e_i ~ N(0, s_i² + τ²): s_i its own standard error, τ² the spread between commits that their
 * errors do not explain (machine drift: commits at one level still differ by more than their errors). τ² is
 * DerSimonian and Laird's moment estimate from the older points (R. DerSimonian, N. Laird, "Meta-analysis in clinical
 * trials", Controlled Clinical Trials 7, 1986): Q = Σ w_i (m_i − m̄_w)² with w_i = 1/s_i², τ² = max(0, (Q − (r − 1))
 * / (Σw − Σw²/Σw)). With weights 1/(s_i² + τ²), the older and the newest levels are the weighted means μ_o and μ_n,
 * and the statistic is t = (μ_n − μ_o) / √(q·(1/W_o + 1/W_n)), W the sums of the weights, with the scale
 * q = max(1, Σ_old w_i (m_i − μ_o)² / (r − 1)), referred to Student's t with r − 1 degrees of freedom. That is the
 * Hartung–Knapp–Sidik–Jonkman correction for an estimated τ² (G. Knapp, J. Hartung, "Improved tests for a random
 * effects meta-regression with a single covariate", Statistics in Medicine 22, 2003) with its truncation at 1
 * (C. Röver, G. Knapp, T. Friede, "Hartung-Knapp-Sidik-Jonkman approach and its modification for random-effects
 * meta-analysis with few studies", BMC Medical Research Methodology 15:99, 2015): a point is never taken as more
 * precise than its own session says, and when every point has the same error the statistic is exactly the
 * two-sample t of a new group against the old, whatever τ² is. The k with the smallest p-value names the first
 * commit of the shift; its p-value is multiplied by the number of k tried (Bonferroni), so that a history without a
 * shift is flagged with a chance of at most α while the errors are known (they are estimates: see below).
 *
 * <p>Measured (NewestShiftTest, seeded): in 1,000 flat histories of 10–30 commits, each a session of 20 readings
 * with CV 5% and a between-commit drift of CV 1%, searched as {@code pilot history detect} does ({@link #history}), a
 * shift in either direction was found in the newest three commits of 8 (0.8% at α = 1%); with sessions of 10–40
 * readings and CV 2–8%, of 12 (1.2%): the errors are estimates, and a point whose error came out small weighs more
 * than it should. After ten commits with that drift, the first slow commit is named in 911 of 1,000 histories when
 * the newest commit is 10% slower, 229 when it is 5% slower, 542 and 753 when the newest two or three are 5% slower
 * (913, 236, 550 and 758 before the tails the search is blind to were tried too: {@link #blindTail});
 * in every one of 30 when the newest one, two or three are 2.3 times slower, and of 1,000 when the newest two are
 * 30% slower (where the search alone placed the step a commit early in 28).
 */
public final class NewestShift {
    /** How many of the newest points are tried by default (k = 1, 2, 3). */
    public static final int DEFAULT_NEWEST = 3;
    /** The newest k points are taken as one level unless an F test of their spread rejects it at this level. */
    static final double ONE_LEVEL_ALPHA = 0.001;
    /** The smallest variance of a point, relative to the square of the older points' largest mean. */
    private static final double VARIANCE_FLOOR = 1e-18;

    private NewestShift() {}

    /**
     * The newest {@code count} points differ in level from the {@code older} points before them.
     *
     * @param index    the first point of the new level (0-based): the first commit of the shift
     * @param count    how many newest points are at the new level (k)
     * @param older    how many points they were compared with (r)
     * @param before   the weighted mean of the older points
     * @param after    the weighted mean of the newest points
     * @param seBefore the standard error of {@code before}, scaled by q
     * @param seAfter  the standard error of {@code after}, scaled by q
     * @param tau2     the between-commit variance τ² estimated from the older points
     * @param t        the statistic, positive when the newest points are higher
     * @param df       its degrees of freedom (r − 1)
     * @param pValue   the two-sided p-value, multiplied by the number of k tried (at most 1)
     */
    public record Result(
            int index,
            int count,
            int older,
            double before,
            double after,
            double seBefore,
            double seAfter,
            double tau2,
            double t,
            double df,
            double pValue) {}

    /**
     * The shifts of a history, as {@code pilot history detect} finds them.
     *
     * @param searched the shifts of {@link WeightedShifts}, by index
     * @param newest   the shift in the newest points after the last of them, if any
     */
    public record History(List<WeightedShifts.Shift> searched, Optional<Result> newest) {
        public History {
            searched = List.copyOf(searched);
        }
    }

    /**
     * {@link WeightedShifts} over the whole history, then this test on the newest points after its last shift. When
     * that shift is itself among the newest points, this test is run from the shift before it instead, and its
     * finding, if any, replaces the search's: a segment of the search holds at least three points, so a shift of the
     * newest one or two was placed a commit or two early (two commits 30% slower after ten: 35 of 1,000 seeded
     * histories named the commit before them).
     *
     * @param alpha  the level of the search's splits and of this test
     * @param newest the largest k tried; also what counts as newest for the search's last shift
     * @param seed   the search's permutations' seed
     */
    public static History history(double[] means, double[] errors, double alpha, int newest, long seed) {
        List<WeightedShifts.Shift> searched = new ArrayList<>(WeightedShifts.find(means, errors, alpha, seed));
        int last = searched.size() - 1;
        if (last >= 0 && searched.get(last).index() >= means.length - newest) {
            int from = last == 0 ? 0 : searched.get(last - 1).index();
            Optional<Result> instead = findTail(means, errors, from, newest, alpha);
            if (instead.isPresent()) {
                searched.remove(last);
                return new History(searched, instead);
            }
        }
        int from = searched.isEmpty() ? 0 : searched.get(searched.size() - 1).index();
        return new History(searched, findTail(means, errors, from, newest, alpha));
    }

    /**
     * The largest tail the search cannot call at {@code alpha} in a segment of {@code n} points: its permutation test
     * sees k points at a new level, contiguous, as extreme as k contiguous points anywhere among the n, so its p-value
     * is at least (n − k + 1) / C(n, k). Ten points at one level and four 30% higher (60 standard errors apart)
     * gave 9/495 ≈ 0.018, "no shift", between the newest test's three commits and the search's reach. The newest
     * test tries every k up to this one (while k is less than the older points), so no tail of a history falls
     * between the two. In long segments it is 1 or 2 (30 points: k = 3 already gives 28/4060), and the newest test's
     * own default of three governs.
     */
    static int blindTail(int n, double alpha) {
        int blind = 0;
        double combinations = 1; // C(n, k)
        for (int k = 1; 2 * k < n; k++) {
            combinations = combinations * (n - k + 1) / k;
            if ((n - k + 1) / combinations >= alpha) {
                blind = k;
            }
        }
        return blind;
    }

    /**
     * The shift in the newest points, if the test rejects "no shift" at {@code alpha}.
     *
     * @param means  the points' means, in history order
     * @param errors their standard errors (finite, ≥ 0)
     * @param from   the first point of the current level (the last accepted change point, or 0)
     * @param newest the largest k tried, ≥ 1
     * @param alpha  the false-alarm rate over all k tried, in (0, 1)
     * @return the shift, or empty when there is none at {@code alpha} or too few points to try any k
     */
    public static Optional<Result> find(double[] means, double[] errors, int from, int newest, double alpha) {
        if (!(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("alpha must be in (0, 1), got " + alpha);
        }
        return test(means, errors, from, newest).filter(r -> r.pValue() < alpha);
    }

    /** {@link #find} with every tail the search is blind to in {@code [from, n)} tried too ({@link #blindTail}). */
    private static Optional<Result> findTail(double[] means, double[] errors, int from, int newest, double alpha) {
        find(means, errors, from, newest, alpha); // checks the arguments
        int upTo = Math.max(newest, blindTail(means.length - from, alpha));
        return test(means, errors, from, newest, upTo).filter(r -> r.pValue() < alpha);
    }

    /**
     * The most significant k, whatever its p-value.
     *
     * @return the result for the k with the smallest p-value, or empty when not even k = 1 leaves two older points
     * @see #find
     */
    public static Optional<Result> test(double[] means, double[] errors, int from, int newest) {
        if (means.length != errors.length) {
            throw new IllegalArgumentException(
                    "one error per mean: " + means.length + " means, " + errors.length + " errors");
        }
        for (int i = 0; i < means.length; i++) {
            if (!Double.isFinite(means[i]) || !(errors[i] >= 0) || Double.isInfinite(errors[i])) {
                throw new IllegalArgumentException("point " + i + ": mean " + means[i] + ", error " + errors[i]
                        + "; means must be finite and errors finite and >= 0");
            }
        }
        if (from < 0 || from > means.length) {
            throw new IllegalArgumentException("from must be in [0, " + means.length + "], got " + from);
        }
        if (newest < 1) {
            throw new IllegalArgumentException("newest must be 1 or more, got " + newest);
        }
        return test(means, errors, from, newest, newest);
    }

    /**
     * As {@link #test(double[], double[], int, int)}, also trying k from {@code newest + 1} to {@code upTo} (the tails
     * the search is blind to: {@link #blindTail}). A weighted Bonferroni correction (each k's p-value divided by its
     * share of α) gives those further k {@value #FURTHER_SHARE} of α between them and the first {@code newest} the
     * rest, so that trying them costs the usual k little power: the newest commit 10% slower after ten was named in
     * 911 of 1,000 seeded histories (913 with three k alone; 905 with a share of 0.1, 864 with equal shares).
     */
    static Optional<Result> test(double[] means, double[] errors, int from, int newest, int upTo) {
        int n = means.length;
        int first = 0;
        int further = 0;
        for (int k = 1; k <= Math.max(newest, upTo) && n - k - from > k; k++) {
            if (k <= newest) {
                first++;
            } else {
                further++;
            }
        }
        Result best = null;
        for (int k = 1; k <= first + further; k++) {
            Tried t = one(means, errors, from, n - k, n);
            double share = k <= newest ? (further == 0 ? 1.0 : 1 - FURTHER_SHARE) / first : FURTHER_SHARE / further;
            Result r = t.result();
            Result adjusted = new Result(
                    r.index(),
                    r.count(),
                    r.older(),
                    r.before(),
                    r.after(),
                    r.seBefore(),
                    r.seAfter(),
                    r.tau2(),
                    r.t(),
                    r.df(),
                    Math.min(1, r.pValue() / share));
            if ((best == null || adjusted.pValue() < best.pValue()) && t.oneLevel()) {
                best = adjusted;
            }
        }
        return Optional.ofNullable(best);
    }

    /** The share of α that the k beyond the usual newest three get between them ({@link #test}). */
    static final double FURTHER_SHARE = 0.05;

    /**
     * One k tried: its result, and whether its newest points share one level as the older ones do — their spread
     * about their weighted mean, per degree of freedom, against the older points' (the scale q), by an F test at
     * {@value #ONE_LEVEL_ALPHA}. Without that, the commit before a slow one that happened to drift a little high was
     * named with it, as the first of two slow commits, and the shift given as their average: on this project's
     * machine, ten sessions of {@code sleep 0.010} at 11.40–11.55 ms (errors 0.02–0.08 ms), then 11.69 and 14.62 ms,
     * gave "commit 10 made it 15.2% higher" for what commit 11 did (NewestShiftTest).
     */
    private record Tried(Result result, boolean oneLevel) {}

    /** Points [cut, n) against [from, cut), with an unadjusted p-value. */
    private static Tried one(double[] m, double[] s, int from, int cut, int n) {
        int r = cut - from;
        double scale = 0;
        for (int i = from; i < cut; i++) {
            scale = Math.max(scale, Math.abs(m[i]));
        }
        double floor = VARIANCE_FLOOR * (scale > 0 ? scale * scale : 1);
        double tau2 = dersimonianLaird(m, s, from, cut, floor);
        double[] old = weighted(m, s, from, cut, tau2, floor);
        double[] fresh = weighted(m, s, cut, n, tau2, floor);
        double q = Math.max(1, spread(m, s, from, cut, old[0], tau2, floor) / (r - 1));
        double seBefore = Math.sqrt(q / old[1]);
        double seAfter = Math.sqrt(q / fresh[1]);
        double t = (fresh[0] - old[0]) / Math.hypot(seBefore, seAfter);
        double df = r - 1;
        double p = 2 * StudentT.cdf(-Math.abs(t), df);
        int k = n - cut;
        boolean oneLevel = k < 2
                || FisherF.upperTail(spread(m, s, cut, n, fresh[0], tau2, floor) / (k - 1) / q, k - 1, df)
                        >= ONE_LEVEL_ALPHA;
        return new Tried(new Result(cut, k, r, old[0], fresh[0], seBefore, seAfter, tau2, t, df, p), oneLevel);
    }

    /**
     * τ², DerSimonian and Laird's moment estimate of the variance between points beyond their own errors, from
     * [from, to): max(0, (Q − (r − 1)) / (Σw − Σw²/Σw)), w_i = 1/s_i².
     */
    static double dersimonianLaird(double[] m, double[] s, int from, int to, double floor) {
        int r = to - from;
        if (r < 2) {
            return 0;
        }
        double[] fixed = weighted(m, s, from, to, 0, floor);
        double sw = fixed[1];
        double sw2 = 0;
        double q = 0;
        for (int i = from; i < to; i++) {
            double w = 1 / variance(s[i], floor, 0);
            sw2 += w * w;
            double d = m[i] - fixed[0];
            q += w * d * d;
        }
        return Math.max(0, (q - (r - 1)) / (sw - sw2 / sw));
    }

    /** Σ (m_i − level)² / (s_i² + τ²) over [from, to). */
    private static double spread(double[] m, double[] s, int from, int to, double level, double tau2, double floor) {
        double sum = 0;
        for (int i = from; i < to; i++) {
            double d = m[i] - level;
            sum += d * d / variance(s[i], floor, tau2);
        }
        return sum;
    }

    /** {weighted mean, sum of weights} of [from, to) with weights 1/(s² + τ²). */
    private static double[] weighted(double[] m, double[] s, int from, int to, double tau2, double floor) {
        double sw = 0;
        double swm = 0;
        for (int i = from; i < to; i++) {
            double w = 1 / variance(s[i], floor, tau2);
            sw += w;
            swm += w * m[i];
        }
        return new double[] {swm / sw, sw};
    }

    private static double variance(double s, double floor, double tau2) {
        return Math.max(s * s, floor) + tau2;
    }
}
