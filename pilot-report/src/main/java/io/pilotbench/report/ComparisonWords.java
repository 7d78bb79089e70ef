package io.pilotbench.report;

import io.pilotbench.core.compare.CompareSettings;
import io.pilotbench.core.compare.Comparison;
import io.pilotbench.core.compare.Contender;
import io.pilotbench.core.compare.Direction;
import io.pilotbench.core.compare.Gate;
import io.pilotbench.core.compare.PairComparison;
import io.pilotbench.core.compare.Verdict;
import io.pilotbench.core.model.Formats;
import io.pilotbench.core.model.StopReason;
import io.pilotbench.stats.ConfidenceInterval;
import java.util.ArrayList;
import java.util.List;

/**
 * The wording of {@link ComparisonReport}, whatever the format: which pairs a person reads, the verdict sentence of a
 * pair (with how many more rounds would decide it), the heading, the ending of a live comparison, the gate's line and
 * the confidence label.
 */
final class ComparisonWords {
    private final Comparison comparison;
    private final StopReason stopReason;
    private final double seconds;
    private final String limit;

    /**
     * @param stopReason why a live comparison ended, or null for stored data
     * @param seconds    how long it ran, or NaN
     * @param limit      the limit that ended it, in words ("the time limit of 5 min"), or null
     */
    ComparisonWords(Comparison comparison, StopReason stopReason, double seconds, String limit) {
        this.comparison = comparison;
        this.stopReason = stopReason;
        this.seconds = seconds;
        this.limit = limit;
    }

    /** The pairs a person reads: neighbours in the ranking, then each candidate against the first if not yet said. */
    List<PairComparison> shownPairs() {
        List<PairComparison> out = new ArrayList<>(comparison.adjacent());
        Contender first = comparison.contenders().get(0);
        for (Contender c :
                comparison.contenders().subList(1, comparison.contenders().size())) {
            PairComparison p = comparison.pair(first, c);
            if (!out.contains(p)) {
                out.add(p);
            }
        }
        return out;
    }

    /**
     * "B is 1.23× faster than A (95% CI 1.19×–1.27×, p < 0.001)", "A and B are equivalent within ±1% (…)", or
     * "A vs B: undecided (p = 0.08); about 40 more rounds each would decide it".
     */
    String sentence(PairComparison p) {
        CompareSettings s = comparison.settings();
        String conf = Formats.significant(s.confidence() * 100, 4) + "% CI";
        String pText = s.sequential() && !Double.isNaN(p.anytimeP())
                ? "anytime " + pValue(p.anytimeP())
                : pValue(p.p(s.test()));
        switch (p.verdict()) {
            case A_LOWER, A_HIGHER -> {
                boolean aBetter =
                        (p.verdict() == Verdict.A_LOWER) == (comparison.direction() == Direction.LOWER_IS_BETTER);
                Contender winner = aBetter ? p.a() : p.b();
                Contender loser = aBetter ? p.b() : p.a();
                // the factor > 1: loser/winner when lower is better, winner/loser otherwise
                boolean lowerBetter = comparison.direction() == Direction.LOWER_IS_BETTER;
                ConfidenceInterval factor = (winner == p.a()) == lowerBetter ? p.inverseRatio() : p.ratio();
                String word = better(winner);
                String f = factor == null
                        ? Formats.number(factorOf(winner, loser)) + "×"
                        : Formats.number(factor.center()) + "×";
                String ci = factor == null
                        ? ""
                        : conf + " " + Formats.number(factor.low()) + "×–" + Formats.number(factor.high()) + "×, ";
                return winner.name() + " is " + f + " " + word + " than " + loser.name() + " (" + ci + pText + ")";
            }
            case EQUIVALENT -> {
                if (p.paired() != null) {
                    ConfidenceInterval r = p.paired().ratio();
                    return p.a().name() + " and " + p.b().name() + " are equivalent within ±"
                            + Formats.number(s.equivalence() * 100) + "% (ratio " + Formats.number(r.center())
                            + ", " + conf + " " + Formats.number(r.low()) + "–" + Formats.number(r.high()) + ", "
                            + pText + ")";
                }
                double base = Math.abs(p.a().mean());
                return p.a().name() + " and " + p.b().name() + " are equivalent within ±"
                        + Formats.number(s.equivalence() * 100) + "% (difference "
                        + percent(p.difference().center(), base) + ", " + conf + " "
                        + percent(p.difference().low(), base) + " to "
                        + percent(p.difference().high(), base) + ")";
            }
            default -> {
                StringBuilder b = new StringBuilder(p.a().name() + " vs " + p.b().name() + ": undecided");
                if (p.welch() == null) {
                    Contender missing = p.a().valid() ? p.b() : p.a();
                    return b.append(" (")
                            .append(missing.name())
                            .append(" has no confidence interval yet: ")
                            .append(missing.n())
                            .append(" samples)")
                            .toString();
                }
                if (stopReason != null && limit != null) {
                    b.append(" after ").append(Formats.duration(seconds));
                }
                b.append(" (").append(pText).append(")");
                String more = more(p);
                if (more != null) {
                    b.append("; ").append(more);
                }
                return b.toString();
            }
        }
    }

