package io.pilotbench.simulate;

import io.pilotbench.core.api.Pilot;
import io.pilotbench.core.model.CiMethod;
import io.pilotbench.core.model.CiTarget;
import io.pilotbench.core.model.MetricResult;
import io.pilotbench.core.model.PerformanceIndex;
import io.pilotbench.core.model.Phases;
import io.pilotbench.core.model.PiResult;
import io.pilotbench.core.model.SessionResult;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.core.model.StopReason;
import io.pilotbench.core.model.WarmupRemoval;
import io.pilotbench.core.model.WpsMode;
import io.pilotbench.core.model.WpsResult;
import io.pilotbench.stats.StudentT;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.Function;

/**
 * The ways of running a benchmark that {@code pilot simulate evaluate} puts side by side. Every strategy targets the
 * same confidence level; the adaptive ones also the same CI width.
 */
public enum Strategy {
    /**
     * The engine with its defaults: the AR method (long-run variance of batch means, Willink's interval, the stop
     * rule's floors) and the tested warm-up removal ({@code auto}).
     */
    PILOT("pilot", "Pilot: AR method + tested warm-up removal (default)"),
    /** The engine with the AR method and no warm-up removal. */
    PILOT_NO_REMOVAL("pilot-no-removal", "Pilot without warm-up removal"),
    /** The engine with the AR method and MSER-5 to locate the warm-up (tested the same way), for comparison. */
    PILOT_MSER("pilot-mser", "Pilot with MSER-5 warm-up location"),
    /** The original's subsessions with the tested warm-up removal: the CI method alone changed back. */
    PILOT_SUBSESSIONS("pilot-subsessions", "Pilot with the original's subsessions + tested warm-up removal"),
    /** The original Pilot's defaults: subsessions and EDM warm-up tracking (the default before the AR method). */
    PILOT_ORIGINAL("pilot-original", "the original Pilot: subsessions + EDM warm-up tracking"),
    /** The engine's work-per-second regression (WPS workloads). */
    PILOT_WPS("pilot-wps", "Pilot WPS regression"),
    /**
     * Auto-pilot's TEST with a Getstats predicate (Wright et al., USENIX ATC 2005, §3.1;
     * docs/references.md#wright-2005): at least 10 rounds, then stop as soon as the Student-t CI of all raw samples so
     * far is narrow enough. No warm-up removal, samples taken as independent.
     */
    NAIVE("naive", "t-CI of the raw samples from round 10 on, stop when narrow (Auto-pilot)"),
    /** hyperfine's default: 10 runs (no warm-up), Student-t CI of the 10 run times. */
    FIXED_10("fixed-10", "10 runs, t-CI (hyperfine's default)"),
    /**
     * JMH's defaults: 5 forks, each 5 warm-up iterations (discarded) and 5 measured ones; Student-t CI over the 25
     * measured iterations, at the evaluation's confidence (JMH itself prints 99.9%). A fork is a new process, so the
     * workload's warm-up and its AR(1) state start again.
     */
    JMH_5X5("jmh-5x5", "5 forks × 5 iterations, t-CI over 25 (JMH's default)");

    private static final Clock EPOCH = Clock.fixed(Instant.EPOCH, ZoneOffset.UTC);

    private final String id;
    private final String description;

    Strategy(String id, String description) {
        this.id = id;
        this.description = description;
    }

    /** The name on the command line and in reports. */
    public String id() {
        return id;
    }

    public String description() {
        return description;
    }

    /** Parses a strategy name ({@code pilot}, {@code naive}, …). */
    public static Strategy parse(String text) {
        return byId(values(), Strategy::id, text, "strategy");
    }

    /** The constant of {@code values} whose id is {@code text} (any case), or an error listing the ids. */
    static <E extends Enum<E>> E byId(E[] values, Function<E, String> id, String text, String what) {
        for (E e : values) {
            if (id.apply(e).equals(text.strip().toLowerCase(Locale.ROOT))) {
                return e;
            }
        }
        throw new IllegalArgumentException("unknown " + what + " '" + text + "'; the strategies are "
                + String.join(", ", Arrays.stream(values).map(id).toList()));
    }

    /** Whether the strategy can run {@code model}: the WPS regression only on WPS workloads, and vice versa. */
    public boolean appliesTo(WorkloadModel model) {
        boolean wps = model.level() == WorkloadModel.Level.WPS;
        return switch (this) {
            case PILOT, PILOT_NO_REMOVAL, PILOT_MSER, PILOT_SUBSESSIONS, PILOT_ORIGINAL -> !wps;
            case PILOT_WPS -> wps;
            default -> true;
        };
    }

