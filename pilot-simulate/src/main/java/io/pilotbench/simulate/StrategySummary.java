package io.pilotbench.simulate;

import io.pilotbench.stats.BinomialProportion;
import io.pilotbench.stats.ConfidenceInterval;
import io.pilotbench.stats.Descriptive;
import java.util.List;

/**
 * One strategy's record over K replications of a workload.
 *
 * @param strategy       the strategy
 * @param replications   K
 * @param withCi         sessions that ended with a CI
 * @param covered        sessions whose CI contains the truth
 * @param coverage       covered / K with its 95% Wilson interval (a session without a CI counts as not covering)
 * @param converged      sessions that met their own stop rule (not a round limit)
 * @param meanRounds     mean rounds per session
 * @param medianRounds   median rounds per session
 * @param medianSamples  median samples measured per session
 * @param meanSeconds    mean simulated seconds per session
 * @param medianSeconds  median simulated seconds per session
 * @param biasPercent    mean of (estimate − truth)/truth, in percent
 * @param widthPercent   mean CI full width relative to the truth, in percent (sessions with a finite CI)
 * @param medianSubsessionSize median subsession size q of the CIs
 * @param removedSessions sessions that cut anything as warm-up or cool-down
 * @param medianWarmup   median warm-up cut (samples; per round for unit readings) over the sessions that cut one
 * @param warmupWithin5  sessions whose warm-up cut is within 5 samples of the planted one (−1 when the model has no
 *                       warm-up of a known length)
 * @param medianCooldown median cool-down cut (unit readings per round) over the sessions that cut one
 * @param cooldownWithin5 sessions whose cool-down cut is within 5 of the planted one (−1 without a known one)
 */
public record StrategySummary(
        Strategy strategy,
        int replications,
        int withCi,
        int covered,
        ConfidenceInterval coverage,
        int converged,
        double meanRounds,
        double medianRounds,
        double medianSamples,
        double meanSeconds,
        double medianSeconds,
        double biasPercent,
        double widthPercent,
        double medianSubsessionSize,
        int removedSessions,
        double medianWarmup,
        int warmupWithin5,
        double medianCooldown,
        int cooldownWithin5) {

    /** Summarises the outcomes of {@code strategy} against {@code truth}, ignoring the planted phases. */
    public static StrategySummary of(Strategy strategy, List<Outcome> outcomes, double truth) {
        return of(strategy, outcomes, truth, -1, -1);
    }

    /**
     * Summarises the outcomes of {@code strategy} against {@code truth}.
     *
     * @param plantedWarmup   the model's warm-up length in samples, or −1 when it has none of a known length
     * @param plantedCooldown the model's cool-down length (unit readings per round), or −1
     */
    public static StrategySummary of(
            Strategy strategy, List<Outcome> outcomes, double truth, int plantedWarmup, int plantedCooldown) {
        int k = outcomes.size();
        int withCi = (int) outcomes.stream().filter(Outcome::hasCi).count();
        int covered = (int) outcomes.stream().filter(o -> o.covers(truth)).count();
        int converged = (int) outcomes.stream().filter(Outcome::converged).count();
        double[] rounds = outcomes.stream().mapToDouble(Outcome::rounds).toArray();
        double[] samples = outcomes.stream().mapToDouble(Outcome::samples).toArray();
        double[] seconds = outcomes.stream().mapToDouble(Outcome::seconds).toArray();
        double[] bias = outcomes.stream()
                .mapToDouble(Outcome::estimate)
                .filter(Double::isFinite)
                .map(e -> (e - truth) / truth * 100)
                .toArray();
        double[] width = outcomes.stream()
                .filter(Outcome::hasCi)
                .mapToDouble(o -> (o.high() - o.low()) / truth * 100)
                .filter(Double::isFinite)
                .toArray();
        double[] q = outcomes.stream()
                .filter(Outcome::hasCi)
                .mapToDouble(Outcome::subsessionSize)
                .toArray();
        int removed = (int) outcomes.stream().filter(Outcome::removed).count();
        double[] cuts = outcomes.stream()
                .filter(o -> o.warmup() > 0)
                .mapToDouble(Outcome::warmup)
                .toArray();
        int within = plantedWarmup < 0
                ? -1
                : (int) outcomes.stream()
                        .filter(o -> Math.abs(o.warmup() - plantedWarmup) <= 5)
                        .count();
        return new StrategySummary(
                strategy,
                k,
                withCi,
                covered,
                BinomialProportion.wilson(covered, k, 0.95),
                converged,
                mean(rounds),
                median(rounds),
                median(samples),
                mean(seconds),
                median(seconds),
                mean(bias),
                mean(width),
                median(q),
                removed,
                median(cuts),
                within,
                median(outcomes.stream()
                        .filter(o -> o.cooldown() > 0)
                        .mapToDouble(Outcome::cooldown)
                        .toArray()),
                plantedCooldown < 0
                        ? -1
                        : (int) outcomes.stream()
                                .filter(o -> Math.abs(o.cooldown() - plantedCooldown) <= 5)
                                .count());
    }

    static double mean(double[] x) {
        return x.length == 0 ? Double.NaN : Descriptive.mean(x);
    }

    static double median(double[] x) {
        return x.length == 0 ? Double.NaN : Descriptive.median(x);
    }
}
