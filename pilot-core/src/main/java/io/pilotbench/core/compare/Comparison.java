package io.pilotbench.core.compare;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * Several contenders compared: a ranking (best first, by the PI's direction) and every pair. The live stop rule
 * (issue "pilot compare") reads {@link #decided()}: every contender has a CI, each pair of neighbours in the ranking
 * is decided (different, or equivalent within the margin), and — unless the settings waive it — every CI meets its
 * width target.
 *
 * @param contenders the contenders, in the order given (the first is the baseline of gating and stored reports)
 * @param ranking    the same, best mean first; contenders without data last
 * @param pairs      every pair (i &lt; j in the order given), a = the earlier one
 * @param settings   how pairs were decided
 * @param direction  which way the PI gets better
 */
public record Comparison(
        List<Contender> contenders,
        List<Contender> ranking,
        List<PairComparison> pairs,
        CompareSettings settings,
        Direction direction) {

    public Comparison {
        contenders = List.copyOf(contenders);
        ranking = List.copyOf(ranking);
        pairs = List.copyOf(pairs);
    }

    /**
     * Compares {@code contenders}.
     *
     * @throws IllegalArgumentException with fewer than two contenders, or when their PIs have different units
     */
    public static Comparison of(List<Contender> contenders, CompareSettings settings, Direction direction) {
        if (contenders.size() < 2) {
            throw new IllegalArgumentException("a comparison needs at least two workloads, got " + contenders.size());
        }
        Contender first = contenders.get(0);
        for (Contender c : contenders) {
            if (!Objects.equals(c.pi().unit(), first.pi().unit())) {
                throw new IllegalArgumentException("mismatched units: " + first.name() + " measures '"
                        + first.pi().name() + "' in " + unitName(first.pi().unit()) + " but " + c.name()
                        + " measures '" + c.pi().name() + "' in " + unitName(c.pi().unit())
                        + "; compare the same PI in the same unit");
            }
        }
        Comparator<Contender> byMean = Comparator.comparingDouble(Contender::mean);
        if (direction == Direction.HIGHER_IS_BETTER) {
            byMean = byMean.reversed();
        }
        List<Contender> ranking = new ArrayList<>(contenders);
        ranking.sort(Comparator.comparing((Contender c) -> !Double.isFinite(c.mean()))
                .thenComparing(byMean));
        List<PairComparison> pairs = new ArrayList<>();
        for (int i = 0; i < contenders.size(); i++) {
            for (int j = i + 1; j < contenders.size(); j++) {
                pairs.add(PairComparison.of(contenders.get(i), contenders.get(j), settings, direction));
            }
        }
        return new Comparison(contenders, ranking, pairs, settings, direction);
    }

    private static String unitName(String unit) {
        return unit == null || unit.isEmpty() ? "no unit" : unit;
    }

    /** The pair of {@code x} and {@code y}, in either order. */
    public PairComparison pair(Contender x, Contender y) {
        for (PairComparison p : pairs) {
            if (p.a() == x && p.b() == y || p.a() == y && p.b() == x) {
                return p;
            }
        }
        throw new IllegalArgumentException("no pair " + x.name() + " / " + y.name());
    }

    /** The pairs of neighbours in the ranking, best first. */
    public List<PairComparison> adjacent() {
        List<PairComparison> out = new ArrayList<>();
        for (int i = 0; i + 1 < ranking.size(); i++) {
            out.add(pair(ranking.get(i), ranking.get(i + 1)));
        }
        return out;
    }

    /** Whether the stop rule holds. */
    public boolean decided() {
        for (Contender c : contenders) {
            if (!c.valid() || settings.requireCiTarget() && !c.targetMet()) {
                return false;
            }
        }
        return adjacent().stream().allMatch(p -> p.verdict().decided());
    }

    /**
     * Whether {@code c} needs more rounds: it has no CI yet, its CI misses the target (when required), or a pair
     * with a neighbour in the ranking is undecided. Always false for a contender that cannot run.
     */
    public boolean needsMore(Contender c) {
        if (!c.live()) {
            return false;
        }
        if (!c.valid() || settings.requireCiTarget() && !c.targetMet()) {
            return true;
        }
        for (PairComparison p : adjacent()) {
            if (!p.verdict().decided() && (p.a() == c || p.b() == c)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Rounds the live sides of pair {@code p} still need, the larger of the two: 0 when it is decided (or neither side
     * can run), −1 when unknown.
     */
    public static long moreRounds(PairComparison p) {
        if (!p.a().live() && !p.b().live()) {
            return -1; // stored samples get no more rounds, decided or not (the JSON's null): moreSamplesEach
        }
        if (p.verdict().decided()) {
            return 0;
        }
        long ra = p.a().live() ? moreRounds(p, p.a()) : 0;
        long rb = p.b().live() ? moreRounds(p, p.b()) : 0;
        return ra < 0 || rb < 0 ? -1 : Math.max(ra, rb);
    }

    /**
     * For a pair of stored samples (neither live): how many more samples each would decide it, by the growth of the
     * smaller; 0 when decided, −1 when unknown or when a side is live (see {@link #moreRounds(PairComparison)}).
     */
    public static long moreSamplesEach(PairComparison p) {
        if (p.a().live() || p.b().live()) {
            return -1;
        }
        if (p.verdict().decided()) {
            return 0;
        }
        if (!Double.isFinite(p.requiredGrowth())) {
            return -1;
        }
        long n = Math.min(p.a().n(), p.b().n());
        return Math.max(1, (long) Math.ceil(n * (p.requiredGrowth() - 1)));
    }

    /** Rounds side {@code c} of the undecided pair {@code p} still needs; −1 when unknown. */
    public static long moreRounds(PairComparison p, Contender c) {
        if (!Double.isFinite(p.requiredGrowth()) || c.n() < 1) {
            return -1;
        }
        double samples = c.n() * (p.requiredGrowth() - 1);
        return Math.max(1, (long) Math.ceil(samples / c.samplesPerRound()));
    }
}
