package io.pilotbench.stats.changepoint;

import static org.assertj.core.api.Assertions.assertThat;

import io.pilotbench.stats.changepoint.EdmSettings.Mode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** SCALABLE mode against EXACT and against planted shifts, on seeded data; its helpers against plain versions. */
class ScalableEdmTest {
    private static final int[] SIZES = {6000, 10_000};

    /** Warm-up step, optional mid shift, cool-down step, Student-t(3) noise; planted[] receives the true changes. */
    static double[] warmStableCool(SplittableRandom rnd, int n, boolean midShift, int[] planted) {
        int warm = (int) (n * (0.03 + 0.1 * rnd.nextDouble()));
        int mid = n / 3 + rnd.nextInt(n / 3);
        int cool = n - (int) (n * (0.02 + 0.05 * rnd.nextDouble()));
        planted[0] = warm;
        planted[1] = midShift ? mid : -1;
        planted[2] = cool;
        double[] z = new double[n];
        for (int i = 0; i < n; i++) {
            double level = i < warm ? 15 : midShift && i >= mid ? 12 : 10;
            if (i >= cool) {
                level = 7;
            }
            z[i] = level + Series.heavyTail(rnd, 1.0);
        }
        return z;
    }

    /** The planted-shift shapes the SCALABLE-versus-EXACT tests run on. */
    enum Shape {
        /** warm-up step 15 → 10, sometimes a mid shift to 12, cool-down step to 7; Student-t(3) noise, σ = 1 */
        STEPS,
        /** warm-up ramp from 15 to 10 (exponential or linear), sometimes a mid shift, cool-down step; t(3), σ = 1 */
        WARM_UP_RAMP,
        /** warm-up step, sometimes a mid shift, then a linear cool-down ramp of −3 over the last 2–7%; Gaussian */
        COOL_DOWN_RAMP,
        /** warm-up and cool-down steps under Student-t(3) noise with σ = 2 (shifts of 2.5σ and 1.5σ) */
        HEAVY_TAIL
    }

    /** A seeded series of the given shape (the shape's parameters are drawn from rnd). */
    static double[] planted(SplittableRandom rnd, int n, Shape shape) {
        int warm = (int) (n * (0.03 + 0.1 * rnd.nextDouble()));
        int mid = n / 3 + rnd.nextInt(n / 3);
        int cool = n - (int) (n * (0.02 + 0.05 * rnd.nextDouble()));
        boolean midShift = rnd.nextBoolean();
        boolean exponential = rnd.nextBoolean();
        double tau = n * (0.01 + 0.03 * rnd.nextDouble());
        double[] z = new double[n];
        for (int i = 0; i < n; i++) {
            double level = midShift && i >= mid ? 12 : 10;
            switch (shape) {
                case STEPS, HEAVY_TAIL -> {
                    level = i < warm ? 15 : level;
                    level = i >= cool ? 7 : level;
                }
                case WARM_UP_RAMP -> {
                    level += exponential ? 5 * Math.exp(-i / tau) : Math.max(0, 5.0 * (warm - i) / warm);
                    level = i >= cool ? 7 : level;
                }
                case COOL_DOWN_RAMP -> {
                    level = i < warm ? 15 : level;
                    level -= i >= cool ? 3.0 * (i - cool) / (n - cool) : 0;
                }
                default -> throw new IllegalArgumentException();
            }
            double noise =
                    switch (shape) {
                        case COOL_DOWN_RAMP -> Series.gaussian(rnd);
                        case HEAVY_TAIL -> Series.heavyTail(rnd, 2.0);
                        default -> Series.heavyTail(rnd, 1.0);
                    };
            z[i] = level + noise;
        }
        return z;
    }

