package io.pilotbench.simulate;

import io.pilotbench.core.api.InterleavedComparison;
import io.pilotbench.core.api.Session;
import io.pilotbench.core.compare.CompareSettings;
import io.pilotbench.core.compare.Direction;
import io.pilotbench.core.compare.PairComparison;
import io.pilotbench.core.model.SessionResult;
import io.pilotbench.stats.ConfidenceInterval;
import io.pilotbench.stats.RatioOfMeans;
import io.pilotbench.stats.SampleStats;
import io.pilotbench.stats.TTest;
import io.pilotbench.stats.TTestResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The ways of deciding which of two workloads is faster that {@code pilot simulate evaluate} puts side by side. */
public enum ComparisonStrategy {
    /**
     * {@code pilot compare}: interleaved rounds, each workload a Pilot session, the per-cycle ratios' confidence
     * sequence (or the means' when unpaired), equivalence within the margin, looks at 1.25× sample growth.
     */
    PILOT("pilot", "Pilot compare: interleaved, paired by cycle, anytime-valid sequence + equivalence"),
    /** The same, with the two workloads analysed as independent samples (how pilot compare decided before pairing). */
    PILOT_UNPAIRED("pilot-unpaired", "Pilot compare without pairing: each workload's own CI, then the sequence"),
    /** Auto-pilot: each workload run until its own raw-sample t-CI is narrow (from 10 rounds), then Welch's test. */
    NAIVE("naive", "each until its raw t-CI is narrow, then Welch (Auto-pilot)"),
    /** hyperfine's default: 10 runs of A, then 10 of B, Welch's test on the run times. */
    FIXED_10("fixed-10", "10 runs each, one after the other, Welch (hyperfine)"),
    /** JMH's default: 5 forks × (5 warm-up + 5 measured) iterations per workload, Welch's test on the 25 each. */
    JMH_5X5("jmh-5x5", "5 forks × 5 iterations each, Welch (JMH)");

    private final String id;
    private final String description;

    ComparisonStrategy(String id, String description) {
        this.id = id;
        this.description = description;
    }

    public String id() {
        return id;
    }

    public String description() {
        return description;
    }

    /** Parses a strategy name. */
    public static ComparisonStrategy parse(String text) {
        return Strategy.byId(values(), ComparisonStrategy::id, text, "comparison strategy");
    }

    /** Compares {@code a} (seeded {@code seedA}) with {@code b} (seeded {@code seedB}). */
    public ComparisonOutcome run(WorkloadModel a, WorkloadModel b, long seedA, long seedB, SimulationSettings s) {
        if (a.level() == WorkloadModel.Level.WPS || b.level() == WorkloadModel.Level.WPS) {
            throw new IllegalArgumentException("comparisons need workloads with readings or unit readings, not WPS");
        }
        if (a.level() != b.level()) {
            throw new IllegalArgumentException("compared workloads must both have readings or both unit readings");
        }
        return switch (this) {
            case PILOT -> pilot(a, b, seedA, seedB, s, true);
            case PILOT_UNPAIRED -> pilot(a, b, seedA, seedB, s, false);
            case NAIVE -> test(Strategy.NAIVE, a, b, seedA, seedB, s);
            case FIXED_10 -> test(Strategy.FIXED_10, a, b, seedA, seedB, s);
            case JMH_5X5 -> test(Strategy.JMH_5X5, a, b, seedA, seedB, s);
        };
    }

    private static ComparisonOutcome pilot(
            WorkloadModel a, WorkloadModel b, long seedA, long seedB, SimulationSettings s, boolean paired) {
        SimulatedWorkload.Clock clock = new SimulatedWorkload.Clock();
        List<InterleavedComparison.Entry> entries = new ArrayList<>();
        // one cycle runs A and B back to back: they share that cycle's load
        long load = WorkloadGenerator.mix(seedA ^ seedB);
        entries.add(entry("A", a, seedA, load, clock, s));
        entries.add(entry("B", b, seedB, load, clock, s));
        CompareSettings cs = CompareSettings.DEFAULTS
                .withConfidence(s.confidence())
                .withAlpha(s.alpha())
                .withEquivalence(s.equivalence());
        InterleavedComparison.Result r;
        try {
            r = new InterleavedComparison(entries, null, cs, Direction.LOWER_IS_BETTER, null)
                    .paired(paired)
                    .ticker(clock)
                    .run();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // in-memory sessions do no I/O
        }
        PairComparison pair = r.comparison().pairs().get(0);
        Decision d =
                switch (pair.verdict()) {
                    case A_LOWER -> Decision.A_FASTER;
                    case A_HIGHER -> Decision.B_FASTER;
                    case EQUIVALENT -> Decision.EQUIVALENT;
                    case UNDECIDED -> Decision.UNDECIDED;
                };
        int rounds = r.sessions().stream().mapToInt(SessionResult::rounds).max().orElse(0);
        ConfidenceInterval ratio = pair.ratio();
        return new ComparisonOutcome(
                d,
                !Double.isNaN(pair.anytimeP())
                        ? pair.anytimeP()
                        : pair.welch() == null ? Double.NaN : pair.welch().pTwoSided(),
                ratio == null ? Double.NaN : ratio.low(),
                ratio == null ? Double.NaN : ratio.high(),
                rounds,
                r.seconds());
    }

    private static InterleavedComparison.Entry entry(
            String name,
            WorkloadModel m,
            long seed,
            long loadSeed,
            SimulatedWorkload.Clock clock,
            SimulationSettings s) {
        WorkloadGenerator g = m.generator(seed);
        return new InterleavedComparison.Entry(
                name,
                Session.inMemory(Strategy.PILOT.sessionSettings(m, s), name),
                new SimulatedWorkload(m, s.sharedLoad() > 0 ? g.withLoad(s.sharedLoad(), loadSeed) : g, clock));
    }

    /** Runs each workload with a single-workload strategy, one after the other, then Welch's test at α. */
    private static ComparisonOutcome test(
            Strategy single, WorkloadModel a, WorkloadModel b, long seedA, long seedB, SimulationSettings s) {
        Strategy.RawRun x = single.raw(a, seedA, s);
        Strategy.RawRun y = single.raw(b, seedB, s);
        SampleStats sx = new SampleStats(
                x.moments().mean(), x.moments().variance(), x.moments().n());
        SampleStats sy = new SampleStats(
                y.moments().mean(), y.moments().variance(), y.moments().n());
        TTestResult t = TTest.welch(sx, sy, s.confidence());
        Decision d = t.pTwoSided() >= s.alpha()
                ? Decision.NOT_SIGNIFICANT
                : sx.mean() < sy.mean() ? Decision.A_FASTER : Decision.B_FASTER;
        Optional<ConfidenceInterval> ratio = RatioOfMeans.fieller(sx, sy, s.confidence());
        return new ComparisonOutcome(
                d,
                t.pTwoSided(),
                ratio.map(ConfidenceInterval::low).orElse(Double.NaN),
                ratio.map(ConfidenceInterval::high).orElse(Double.NaN),
                Math.max(x.rounds(), y.rounds()),
                x.seconds() + y.seconds());
    }
}
