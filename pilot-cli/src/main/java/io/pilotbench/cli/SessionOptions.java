package io.pilotbench.cli;

import io.pilotbench.core.model.AnalysisSettings;
import io.pilotbench.core.model.CiMethod;
import io.pilotbench.core.model.CiTarget;
import io.pilotbench.core.model.Defaults;
import io.pilotbench.core.model.Formats;
import io.pilotbench.core.model.PerformanceIndex;
import io.pilotbench.core.model.Preset;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.core.model.WarmupRemoval;
import io.pilotbench.core.model.WpsMode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import picocli.CommandLine.Option;

/**
 * The precision and limit options of commands that run sessions ({@code run}, later {@code compare}). Every option
 * is optional: only those given change the defaults, or, on {@code --resume}, the recorded settings.
 */
final class SessionOptions {
    @Option(
            names = "--ci-width",
            paramLabel = "W",
            order = 10,
            description =
                    "Stop when the CI's full width is at most W: a percentage of the mean (5%% = mean ± 2.5%%) or "
                            + "an absolute width in the PI's unit. Default: 10%%.")
    CiTarget ciWidth;

    @Option(
            names = "--confidence",
            paramLabel = "LEVEL",
            order = 11,
            description = "Confidence level of every CI, in (0, 1) or as a percentage. Default: 0.95.")
    Converters.Fraction confidence;

    @Option(
            names = "--method",
            paramLabel = "M",
            order = 12,
            description = "How the CI of a mean is built: ar (the long-run variance of autocorrelated samples from an "
                    + "autoregressive model, with the degrees of freedom it leaves; a CI may end the session once it rests "
                    + "on " + Defaults.MIN_SAMPLES + " samples and " + Defaults.MIN_DEGREES_OF_FREEDOM + " degrees of "
                    + "freedom) or pilot (the original Pilot's subsessions; with --warmup-removal edm, the original's "
                    + "session). Default: " + Defaults.CI_METHOD + ".")
    CiMethod method;

    @Option(
            names = "--ac-limit",
            paramLabel = "R",
            order = 13,
            description = "With --method pilot: largest |lag-1 autocorrelation| of subsession means taken as "
                    + "independent, in (0, 1]; 1 turns subsession merging off. Default: 0.1.")
    Double acLimit;

    @Option(
            names = "--min-subsessions",
            paramLabel = "N",
            order = 14,
            description = "With --method pilot: fewest subsessions a trusted CI rests on. Default: "
                    + Defaults.MIN_SUBSESSIONS + ".")
    Long minSubsessions;

    @Option(
            names = "--preset",
            paramLabel = "P",
            order = 15,
            description = "quick (|r1| ≤ 0.8, CI 20%%, 30 subsessions, short round 3 s), normal (0.2, 10%%, 50, 10 s) "
                    + "or strict (0.1, 10%%, 200, 20 s), as the original Pilot; options given explicitly win.")
    Preset preset;

    @Option(
            names = "--warmup-removal",
            paramLabel = "W",
            order = 16,
            description = "auto: cut a warm-up of the readings, and of every round's unit readings a warm-up and a "
                    + "cool-down, only when a test finds one (1%% false alarms per analysis; a shift later in the session "
                    + "is reported, never cut); mser: the same test of MSER-5's cut; none; edm: the original's (the "
                    + "stable segment E-Divisive with Medians finds); fixed:P%% (drop the first P%%). Default: "
                    + Defaults.WARMUP_REMOVAL + ".")
    WarmupRemoval warmupRemoval;

    @Option(
            names = "--min-rounds",
            paramLabel = "N",
            order = 17,
            description = "Run at least N rounds even if the target is met earlier. Default: 0.")
    Integer minRounds;

    @Option(
            names = "--max-rounds",
            paramLabel = "N",
            order = 18,
            description = "Stop after N rounds (exit code 3 if the target is not met by then). Default: no limit.")
    Integer maxRounds;

    @Option(
            names = "--max-time",
            paramLabel = "T",
            order = 19,
            description = "Stop once the session has run for T (e.g. 90s, 5m, 1h; exit code 3 if the target is not "
                    + "met by then). Default: no limit.")
    Duration maxTime;