    /**
     * The full change-point lists agree with EXACT's within 1% of n (Hausdorff distance: every SCALABLE change
     * point is within 1% of n of an EXACT one and vice versa), 3 seeds per shape at n = 6,000 (B = 3) and n = 10,000
     * (B = 5). Measured on these 24 cases: 18 identical to EXACT's, the largest distance 0.57% of n (a warm-up ramp at
     * n = 10,000: the same change points but the cool-down step at 9,480 instead of 9,423, on a flat stretch of the
     * statistic); steps, cool-down ramps and heavy tails within 0.02%.
     */
    @ParameterizedTest
    @EnumSource(Shape.class)
    void changePointsMatchExactWithinOnePercent(Shape shape) {
        for (int n : SIZES) {
            SplittableRandom rnd = new SplittableRandom(31L * n + shape.ordinal());
            for (int c = 0; c < 3; c++) {
                double[] z = planted(rnd, n, shape);
                List<Integer> exact =
                        Edm.detect(z, EdmSettings.pilot().withMode(Mode.EXACT)).changePoints();
                EdmResult scalable = Edm.detect(z, EdmSettings.pilot().withMode(Mode.SCALABLE));
                assertThat(scalable.method()).isEqualTo(Mode.SCALABLE);
                assertThat(exact).isNotEmpty();
                assertThat(hausdorff(exact, scalable.changePoints(), n))
                        .as("%s n=%d case %d: EXACT %s, SCALABLE %s", shape, n, c, exact, scalable.changePoints())
                        .isLessThanOrEqualTo(n / 100);
            }
        }
    }

    /**
     * amoc: SCALABLE's single change point is within 1% of n of EXACT's (EDMX), 2 seeds per shape and size.
     * Measured on these 16 cases: all identical to EXACT's.
     */
    @ParameterizedTest
    @EnumSource(Shape.class)
    void amocMatchesExactWithinOnePercent(Shape shape) {
        EdmSettings amoc = EdmSettings.pilot().withAmoc(true);
        for (int n : SIZES) {
            SplittableRandom rnd = new SplittableRandom(37L * n + shape.ordinal());
            for (int c = 0; c < 2; c++) {
                double[] z = planted(rnd, n, shape);
                List<Integer> exact = Edm.detect(z, amoc.withMode(Mode.EXACT)).changePoints();
                List<Integer> scalable =
                        Edm.detect(z, amoc.withMode(Mode.SCALABLE)).changePoints();
                assertThat(exact).hasSize(1);
                assertThat(scalable).hasSize(1);
                assertThat(Math.abs(exact.get(0) - scalable.get(0)))
                        .as("%s n=%d case %d: EXACT %s, SCALABLE %s", shape, n, c, exact, scalable)
                        .isLessThanOrEqualTo(n / 100);
            }
        }
    }

    /** The stable segment, which is what Pilot uses, agrees with EXACT's to within 1% of n (n = 6,000, B = 3). */
    @Test
    void stableSegmentMatchesExactWithinOnePercent() {
        SplittableRandom rnd = new SplittableRandom(5);
        int n = 6000;
        int found = 0;
        for (int c = 0; c < 8; c++) {
            double[] z = warmStableCool(rnd, n, c % 2 == 1, new int[3]);
            EdmResult exact = Edm.detect(z, EdmSettings.pilot().withMode(Mode.EXACT));
            EdmResult scalable = Edm.detect(z, EdmSettings.pilot().withMode(Mode.SCALABLE));
            assertThat(scalable.method()).isEqualTo(Mode.SCALABLE);
            StableSegment a = exact.stableSegment();
            StableSegment b = scalable.stableSegment();
            assertThat(b.status()).as("case %d", c).isEqualTo(a.status());
            if (a.isFound()) {
                assertThat(Math.abs(a.begin() - b.begin()))
                        .as("case %d: %s vs %s", c, exact, scalable)
                        .isLessThanOrEqualTo(n / 100);
                assertThat(Math.abs(a.end() - b.end()))
                        .as("case %d: %s vs %s", c, exact, scalable)
                        .isLessThanOrEqualTo(n / 100);
                found++;
            }
        }
        assertThat(found).isGreaterThanOrEqualTo(6);
    }

    /** The beta penalty (R's breakout defaults) goes through the same candidate search: also within 1%. */
    @Test
    void betaPenaltyMatchesExactWithinOnePercent() {
        SplittableRandom rnd = new SplittableRandom(41);
        int n = 6000;
        for (Shape shape : Shape.values()) {
            double[] z = planted(rnd, n, shape);
            List<Integer> exact =
                    Edm.detect(z, EdmSettings.breakout().withMode(Mode.EXACT)).changePoints();
            List<Integer> scalable = Edm.detect(z, EdmSettings.breakout().withMode(Mode.SCALABLE))
                    .changePoints();
            assertThat(hausdorff(exact, scalable, n))
                    .as("%s: EXACT %s, SCALABLE %s", shape, exact, scalable)
                    .isLessThanOrEqualTo(n / 100);
        }
    }

