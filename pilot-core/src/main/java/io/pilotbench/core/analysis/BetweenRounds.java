package io.pilotbench.core.analysis;

import io.pilotbench.core.model.Defaults;
import io.pilotbench.core.model.MetricResult;
import io.pilotbench.stats.Descriptive;
import io.pilotbench.stats.StudentT;
import java.util.Locale;

/**
 * The CI of unit readings that come in rounds, each round a new process (a JMH fork, a run of a command): rounds
 * differ by more than their unit readings vary within them. A JVM compiles and lays out the code anew in every fork,
 * so the steady level of forks of one benchmark differs (coefficient of variation 0.4–8% between forks, Traini et al.,
 * Empirical Software Engineering 28, 2023) — a spread that no number of iterations within one fork shows. The unit
 * readings pooled as one series get a CI from their variation within rounds only; one long fork then "converged".
 *
 * <p>The grand mean of r independent rounds has the variance of the round means over r, whatever the dependence
 * within a round (two-stage sampling: Cochran, <i>Sampling Techniques</i>, 3rd ed. 1977, §10.2): its CI is the
 * Student-t interval of the round means, r − 1 degrees of freedom. The pooled CI is kept where it is the wider (the
 * rounds' means agree), this one where the rounds disagree; a target is met only with at least {@value
 * Defaults#MIN_ROUNDS_FOR_UNITS} rounds, so that the spread between them has been seen at all.
 *
 * <p>Measured on the real JMH forks of the data set above (tune split, every benchmark replayed as {@code pilot jmh}
 * runs it, bench/README.md): with 100 iterations a fork, 64.7% of the benchmarks whose forks reach a steady state
 * ended "converged" with a CI that missed the truth, after a median of 2 forks; see bench/README.md for the figures
 * with this rule.
 */
public final class BetweenRounds {
    private BetweenRounds() {}

    /**
     * The pooled analysis {@code pooled} of unit readings, checked against the means of the rounds they came from.
     * Only an arithmetic mean with a CI is checked; other results are returned unchanged.
     *
     * @param roundMeans each analysed round's mean of its kept unit readings
     */
    public static MetricResult check(MetricResult pooled, double[] roundMeans, double confidence, boolean arithmetic) {
        if (!arithmetic || pooled.ci() == null || pooled.error() == null || pooled.status() != MetricResult.Status.OK) {
            return pooled;
        }
        int r = roundMeans.length;
        long perRound = Math.max(1, pooled.n() / Math.max(1, r));
        if (r < Defaults.MIN_ROUNDS_FOR_UNITS) {
            return pooled.needing(perRound * Defaults.MIN_ROUNDS_FOR_UNITS);
        }
        double sd = Descriptive.stddev(roundMeans);
        double half = StudentT.critical(confidence, r - 1) * sd / Math.sqrt(r);
        double width = Math.max(pooled.ci().width(), 2 * half);
        long rounds = pooled.targetWidth() > 0
                ? Math.max(r + 1, (long) Math.ceil(r * Math.pow(width / pooled.targetWidth(), 2)))
                : r + 1;
        String note = String.format(
                Locale.ROOT,
                "rounds are separate runs: the CI is the Student-t interval of the "
                        + "%d round means (%d degrees of freedom), wider than the unit readings' own",
                r,
                r - 1);
        return pooled.widened(pooled.mean() - half, pooled.mean() + half, note, rounds * perRound);
    }
}