    /** Runs one session on {@code model} seeded with {@code seed}. */
    public Outcome run(WorkloadModel model, long seed, SimulationSettings s) {
        if (!appliesTo(model)) {
            throw new IllegalArgumentException("strategy " + id + " does not apply to a "
                    + model.level().name().toLowerCase(Locale.ROOT) + " workload");
        }
        return switch (this) {
            case PILOT, PILOT_NO_REMOVAL, PILOT_MSER, PILOT_SUBSESSIONS, PILOT_ORIGINAL, PILOT_WPS ->
                engine(model, seed, s);
            default -> raw(model, seed, s).outcome(model, s);
        };
    }

    /** The samples of a strategy that takes them as independent (naive, fixed-10, jmh-5x5). */
    RawRun raw(WorkloadModel model, long seed, SimulationSettings s) {
        return switch (this) {
            case NAIVE -> naive(model, seed, s);
            case FIXED_10 -> fixed(model, seed, s, 1, 0, 10);
            case JMH_5X5 -> fixed(model, seed, s, 5, 5, 5);
            default -> throw new IllegalStateException(id + " does not take independent samples");
        };
    }

    /**
     * What a strategy that takes samples as independent collected.
     *
     * @param moments  the samples' mean and variance
     * @param rounds   rounds run
     * @param samples  samples measured
     * @param seconds  simulated time
     * @param converged whether its stop rule was met
     */
    record RawRun(Moments moments, int rounds, long samples, double seconds, boolean converged) {
        /**
         * The outcome: the t-CI of the mean; for WPS, where the samples are round durations at the largest work
         * amount w, the speed w / t̄ with the CI mapped through w / t (a decreasing map, so the bounds swap).
         */
        Outcome outcome(WorkloadModel model, SimulationSettings s) {
            double mean = moments.mean();
            double half = moments.width(s.confidence()) / 2;
            if (model.level() == WorkloadModel.Level.WPS) {
                double w = model.workMax();
                double low = w / (mean + half);
                double high = mean - half > 0 ? w / (mean - half) : Double.POSITIVE_INFINITY;
                return new Outcome(
                        w / mean, low, Double.isNaN(half) ? Double.NaN : high, rounds, samples, seconds, converged, 1);
            }
            return new Outcome(mean, mean - half, mean + half, rounds, samples, seconds, converged, 1);
        }
    }

    /** The engine's settings for {@code model} under this strategy. */
    SessionSettings sessionSettings(WorkloadModel model, SimulationSettings s) {
        SessionSettings.Builder b = SessionSettings.builder()
                .confidence(s.confidence())
                .ciTarget(CiTarget.ofMean(s.ciWidth()))
                .maxRounds(s.maxRounds());
        switch (this) {
            case PILOT_NO_REMOVAL -> b.warmupRemoval(WarmupRemoval.NONE);
            case PILOT_MSER -> b.warmupRemoval(WarmupRemoval.MSER);
            case PILOT_SUBSESSIONS -> b.method(CiMethod.PILOT);
            case PILOT_ORIGINAL -> b.method(CiMethod.PILOT).warmupRemoval(WarmupRemoval.EDM);
            default -> {}
        }
        switch (model.level()) {
            case READINGS -> b.pi(PerformanceIndex.of("time", "ms"));
            case UNITS ->
                b.pi(new PerformanceIndex("time", "ms", PerformanceIndex.Kind.ORDINARY, false, true))
                        .fixedWorkAmount(model.units());
            case WPS -> b.wps(WpsMode.REQUIRED).workAmount(model.workMin(), model.workMax());
            default -> throw new IllegalStateException(model.level().toString());
        }
        return b.build();
    }

    private Outcome engine(WorkloadModel model, long seed, SimulationSettings s) {
        SimulatedWorkload.Clock clock = new SimulatedWorkload.Clock();
        SessionResult r;
        try {
            r = Pilot.of(sessionSettings(model, s), new SimulatedWorkload(model, seed, clock))
                    .name(model.spec())
                    .ticker(clock)
                    .clock(EPOCH)
                    .run();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // an in-memory session does no I/O
        }
        boolean converged = r.stopReason() == StopReason.TARGET_MET;
        long samples = model.level() == WorkloadModel.Level.UNITS ? (long) r.rounds() * model.units() : r.rounds();
        if (model.level() == WorkloadModel.Level.WPS) {
            WpsResult w = r.wps();
            boolean ci = w != null && w.vCi() != null;
            return new Outcome(
                    w == null ? Double.NaN : w.v(),
                    ci ? w.vCi().low() : Double.NaN,
                    ci ? w.vCi().high() : Double.NaN,
                    r.rounds(),
                    samples,
                    r.seconds(),
                    converged,
                    w == null ? 0 : w.subsessionSize());
        }
        boolean units = model.level() == WorkloadModel.Level.UNITS;
        PiResult p = r.pis().get(0);
        MetricResult m = units ? p.unitReadings() : p.readings();
        Phases cut = units ? p.unitReadingsPhases() : p.readingsPhases();
        int warmup =
                units && !sessionSettings(model, s).warmupRemoval().tested() ? perRound(cut.warmup(), r) : cut.warmup();
        int cooldown = units && !sessionSettings(model, s).warmupRemoval().tested()
                ? perRound(cut.cooldown(), r)
                : cut.cooldown();
        return new Outcome(
                m.mean(),
                m.ci() == null ? Double.NaN : m.ci().low(),
                m.ci() == null ? Double.NaN : m.ci().high(),
                r.rounds(),
                samples,
                r.seconds(),
                converged,
                m.subsessionSize(),
                warmup,
                cooldown);
    }