    /** 10⁵ samples (AUTO picks SCALABLE): the planted warm-up end is found within 1% of n. */
    @Test
    void largeSeriesFindPlantedWarmUp() {
        SplittableRandom rnd = new SplittableRandom(3);
        int n = 100_000;
        for (int c = 0; c < 2; c++) {
            int[] planted = new int[3];
            double[] z = warmStableCool(rnd, n, false, planted);
            EdmResult r = Edm.detect(z, EdmSettings.pilot());
            assertThat(r.method()).isEqualTo(Mode.SCALABLE);
            StableSegment stable = r.stableSegment();
            assertThat(stable.isFound()).isTrue();
            assertThat(Math.abs(stable.begin() - planted[0]))
                    .as("%s planted %d", r, planted[0])
                    .isLessThanOrEqualTo(n / 100);
            assertThat(r.changePoints()).allSatisfy(cp -> assertThat(cp).isBetween(30, n - 30));
            List<Integer> amoc =
                    Edm.detect(z, EdmSettings.pilot().withAmoc(true)).changePoints();
            assertThat(amoc).hasSize(1);
        }
    }

    /** Min sizes hold, also when the windows are spaced (B = 10) and when m is beyond the start region. */
    @Test
    void minSizeIsRespected() {
        SplittableRandom rnd = new SplittableRandom(17);
        for (int minSize : new int[] {2, 30, 200, 4500}) {
            double[] z = warmStableCool(rnd, 20_000, true, new int[3]);
            List<Integer> cps = Edm.detect(
                            z, EdmSettings.pilot().withMinSize(minSize).withMode(Mode.SCALABLE))
                    .changePoints();
            int previous = 0;
            for (int cp : cps) {
                assertThat(cp - previous).as("%s", cps).isGreaterThanOrEqualTo(minSize);
                previous = cp;
            }
            assertThat(20_000 - previous).isGreaterThanOrEqualTo(minSize);
            assertThat(cps).isNotEmpty();
            List<Integer> amoc = Edm.detect(
                            z,
                            EdmSettings.pilot()
                                    .withMinSize(minSize)
                                    .withAmoc(true)
                                    .withMode(Mode.SCALABLE))
                    .changePoints();
            assertThat(amoc).hasSize(1);
            assertThat(amoc.get(0)).isBetween(minSize, 20_000 - minSize);
        }
    }

    @Test
    void blockMediansAndSmallInputsAreExact() {
        assertThat(ScalableEdm.blockMedians(new double[] {3, 1, 2, 10, 20, 4, 7}, 3))
                .containsExactly(2, 10, 7);
        assertThat(ScalableEdm.blockMedians(new double[] {3, 1, 2, 10}, 2)).containsExactly(2, 6);
        // up to 2,000 samples the block size is 1: SCALABLE computes the exact answer
        double[] z = ExactVersusReferenceTest.randomSeries(new SplittableRandom(1), 2000);
        assertThat(Edm.detect(z, EdmSettings.pilot().withMode(Mode.SCALABLE)).changePoints())
                .isEqualTo(
                        Edm.detect(z, EdmSettings.pilot().withMode(Mode.EXACT)).changePoints());
        assertThat(Edm.detect(z, EdmSettings.pilot().withAmoc(true).withMode(Mode.SCALABLE))
                        .changePoints())
                .isEqualTo(Edm.detect(z, EdmSettings.pilot().withAmoc(true).withMode(Mode.EXACT))
                        .changePoints());
    }

