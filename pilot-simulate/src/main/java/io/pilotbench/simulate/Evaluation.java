package io.pilotbench.simulate;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Runs K independent simulated sessions per strategy and summarises them against the truth (issue "pilot simulate").
 * Replication k of every strategy sees the same workload realisation (seed derived from the evaluation's seed and
 * k: common random numbers), so strategies differ by their rules, not by luck. Replications run on a thread pool;
 * the results do not depend on the number of threads or the order in which they finish.
 */
public final class Evaluation {
    /** One finished replication, for progress and for writing results as they come. */
    public record Finished(
            String strategy,
            int replication,
            long seed,
            Outcome outcome,
            ComparisonOutcome comparison,
            int done,
            int total) {}

    /**
     * The evaluation of strategies on one workload.
     *
     * @param oracle null for a WPS workload
     */
    public record WorkloadEvaluation(
            WorkloadModel model,
            double truth,
            Oracle oracle,
            SimulationSettings settings,
            int replications,
            long seed,
            List<StrategySummary> strategies) {
        public WorkloadEvaluation {
            strategies = List.copyOf(strategies);
        }
    }

    /**
     * The evaluation of comparison strategies on two workloads.
     *
     * @param ratio A's true mean over B's
     */
    public record ComparisonEvaluation(
            WorkloadModel a,
            WorkloadModel b,
            double ratio,
            SimulationSettings settings,
            int replications,
            long seed,
            List<ComparisonSummary> strategies) {
        public ComparisonEvaluation {
            strategies = List.copyOf(strategies);
        }
    }

    private final SimulationSettings settings;
    private int replications = 200;
    private long seed = 1;
    private int threads = Runtime.getRuntime().availableProcessors();
    private Consumer<Finished> listener = f -> {};

    public Evaluation(SimulationSettings settings) {
        this.settings = settings;
    }

    /** K, the sessions per strategy (default 200). */
    public Evaluation replications(int value) {
        if (value < 1) {
            throw new IllegalArgumentException("replications must be >= 1, got " + value);
        }
        replications = value;
        return this;
    }

    /** The seed every replication's seed is derived from (default 1). */
    public Evaluation seed(long value) {
        seed = value;
        return this;
    }

    /** Worker threads (default: the number of processors). */
    public Evaluation threads(int value) {
        if (value < 1) {
            throw new IllegalArgumentException("threads must be >= 1, got " + value);
        }
        threads = value;
        return this;
    }

    /** Told after every replication, from the worker threads, one call at a time. */
    public Evaluation listener(Consumer<Finished> value) {
        listener = value;
        return this;
    }

    /** The seed of replication {@code k}. */
    public long replicationSeed(int k) {
        return WorkloadGenerator.mix(seed * 0x9E3779B97F4A7C15L + k);
    }

    /** Evaluates {@code strategies} (those that apply) on {@code model}. */
    public WorkloadEvaluation evaluate(WorkloadModel model, List<Strategy> strategies) throws InterruptedException {
        List<Strategy> used =
                strategies.stream().filter(s -> s.appliesTo(model)).toList();
        if (used.isEmpty()) {
            throw new IllegalArgumentException(
                    "none of the strategies applies to this workload (" + model.describe() + ")");
        }
        List<List<Outcome>> results = runAll(
                used.size(),
                (i, k) -> {
                    Outcome o = used.get(i).run(model, replicationSeed(k), settings);
                    return new Finished(used.get(i).id(), k, replicationSeed(k), o, null, 0, 0);
                },
                Finished::outcome);
        List<StrategySummary> summaries = new ArrayList<>();
        for (int i = 0; i < used.size(); i++) {
            summaries.add(StrategySummary.of(
                    used.get(i), results.get(i), model.truth(), model.plantedWarmup(), model.plantedCooldown()));
        }
        return new WorkloadEvaluation(
                model, model.truth(), Oracle.of(model, settings), settings, replications, seed, summaries);
    }

    /** Evaluates comparison {@code strategies} on A = {@code a} against B = {@code b}. */
    public ComparisonEvaluation compare(WorkloadModel a, WorkloadModel b, List<ComparisonStrategy> strategies)
            throws InterruptedException {
        if (strategies.isEmpty()) {
            throw new IllegalArgumentException("no comparison strategy to evaluate");
        }
        List<List<ComparisonOutcome>> results = runAll(
                strategies.size(),
                (i, k) -> {
                    long r = replicationSeed(k);
                    ComparisonOutcome o = strategies
                            .get(i)
                            .run(a, b, WorkloadGenerator.mix(r ^ 0xA), WorkloadGenerator.mix(r ^ 0xB), settings);
                    return new Finished(strategies.get(i).id(), k, r, null, o, 0, 0);
                },
                Finished::comparison);
        List<ComparisonSummary> summaries = new ArrayList<>();
        double ratio = a.trueMean() / b.trueMean();
        for (int i = 0; i < strategies.size(); i++) {
            summaries.add(ComparisonSummary.of(strategies.get(i), results.get(i), ratio));
        }
        return new ComparisonEvaluation(a, b, ratio, settings, replications, seed, summaries);
    }

    private interface Task {
        Finished run(int strategy, int replication);
    }

    /** Runs every (strategy, replication) pair on the pool; per strategy, the results in replication order. */
    private <T> List<List<T>> runAll(int strategies, Task task, java.util.function.Function<Finished, T> pick)
            throws InterruptedException {
        int total = strategies * replications;
        AtomicInteger done = new AtomicInteger();
        List<Finished> all = Parallel.map(total, threads, "pilot-simulate", i -> {
            Finished f = task.run(i / replications, i % replications);
            Finished counted = new Finished(
                    f.strategy(),
                    f.replication(),
                    f.seed(),
                    f.outcome(),
                    f.comparison(),
                    done.incrementAndGet(),
                    total);
            synchronized (this) {
                listener.accept(counted);
            }
            return counted;
        });
        List<List<T>> out = new ArrayList<>();
        for (int i = 0; i < strategies; i++) {
            out.add(all.subList(i * replications, (i + 1) * replications).stream()
                    .map(pick)
                    .toList());
        }
        return out;
    }
}