    /** The mean cut per analysed round (the untested removals cut each round on its own). */
    private static int perRound(int total, SessionResult r) {
        return r.analysedRounds() == 0 ? 0 : Math.round((float) total / r.analysedRounds());
    }

    /** Auto-pilot: from round 10 on, stop once the t-CI of every raw sample so far is narrow enough. */
    private static RawRun naive(WorkloadModel model, long seed, SimulationSettings s) {
        WorkloadGenerator g = loaded(model.generator(seed), seed, s);
        boolean wps = model.level() == WorkloadModel.Level.WPS;
        Moments m = new Moments();
        double seconds = 0;
        int rounds = 0;
        boolean converged = false;
        while (rounds < s.maxRounds()) {
            SimulatedRound r = g.round(rounds, wps ? model.workMax() : 0);
            rounds++;
            seconds += r.seconds();
            if (r.unitReadings() != null) {
                for (double u : r.unitReadings()) {
                    m.add(u);
                }
            } else {
                m.add(r.reading());
            }
            if (rounds >= 10 && m.width(s.confidence()) <= s.ciWidth() * Math.abs(m.mean())) {
                converged = true;
                break;
            }
        }
        return new RawRun(m, rounds, m.n(), seconds, converged);
    }

    /**
     * {@code forks} fresh processes (new seeds: warm-up and AR(1) state restart), each running {@code warmups}
     * discarded and {@code measured} kept rounds; the t-CI of the kept rounds' per-round means.
     */
    private static RawRun fixed(
            WorkloadModel model, long seed, SimulationSettings s, int forks, int warmups, int measured) {
        boolean wps = model.level() == WorkloadModel.Level.WPS;
        Moments m = new Moments();
        double seconds = 0;
        for (int f = 0; f < forks; f++) {
            long forkSeed = forks == 1 ? seed : WorkloadGenerator.mix(seed + 1_000_003L * f);
            WorkloadGenerator g = loaded(model.generator(forkSeed), forkSeed, s);
            for (int i = 0; i < warmups + measured; i++) {
                SimulatedRound r = g.round(i, wps ? model.workMax() : 0);
                seconds += r.seconds();
                if (i >= warmups) {
                    m.add(r.unitReadings() != null ? r.reading() / r.unitReadings().length : r.reading());
                }
            }
        }
        int rounds = forks * (warmups + measured);
        // a fixed count has no stop rule: it met the target when its CI is as narrow as asked (it was counted as met
        // whatever its width: 50 of 50 sessions at a median width of 14% against 10%)
        boolean met = m.width(s.confidence()) <= s.ciWidth() * Math.abs(m.mean());
        return new RawRun(
                m,
                rounds,
                model.level() == WorkloadModel.Level.UNITS ? (long) rounds * model.units() : rounds,
                seconds,
                met);
    }

    /** {@code g} under the settings' background load, drawn apart from any other workload's (run at other times). */
    static WorkloadGenerator loaded(WorkloadGenerator g, long seed, SimulationSettings s) {
        return s.sharedLoad() > 0 ? g.withLoad(s.sharedLoad(), ~seed) : g;
    }

    /** Running mean and variance (Welford), and the Student-t CI of the mean. */
    static final class Moments {
        private long n;
        private double mean;
        private double m2;

        void add(double x) {
            n++;
            double d = x - mean;
            mean += d / n;
            m2 += d * (x - mean);
        }

        long n() {
            return n;
        }

        double mean() {
            return mean;
        }

        double variance() {
            return n < 2 ? Double.NaN : m2 / (n - 1);
        }

        /** The CI's full width. */
        double width(double confidence) {
            return n < 2 ? Double.NaN : 2 * StudentT.critical(confidence, n - 1) * Math.sqrt(variance() / n);
        }
    }
}