    /** RangeMedian: every slice's median as sorting gives it, one by one and batched, with ties and ±0.0. */
    @Test
    void rangeMedianEqualsSorting() {
        SplittableRandom rnd = new SplittableRandom(7);
        for (int c = 0; c < 40; c++) {
            int n = 1 + rnd.nextInt(c < 30 ? 70 : 700);
            double[] z = c % 3 == 0 ? ExactVersusReferenceTest.randomSeries(rnd, n) : new double[n];
            if (c % 3 != 0) {
                for (int i = 0; i < n; i++) {
                    double signedZero = rnd.nextBoolean() ? 0.0 : -0.0;
                    z[i] = c % 3 == 1 ? rnd.nextInt(4) - 1.5 : rnd.nextInt(3) == 0 ? 1.0 : signedZero;
                }
            }
            RangeMedian medians = new RangeMedian(z);
            double[] sorted = z.clone();
            Arrays.sort(sorted);
            for (int i = 0; i < n; i++) {
                assertThat(medians.valueOfRank(medians.rank(i))).isEqualTo(z[i]);
                assertThat(sorted[medians.rank(i)]).isEqualTo(z[i]);
                if (i > 0 && Double.compare(z[i - 1], z[i]) == 0) {
                    assertThat(medians.rank(i - 1)).isLessThan(medians.rank(i)); // ties in index order
                }
            }
            int queries = Math.min(300, n * (n + 1) / 2);
            int[] from = new int[queries];
            int[] to = new int[queries];
            double[] batch = new double[queries];
            for (int q = 0; q < queries; q++) {
                from[q] = rnd.nextInt(n);
                to[q] = from[q] + 1 + rnd.nextInt(n - from[q]);
            }
            medians.medians(from, to, queries, batch);
            for (int q = 0; q < queries; q++) {
                double expected = sortedMedian(z, from[q], to[q]);
                assertThat(medians.median(from[q], to[q]))
                        .as("[%d, %d)", from[q], to[q])
                        .isEqualTo(expected);
                assertThat(batch[q]).as("[%d, %d)", from[q], to[q]).isEqualTo(expected);
            }
        }
    }

    /** CandidateDp with every position in [m, n−m] as a candidate is ExactDp, for both penalties and all degrees. */
    @Test
    void candidateDpWithEveryPositionIsExact() {
        SplittableRandom rnd = new SplittableRandom(13);
        for (int c = 0; c < 60; c++) {
            int n = 40 + rnd.nextInt(400);
            int m = new int[] {2, 3, 5, 12, 30}[rnd.nextInt(5)];
            if (n < 2 * m) {
                continue;
            }
            Penalty penalty = rnd.nextBoolean()
                    ? Penalty.percent(new double[] {0, 0.05, 0.25, 1}[rnd.nextInt(4)])
                    : Penalty.beta(new double[] {0, 0.008, 0.05}[rnd.nextInt(3)]);
            int degree = rnd.nextInt(3);
            double[] z = Edm.prepare(ExactVersusReferenceTest.randomSeries(rnd, n), penalty, false);
            if (z == null) {
                continue;
            }
            int[] every = new int[n - 2 * m + 1];
            for (int i = 0; i < every.length; i++) {
                every[i] = m + i;
            }
            assertThat(CandidateDp.changePoints(new RangeMedian(z), every, m, penalty, degree))
                    .as("case %d: n=%d m=%d %s degree %d", c, n, m, penalty, degree)
                    .isEqualTo(ExactDp.changePoints(z, m, penalty, degree));
        }
    }

    /**
     * CandidateDp on random candidate subsets (with and without a leading run of consecutive positions, which uses
     * the growing ranked list) equals a plain restricted DP with sorted medians.
     */
    @Test
    void candidateDpOnSubsetsEqualsPlainRestrictedDp() {
        SplittableRandom rnd = new SplittableRandom(19);
        for (int c = 0; c < 80; c++) {
            int n = 40 + rnd.nextInt(300);
            int m = new int[] {2, 3, 5, 12, 30}[rnd.nextInt(5)];
            if (n < 2 * m) {
                continue;
            }
            Penalty penalty = c % 3 == 0 ? Penalty.beta(0.008) : Penalty.percent(c % 2 == 0 ? 0.25 : 0.05);
            int degree = rnd.nextInt(3);
            double[] z = Edm.prepare(ExactVersusReferenceTest.randomSeries(rnd, n), penalty, false);
            if (z == null) {
                continue;
            }
            BitSet set = new BitSet();
            int run = rnd.nextBoolean() ? rnd.nextInt(n - 2 * m + 1) : 0;
            set.set(m, m + run);
            for (int t = m; t <= n - m; t++) {
                if (rnd.nextInt(4) == 0) {
                    set.set(t);
                }
            }
            int[] candidates = set.stream().toArray();
            assertThat(CandidateDp.changePoints(new RangeMedian(z), candidates, m, penalty, degree))
                    .as("case %d: n=%d m=%d %s degree %d, %d candidates", c, n, m, penalty, degree, candidates.length)
                    .isEqualTo(plainRestrictedDp(z, candidates, m, penalty, degree));
        }
    }

