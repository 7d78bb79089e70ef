package io.pilotbench.simulate;

import java.util.SplittableRandom;

/**
 * The rounds of one simulated session: round r is a function of (model, seed, r) alone, so a process that is
 * started once per round ({@code pilot simulate emit}) and an in-process session give the same numbers. The latent
 * AR(1) state that carries across rounds (READINGS, WPS) is replayed from round 0 when a round is asked for out of
 * order, which costs one Gaussian draw per skipped round.
 */
public final class WorkloadGenerator {
    private final WorkloadModel model;
    private final long seed;
    private final double innovation;
    /** The latent z of round {@code next − 1} (READINGS, WPS). */
    private double z;
    /** The M/M/1 queue's next customer's waiting time (the queue starts empty). */
    private double wait;

    private int next;
    /** The background load's σ on the log scale (0: none) and the seed of its factors, one per round. */
    private double loadSigma;

    private long loadSeed;

    WorkloadGenerator(WorkloadModel model, long seed) {
        this.model = model;
        this.seed = seed;
        this.innovation = Math.sqrt(1 - model.phi() * model.phi());
    }

    /**
     * This generator's rounds multiplied by a background-load factor: lognormal with mean 1 and coefficient of
     * variation {@code cv}, round r's factor drawn from {@code loadSeed} and r alone — so two generators with the
     * same load seed see the same load in the same round (workloads run in one cycle), and with different seeds
     * independent loads (workloads run at different times).
     */
    WorkloadGenerator withLoad(double cv, long loadSeed) {
        WorkloadGenerator g = new WorkloadGenerator(model, seed);
        g.loadSigma = Math.sqrt(Math.log1p(cv * cv));
        g.loadSeed = loadSeed;
        return g;
    }

    /**
     * What round {@code round} yields with work amount {@code work} (UNITS: the number of unit readings, 0 for the
     * model's {@code units}; WPS: the work done; READINGS: ignored).
     */
    public SimulatedRound round(int round, long work) {
        SimulatedRound r = unloaded(round, work);
        if (loadSigma == 0) {
            return r;
        }
        double f = Math.exp(loadSigma * new SplittableRandom(mix(mix(loadSeed) + round)).nextGaussian()
                - loadSigma * loadSigma / 2);
        double[] units = r.unitReadings();
        if (units != null) {
            units = units.clone();
            for (int i = 0; i < units.length; i++) {
                units[i] *= f;
            }
        }
        return new SimulatedRound(r.reading() * f, units, r.seconds() * f);
    }

    private SimulatedRound unloaded(int round, long work) {
        if (round < next) {
            z = 0;
            wait = 0;
            next = 0;
        }
        while (next < round) {
            if (model.load() > 0) {
                queue(random(next));
            } else {
                latent(random(next).nextGaussian(), next);
            }
            next++;
        }
        SplittableRandom rnd = random(round);
        next = round + 1;
        double level = 1 + model.drift() * round;
        switch (model.level()) {
            case READINGS: {
                if (model.load() > 0) {
                    double value = queue(rnd) * level * spike(rnd);
                    return new SimulatedRound(value, null, model.setupSeconds() + value / 1000);
                }
                double zr = latent(rnd.nextGaussian(), round);
                double warm = model.warmup() == null ? 0 : model.warmup().factor(round);
                double value = model.marginal().sample(zr, rnd.nextDouble()) * (1 + warm) * level * spike(rnd);
                return new SimulatedRound(value, null, model.setupSeconds() + value / 1000);
            }
            case UNITS: {
                int n = work > 0 ? Math.toIntExact(work) : model.units();
                double[] units = new double[n];
                double zi = 0;
                double sum = 0;
                for (int i = 0; i < n; i++) {
                    double e = rnd.nextGaussian();
                    zi = i == 0 ? e : model.phi() * zi + innovation * e;
                    double warm = model.warmup() == null ? 0 : model.warmup().factor(i);
                    double cool =
                            model.cooldown() == null ? 0 : model.cooldown().factor(n - 1L - i);
                    units[i] = model.marginal().sample(zi, rnd.nextDouble())
                            * (1 + warm)
                            * (1 + cool)
                            * level
                            * spike(rnd);
                    sum += units[i];
                }
                return new SimulatedRound(sum, units, model.setupSeconds() + sum / 1000);
            }
            case WPS: {
                double zr = latent(rnd.nextGaussian(), round);
                double noise = model.marginal().withMean(1).sample(zr, rnd.nextDouble()) * spike(rnd) * level;
                double extra = (model.warmup() == null ? 0 : model.warmup().sum(work))
                        + (model.cooldown() == null ? 0 : model.cooldown().sum(work));
                double seconds = model.setupSeconds() + (work + extra) / model.speed() * noise;
                return new SimulatedRound(seconds, null, seconds);
            }
            default:
                throw new IllegalStateException(model.level().toString());
        }
    }

    /**
     * The mean waiting time of the round's customers; the queue runs on (Lindley's recursion, service rate 1 per ms,
     * arrival rate ρ, exponential times by inversion).
     */
    private double queue(SplittableRandom rnd) {
        double sum = 0;
        double lambda = model.load();
        for (int c = 0; c < model.customers(); c++) {
            sum += wait;
            double service = -Math.log(1 - rnd.nextDouble());
            double gap = -Math.log(1 - rnd.nextDouble()) / lambda;
            wait = Math.max(0, wait + service - gap);
        }
        return sum / model.customers();
    }

    private double latent(double e, int round) {
        z = round == 0 ? e : model.phi() * z + innovation * e;
        return z;
    }

    private double spike(SplittableRandom rnd) {
        if (model.spikeProbability() == 0) {
            return 1;
        }
        return rnd.nextDouble() < model.spikeProbability() ? model.spikeFactor() : 1;
    }

    /** The round's own random stream: SplitMix64-mixed from (seed, round), independent across rounds. */
    private SplittableRandom random(int round) {
        return new SplittableRandom(mix(mix(seed) + round));
    }

    /** SplitMix64's finaliser (Steele, Lea & Flood 2014): consecutive inputs give unrelated outputs. */
    static long mix(long x) {
        x = (x ^ (x >>> 30)) * 0xbf58476d1ce4e5b9L;
        x = (x ^ (x >>> 27)) * 0x94d049bb133111ebL;
        return x ^ (x >>> 31);
    }
}