    /** "about 40 more rounds each would decide it", or null when unknown. */
    private String more(PairComparison p) {
        if (!Double.isFinite(p.requiredGrowth())) {
            return null;
        }
        boolean live = p.a().live() || p.b().live();
        if (!live) {
            long more = Comparison.moreSamplesEach(p);
            return more < 0
                    ? null
                    : "about " + more + " more sample" + (more == 1 ? "" : "s") + " each would decide it";
        }
        long most = Comparison.moreRounds(p);
        if (most < 0) {
            return null;
        }
        String who = p.a().live() && p.b().live() ? " each" : " of " + (p.a().live() ? p.a() : p.b()).name();
        return "about " + most + " more round" + (most == 1 ? "" : "s") + who + " would decide it";
    }

    private String better(Contender winner) {
        boolean speed = Direction.speedLike(winner.pi().unit());
        boolean lower = comparison.direction() == Direction.LOWER_IS_BETTER;
        return speed ? "faster" : lower ? "lower" : "higher";
    }

    private double factorOf(Contender winner, Contender loser) {
        return comparison.direction() == Direction.LOWER_IS_BETTER
                ? loser.mean() / winner.mean()
                : winner.mean() / loser.mean();
    }

    private static String percent(double x, double base) {
        double v = 100 * x / base;
        return (v >= 0 ? "+" : "−") + Formats.significant(Math.abs(v), 2) + "%";
    }

    /** "p < 0.001", "p = 0.0123". */
    static String pValue(double p) {
        return Formats.pValue(p);
    }

    /** The confidence of the CIs: "95%". */
    String conf() {
        return Formats.significant(comparison.settings().confidence() * 100, 4) + "%";
    }

    /** "Comparing response time (ms), lower is better; 95% CIs, Welch's t-test at α = 0.01, equivalence ±1%". */
    String heading() {
        Contender c = comparison.contenders().get(0);
        CompareSettings s = comparison.settings();
        String unit = c.pi().unit() == null || c.pi().unit().isEmpty() ? "" : " (" + c.pi().unit() + ")";
        return "Comparing " + c.pi().name() + (c.unitReadings() ? " unit readings" : "") + unit + ", "
                + (comparison.direction() == Direction.LOWER_IS_BETTER ? "lower" : "higher") + " is better; "
                + conf() + " CIs, " + (s.test() == CompareSettings.Test.WELCH ? "Welch's" : "pooled")
                + " t-test at α = " + Formats.number(s.alpha())
                + (s.equivalence() > 0 ? ", equivalence ±" + Formats.number(s.equivalence() * 100) + "%" : "");
    }

    /** How a live comparison ended ("Decided after 40 rounds in 12 s."), or null for stored data. */
    String ending() {
        if (stopReason == null) {
            return null;
        }
        int rounds = comparison.contenders().stream()
                .filter(Contender::live)
                .mapToInt(Contender::rounds)
                .sum();
        String took = rounds + " rounds in " + Formats.duration(seconds);
        return switch (stopReason) {
            case TARGET_MET, COMPARISON_DECIDED -> "Decided after " + took + ".";
            case TIME_LIMIT, ROUND_LIMIT ->
                "Undecided: " + (limit == null ? "a limit" : limit) + " ended it after " + took + ".";
            case WORKLOAD_FAILED -> "Stopped after " + took + ": a workload failed (see stderr).";
            case INTERRUPTED -> "Interrupted after " + took + "; the results so far are above.";
            case RUNNING -> null;
        };
    }

    /** "GATE: B is 1.2× slower than A (95% CI 1.1×–1.3×), beyond the tolerated 5%". */
    String gateLine(Gate.Finding f) {
        return "GATE: " + f.candidate() + " is " + Formats.number(f.factor().center()) + "× "
                + (f.slower() ? "slower" : "faster") + " than "
                + comparison.contenders().get(0).name() + " ("
                + conf() + " CI " + Formats.number(f.factor().low()) + "×–"
                + Formats.number(f.factor().high())
                + "×), beyond the tolerated " + Formats.number((f.limit() - 1) * 100) + "%"
                + (f.stored() ? " (the gate's tolerance and the drift allowance for a baseline measured apart)" : "");
    }

    /**
     * For a gate against a contender measured apart (a stored baseline): that drift cannot be told from a change, how
     * much of it is allowed, and the workflow that needs no allowance; null when no gated pair is measured apart.
     */
    String driftNote(Gate gate) {
        if (!gate.active()) {
            return null;
        }
        Contender base = comparison.contenders().get(0);
        for (Contender c :
                comparison.contenders().subList(1, comparison.contenders().size())) {
            if (Gate.apart(comparison.pair(base, c))) {
                return "Note: " + base.name() + " was measured apart from " + c.name() + ", so drift of the machine "
                        + "between the two cannot be told from a change; a gate trips only beyond a drift allowance "
                        + "of " + Formats.number(gate.drift() * 100) + "% (--drift-allowance). Measure both builds "
                        + "in one pilot compare (-- OLD ::: NEW) to gate on the tolerance alone.";
            }
        }
        return null;
    }
}
