package io.pilotbench.core.analysis;

import io.pilotbench.core.model.CiMethod;
import io.pilotbench.core.model.Defaults;
import io.pilotbench.core.model.MeanError;
import io.pilotbench.core.model.MetricResult;
import io.pilotbench.core.model.Phases;
import io.pilotbench.stats.Descriptive;
import io.pilotbench.stats.StudentT;
import java.util.Locale;

/**
 * The CI of unit readings that come in rounds, each round a new process (a JMH fork, a run of a command): rounds
 * differ by more than their unit readings vary within them. A JVM compiles and lays out the code anew in every fork,
 * so the steady level of forks of one benchmark differs (coefficient of variation 0.4–8% between forks, Traini et al.,
 * Empirical Software Engineering 28, 2023) — a spread that no number of iterations within one fork shows.
 *
 * <p>The grand mean of r independent rounds has the variance of the round means over r, whatever the dependence
 * within a round (two-stage sampling: Cochran, <i>Sampling Techniques</i>, 3rd ed. 1977, §10.2): its CI is the
 * Student-t interval of the round means, r − 1 degrees of freedom, and a target is met only with at least {@value
 * Defaults#MIN_ROUNDS_FOR_UNITS} rounds, so that the spread between them has been seen at all. Around it:
 * <ol>
 *   <li><b>Never narrower than the variation within the rounds</b>: the unit readings' own CI, each round moved to
 *       the grand mean first (so that the steps between rounds' levels are not in it), where it is the wider. Three
 *       round means can agree by chance; thousands of readings within them cannot;</li>
 *   <li><b>Rounds that do not look independent</b> (the round means' lag-1 autocorrelation above
 *       {@value #DEPENDENT_R1}/√r: rounds in one JVM whose level still moves, a machine that drifts) keep the unit
 *       readings' CI pooled as one series, where it is the wider. Before, the pooled CI bound every session; with
 *       forks that had warmed up, their jumps between levels looked to the pooled fit like a wandering level, and the
 *       sample benchmark of docs/jmh.md ended at ±8% after 130 forks whose means had a t-interval of ±4%;</li>
 *   <li><b>A level that still moves within a round</b>: the warm-up left in every round is looked for in the
 *       difference between the rounds' earlier and later halves ({@link Halves}). At p &lt;
 *       {@value Defaults#DRIFT_ALPHA} the CI reaches the Student-t interval of the rounds' later halves on the side the
 *       level moves to, as {@link SteadyLevel} does for readings, and a session does not stop on it: more rounds do
 *       not take the warm-up out of a round, so the samples it needs are not known, and a session that its limits end
 *       says it saw no steady state — the rounds are too short for the benchmark's warm-up (JMH: more iterations, or
 *       warm-up iterations).</li>
 * </ol>
 * Measured on the presets and on the real JMH forks of the data set above (tune split, every benchmark replayed as
 * {@code pilot jmh} runs it): bench/README.md, "{@code pilot jmh} on the same forks".
 */
public final class BetweenRounds {
    /**
     * Round means whose lag-1 autocorrelation exceeds this over √r are taken as dependent: under independence r1 is
     * about normal with standard deviation 1/√r (Bartlett), so about 2.3% of independent sessions exceed it. The
     * readings' white-noise bound, 0.5/√r, was tried first: 64 forks of {@code EdmBenchmark} with r1 = 0.21 fell back
     * to the pooled fit, as about 27% of independent sessions of that length would.
     */
    static final double DEPENDENT_R1 = 2;

    private BetweenRounds() {}

    /**
     * The rounds' kept unit readings: their means, and the means of their earlier and later halves, in round order.
     */
    public record Rounds(double[] means, double[] earlierHalfMeans, double[] laterHalfMeans) {}

    /**
     * The paired test of the rounds' earlier halves against their later halves: each round is independent of the
     * others, so the differences d_r are too, and d̄ / (s_d / √r) is Student-t with r − 1 degrees of freedom whatever
     * the dependence within a round. A regression slope on the rounds' average by position was tried first: on a
     * decay that curves (+30%, τ = 5 iterations, in rounds of 20) its residuals looked autocorrelated and p stayed
     * at 0.2–0.6.
     *
     * @param difference the later halves' mean less the earlier halves' (0 when not tested)
     * @param pValue     two-sided; 1 when not tested (fewer than 3 rounds with both halves)
     */
    record Halves(double difference, double pValue) {
        static Halves of(double[] earlier, double[] later, int rounds) {
            if (earlier.length != rounds || later.length != rounds || rounds < 3) {
                return new Halves(0, 1);
            }
            double[] d = new double[rounds];
            for (int i = 0; i < rounds; i++) {
                d[i] = later[i] - earlier[i];
            }
            double mean = Descriptive.mean(d);
            double se = Descriptive.stddev(d) / Math.sqrt(rounds);
            if (!(se > 0)) {
                return new Halves(mean, mean == 0 ? 1 : 0);
            }
            double p = 2 * (1 - StudentT.cdf(Math.abs(mean) / se, rounds - 1));
            return new Halves(mean, Math.max(0, Math.min(1, p)));
        }
    }

