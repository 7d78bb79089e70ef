package io.pilotbench.report;

import io.pilotbench.core.model.CiMethod;
import io.pilotbench.core.model.Defaults;
import io.pilotbench.core.model.Formats;
import io.pilotbench.core.model.SessionResult;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.core.model.StopReason;
import io.pilotbench.core.model.WpsMode;
import io.pilotbench.core.model.WpsResult;
import io.pilotbench.stats.ConfidenceInterval;
import io.pilotbench.stats.Spread;
import java.util.ArrayList;
import java.util.List;

/**
 * The phrases of the session reports ({@link SessionRenderer} and its tables): why a session stopped, its rounds and
 * analysis settings in words, what it would take to converge, a CI target, the WPS regression, and the small number
 * formats (percent, an upper bound that may be ∞, plurals).
 */
final class SessionWords {
    private SessionWords() {}

    /** The WPS regression in one sentence: v with its CI, α, what it rests on, and its target. */
    static String wps(WpsResult w, SessionResult s) {
        StringBuilder b = new StringBuilder();
        switch (w.status()) {
            case OK -> {
                ConfidenceInterval ci = w.vCi();
                b.append("v ").append(Formats.number(w.v()));
                if (Double.isFinite(ci.high())) {
                    b.append(" ± ")
                            .append(Formats.number(ci.halfWidth()))
                            .append(" work units/s (")
                            .append(pct(ci.confidence()))
                            .append(" CI, ± ")
                            .append(Formats.significant(100 * ci.halfWidth() / Math.abs(ci.center()), 2))
                            .append("% of v)");
                } else {
                    b.append(" work units/s (")
                            .append(pct(ci.confidence()))
                            .append(" CI [")
                            .append(Formats.number(ci.low()))
                            .append(", ∞))");
                }
                b.append(", α ")
                        .append(Formats.number(w.alpha()))
                        .append(" s, from ")
                        .append(w.roundsUsed())
                        .append(" rounds in ")
                        .append(w.subsessions())
                        .append(" points of ")
                        .append(w.subsessionSize())
                        .append(", R² ")
                        .append(Formats.significant(w.rSquared(), 4))
                        .append(", naive work/time ")
                        .append(Formats.number(w.naiveV()));
                if (w.workFloor() > 0) {
                    b.append(", rounds below work amount ")
                            .append(w.workFloor())
                            .append(" left out");
                }
            }
            case NOT_ENOUGH_DATA ->
                b.append("no estimate yet: fewer than 3 regression points or 2 distinct work " + "amounts (")
                        .append(w.roundsUsed())
                        .append(" rounds used)");
            case TOO_AUTOCORRELATED ->
                b.append("no estimate yet: no subsession size brings the residuals' " + "autocorrelation under ")
                        .append(Formats.number(s.settings().autocorrelationLimit()))
                        .append(" (")
                        .append(w.roundsUsed())
                        .append(" rounds used)");
            case NOT_LINEAR ->
                b.append("no estimate: the duration does not grow with the work amount (slope ≤ 0), "
                                + "so the model does not apply (")
                        .append(w.roundsUsed())
                        .append(" rounds used)");
            default -> throw new IllegalArgumentException(w.status().toString());
        }
        b.append("; target (CI width ≤ ")
                .append(target(s.settings(), "work units/s", "v"))
                .append(')');
        if (w.targetMet()) {
            b.append(" met");
        } else {
            b.append(" not met");
            if (w.requiredSubsessions() >= 0) {
                b.append(": needs ")
                        .append(w.requiredSubsessions())
                        .append(" points, about ")
                        .append(w.moreRounds())
                        .append(" more rounds");
            }
            if (s.settings().wps() != WpsMode.REQUIRED) {
                b.append(" (not required)");
            }
        }
        return b.toString();
    }

    /** "30% of mean" or "0.5 ms". */
    static String target(SessionSettings s, String unit, String of) {
        return s.ciTarget().relative()
                ? Formats.number(s.ciTarget().value() * 100) + "% of " + of
                : Formats.number(s.ciTarget().value()) + (unit.isEmpty() ? "" : " " + unit);
    }

    /** What the session is waiting for and how many more rounds (and seconds) the targets need. */
    static String whatItWouldTake(SessionResult s) {
        StringBuilder b = new StringBuilder("Not converged: waiting for ")
                .append(String.join("; ", s.waitingFor()))
                .append(". ");
        if (s.moreRounds() > 0) {
            b.append("About ").append(s.moreRounds()).append(" more ").append(plural("round", s.moreRounds()));
            if (Double.isFinite(s.moreSeconds())) {
                b.append(" (≈ ").append(Formats.duration(s.moreSeconds())).append(')');
            }
            b.append(" would meet every target.");
        } else {
            b.append("How many more rounds it needs is not known yet.");
        }
        return b.toString();
    }

    /** "44 rounds (44 analysed, 0 short, 0 failed)". */
    static String roundsSummary(SessionResult s) {
        return s.rounds() + " " + plural("round", s.rounds()) + " (" + s.analysedRounds() + " analysed, "
                + s.shortRounds() + " short, " + s.failedRounds() + " failed)";
    }