    /** The candidate EDMX scan over every τ₁ and τ₂ is AmocScan. */
    @Test
    void amocOverEveryPositionIsAmocScan() {
        SplittableRandom rnd = new SplittableRandom(29);
        for (int c = 0; c < 40; c++) {
            int n = 20 + rnd.nextInt(300);
            int m = new int[] {2, 3, 5, 12, 30}[rnd.nextInt(5)];
            if (n < 2 * m) {
                continue;
            }
            double[] z = ExactVersusReferenceTest.randomSeries(rnd, n);
            int[] tau1s = new int[n - 2 * m + 1];
            for (int i = 0; i < tau1s.length; i++) {
                tau1s[i] = m + i;
            }
            int[] tau2s = new int[n - 2 * m + 1];
            for (int i = 0; i < tau2s.length; i++) {
                tau2s[i] = 2 * m + i;
            }
            AmocScan.Best expected = AmocScan.scan(z, m);
            Amoc.Best actual = Amoc.best(new RangeMedian(z), tau1s, tau2s, m);
            if (expected == null) {
                assertThat(actual).isNull();
            } else {
                assertThat(actual)
                        .as("case %d", c)
                        .isEqualTo(new Amoc.Best(expected.tau1(), expected.tau2(), expected.stat()));
            }
        }
    }

    private static double sortedMedian(double[] z, int from, int to) {
        double[] slice = Arrays.copyOfRange(z, from, to);
        Arrays.sort(slice);
        int size = slice.length;
        return (size & 1) != 0 ? slice[size >> 1] : (slice[(size >> 1) - 1] + slice[size >> 1]) / 2;
    }

    /** ExactDp's recurrence written plainly, over rows and split points in {@code candidates} only. */
    private static List<Integer> plainRestrictedDp(double[] z, int[] candidates, int m, Penalty penalty, int degree) {
        int n = z.length;
        boolean beta = penalty.family() == Penalty.Family.BETA;
        double initial = beta ? -3 : 0;
        int k = candidates.length;
        double[] f = new double[k + 1];
        int[] prevRow = new int[k + 1];
        int[] number = new int[k + 1];
        for (int j = 0; j <= k; j++) {
            int s = j < k ? candidates[j] : n;
            f[j] = initial;
            prevRow[j] = -1;
            if (s < 2 * m) {
                continue;
            }
            double best = initial;
            int at = -1;
            for (int i = 0; i < k && candidates[i] <= s - m; i++) {
                int t = candidates[i];
                double p = prevRow[i] < 0 ? 0 : candidates[prevRow[i]];
                double d = sortedMedian(z, (int) p, t) - sortedMedian(z, t, s);
                double cost = beta ? penalty.value() * g(degree, number[i]) : 0.0;
                double v = f[i] + ((t - p) * ((double) s - t)) / (((double) s - p) * ((double) s - p)) * (d * d) - cost;
                if (v > best) {
                    best = v;
                    at = i;
                }
            }
            if (at >= 0) {
                f[j] = best;
                prevRow[j] = at;
                number[j] = number[at] + 1;
                if (!beta && f[j] - f[at] < penalty.value() * g(degree, number[at]) * f[at]) {
                    f[j] = f[at];
                    prevRow[j] = prevRow[at];
                    number[j] = number[at];
                }
            }
        }
        List<Integer> out = new ArrayList<>();
        for (int row = prevRow[k]; row >= 0; row = prevRow[row]) {
            out.add(candidates[row]);
        }
        Collections.reverse(out);
        return out;
    }

    private static double g(int degree, int k) {
        return degree == 0 ? 0 : degree == 1 ? 1 : 2.0 * k + 1;
    }

    static int hausdorff(List<Integer> a, List<Integer> b, int n) {
        if (a.isEmpty() || b.isEmpty()) {
            return a.isEmpty() && b.isEmpty() ? 0 : n;
        }
        return Math.max(directed(a, b), directed(b, a));
    }

    private static int directed(List<Integer> from, List<Integer> to) {
        int worst = 0;
        for (int x : from) {
            int best = Integer.MAX_VALUE;
            for (int y : to) {
                best = Math.min(best, Math.abs(x - y));
            }
            worst = Math.max(worst, best);
        }
        return worst;
    }
}
