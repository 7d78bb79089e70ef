package io.pilotbench.core.engine;

import io.pilotbench.core.model.Defaults;
import io.pilotbench.core.model.MetricResult;
import io.pilotbench.core.model.PiResult;
import io.pilotbench.core.model.Round;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.core.model.WorkAmountRange;
import io.pilotbench.core.model.WpsMode;
import io.pilotbench.core.model.WpsResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Decides the next round's work amount, or that the targets are met (docs/original.md#planner, paper §III-A/E). Pure:
 * a function of the settings, the rounds and their analysis.
 *
 * <ul>
 *   <li><b>Lower bound.</b> Until a round is at least the short-round threshold long, double the work amount (to b
 *       at most; straight to b past b/2). The work amount of the first long-enough round becomes the floor
 *       a′.</li>
 *   <li><b>Readings.</b> A PI whose readings must satisfy and do not: another round at a′ (one reading per
 *       round, so a longer round does not help).</li>
 *   <li><b>Unit readings.</b> None yet: double the last work amount. Otherwise ⌊1.2 · (required − have) · w̄⌋, w̄
 *       the work per unit reading so far (an unknown requirement counts as "as many again").</li>
 *   <li><b>WPS.</b> The paper's bisection sequence in (a″, b′) (Fig. 3: ½, ¼, ¾, ⅛, ⅜, …), where a″ = max(a′, the
 *       WPS work floor α·v) and b′ = min(b, a″ + 9·k·r): r is the speed of the first long round (work/s) and k the
 *       growth per round of eq. 5, k = max(1 s, (2t − 2sn)/(n² − n)), n = 10, t the first-result time, s that
 *       round's duration — so about ten rounds give a first estimate in t seconds. Each later level of the sequence
 *       (terms 2^L … 2^(L+1) − 1) doubles the span, up to b: while the target is unmet the rounds get longer, which
 *       widens the spread of work amounts (the slope's standard error falls in proportion) and dilutes the per-round
 *       overhead α.</li>
 *   <li>The largest proposal wins, capped at b and at 5× the average work amount so far (soft cap).</li>
 * </ul>
 *
 * Differences from the original, on purpose: WPS uses the paper's bisection sequence (the original swept linearly
 * and could divide by zero, bug docs/original.md#bug-wps-sweep); averages are exact (the original summed work amounts
 * in an {@code int}); "met" means n ≥ required for readings and unit readings alike.
 */
public final class Planner {
    private static final int EQ5_ROUNDS = 10;

    private Planner() {}

