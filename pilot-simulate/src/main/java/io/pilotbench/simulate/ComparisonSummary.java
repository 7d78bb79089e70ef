package io.pilotbench.simulate;

import java.util.List;

/**
 * One comparison strategy's record over K replications.
 *
 * @param strategy        the strategy
 * @param replications    K
 * @param correct         the right answer: the faster one when they differ, no claimed difference when equal
 * @param wrongDirection  the slower one called faster
 * @param falseDifference a difference claimed between equal workloads
 * @param noDifference    equivalent or not significant
 * @param undecided       a round limit reached without a verdict
 * @param withRatio       replications with a bounded CI of the ratio of means
 * @param ratioCovered    replications whose ratio CI contains the true ratio
 * @param meanRounds      mean rounds per workload
 * @param medianRounds    median rounds per workload
 * @param medianSeconds   median simulated seconds (both workloads)
 */
public record ComparisonSummary(
        ComparisonStrategy strategy,
        int replications,
        int correct,
        int wrongDirection,
        int falseDifference,
        int noDifference,
        int undecided,
        int withRatio,
        int ratioCovered,
        double meanRounds,
        double medianRounds,
        double medianSeconds) {

    /** Summarises {@code outcomes} when A's true mean is {@code ratio} times B's. */
    public static ComparisonSummary of(ComparisonStrategy strategy, List<ComparisonOutcome> outcomes, double ratio) {
        int correct = 0;
        int wrong = 0;
        int falseDiff = 0;
        int none = 0;
        int undecided = 0;
        int withRatio = 0;
        int covered = 0;
        for (ComparisonOutcome o : outcomes) {
            Decision d = o.decision();
            correct += d.correctFor(ratio) ? 1 : 0;
            wrong += ratio < 1 && d == Decision.B_FASTER || ratio > 1 && d == Decision.A_FASTER ? 1 : 0;
            falseDiff += ratio == 1 && d.claimsDifference() ? 1 : 0;
            none += d == Decision.EQUIVALENT || d == Decision.NOT_SIGNIFICANT ? 1 : 0;
            undecided += d == Decision.UNDECIDED ? 1 : 0;
            boolean bounded = Double.isFinite(o.ratioLow()) && Double.isFinite(o.ratioHigh());
            withRatio += bounded ? 1 : 0;
            covered += bounded && o.ratioCovers(ratio) ? 1 : 0;
        }
        double[] rounds =
                outcomes.stream().mapToDouble(ComparisonOutcome::rounds).toArray();
        double[] seconds =
                outcomes.stream().mapToDouble(ComparisonOutcome::seconds).toArray();
        return new ComparisonSummary(
                strategy,
                outcomes.size(),
                correct,
                wrong,
                falseDiff,
                none,
                undecided,
                withRatio,
                covered,
                StrategySummary.mean(rounds),
                StrategySummary.median(rounds),
                StrategySummary.median(seconds));
    }
}