    @Option(
            names = "--max-failures",
            paramLabel = "N",
            order = 20,
            description = "Failed or timed-out rounds tolerated before the session stops (exit code 4). Default: 0, "
                    + "i.e. fail fast.")
    Integer maxFailures;

    @Option(
            names = "--work-amount",
            paramLabel = "MIN:MAX|N",
            order = 21,
            description = "The work per round, passed as %%WORK_AMOUNT%%: a range MIN:MAX lets Pilot size rounds "
                    + "(doubling short rounds, and the work-per-second regression); a number fixes it.")
    Converters.WorkAmount workAmount;

    @Option(
            names = "--short-round",
            paramLabel = "T",
            order = 22,
            description = "With a work-amount range, the work amount is doubled until a round lasts T; the shorter "
                    + "rounds before it, and later rounds given less work, are kept out of the analysis (never a round "
                    + "for running fast). When even the range's maximum runs shorter, the rounds after it are all "
                    + "analysed: with WPS spread over the whole range, without it all at the maximum. Default: 1s.")
    Duration shortRound;

    @Option(
            names = "--wps",
            paramLabel = "MODE",
            order = 23,
            description = "Work-per-second regression (needs a work-amount range): off, report, or required (its CI "
                    + "must also meet the target). Default: with a range, required when no --pi is given (the "
                    + "wall time then mixes work amounts) and report with one; off without a range.")
    WpsMode wps;

    /** Applies the options given over {@code b}: the preset first, then the others. */
    SessionSettings.Builder apply(SessionSettings.Builder b) {
        precision().applyTo(b);
        if (minRounds != null) {
            b.minRounds((int) Options.nonNegative("--min-rounds", minRounds));
        }
        if (maxRounds != null) {
            b.maxRounds((int) Options.positive("--max-rounds", maxRounds));
        }
        if (maxTime != null) {
            b.maxDuration(maxTime);
        }
        if (maxFailures != null) {
            b.maxFailures((int) Options.nonNegative("--max-failures", maxFailures));
        }
        if (workAmount != null && workAmount.range() != null) {
            b.workAmount(workAmount.range());
            b.wps(WpsMode.REPORT);
        } else if (workAmount != null) {
            b.fixedWorkAmount(workAmount.fixed());
        }
        if (shortRound != null) {
            b.shortRound(shortRound);
        }
        if (wps != null) {
            b.wps(wps);
        }
        return b;
    }

    /** The precision options given, checked. */
    Precision precision() {
        return Precision.of(preset, confidence, acLimit, ciWidth, minSubsessions, warmupRemoval, method);
    }

    /** The options given, as a change of recorded settings (for {@code --resume}); validated now. */
    UnaryOperator<SessionSettings> overrides(SessionSettings example) {
        if (workAmount != null) {
            throw new IllegalArgumentException("--work-amount cannot change when a session is resumed");
        }
        UnaryOperator<SessionSettings> change =
                recorded -> apply(recorded.toBuilder()).build();
        var unused = change.apply(example); // validates: throws on a bad value
        return change;
    }

    /**
     * The targets of {@code pilot run}'s default PI, the wall time of a round. With a work-amount range the rounds'
     * work amounts differ, so the mean wall time per round describes the planner's mix of amounts, not the
     * workload: as a stop target it asked for absurd sessions (1,391,722 rounds, ≈ 614 h). It is then reported and
     * not required, and the work-per-second regression is the target (required, unless --wps says otherwise; a
     * --wps that leaves nothing to stop on is refused). PIs the user gives keep their own targets.
     *
     * @param piGiven whether --pi was given (then nothing changes)
     */
    SessionSettings defaultTargets(SessionSettings s, boolean piGiven) {
        if (piGiven || !s.hasWorkAmountRange()) {
            return s;
        }
        WpsMode mode = wpsGiven() ? s.wps() : WpsMode.REQUIRED;
        if (mode != WpsMode.REQUIRED) {
            throw new IllegalArgumentException("--wps " + s.wps().name().toLowerCase(java.util.Locale.ROOT)
                    + " with --work-amount MIN:MAX and no --pi leaves nothing to stop on: the wall time per round "
                    + "mixes work amounts, so it is no target; use --wps required, or give a --pi (--pi wall makes "
                    + "the wall time a target anyway)");
        }
        return s.toBuilder()
                .pis(s.pis().stream()
                        .map(pi -> pi.withReadingsMustSatisfy(false))
                        .toList())
                .wps(mode)
                .build();
    }