    /**
     * The pooled analysis {@code pooled} of unit readings, checked against the rounds they came from.
     * Only an arithmetic mean with a CI is checked; other results are returned unchanged.
     *
     * @param within  the analysis of the same unit readings with each round's moved to the grand mean ({@code
     *                UnitReadings.keptWithinRounds}): their variation within the rounds, without the steps between
     * @param phases  the warm-up and cool-down cut from every round (returned with the within-round trend test)
     * @param session whether a session stops on the result (then a level that moves within the rounds holds it)
     */
    public static SteadyLevel.Checked check(
            MetricResult pooled,
            MetricResult within,
            Rounds rounds,
            Phases phases,
            double confidence,
            boolean arithmetic,
            boolean session) {
        if (!arithmetic || pooled.ci() == null || pooled.error() == null || pooled.status() != MetricResult.Status.OK) {
            return new SteadyLevel.Checked(phases, pooled);
        }
        double[] means = rounds.means();
        int r = means.length;
        long perRound = Math.max(1, pooled.n() / Math.max(1, r));
        if (r < Defaults.MIN_ROUNDS_FOR_UNITS) {
            return new SteadyLevel.Checked(phases, pooled.needing(perRound * Defaults.MIN_ROUNDS_FOR_UNITS));
        }
        double t = StudentT.critical(confidence, r - 1);
        double sd = Descriptive.stddev(means);
        double half = t * sd / Math.sqrt(r);
        Reach reach = new Reach(
                pooled.mean() - half,
                pooled.mean() + half,
                String.format(
                        Locale.ROOT,
                        "rounds are separate runs: the Student-t interval of the %d round means (%d degrees of "
                                + "freedom)",
                        r,
                        r - 1));
        if (within.ci() != null && within.ci().width() > 2 * half) {
            reach.widen(
                    pooled.mean() - within.ci().width() / 2,
                    pooled.mean() + within.ci().width() / 2,
                    String.format(
                            Locale.ROOT,
                            ", or the unit readings' own within the rounds where wider (%.3g degrees of freedom)",
                            within.error() == null ? Double.NaN : within.error().degreesOfFreedom()));
        }
        double r1 = Descriptive.lag1Autocorrelation(means);
        if (r1 > DEPENDENT_R1 / Math.sqrt(r)) {
            reach.widen(
                    pooled.ci().low(),
                    pooled.ci().high(),
                    String.format(
                            Locale.ROOT, ", or the unit readings' own where wider: the round means' r1 is %.2f", r1));
        }
        Halves halves = Halves.of(rounds.earlierHalfMeans(), rounds.laterHalfMeans(), r);
        // the slope per unit reading: the halves' centres lie half a round's kept readings apart
        Phases checked = phases.withTrend(halves.difference() / Math.max(1, perRound / 2.0), halves.pValue());
        if (halves.pValue() < Defaults.DRIFT_ALPHA) {
            double[] later = rounds.laterHalfMeans();
            double m2 = Descriptive.mean(later);
            double h2 = t * Descriptive.stddev(later) / Math.sqrt(r);
            reach.widen(
                    halves.difference() < 0 ? m2 - h2 : reach.low,
                    halves.difference() < 0 ? reach.high : m2 + h2,
                    String.format(
                            Locale.ROOT,
                            ", reaching the rounds' later halves' (their mean %s): the level moves within a round (p"
                                    + " = %.2g)",
                            SteadyLevel.relativeTo(m2, pooled.mean()),
                            halves.pValue()));
        }
        boolean moving = session && halves.pValue() < Defaults.DRIFT_ALPHA;
        double se = sd / Math.sqrt(r);
        MeanError basis = new MeanError(
                CiMethod.AR,
                se,
                r - 1,
                (int) Math.min(Integer.MAX_VALUE, perRound),
                r,
                sd * sd,
                r1,
                pooled.n() * se * se,
                0,
                0,
                false,
                reach.note.toString());
        return new SteadyLevel.Checked(checked, reach.result(pooled, basis, moving, r, perRound));
    }

    /** The interval as the rules above widen it, and why. */
    private static final class Reach {
        private double low;
        private double high;
        private final StringBuilder note;

        Reach(double low, double high, String note) {
            this.low = low;
            this.high = high;
            this.note = new StringBuilder(note);
        }

        void widen(double l, double h, String why) {
            if (l < low || h > high) {
                low = Math.min(low, l);
                high = Math.max(high, h);
                note.append(why);
            }
        }

        /** {@code pooled} with this interval: met when narrow enough and not held, else the samples it needs. */
        MetricResult result(MetricResult pooled, MeanError basis, boolean held, int r, long perRound) {
            double width = high - low;
            double target = pooled.targetWidth();
            // held: more rounds of the same length do not take the warm-up out of them, so the samples a target
            // needs are not known (a planner that can make rounds longer makes them twice as long)
            long required = held
                    ? -1
                    : target > 0 ? perRound * Math.max(r + 1, (long) Math.ceil(r * Math.pow(width / target, 2))) : -1;
            return pooled.withInterval(low, high, basis, width <= target && !held, required);
        }
    }
}