    /** The plan after {@code rounds} (which may be empty), with their running {@code totals}. */
    public static Plan plan(SessionSettings s, List<Round> rounds, SessionAnalysis a, Totals totals) {
        List<String> waiting = new ArrayList<>();
        long moreRounds = 0;
        double moreSeconds = 0;
        double secondsPerRound = totals.secondsPerRound();
        // the analysis is that of the last look: the rounds since then count toward what it said was missing
        long since = Math.max(0, totals.okRounds() - a.okRounds());
        for (int i = 0; i < a.pis().size(); i++) {
            PiResult p = a.pis().get(i);
            String name = "'" + p.pi().name() + "'";
            if (p.pi().readingsMustSatisfy() && !p.readings().targetMet()) {
                waiting.add("readings of " + name + describe(p.readings()));
                long more = p.readings().moreSamples();
                more = more < 0 ? more : Math.max(1, more - since);
                moreRounds = combine(moreRounds, more);
                moreSeconds = combine(moreSeconds, more < 0 ? Double.NaN : more * secondsPerRound);
            }
            if (p.pi().unitReadingsMustSatisfy() && !p.unitReadings().targetMet()) {
                waiting.add("unit readings of " + name + describe(p.unitReadings()));
                long more = p.unitReadings().moreSamples();
                double perUnit = totals.secondsPerUnitReading(i);
                double perRound = totals.unitReadingsPerRound(i);
                more = more < 0 ? more : Math.max(1, more - Math.round(since * perRound));
                moreRounds = combine(moreRounds, more < 0 || perRound == 0 ? -1 : (long) Math.ceil(more / perRound));
                moreSeconds = combine(moreSeconds, more < 0 ? Double.NaN : more * perUnit);
            }
        }
        WpsResult wps = a.wps();
        if (s.wps() == WpsMode.REQUIRED && (wps == null || !wps.targetMet())) {
            waiting.add(
                    wps == null
                            ? "WPS"
                            : "WPS (" + wps.status().name().toLowerCase(Locale.ROOT)
                                    + (wps.subsessions() > 0 ? ", " + wps.subsessions() + " points" : "") + ")");
            long more = wps == null ? -1 : wps.moreRounds();
            moreRounds = combine(moreRounds, more);
            moreSeconds = combine(moreSeconds, more < 0 ? Double.NaN : more * secondsPerRound);
        }
        if (rounds.size() < s.minRounds()) {
            waiting.add("the minimum of " + s.minRounds() + " rounds");
            moreRounds = combine(moreRounds, s.minRounds() - rounds.size());
            moreSeconds = combine(moreSeconds, (s.minRounds() - rounds.size()) * secondsPerRound);
        }
        if (rounds.isEmpty() && waiting.isEmpty()) {
            waiting.add("a first round");
        }
        boolean more = !waiting.isEmpty();
        // the next work amount is planned even when the targets are met: a comparison runs a workload on while
        // another one (or the difference between them) still needs data
        long next = s.hasWorkAmountRange() ? workAmount(s, rounds, a, totals) : s.fixedWorkAmount();
        if (!more) {
            return new Plan(false, next, 0, 0, List.of());
        }
        return new Plan(true, next, moreRounds, moreSeconds, waiting);
    }

    private static String describe(MetricResult m) {
        return switch (m.status()) {
            case OK ->
                m.requiredSamples() < 0
                        ? " (" + m.n() + " samples, how many it needs not known)"
                        : " (" + m.n() + " of " + m.requiredSamples() + " samples)";
            case NO_DATA -> " (no data yet)";
            case NOT_ENOUGH_DATA -> " (" + m.n() + " samples, too few for a CI)";
            case TOO_AUTOCORRELATED -> " (" + m.n() + " samples, still too autocorrelated)";
            case INVALID_FOR_KIND -> " (values out of range for its kind)";
        };
    }

    private static long combine(long acc, long more) {
        return acc < 0 || more < 0 ? -1 : Math.max(acc, more);
    }

    private static double combine(double acc, double more) {
        return Double.isNaN(acc) || Double.isNaN(more) ? Double.NaN : Math.max(acc, more);
    }

    /** The next work amount of a workload with a range. */
    private static long workAmount(SessionSettings s, List<Round> rounds, SessionAnalysis a, Totals totals) {
        WorkAmountRange range = s.workAmount();
        long max = range.max();
        if (rounds.isEmpty()) {
            return range.first();
        }
        Round firstLong = totals.firstOk();
        if (firstLong == null) {
            Round lastShort = totals.lastShort();
            long wa = lastShort == null ? range.first() : doubled(lastShort.workAmount(), max);
            return softCap(wa, totals, range.first());
        }
        // the whole range too short for the threshold: WPS spreads its rounds over the range (it fits a line through
        // them), anything else keeps to the longest rounds the range gives, so that every round does the same work
        // (at the range's first work amount, a --wps off session's mean mixed one round at b with a hundred at a)
        long floor =
                !wholeRangeShort(s, firstLong) ? firstLong.workAmount() : s.wps() != WpsMode.OFF ? range.first() : max;
        long needed = floor;
        Round lastOk = totals.lastOk();
        for (int i = 0; i < a.pis().size(); i++) {
            PiResult p = a.pis().get(i);
            if (!p.pi().unitReadingsMustSatisfy() || p.unitReadings().targetMet()) {
                continue;
            }
            long total = p.unitReadingsRaw().n();
            if (total == 0) {
                needed = Math.max(needed, doubled(lastOk.workAmount(), max));
                continue;
            }
            long more = p.unitReadings().moreSamples();
            double need = more < 0 ? total : more;
            needed = Math.max(needed, unitReadingsWorkAmount(need, totals.workPerUnitReading(i)));
        }
        if (s.wps() != WpsMode.OFF) {
            needed = Math.max(needed, wpsWorkAmount(s, rounds, firstLong, a.wps()));
        }
        return Math.max(1, softCap(Math.min(needed, max), totals, floor));
    }

