package io.pilotbench.simulate;

import io.pilotbench.stats.StudentT;

/**
 * The fewest samples any strategy could stop at: the i.i.d.-equivalent sample size whose Student-t CI reaches the
 * target width given the true long-run variance of the stable samples ({@link WorkloadModel#longRunVariance()}):
 * the smallest n with t<sub>n−1</sub>·√(σ²<sub>LR</sub>/n) ≤ width·truth/2. It knows the truth, needs no warm-up and
 * no minimum subsession count, so no real strategy can match it; it is the yardstick for time-to-result.
 *
 * @param samples the samples (readings, or unit readings)
 * @param rounds  the rounds that yield them
 * @param seconds the simulated time of those rounds at the stable speed, setup included
 */
public record Oracle(long samples, long rounds, double seconds) {

    /** The oracle of {@code model}, or null for a WPS workload (whose CI comes from a regression, not a mean). */
    public static Oracle of(WorkloadModel model, SimulationSettings s) {
        if (model.level() == WorkloadModel.Level.WPS) {
            return null;
        }
        double sd = Math.sqrt(model.longRunVariance());
        double half = s.ciWidth() * model.trueMean() / 2;
        double z = StudentT.critical(s.confidence(), Double.POSITIVE_INFINITY);
        long n = Math.max(2, (long) Math.ceil(Math.pow(z * sd / half, 2)));
        while (StudentT.critical(s.confidence(), n - 1) * sd / Math.sqrt(n) > half) {
            n++;
        }
        boolean units = model.level() == WorkloadModel.Level.UNITS;
        long rounds = units ? (n + model.units() - 1) / model.units() : n;
        double perRound = model.setupSeconds() + (units ? model.units() : 1) * model.trueMean() / 1000;
        return new Oracle(n, rounds, rounds * perRound);
    }
}
