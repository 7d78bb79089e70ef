package io.pilotbench.core.engine;

import io.pilotbench.core.analysis.PhaseDetector;
import io.pilotbench.core.model.Defaults;
import io.pilotbench.core.model.Phases;
import io.pilotbench.core.model.WarmupRemoval;
import io.pilotbench.stats.changepoint.Edm;
import io.pilotbench.stats.changepoint.EdmSettings;
import io.pilotbench.stats.changepoint.StableSegment;
import io.pilotbench.stats.steadystate.RunsWarmup;
import io.pilotbench.stats.steadystate.Truncation;
import io.pilotbench.stats.steadystate.WarmupDetector;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One PI's unit readings over the analysed rounds, and their warm-up and cool-down.
 *
 * <p>With a tested removal ({@code auto}, {@code mser}) every round is assumed to repeat the same phases — a round is
 * a run of the benchmark — so the warm-up is looked for in the <em>ensemble average</em> of the rounds by position
 * (the i-th unit reading averaged over every round that has one), and the cool-down in the average by position from
 * the end (P. D. Welch, "The statistical analysis of simulation results", in <i>The Computer Performance Modeling
 * Handbook</i>, 1983; Law &amp; Kelton, <i>Simulation Modeling and Analysis</i>, §9.5.1). Averaging R rounds divides
 * the noise by √R, so a warm-up shorter than the original's EDM minimum of 30 is still found exactly, and every round
 * loses the same prefix and suffix. The ensemble sums are kept as rounds arrive; the test runs at each look.
 *
 * <p>Rounds shorter than the series test needs ({@link WarmupDetector#MIN_SAMPLES} unit readings: a JMH fork of a
 * few iterations) are compared with themselves across rounds instead ({@link RunsWarmup}: a paired t-test over the
 * rounds, which are independent processes); before that, such a round's warm-up was never looked for and stayed in
 * the mean.
 *
 * <p>With {@code edm} or {@code fixed} each round is cut on its own when it arrives (the original's way,
 * docs/original.md#unit-readings-warmup).
 */
final class UnitReadings {
    private final WarmupRemoval removal;
    private final List<double[]> rounds = new ArrayList<>();
    /** per round [begin, end) kept, for the untested removals */
    private final List<int[]> segments = new ArrayList<>();

    private double[] fromStart = new double[0];
    private double[] fromEnd = new double[0];
    private int[] count = new int[0];
    private long total;

    UnitReadings(WarmupRemoval removal) {
        this.removal = removal;
    }

    void add(double[] units) {
        if (units.length == 0) {
            return; // a round without unit readings (a readings-only PI) adds nothing to keep
        }
        rounds.add(units);
        total += units.length;
        if (removal.tested()) {
            int n = units.length;
            if (n > count.length) {
                int size = Math.max(n, 2 * count.length);
                fromStart = Arrays.copyOf(fromStart, size);
                fromEnd = Arrays.copyOf(fromEnd, size);
                count = Arrays.copyOf(count, size);
            }
            for (int i = 0; i < n; i++) {
                fromStart[i] += units[i];
                fromEnd[i] += units[n - 1 - i];
                count[i]++;
            }
        } else {
            segments.add(segment(units));
        }
    }

    /** Unit readings in analysed rounds. */
    long total() {
        return total;
    }

    /** The warm-up and cool-down to cut from every round. */
    Phases phases() {
        if (!removal.tested()) {
            return Phases.NONE;
        }
        int length = ensembleLength();
        if (length == 0) {
            return Phases.NONE;
        }
        if (length < WarmupDetector.MIN_SAMPLES) {
            return acrossRounds(length);
        }
        double[] start = new double[length];
        double[] end = new double[length];
        for (int i = 0; i < length; i++) {
            start[i] = fromStart[i] / count[i];
            end[i] = fromEnd[i] / count[i]; // end[0] is every round's last unit reading: a cool-down is its prefix
        }
        return PhaseDetector.twoEnded(start, end, removal, Defaults.RUNS_WARMUP_MAX_FRACTION);
    }

    /** The warm-up and cool-down of short rounds, each tested in what the other leaves (as {@link
     *  PhaseDetector#twoEnded}). */
    private Phases acrossRounds(int length) {
        List<double[]> reversed = new ArrayList<>(rounds.size());
        for (double[] r : rounds) {
            double[] b = new double[r.length];
            for (int i = 0; i < r.length; i++) {
                b[i] = r[r.length - 1 - i];
            }
            reversed.add(b);
        }
        Truncation w = RunsWarmup.warmup(rounds, length, Defaults.RUNS_WARMUP_ALPHA, Defaults.RUNS_WARMUP_MAX_FRACTION);
        Truncation c = RunsWarmup.warmup(
                reversed, length - w.cut(), Defaults.RUNS_WARMUP_ALPHA, Defaults.RUNS_WARMUP_MAX_FRACTION);
        if (c.found()) {
            w = RunsWarmup.warmup(
                    rounds, length - c.cut(), Defaults.RUNS_WARMUP_ALPHA, Defaults.RUNS_WARMUP_MAX_FRACTION);
        }
        return new Phases(w.cut(), w.pValue(), w.meanBefore(), c.cut(), c.pValue(), c.meanBefore(), 0, List.of());
    }

    /** The positions that at least half of the rounds have: the ensemble is an average over most rounds. */
    private int ensembleLength() {
        int half = (rounds.size() + 1) / 2;
        int length = 0;
        while (length < count.length && count[length] >= half && count[length] > 0) {
            length++;
        }
        return length;
    }

    /** Every unit reading, in order. */
    double[] raw() {
        double[] out = new double[Math.toIntExact(total)];
        int at = 0;
        for (double[] r : rounds) {
            System.arraycopy(r, 0, out, at, r.length);
            at += r.length;
        }
        return out;
    }

    /** The unit readings kept: every round without its first {@code warmup} and last {@code cooldown}. */
    double[] kept(Phases phases) {
        List<int[]> keep = new ArrayList<>(rounds.size());
        long n = 0;
        for (int r = 0; r < rounds.size(); r++) {
            int[] seg = removal.tested() ? phases.kept(rounds.get(r).length) : segments.get(r);
            keep.add(seg);
            n += seg[1] - seg[0];
        }
        double[] out = new double[Math.toIntExact(n)];
        int at = 0;
        for (int r = 0; r < rounds.size(); r++) {
            int[] seg = keep.get(r);
            System.arraycopy(rounds.get(r), seg[0], out, at, seg[1] - seg[0]);
            at += seg[1] - seg[0];
        }
        return out;
    }

    /**
     * The unit readings kept, each round's moved to the grand mean: {@code kept} less each round's own mean plus the
     * mean of all of them. What varies within the rounds, without the steps between their levels.
     *
     * @param kept {@link #kept} of the same phases
     */
    double[] keptWithinRounds(Phases phases, double[] kept) {
        double grand = 0;
        for (double v : kept) {
            grand += v;
        }
        grand /= Math.max(1, kept.length);
        double[] out = kept.clone();
        int at = 0;
        for (int r = 0; r < rounds.size(); r++) {
            int[] seg = removal.tested() ? phases.kept(rounds.get(r).length) : segments.get(r);
            int n = seg[1] - seg[0];
            double sum = 0;
            for (int i = at; i < at + n; i++) {
                sum += out[i];
            }
            double shift = grand - sum / Math.max(1, n);
            for (int i = at; i < at + n; i++) {
                out[i] += shift;
            }
            at += n;
        }
        return out;
    }

    /** The mean of every round's kept unit readings, in round order; rounds that keep none are left out. */
    double[] keptRoundMeans(Phases phases) {
        return keptRoundMeans(phases, Part.ALL);
    }

    /** Which of a round's kept unit readings a mean is of. */
    enum Part {
        ALL,
        /** the first half (rounded down) */
        EARLIER_HALF,
        /** the last half (rounded down) */
        LATER_HALF
    }

    /** The mean of {@code part} of every round's kept unit readings, in round order; rounds that keep none are left out. */
    double[] keptRoundMeans(Phases phases, Part part) {
        double[] out = new double[rounds.size()];
        int k = 0;
        for (int r = 0; r < rounds.size(); r++) {
            double[] units = rounds.get(r);
            int[] seg = removal.tested() ? phases.kept(units.length) : segments.get(r);
            int half = (seg[1] - seg[0]) / 2;
            int from = part == Part.LATER_HALF ? seg[1] - half : seg[0];
            int to = part == Part.EARLIER_HALF ? seg[0] + half : seg[1];
            if (to > from) {
                double sum = 0;
                for (int i = from; i < to; i++) {
                    sum += units[i];
                }
                out[k++] = sum / (to - from);
            }
        }
        return Arrays.copyOf(out, k);
    }

    /** Per-round cuts of the untested removals, summed: what was cut at the start and at the end. */
    int[] untestedCuts() {
        long start = 0;
        long end = 0;
        for (int r = 0; r < rounds.size(); r++) {
            start += segments.get(r)[0];
            end += rounds.get(r).length - segments.get(r)[1];
        }
        return new int[] {(int) Math.min(Integer.MAX_VALUE, start), (int) Math.min(Integer.MAX_VALUE, end)};
    }

    /**
     * The kept unit readings [begin, end) of a round under the untested removals
     * (docs/original.md#unit-readings-warmup).
     */
    private int[] segment(double[] units) {
        int n = units.length;
        return switch (removal.method()) {
            case NONE -> new int[] {0, n};
            case FIXED -> new int[] {removal.fixedBegin(n), n};
            case EDM -> {
                if (n < EdmSettings.pilot().minSize()) {
                    yield new int[] {0, n};
                }
                StableSegment s = Edm.detect(units, EdmSettings.pilot()).stableSegment();
                yield switch (s.status()) {
                    case FOUND -> new int[] {s.begin(), s.end()};
                    case NOT_ENOUGH_DATA -> new int[] {0, n};
                    case NO_DOMINANT_SEGMENT -> new int[] {0, 0};
                };
            }
            default -> throw new IllegalStateException(removal.toString());
        };
    }
}