    /** Whether the WPS mode was given explicitly. */
    boolean wpsGiven() {
        return wps != null;
    }

    /**
     * The analysis options that {@code run}, {@code compare} and {@code analyze} (on recorded sessions) share,
     * checked once; a field is null when its option was not given.
     */
    record Precision(
            Preset preset,
            Double confidence,
            Double acLimit,
            CiTarget ciWidth,
            Long minSubsessions,
            WarmupRemoval warmupRemoval,
            CiMethod method) {

        /**
         * The values picocli typed ({@link Converters}), null when not given; the ranges of {@code --ac-limit} and
         * {@code --min-subsessions}, which their types do not hold, are checked here.
         */
        static Precision of(
                Preset preset,
                Converters.Fraction confidence,
                Double acLimit,
                CiTarget ciWidth,
                Long minSubsessions,
                WarmupRemoval warmupRemoval,
                CiMethod method) {
            if (acLimit != null && !(acLimit > 0 && acLimit <= 1)) {
                throw new IllegalArgumentException("--ac-limit: " + acLimit + " must be in (0, 1], e.g. 0.1");
            }
            return new Precision(
                    preset,
                    confidence == null ? null : confidence.value(),
                    acLimit,
                    ciWidth,
                    minSubsessions == null ? null : Options.nonNegative("--min-subsessions", minSubsessions),
                    warmupRemoval,
                    method);
        }

        /** The analysis settings of stored data: the preset's (or the defaults), then the options given. */
        AnalysisSettings toAnalysisSettings() {
            AnalysisSettings s = preset == null ? AnalysisSettings.defaults() : AnalysisSettings.of(preset);
            if (confidence != null) {
                s = s.withConfidence(confidence);
            }
            if (acLimit != null) {
                s = s.withAutocorrelationLimit(acLimit);
            }
            if (ciWidth != null) {
                s = s.withCiTarget(ciWidth);
            }
            if (minSubsessions != null) {
                s = s.withMinSubsessions(minSubsessions);
            }
            if (warmupRemoval != null) {
                s = s.withWarmupRemoval(warmupRemoval);
            }
            if (method != null) {
                s = s.withMethod(method);
            }
            return s;
        }

        /** Sets what was given on {@code b}: the preset first, so that explicit options override it. */
        SessionSettings.Builder applyTo(SessionSettings.Builder b) {
            if (preset != null) {
                b.preset(preset);
            }
            if (confidence != null) {
                b.confidence(confidence);
            }
            if (acLimit != null) {
                b.autocorrelationLimit(acLimit);
            }
            if (ciWidth != null) {
                b.ciTarget(ciWidth);
            }
            if (minSubsessions != null) {
                b.minSubsessions(minSubsessions);
            }
            if (warmupRemoval != null) {
                b.warmupRemoval(warmupRemoval);
            }
            if (method != null) {
                b.method(method);
            }
            return b;
        }
    }

    /** "the 95% CI of wall time is within ±5% of its mean" (for the start line). */
    static String goal(SessionSettings s) {
        List<String> names = new ArrayList<>();
        for (PerformanceIndex pi : s.pis()) {
            if (pi.readingsMustSatisfy() || pi.unitReadingsMustSatisfy()) {
                names.add(pi.name());
            }
        }
        if (s.wps() == WpsMode.REQUIRED) {
            names.add("work per second");
        }
        String target = s.ciTarget().relative()
                ? "within ±" + Formats.number(s.ciTarget().value() * 50) + "% of the mean"
                : "at most " + Formats.number(s.ciTarget().value()) + " wide";
        return "the " + Formats.significant(s.confidence() * 100, 4) + "% CI of " + String.join(", ", names) + " is "
                + target;
    }
}
