package io.pilotbench.stats.changepoint;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * EDM for long series (10⁴–10⁶ samples and more): {@link ExactDp}'s dynamic programme (or {@link AmocScan}'s scan)
 * searched over about 2,000 candidate change points instead of all n positions, with the medians of the samples
 * themselves, so that its choices follow EXACT's.
 *
 * <p>With blocks of B = ⌈n/{@value #TARGET_BLOCKS}⌉ samples (at most {@value #TARGET_BLOCKS} samples: B = 1 and
 * the answer is EXACT's):
 * <ol>
 *   <li>Coarse pass: {@link ExactDp} on the block medians with min size ⌈m/B⌉ (at least 2), as a guide to where the
 *       change points are (O(n log B) + O({@value #TARGET_BLOCKS}²)).</li>
 *   <li>Candidates: (a) every position of the start, m … min(n−m, {@value #START_MIN_SIZES}·m, {@value
 *       #START_LIMIT}); (b) every {@value #GRID_BLOCKS}th block boundary; (c) a window of ±{@value #WINDOW_BLOCKS}·B
 *       around each coarse change point, every position when {@value #WINDOW_BLOCKS}·B ≤ {@value #WINDOW_POINTS}
 *       (B ≤ 5, n ≤ 10,000), else at most {@value #WINDOW_POINTS} evenly spaced points a side. (a) is there because the
 *       percent rule compares each new change point with the statistic of the prefix before it, which is small
 *       at the start of a series: EXACT adds change points there about every m samples (three or four in the
 *       first 300 samples is common on noisy warm-ups), and a search at block resolution makes different choices
 *       there that then change the rest of the path.</li>
 *   <li>{@link CandidateDp}: ExactDp's rows for the candidates and n only, each searching t over the candidates;
 *       statistic, penalty rule and tie rule (strict {@code >}, first t) are ExactDp's, with sample medians from a
 *       {@link RangeMedian} (O(log n) each) and, for the run of start positions, from one growing ranked list
 *       (O(1) each, as ExactDp). If every position were a candidate this would be EXACT.</li>
 *   <li>When the windows are spaced (stride h &gt; 1), each change point, left to right, moves to the t within
 *       ±(h−1) that maximises its own EDM term between its neighbours, (t−a)(b−t)/(b−a)² · (median(Z[a..t−1]) −
 *       median(Z[t..b−1]))², a coordinate step on the DP objective.</li>
 * </ol>
 * amoc: the EDMX scan over τ₁, τ₂ ∈ every {@value #GRID_BLOCKS}th block boundary (and τ₂ = n); then, around the
 * {@value #AMOC_TOP} best τ₁ of that grid and its {@value #AMOC_PEAKS} best local maxima, windows as in (c) for
 * τ₁ and for their τ₂, scanned against the grid τ₂ too; the answer is {@link AmocScan}'s (largest statistic, then
 * smallest τ₁, then smallest τ₂) over all pairs scanned; with spaced windows, a last scan over every τ₁, τ₂ within
 * ±h of it. The top values and not only the peaks are refined because EDMX is often flat along τ₁ (within 0.1% over
 * 1–2% of n), so the grid's best point need not be next to EXACT's.
 *
 * <p>Cost: O(n log n) for the ranks and the {@link RangeMedian}, O(n) to grow the ranked list, and O(k² log n) for
 * k ≈ n/({@value #GRID_BLOCKS}B) + 2·{@value #WINDOW_POINTS}·(change points) ≲ 1,000 sparse candidates, plus
 * O(d·(d + k)) for d ≤ {@value #START_LIMIT} start positions: O(n log n) in all for a bounded number of change
 * points. Memory: O(n) words and O(n log n) bits.
 *
 * <p>Guarantees: change points strictly increasing, at least m apart and from the ends; up to {@value
 * #TARGET_BLOCKS} samples the result is EXACT's. Not guaranteed: EXACT's change points. Measured against EXACT
 * with Pilot's settings on 288 seeded series (n = 6,000, 8,000 and 10,000, that is B = 3–5; steps, exponential and
 * linear warm-up ramps, cool-down ramps, Student-t(3) noise with σ = 1 and 2, the shapes of {@code
 * ScalableEdmTest}): 208 change-point lists identical, all within 0.73% of n (Hausdorff distance; warm-up ramps
 * ≤ 0.73%, steps ≤ 0.13%, heavy tails ≤ 0.08%, cool-down ramps ≤ 0.05%); on 28 more at n = 20,000–50,000 (spaced
 * windows) within 0.68%. amoc: 287 of 288 identical, all within 0.05% of n. Where the lists differ, they have the
 * same number of change points and one is placed elsewhere on a flat stretch of the statistic (the end of a ramp,
 * a cool-down step under heavy noise), where EXACT's own choice turns on differences of 0.1–1% in the statistic.
 * Time: 10⁶ samples in about 0.4 s, 10⁵ in about 0.09 s (bench/README.md).
 */
final class ScalableEdm {
    /** Blocks of the coarse pass: B = ⌈n / TARGET_BLOCKS⌉. */
    static final int TARGET_BLOCKS = 2000;
    /** Window radius around each coarse change point, in blocks. */
    static final int WINDOW_BLOCKS = 3;
    /** Every GRID_BLOCKS-th block boundary is a candidate. */
    static final int GRID_BLOCKS = 4;
    /** The first START_MIN_SIZES · m positions are all candidates … */
    static final int START_MIN_SIZES = 40;
    /** … but at most the first START_LIMIT. */
    static final int START_LIMIT = 4000;
    /** Candidates per side of a window, at most. */
    static final int WINDOW_POINTS = 16;
    /** amoc: refine around this many of the best local maxima of the grid scan … */
    static final int AMOC_PEAKS = 4;
    /** … and this many of its best τ₁. */
    static final int AMOC_TOP = 16;

    private ScalableEdm() {}

    static List<Integer> changePoints(double[] z, EdmSettings settings) {
        int n = z.length;
        int m = settings.minSize();
        int block = ceilDiv(n, TARGET_BLOCKS);
        if (block < 2) {
            return settings.amoc()
                    ? amocExact(z, m)
                    : ExactDp.changePoints(z, m, settings.penalty(), settings.degree());
        }
        RangeMedian medians = new RangeMedian(z);
        int radius = WINDOW_BLOCKS * block;
        int stride = ceilDiv(radius, WINDOW_POINTS);
        int grid = GRID_BLOCKS * block;
        if (settings.amoc()) {
            return amoc(medians, m, grid, radius, stride);
        }
        double[] coarse = blockMedians(z, block);
        int coarseMin = Math.max(2, ceilDiv(m, block));
        List<Integer> coarseCps = ExactDp.changePoints(coarse, coarseMin, settings.penalty(), settings.degree());
        BitSet set = new BitSet(n + 1);
        int startEnd = Math.min(n - m, startEnd(m));
        if (startEnd >= m) {
            set.set(m, startEnd + 1);
        }
        for (int t = grid; t <= n - m; t += grid) {
            if (t >= m) {
                set.set(t);
            }
        }
        for (int c : coarseCps) {
            addWindow(set, c * block, radius, stride, m, n - m);
        }
        List<Integer> cps = CandidateDp.changePoints(medians, toArray(set), m, settings.penalty(), settings.degree());
        return stride > 1 ? polish(medians, cps, m, stride) : cps;
    }

    /** The last position of the start region (before clipping to n − m). */
    private static int startEnd(int m) {
        return (int) Math.min(START_LIMIT, (long) START_MIN_SIZES * m);
    }

    /** Adds center + i·stride for |i·stride| ≤ radius, within [lo, hi]. */
    private static void addWindow(BitSet set, int center, int radius, int stride, int lo, int hi) {
        for (int t = center - (radius / stride) * stride; t <= center + radius; t += stride) {
            if (t >= lo && t <= hi) {
                set.set(t);
            }
        }
    }

    private static int[] toArray(BitSet set) {
        int[] out = new int[set.cardinality()];
        int j = 0;
        for (int t = set.nextSetBit(0); t >= 0; t = set.nextSetBit(t + 1)) {
            out[j++] = t;
        }
        return out;
    }

    /**
     * Moves each change point, left to right, to the first t within ±(stride − 1) that maximises its EDM term
     * between its neighbours (the moved previous one, or 0, and the next one, or n). The window always holds the
     * change point itself, because the neighbours are at least m away, so min sizes are kept.
     */
    private static List<Integer> polish(RangeMedian medians, List<Integer> cps, int m, int stride) {
        int n = medians.size();
        List<Integer> out = new ArrayList<>();
        int a = 0;
        for (int j = 0; j < cps.size(); j++) {
            int c = cps.get(j);
            int b = j + 1 < cps.size() ? cps.get(j + 1) : n;
            int lo = Math.max(a + m, c - stride + 1);
            int hi = Math.min(b - m, c + stride - 1);
            int bestT = c;
            double best = Double.NEGATIVE_INFINITY;
            for (int t = lo; t <= hi; t++) {
                double d = medians.median(a, t) - medians.median(t, b);
                double stat = (double) ((long) (t - a) * (b - t)) / ((double) (b - a) * (double) (b - a)) * (d * d);
                if (stat > best) {
                    best = stat;
                    bestT = t;
                }
            }
            out.add(bestT);
            a = bestT;
        }
        return out;
    }

    /** The amoc change point: EDMX over a grid, then windows around its most promising τ₁ (see the class comment). */
    private static List<Integer> amoc(RangeMedian medians, int m, int grid, int radius, int stride) {
        int n = medians.size();
        BitSet g1 = new BitSet(n + 1);
        BitSet g2 = new BitSet(n + 1);
        for (int t = grid; t <= n; t += grid) {
            if (t >= m && t <= n - m) {
                g1.set(t);
            }
            if (t >= 2 * m) {
                g2.set(t);
            }
        }
        g2.set(n);
        int[] tau1s = toArray(g1);
        int[] tau2s = toArray(g2);
        BitSet w1 = new BitSet(n + 1);
        BitSet w2 = new BitSet(n + 1);
        double[] stat = new double[tau1s.length];
        int[] tau2 = new int[tau1s.length];
        Amoc.scan(medians, tau1s, tau2s, m, stat, tau2);
        for (int i : promising(stat, AMOC_PEAKS, AMOC_TOP)) {
            addWindow(w1, tau1s[i], radius, stride, m, n - m);
            addWindow(w2, tau2[i], radius, stride, 2 * m, n);
        }
        w2.or(g2);
        Amoc.Best best = Amoc.better(Amoc.best(tau1s, tau2, stat), Amoc.best(medians, toArray(w1), toArray(w2), m));
        if (best == null) {
            return List.of();
        }
        if (stride > 1) {
            BitSet f1 = new BitSet(n + 1);
            BitSet f2 = new BitSet(n + 1);
            addWindow(f1, best.tau1(), stride, 1, m, n - m);
            addWindow(f2, best.tau2(), stride, 1, 2 * m, n);
            best = Amoc.better(best, Amoc.best(medians, toArray(f1), toArray(f2), m));
        }
        return List.of(best.tau1());
    }

    /**
     * The indices of the {@code top} largest stat values and of the {@code peaks} largest local maxima (stat &gt; 0;
     * among equal values the smaller index first), ascending.
     */
    static int[] promising(double[] stat, int peaks, int top) {
        List<Integer> byValue = new ArrayList<>();
        for (int i = 0; i < stat.length; i++) {
            if (stat[i] > 0) {
                byValue.add(i);
            }
        }
        byValue.sort((x, y) -> stat[x] != stat[y] ? Double.compare(stat[y], stat[x]) : Integer.compare(x, y));
        BitSet chosen = new BitSet(stat.length);
        int localMaxima = 0;
        for (int j = 0; j < byValue.size(); j++) {
            int i = byValue.get(j);
            boolean peak = (i == 0 || stat[i] >= stat[i - 1]) && (i + 1 == stat.length || stat[i] >= stat[i + 1]);
            if (j < top || (peak && localMaxima < peaks)) {
                chosen.set(i);
            }
            if (peak) {
                localMaxima++;
            }
            if (j >= top && localMaxima >= peaks) {
                break;
            }
        }
        return chosen.stream().toArray();
    }

    private static List<Integer> amocExact(double[] z, int m) {
        AmocScan.Best best = AmocScan.scan(z, m);
        return best == null ? List.of() : List.of(best.tau1());
    }

    /** Medians of consecutive blocks of {@code block} samples (the last may be shorter). */
    static double[] blockMedians(double[] z, int block) {
        int n = z.length;
        int count = ceilDiv(n, block);
        double[] out = new double[count];
        double[] buffer = new double[block];
        for (int j = 0; j < count; j++) {
            int from = j * block;
            int size = Math.min(block, n - from);
            System.arraycopy(z, from, buffer, 0, size);
            Arrays.sort(buffer, 0, size);
            out[j] = (size & 1) != 0 ? buffer[size >> 1] : (buffer[(size >> 1) - 1] + buffer[size >> 1]) / 2;
        }
        return out;
    }

    static int ceilDiv(int a, int b) {
        return -Math.floorDiv(-a, b);
    }
}
