package io.pilotbench.simulate;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A synthetic workload whose truth is known: what it measures is drawn, deterministically from (seed, round), from
 * a model with a stable distribution, autocorrelation, non-stable phases, drift and spikes. {@code pilot simulate}
 * runs strategies against it and checks their answers against {@link #trueMean()} or {@link #trueSpeed()}.
 *
 * <p>Three kinds of sample, chosen by the spec:
 * <ul>
 *   <li>{@link Level#READINGS}: one reading per round (a round's time in ms, as {@code pilot run} measures a
 *       command). AR(1), warm-up and drift run across the rounds of a session.</li>
 *   <li>{@link Level#UNITS} ({@code units=N}): N unit readings per round (ms per unit, as in the Pilot paper's
 *       sequential-write benchmark). AR(1) runs within a round, warm-up from a round's first unit and cool-down back
 *       from its last; the round's reading is the sum.</li>
 *   <li>{@link Level#WPS} ({@code wps=V}): no readings, only the round's duration for a work amount w in
 *       {@code range}: t = setup + (w + warm-up extra + cool-down extra)/V, times a per-round noise of mean 1 whose
 *       distribution and AR(1) across rounds are the spec's. The truth is the stable speed V.</li>
 * </ul>
 *
 * <p>The latent process is z<sub>t</sub> = φ·z<sub>t−1</sub> + √(1−φ²)·ε<sub>t</sub> with z<sub>0</sub> = ε<sub>0</sub>
 * (stationary from the start); each sample is the marginal's quantile of z (see {@link Marginal}), times
 * (1 + warm-up factor)(1 + cool-down factor)(1 + drift·round), times {@code F} with probability {@code p} (a spike).
 *
 * <p>{@code mm1=ρ} replaces the marginal by the waiting times in queue of an M/M/1 queue at load ρ, FIFO, service rate
 * 1 per ms, started empty (the classic hard case of steady-state simulation: strongly autocorrelated, skewed, with a
 * real warm-up): W<sub>k+1</sub> = max(0, W<sub>k</sub> + S<sub>k</sub> − A<sub>k+1</sub>) (Lindley 1952), one
 * customer per round or the mean of {@code customers=K} consecutive customers per round; the queue runs on across
 * rounds. True mean ρ/(1 − ρ) ms; long-run variance of one customer ρ(2 + 5ρ − 4ρ² + ρ³)/(1 − ρ)⁴ ms² (Daley 1968;
 * Whitt 1989): 9 ms and 35,901 ms² at ρ = 0.9, relaxation time about 1/(1 − √ρ)² ≈ 380 customers.
 *
 * @param spec             the text the model was parsed from (for reports)
 * @param level            what a round yields
 * @param marginal         the stable distribution (for WPS: of the noise, whose mean is taken as 1)
 * @param phi              the lag-1 autocorrelation of the latent process, in (−1, 1)
 * @param warmup           the warm-up: one phase or several whose factors add, or null
 * @param cooldown         the cool-down (UNITS and WPS only), likewise, or null
 * @param drift            relative change of the stable level per round (0.001 = +0.1% per round)
 * @param spikeProbability the chance that a sample is a spike, in [0, 1)
 * @param spikeFactor      how many times as long a spike takes, &gt; 0
 * @param setupSeconds     seconds each round spends before its work (not in any reading), ≥ 0
 * @param units            unit readings per round (UNITS), the default work amount of a round
 * @param speed            V, units of work per second (WPS)
 * @param workMin          the smallest work amount of a WPS round
 * @param workMax          the largest work amount of a WPS round
 * @param load             ρ of an M/M/1 queue whose waiting times are the readings, in (0, 1); 0 for none
 * @param customers        customers per round of the queue (the reading is their mean waiting time), ≥ 1
 */
public record WorkloadModel(
        String spec,
        Level level,
        Marginal marginal,
        double phi,
        PhaseSum warmup,
        PhaseSum cooldown,
        double drift,
        double spikeProbability,
        double spikeFactor,
        double setupSeconds,
        int units,
        double speed,
        long workMin,
        long workMax,
        double load,
        int customers) {

    /** What a round of the workload yields. */
    public enum Level {
        READINGS,
        UNITS,
        WPS
    }

    /** The named models, each a spec that later keys may override ({@code ar1,phi=0.5}). */
    public static final Map<String, String> PRESETS = presets();

    private static Map<String, String> presets() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("normal", "dist=normal,mean=100,cv=0.1");
        m.put("ar1", "dist=normal,mean=100,cv=0.1,phi=0.9");
        m.put("warmup-ar1", "dist=normal,mean=100,cv=0.1,phi=0.9,warmup=exp:1:20");
        m.put("heavy", "dist=pareto,mean=100,cv=0.1,tail=2.5");
        m.put("lognormal", "dist=lognormal,mean=100,cv=0.3");
        m.put("bimodal", "dist=bimodal,mean=100,cv=0.05,modes=0.3:0.3");
        m.put("warmup-step", "dist=normal,mean=100,cv=0.1,warmup=step:0.3:10");
        m.put("mm1", "mm1=0.9");
        m.put("units", "dist=normal,mean=1,cv=0.2,phi=0.5,units=200,warmup=step:2:20,cooldown=step:1:5,setup=0.05");
        m.put("wps", "wps=1000,range=1000:1000000,setup=0.5,warmup=step:2:2000,cooldown=step:1:300,cv=0.03");
        m.put("warmup-exp", "dist=normal,mean=100,cv=0.1,warmup=exp:0.4:10");
        m.put("warmup-exp-slow", "dist=normal,mean=100,cv=0.02,phi=0.5,warmup=exp:0.1:50");
        m.put("jit-tiers", "dist=normal,mean=100,cv=0.05,phi=0.8,warmup=exp:2:3+step:0.08:40");
        m.put("gc-spikes", "dist=normal,mean=100,cv=0.05,warmup=exp:0.2:5,spikes=0.01:5");
        m.put("drift", "dist=normal,mean=100,cv=0.1,phi=0.5,drift=0.001");
        m.put("ar1-0.5", "dist=normal,mean=100,cv=0.1,phi=0.5");
        return Collections.unmodifiableMap(m);
    }

    /** What the presets shaped like real benchmarks imitate, for the models table (the others say it in their name). */
    public static final Map<String, String> PRESET_NOTES = Map.of(
            "warmup-exp", "a JIT or cache warm-up: +40% at round 0, decaying with τ = 10 rounds",
            "warmup-exp-slow", "a small, slow warm-up under low noise: still +1.4% at round 100",
            "jit-tiers",
                    "JIT tiers: the interpreter's +200% gone within ~15 rounds, then tier-1 code +8% until "
                            + "the final compile at round 40",
            "gc-spikes", "rare GC pauses (1% of rounds take 5×, counted in the truth) after a mild warm-up",
            "drift", "a level that creeps up +0.1% per round and never settles",
            "ar1-0.5", "moderate autocorrelation, the anchor case of the AR method");

    private static final List<String> KEYS = List.of(
            "dist",
            "mean",
            "cv",
            "tail",
            "modes",
            "phi",
            "warmup",
            "cooldown",
            "drift",
            "spikes",
            "setup",
            "units",
            "wps",
            "range",
            "mm1",
            "customers");

    public WorkloadModel {
        if (level == null || marginal == null) {
            throw new IllegalArgumentException("a level and a distribution are required");
        }
        if (!(phi > -1 && phi < 1)) {
            throw new IllegalArgumentException("phi must be in (-1, 1), got " + phi);
        }
        if (cooldown != null && level == Level.READINGS) {
            throw new IllegalArgumentException("a cool-down happens at the end of a round: it needs unit readings "
                    + "(units=N) or a WPS workload (wps=V)");
        }
        if (!Double.isFinite(drift) || drift <= -1) {
            throw new IllegalArgumentException("drift must be a finite fraction per round > -1, got " + drift);
        }
        if (!(spikeProbability >= 0 && spikeProbability < 1) || !(spikeFactor > 0) || Double.isInfinite(spikeFactor)) {
            throw new IllegalArgumentException(
                    "spikes need a probability in [0, 1) and a factor > 0, e.g. " + "spikes=0.01:5");
        }
        if (!(setupSeconds >= 0) || Double.isInfinite(setupSeconds)) {
            throw new IllegalArgumentException("setup must be >= 0 seconds, got " + setupSeconds);
        }
        if (level == Level.UNITS && units < 1) {
            throw new IllegalArgumentException("units must be >= 1, got " + units);
        }
        if (level == Level.WPS && (!(speed > 0) || Double.isInfinite(speed) || workMin < 1 || workMax <= workMin)) {
            throw new IllegalArgumentException(
                    "a WPS workload needs wps=SPEED > 0 and range=MIN:MAX with " + "1 <= MIN < MAX");
        }
        if (!(load >= 0 && load < 1) || customers < 1) {
            throw new IllegalArgumentException("an M/M/1 queue needs mm1=LOAD in (0, 1) and customers=K >= 1");
        }
        if (load > 0 && (level != Level.READINGS || phi != 0 || warmup != null)) {
            throw new IllegalArgumentException("mm1=LOAD is a readings workload of its own: it takes no units, wps, "
                    + "phi or warmup (it has its own correlation and warm-up)");
        }
    }

    /**
     * Parses a spec: an optional preset name, then {@code key=value} pairs separated by commas, later ones winning:
     * {@code dist=normal|lognormal|pareto|bimodal}, {@code mean=100} (ms), {@code cv=0.1}, {@code tail=2.5}
     * (Pareto α), {@code modes=SHARE:GAP} (bimodal), {@code phi=0.9}, {@code warmup=exp:A:TAU|step:A:N} or several
     * of those joined with {@code +} (their factors add: {@code warmup=exp:2:3+step:0.08:40}), {@code cooldown=…}, {@code drift=0.001}, {@code spikes=P:FACTOR}, {@code setup=SECONDS}, {@code units=N},
     * {@code wps=SPEED}, {@code range=MIN:MAX}.
     *
     * @throws IllegalArgumentException one line naming the bad part and the accepted forms
     */
    public static WorkloadModel parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("empty workload spec; give a preset ("
                    + String.join(", ", PRESETS.keySet()) + ") or keys such as dist=normal,mean=100,cv=0.1");
        }
        Map<String, String> keys = new LinkedHashMap<>();
        String[] parts = text.strip().split(",");
        for (int i = 0; i < parts.length; i++) {
            String part = parts[i].strip();
            int eq = part.indexOf('=');
            if (eq < 0) {
                String preset = PRESETS.get(part.toLowerCase(Locale.ROOT));
                if (i > 0 || preset == null) {
                    throw new IllegalArgumentException("'" + part + "' in workload spec '" + text + "' is not "
                            + (i == 0 ? "a preset (" + String.join(", ", PRESETS.keySet()) + ") or " : "")
                            + "a key=value pair");
                }
                for (String p : preset.split(",")) {
                    keys.put(p.substring(0, p.indexOf('=')), p.substring(p.indexOf('=') + 1));
                }
                continue;
            }
            String key = part.substring(0, eq).strip().toLowerCase(Locale.ROOT);
            if (!KEYS.contains(key)) {
                throw new IllegalArgumentException("unknown key '" + key + "' in workload spec '" + text
                        + "'; the keys are " + String.join(", ", KEYS));
            }
            keys.put(key, part.substring(eq + 1).strip());
        }
        try {
            return fromKeys(text.strip(), keys);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("workload spec '" + text.strip() + "': " + e.getMessage());
        }
    }

    private static WorkloadModel fromKeys(String spec, Map<String, String> k) {
        Level level = k.containsKey("wps") ? Level.WPS : k.containsKey("units") ? Level.UNITS : Level.READINGS;
        if (k.containsKey("wps") && k.containsKey("units")) {
            throw new IllegalArgumentException(
                    "units=N and wps=SPEED exclude each other (a WPS workload has no unit " + "readings)");
        }
        double[] modes = pair(k, "modes", "0.3:0.3");
        Marginal marginal = new Marginal(
                Marginal.Shape.parse(k.getOrDefault("dist", "normal")),
                number(k, "mean", level == Level.WPS ? 1 : 100),
                number(k, "cv", 0.1),
                number(k, "tail", 2.5),
                modes[0],
                modes[1]);
        if (k.containsKey("mm1") && !(number(k, "mm1", 0) > 0)) {
            // without this, mm1=0 was silently the plain normal workload (a load of 0 means no queue)
            throw new IllegalArgumentException("an M/M/1 queue needs mm1=LOAD in (0, 1), got mm1=" + k.get("mm1"));
        }
        double[] spikes = pair(k, "spikes", "0:1");
        double[] range = pair(k, "range", "1000:1000000");
        return new WorkloadModel(
                spec,
                level,
                marginal,
                number(k, "phi", 0),
                k.containsKey("warmup") ? PhaseSum.parse("warmup", k.get("warmup")) : null,
                k.containsKey("cooldown") ? PhaseSum.parse("cooldown", k.get("cooldown")) : null,
                number(k, "drift", 0),
                spikes[0],
                spikes[1],
                number(k, "setup", 0),
                (int) number(k, "units", 1),
                number(k, "wps", 0),
                (long) range[0],
                (long) range[1],
                number(k, "mm1", 0),
                (int) number(k, "customers", 1));
    }

    private static double number(Map<String, String> k, String key, double fallback) {
        String v = k.get(key);
        if (v == null) {
            return fallback;
        }
        try {
            return Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + "=" + v + " is not a number");
        }
    }

    private static double[] pair(Map<String, String> k, String key, String fallback) {
        String v = k.getOrDefault(key, fallback);
        String[] p = v.split(":");
        try {
            if (p.length == 2) {
                return new double[] {Double.parseDouble(p[0]), Double.parseDouble(p[1])};
            }
        } catch (NumberFormatException e) {
            // the message below
        }
        throw new IllegalArgumentException(
                key + "=" + v + " is not two numbers A:B (e.g. " + key + "=" + fallback + ")");
    }

    /**
     * The planted warm-up's length in samples (rounds for readings, unit readings from a round's start for units)
     * when it has one (steps only: the longest); −1 otherwise (none, or a part that decays without an end).
     */
    public int plantedWarmup() {
        return warmup != null ? warmup.planted() : -1;
    }

    /** The planted cool-down's length in unit readings (steps only: the longest), or −1. */
    public int plantedCooldown() {
        return cooldown != null ? cooldown.planted() : -1;
    }

    /** Whether the samples are stationary from the start (no warm-up, cool-down, drift; a queue starts empty). */
    public boolean stationary() {
        return warmup == null && cooldown == null && drift == 0 && load == 0;
    }

    /** The mean factor of the spikes, 1 + p·(F − 1). */
    double spikeMean() {
        return 1 + spikeProbability * (spikeFactor - 1);
    }

    /**
     * The true mean of a stable sample (READINGS, UNITS): the marginal's mean times the spikes' mean factor, without
     * warm-up or cool-down, at round 0 (a drifting workload has no single stable mean; this is where it starts).
     */
    public double trueMean() {
        if (level == Level.WPS) {
            throw new IllegalStateException("a WPS workload's truth is its speed");
        }
        if (load > 0) {
            return load / (1 - load) * spikeMean();
        }
        return marginal.mean() * spikeMean();
    }

    /** The true stable speed of a WPS workload, units per second: V over the spikes' mean factor. */
    public double trueSpeed() {
        if (level != Level.WPS) {
            throw new IllegalStateException("only a WPS workload has a speed");
        }
        return speed / spikeMean();
    }

    /**
     * The true value of the quantity the strategies estimate: {@link #trueSpeed()} or {@link #trueMean()}. With a drift
     * there is none to converge to: it is then the level at round 0, ignoring the drift (a session of n rounds
     * averages about drift·(n − 1)/2 above it).
     */
    public double truth() {
        return level == Level.WPS ? trueSpeed() : trueMean();
    }

    /** The standard deviation of a stable sample, spikes included. */
    public double trueSd() {
        if (load > 0) {
            // Var(W) = ρ(2 − ρ)/(1 − ρ)² for service rate 1; a round's mean of K customers has less, but its
            // long-run variance (what the oracle needs) is exact below
            return Math.sqrt(load * (2 - load)) / (1 - load);
        }
        double m = marginal.mean();
        double s = marginal.sd();
        double second = (s * s + m * m) * (1 - spikeProbability + spikeProbability * spikeFactor * spikeFactor);
        double mean = m * spikeMean();
        return Math.sqrt(second - mean * mean);
    }

    /**
     * The long-run variance of stable samples, σ² + 2·Σ<sub>k≥1</sub> cov(lag k): with spikes independent of the
     * latent process, cov(lag k) = (spike mean)²·ρ<sub>k</sub>·σ<sub>X</sub>². For a normal marginal
     * ρ<sub>k</sub> = φ<sup>k</sup> exactly; for the others it is at most φ<sup>k</sup> in absolute value (the
     * maximal correlation of a bivariate normal is |ρ|: Gebelein 1941, Lancaster 1957), so this is then an upper
     * bound. The bimodal mixture's mode is independent per sample, so only its within-mode variance is correlated.
     */
    public double longRunVariance() {
        if (load > 0) {
            double r = load;
            return r * (2 + 5 * r - 4 * r * r + r * r * r) / Math.pow(1 - r, 4) / customers;
        }
        double sd = trueSd();
        double sx = marginal.shape() == Marginal.Shape.BIMODAL ? marginal.cv() * marginal.mean() : marginal.sd();
        double correlated = spikeMean() * spikeMean() * sx * sx;
        return sd * sd + correlated * 2 * phi / (1 - phi);
    }

    /** A generator of this workload's rounds for one session, seeded. */
    public WorkloadGenerator generator(long seed) {
        return new WorkloadGenerator(this, seed);
    }

    /** One line for reports: the spec and what it means. */
    public String describe() {
        StringBuilder s = new StringBuilder();
        switch (level) {
            case READINGS ->
                s.append(
                        load > 0
                                ? "M/M/1 waiting time in queue, load " + Marginal.num(load)
                                        + (customers > 1
                                                ? ", mean of " + customers + " customers per round"
                                                : ", one customer per round")
                                        + ", started empty"
                                : "one reading per round, " + marginal);
            case UNITS -> s.append(units).append(" unit readings per round, ").append(marginal);
            case WPS ->
                s.append("WPS: ")
                        .append(Marginal.num(speed))
                        .append(" units/s over work ")
                        .append(workMin)
                        .append("..")
                        .append(workMax)
                        .append(", noise ")
                        .append(marginal.withMean(1));
            default -> throw new IllegalStateException(level.toString());
        }
        if (phi != 0) {
            s.append(", φ ").append(Marginal.num(phi));
        }
        if (warmup != null) {
            s.append(", warm-up ").append(warmup);
        }
        if (cooldown != null) {
            s.append(", cool-down ").append(cooldown);
        }
        if (drift != 0) {
            s.append(", drift ")
                    .append(Marginal.num(drift))
                    .append("/round: no steady state (truth = round 0's level)");
        }
        if (spikeProbability > 0) {
            s.append(", spikes ")
                    .append(Marginal.num(spikeProbability))
                    .append("×")
                    .append(Marginal.num(spikeFactor));
        }
        if (setupSeconds > 0) {
            s.append(", setup ").append(Marginal.num(setupSeconds)).append(" s");
        }
        return s.toString();
    }
}
