package io.pilotbench.experiment;

import io.pilotbench.core.model.InputException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The jobs of an experiment, before anything runs (paper §3.2): the workers chosen by {@link WorkerSelection}, the
 * levels each software factor covers, every combination of them on every chosen worker, {@code replications} times,
 * in a random order (so slow drift of the machine does not line up with a factor). Everything random comes from the
 * experiment's seed: the same file and seed give the same plan.
 *
 * <p>Coverage c of a factor with L levels (the paper's percentage): c = 100% takes every level; otherwise a random
 * subset of max(1, ⌈c·L⌉) levels (so 0% is one random level and 75% of 4 levels is 3), kept in the file's order.
 *
 * @param spec      the experiment
 * @param workers   the selected workers
 * @param chosen    factor → the levels it covers (hardware factors: the selected workers' values)
 * @param jobs      in run order
 */
public record ExperimentPlan(
        ExperimentSpec spec, List<Worker> workers, Map<String, List<String>> chosen, List<Job> jobs) {
    /** Above this many jobs, the plan warns that the experiment space has exploded. */
    public static final int MANY_JOBS = 1000;

    public ExperimentPlan {
        workers = List.copyOf(workers);
        chosen = Collections.unmodifiableMap(new LinkedHashMap<>(chosen));
        jobs = List.copyOf(jobs);
    }

    /**
     * Plans {@code spec} on {@code inventory}.
     *
     * @param root whether the jobs will run as root (factors that need it are refused otherwise)
     * @throws InputException when no worker meets the constraints, the hardware coverage cannot be met, or a factor
     *                        needs root and this is not root
     */
    public static ExperimentPlan of(ExperimentSpec spec, List<Worker> inventory, boolean root) {
        Factor drop = spec.factor("drop-caches");
        if (drop != null
                && drop.kind() == Factor.Kind.DROP_CACHES
                && !root
                && drop.levels().contains("on")) {
            throw new InputException(spec.file() + ": factors.drop-caches: dropping the page cache needs root "
                    + "(it writes /proc/sys/vm/drop_caches); run the experiment as root, or remove the factor (or "
                    + "keep only its level off)");
        }
        List<Worker> eligible = eligible(spec, inventory);
        Map<String, Double> hardware = new LinkedHashMap<>();
        for (Factor f : spec.factors()) {
            if (f.kind() == Factor.Kind.HARDWARE) {
                hardware.put(f.name(), f.coverage());
            }
        }
        List<Worker> workers;
        try {
            workers = WorkerSelection.select(eligible, hardware);
        } catch (IllegalArgumentException e) {
            throw new InputException(spec.file() + ": hardware: " + e.getMessage());
        }
        Random random = random(spec.seed());
        Map<String, List<String>> chosen = new LinkedHashMap<>();
        for (Factor f : spec.factors()) {
            if (f.kind() == Factor.Kind.HARDWARE) {
                chosen.put(f.name(), WorkerSelection.levels(workers, f.name()));
            } else {
                chosen.put(f.name(), subset(f.levels(), f.coverage(), random));
            }
        }
        List<Map<String, String>> cells = cells(spec, chosen);
        record Draft(Worker worker, int replication, Map<String, String> cell) {}
        List<Draft> drafts = new ArrayList<>();
        for (Worker w : workers) {
            for (Map<String, String> cell : cells) {
                for (int r = 1; r <= spec.replications(); r++) {
                    drafts.add(new Draft(w, r, cell));
                }
            }
        }
        Collections.shuffle(drafts, random);
        List<Job> jobs = new ArrayList<>();
        for (Draft d : drafts) {
            Map<String, String> levels = new LinkedHashMap<>();
            for (Factor f : spec.factors()) {
                levels.put(
                        f.name(),
                        f.kind() == Factor.Kind.HARDWARE
                                ? d.worker().attributes().get(f.name())
                                : d.cell().get(f.name()));
            }
            jobs.add(new Job(jobs.size() + 1, d.worker().name(), d.replication(), levels));
        }
        return new ExperimentPlan(spec, workers, chosen, jobs);
    }

    /** The workers of {@code inventory} that meet the constraints; none is an error that says why for each. */
    private static List<Worker> eligible(ExperimentSpec spec, List<Worker> inventory) {
        List<Worker> eligible = new ArrayList<>();
        List<String> why = new ArrayList<>();
        for (Worker w : inventory) {
            String unmet = w.unmet(spec.constraints());
            if (unmet == null) {
                eligible.add(w);
            } else {
                why.add(w.name() + ": " + unmet);
            }
        }
        if (eligible.isEmpty()) {
            throw new InputException(
                    spec.file() + ": constraints: no worker meets them (" + String.join("; ", why) + ")");
        }
        return eligible;
    }

    /**
     * Every combination of the {@code chosen} levels of the software factors (factor → level, in the file's order
     * of factors), the first factor varying slowest.
     */
    private static List<Map<String, String>> cells(ExperimentSpec spec, Map<String, List<String>> chosen) {
        List<Map<String, String>> cells = new ArrayList<>();
        cells.add(new LinkedHashMap<>());
        for (Factor f : spec.factors()) {
            if (f.kind() == Factor.Kind.HARDWARE) {
                continue;
            }
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> cell : cells) {
                for (String level : chosen.get(f.name())) {
                    Map<String, String> c = new LinkedHashMap<>(cell);
                    c.put(f.name(), level);
                    next.add(c);
                }
            }
            cells = next;
        }
        return cells;
    }

    /**
     * The plan's generator for {@code seed}. java.util.Random's first draws from nearby seeds are correlated (seeds
     * 0 to 49 never picked one of four levels first), so the seed goes through SplittableRandom's mixing first.
     */
    static Random random(long seed) {
        return new Random(new java.util.SplittableRandom(seed).nextLong());
    }

    /** Every level for c = 1, else a random max(1, ⌈c·L⌉) of them in their given order. */
    static List<String> subset(List<String> levels, double coverage, Random random) {
        if (coverage >= 1) {
            return List.copyOf(levels);
        }
        int k = Math.max(1, (int) Math.ceil(coverage * levels.size() - 1e-9));
        List<Integer> idx = new ArrayList<>();
        for (int i = 0; i < levels.size(); i++) {
            idx.add(i);
        }
        Collections.shuffle(idx, random);
        List<Integer> keep = new ArrayList<>(idx.subList(0, k));
        Collections.sort(keep);
        return keep.stream().map(levels::get).toList();
    }

    /** A warning when the job count explodes, else null. */
    public String warning() {
        if (jobs.size() <= MANY_JOBS) {
            return null;
        }
        StringBuilder sizes = new StringBuilder();
        chosen.forEach((f, l) -> sizes.append(sizes.length() == 0 ? "" : " × ")
                .append(l.size())
                .append(' ')
                .append(f));
        return jobs.size() + " jobs (" + sizes + " × " + spec.replications() + " replications × "
                + workers.size() + " worker(s)): the experiment space has exploded; lower some coverages or "
                + "replications";
    }
}