    /** Why the session stopped, in words. */
    static String stopped(SessionResult s) {
        SessionSettings settings = s.settings();
        if (s.stoppedBy() != null && s.stopReason() != StopReason.INTERRUPTED) {
            // a campaign TEST that its stop program ended: recorded as a round limit or a met target, which the
            // rule's words would misreport ("round limit reached before every target was met")
            return "campaign TEST: " + s.stoppedBy();
        }
        return switch (s.stopReason()) {
            case TARGET_MET -> "converged: every required target met";
            case ROUND_LIMIT ->
                "round limit" + (settings.maxRounds() > 0 ? " of " + settings.maxRounds() : "")
                        + " reached before every target was met" + noSteadyState(s);
            case TIME_LIMIT ->
                "time limit"
                        + (settings.maxDuration() == null
                                ? ""
                                : " of "
                                        + Formats.duration(
                                                settings.maxDuration().toNanos() / 1e9))
                        + " reached before every target was met" + noSteadyState(s);
            case WORKLOAD_FAILED ->
                "the workload failed (" + s.failedRounds() + " failed " + plural("round", s.failedRounds()) + ", "
                        + settings.maxFailures() + " allowed)";
            case INTERRUPTED -> "interrupted before every target was met";
            case COMPARISON_DECIDED -> "the comparison it ran in was decided before its own target was met";
            // a recorded session that ended converged by its stop rule then (Pilot's target, or a campaign's stop
            // program), whose targets as analysed now are not met ("not converged" said of a campaign's TEST that had
            // met its stop program's precision)
            case RUNNING ->
                "ended converged by its stop rule then; the targets analysed now are not met (more rounds can be "
                        + "added)";
        };
    }

    /** "; no steady state within the limits: …", or nothing when the readings looked steady. */
    static String noSteadyState(SessionResult s) {
        String problem = s.steadyStateProblem();
        return problem == null ? "" : "; no steady state within the limits: " + problem;
    }

    /** The analysis settings in words. */
    static String settingsSummary(SessionSettings s) {
        if (s.method() == CiMethod.AR) {
            // unit readings stop on the rounds' means (BetweenRounds): their rule, where a PI has them, said too
            boolean units = s.pis().stream().anyMatch(pi -> pi.unitReadingsMustSatisfy());
            return pct(s.confidence()) + " confidence, target CI width ≤ " + s.ciTarget() + ", method ar (at least "
                    + Defaults.MIN_SAMPLES + " samples and " + Formats.number(Defaults.MIN_DEGREES_OF_FREEDOM)
                    + " degrees of freedom"
                    + (units
                            ? "; unit readings: the rounds' means, at least " + Defaults.MIN_ROUNDS_FOR_UNITS
                                    + " rounds"
                            : "")
                    + "), warm-up removal " + s.warmupRemoval();
        }
        return pct(s.confidence()) + " confidence, target CI width ≤ " + s.ciTarget() + ", at least "
                + s.minSubsessions() + " subsessions, |lag-1 autocorrelation| ≤ "
                + Formats.number(s.autocorrelationLimit()) + ", warm-up removal " + s.warmupRemoval();
    }

    static String pct(double fraction) {
        return Formats.confidenceLevel(fraction);
    }

    static String upper(double high) {
        return Double.isFinite(high) ? Formats.number(high) : "∞";
    }

    /**
     * The warnings a sample's spread calls for: outliers ("5 of 40 rounds are outliers, slower than the median by
     * more than 14 MADs (up to 397.5 ms); the mean counts them") and several modes.
     */
    static List<String> spreadWarnings(Spread s, String unit, String noun) {
        List<String> w = new ArrayList<>();
        if (s.outliers() > 0) {
            String side = s.low() == 0 ? "slower than" : s.high() == 0 ? "faster than" : "away from";
            String extreme = s.high() > 0
                    ? "up to " + Formats.quantity(s.max(), unit, s.median())
                    : "down to " + Formats.quantity(s.min(), unit, s.median());
            if (s.low() > 0 && s.high() > 0) {
                extreme = Formats.quantity(s.min(), unit, s.median()) + " and "
                        + Formats.quantity(s.max(), unit, s.median());
            }
            w.add(s.outliers() + " of " + s.n() + " " + plural(noun, s.n())
                    + (s.outliers() == 1 ? " is an outlier" : " are outliers") + ", " + side
                    + " the median by more than " + Formats.number(Spread.OUTLIER_Z)
                    + " robust standard deviations (" + extreme + "); the mean counts "
                    + (s.outliers() == 1 ? "it" : "them") + ": look for interference, or a cost that hits some "
                    + plural(noun, 2) + " only");
        }
        if (s.severalModes()) {
            w.add("the " + plural(noun, 2) + " seem to gather in several modes (modality value "
                    + Formats.significant(s.mvalue(), 3) + ", one mode gives 2): a mean may describe none of them; "
                    + "plot the " + plural(noun, 2) + " (pilot plot, pilot report)");
        }
        return w;
    }

    static String plural(String noun, long n) {
        return n == 1 ? noun : noun + "s";
    }
}