    /** ⌊1.2 · need · work per unit reading⌋ (docs/original.md#planner). */
    static long unitReadingsWorkAmount(double need, double workPerUnitReading) {
        return (long) (Defaults.WORK_AMOUNT_SAFETY_FACTOR * need * workPerUnitReading);
    }

    private static long doubled(long last, long max) {
        if (last >= max || last > max / 2) {
            return max;
        }
        return Math.min(Math.max(1, 2 * last), max);
    }

    /** At most 5× the average work amount of the rounds so far, but never below {@code floor}. */
    private static long softCap(long wanted, Totals totals, long floor) {
        long cap = (long) (Defaults.WORK_AMOUNT_SOFT_CAP * totals.meanWorkAmount());
        return Math.max(floor, Math.min(wanted, cap));
    }

    /**
     * Whether the ramp-up ended at the range's maximum with a round still shorter than the short-round threshold: no
     * work amount of the range makes a round long enough, so there is no floor to keep above (SessionEngine).
     */
    static boolean wholeRangeShort(SessionSettings s, Round firstLong) {
        return firstLong.workAmount() >= s.workAmount().max()
                && firstLong.durationNanos() < s.shortRound().toNanos()
                && s.workAmount().first() < s.workAmount().max();
    }

    /** The WPS round: the next term of the bisection sequence in (a″, b′). */
    static long wpsWorkAmount(SessionSettings s, List<Round> rounds, Round firstLong, WpsResult wps) {
        long max = s.workAmount().max();
        long a = wholeRangeShort(s, firstLong) ? s.workAmount().first() : firstLong.workAmount();
        if (wps != null && wps.workFloor() > a) {
            a = Math.min(wps.workFloor(), max - 1);
        }
        double sec = firstLong.durationSeconds();
        double t = s.wpsFirstResult().toNanos() / 1e9;
        double k = Math.max(1.0, (2 * t - 2 * sec * EQ5_ROUNDS) / (EQ5_ROUNDS * EQ5_ROUNDS - EQ5_ROUNDS));
        double span = sec > 0 ? (EQ5_ROUNDS - 1) * k * firstLong.workAmount() / sec : max - a;
        int j = rounds.size() - firstLong.index();
        int level = 31 - Integer.numberOfLeadingZeros(j);
        span = Math.scalb(Math.max(1, span), Math.min(level, 62));
        long b = (long) Math.min(max, a + span);
        return a + Math.round(bisection(j) * (b - a));
    }

    /**
     * Term j ≥ 1 of the paper's Fig. 3 sequence in (0, 1): ½, ¼, ¾, ⅛, ⅜, ⅝, ⅞, 1/16, … (the van der Corput order of
     * dyadic midpoints: level L = ⌊log₂ j⌋, term (2(j − 2^L) + 1) / 2^(L+1)).
     */
    static double bisection(int j) {
        if (j < 1) {
            throw new IllegalArgumentException("sequence terms start at 1, got " + j);
        }
        int level = 31 - Integer.numberOfLeadingZeros(j);
        long m = j - (1L << level);
        return (2.0 * m + 1) / Math.scalb(1.0, level + 1);
    }
}
