package io.pilotbench.core.analysis;

import io.pilotbench.core.model.Defaults;
import io.pilotbench.core.model.LevelShift;
import io.pilotbench.core.model.Phases;
import io.pilotbench.core.model.WarmupRemoval;
import io.pilotbench.stats.StudentT;
import io.pilotbench.stats.steadystate.LevelShifts;
import io.pilotbench.stats.steadystate.Truncation;
import io.pilotbench.stats.steadystate.WarmupDetector;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

/**
 * Warm-up, cool-down and level shifts of one series, for the tested warm-up removals ({@code auto}, {@code mser}):
 * what {@link WarmupDetector} cuts, and what {@link LevelShifts} finds in the rest (reported, never cut). Pure.
 */
public final class PhaseDetector {
    private PhaseDetector() {}

    /**
     * The phases of x.
     *
     * @param removal    {@code auto} or {@code mser} (other removals are not tested here)
     * @param coolDown   whether a suffix may be cut too (only where the series is complete: a file, one round)
     * @param shifts     whether to look for level shifts in what is kept
     * @param confidence for the half-widths of the shifts' levels
     */
    public static Phases detect(
            double[] x, WarmupRemoval removal, boolean coolDown, boolean shifts, double confidence) {
        Phases p;
        if (coolDown) {
            double[] reversed = new double[x.length];
            for (int i = 0; i < x.length; i++) {
                reversed[i] = x[x.length - 1 - i];
            }
            p = twoEnded(x, reversed, removal, Defaults.WARMUP_MAX_FRACTION);
        } else {
            Truncation w =
                    WarmupDetector.warmup(x, Defaults.WARMUP_ALPHA, locator(removal), Defaults.WARMUP_MAX_FRACTION);
            p = new Phases(w.cut(), w.pValue(), w.meanBefore(), 0, 1, Double.NaN, w.pending(), List.of());
        }
        return shifts ? p.withShifts(shifts(x, p.warmup(), x.length - p.cooldown(), confidence)) : p;
    }

    /**
     * A warm-up at the start of {@code start} and a cool-down at the start of {@code end} (the same series read from
     * its end, or — for unit readings — the rounds' average by position from the end), each looked for in the part
     * that the other leaves, twice: a large change at one end would otherwise pull the least-squares location of the
     * other toward the middle.
     *
     * @param maxFraction the largest part of the series either end may be
     */
    public static Phases twoEnded(double[] start, double[] end, WarmupRemoval removal, double maxFraction) {
        WarmupDetector.Locator locator = locator(removal);
        Truncation w = Truncation.none(Double.NaN);
        Truncation c = Truncation.none(Double.NaN);
        for (int pass = 0; pass < 2; pass++) {
            // on a long series the first pass tests it from both ends at once: the cool-down's test of the whole series
            // is started beside the warm-up's and kept when nothing is cut at the start (the usual case)
            Supplier<Truncation> whole = pass == 0 && Concurrently.splits(end.length)
                    ? Concurrently.start(end.length, () -> coolDownTest(end, 0, locator, maxFraction))
                    : () -> null;
            w = WarmupDetector.warmup(
                    prefix(start, start.length - c.cut()), Defaults.WARMUP_ALPHA, locator, maxFraction);
            Truncation tested = whole.get();
            c = tested != null && w.cut() == 0 ? tested : coolDownTest(end, w.cut(), locator, maxFraction);
            if (c.cut() == 0) {
                break; // the second pass would test exactly the same series again (the usual, stationary case)
            }
        }
        // a complete series (a file, the rounds' unit readings) has no pending warm-up: a change found too late to be
        // one is a level shift (files) or stays in (units), and the test that found it decided nothing
        return new Phases(w.cut(), decided(w), w.meanBefore(), c.cut(), decided(c), c.meanBefore(), 0, List.of());
    }

    /** The warm-up test on {@code end} (the series reversed) without its last {@code warmup} values. */
    private static Truncation coolDownTest(
            double[] end, int warmup, WarmupDetector.Locator locator, double maxFraction) {
        return WarmupDetector.warmup(prefix(end, end.length - warmup), Defaults.WARMUP_ALPHA, locator, maxFraction);
    }

    /** The first n values of x: x itself when that is all of it (the detector only reads). */
    private static double[] prefix(double[] x, int n) {
        return n == x.length ? x : Arrays.copyOf(x, n);
    }

    private static double decided(Truncation t) {
        return t.cut() == 0 && t.pending() > 0 ? 1 : t.pValue();
    }

    private static WarmupDetector.Locator locator(WarmupRemoval removal) {
        if (!removal.tested()) {
            throw new IllegalArgumentException(
                    "only the tested removals (auto, mser) are detected here, not " + removal);
        }
        return removal.method() == WarmupRemoval.Method.MSER
                ? WarmupDetector.Locator.MSER5
                : WarmupDetector.Locator.LEAST_SQUARES;
    }

    /**
     * The level shifts of x[from, to), with their levels' CI half-widths: placed by their index in x, by their
     * position in the analysed sample that starts at {@code from}, and (until a session maps it to its round) by
     * their index in x again.
     */
    public static List<LevelShift> shifts(double[] x, int from, int to, double confidence) {
        List<LevelShift> out = new ArrayList<>();
        if (to - from < 2 * Defaults.SHIFT_MIN_SEGMENT) {
            return out;
        }
        for (LevelShifts.Shift s : LevelShifts.find(x, from, to, Defaults.SHIFT_MIN_SEGMENT, Defaults.SHIFT_ALPHA)) {
            out.add(new LevelShift(
                    s.index(),
                    s.index() - from,
                    s.index(),
                    s.before().mean(),
                    halfWidth(s.before(), confidence),
                    s.after().mean(),
                    halfWidth(s.after(), confidence),
                    s.pValue()));
        }
        return out;
    }

    private static double halfWidth(LevelShifts.Segment s, double confidence) {
        if (!Double.isFinite(s.standardError()) || !(s.degreesOfFreedom() > 0)) {
            return Double.NaN;
        }
        return StudentT.critical(confidence, s.degreesOfFreedom()) * s.standardError();
    }
}
