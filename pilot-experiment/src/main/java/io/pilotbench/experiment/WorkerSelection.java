package io.pilotbench.experiment;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.ojalgo.optimisation.Expression;
import org.ojalgo.optimisation.ExpressionsBasedModel;
import org.ojalgo.optimisation.Optimisation;
import org.ojalgo.optimisation.Variable;

/**
 * The fewest workers that cover the requested hardware-factor levels: DataMill's 0-1 integer program (de Oliveira et
 * al., "DataMill: Rigorous Performance Evaluation Made Easy", ICPE 2013, §4.1, eq. 1a–1f), solved with ojAlgo's
 * branch-and-bound instead of GLPK.
 *
 * <pre>
 *   min  Σ_i x_i                                   (1a)  x_i = 1: worker i is selected
 *   s.t. Σ_{i ∈ P_j} x_i ≥ l_j       for each level j   (1b)  a level counts only if a selected worker has it
 *        l_j ≥ x_i              j, i ∈ P_j              (1c)  a selected worker brings all its levels
 *        Σ_{j ∈ F_k} l_j ≥ B_k       for each factor k  (1d)  factor k covers at least B_k of its levels
 *        x_i, l_j ∈ {0, 1}                               (1e, 1f)
 * </pre>
 *
 * B_k = ⌈c_k·L_k⌉, at least 1, for a coverage c_k of a factor with L_k levels among the workers that meet the
 * constraints. Ties are broken deterministically: among the minimum sets, the one that is first when workers are
 * taken in name order (each worker in turn is kept when a minimum cover with it, and with those already kept,
 * exists: one more solve per worker, fine for inventories of hundreds).
 *
 * <p>The tie-breaking solves leave out (1c). It only makes l_j mirror the selection and never changes which x are
 * optimal (with (1d) a lower bound, any l_j may be raised to 1 once a provider is selected); and ojAlgo 57.1.0
 * answers INFEASIBLE for some feasible programs that hold both (1c) and a fixed x_i (the instance is
 * {@code WorkerSelectionTest#ojAlgoFixedVariableRegression}; the exhaustive test found it).
 */
public final class WorkerSelection {
    private WorkerSelection() {}

    /**
     * The selected workers, in name order.
     *
     * @param workers   the inventory (names unique)
     * @param coverage  hardware attribute → coverage in [0, 1]
     * @throws IllegalArgumentException when no worker meets the constraints (checked by the caller) or the coverage
     *                                  cannot be met
     */
    public static List<Worker> select(List<Worker> workers, Map<String, Double> coverage) {
        List<Worker> sorted = new ArrayList<>(workers);
        sorted.sort(Comparator.comparing(Worker::name));
        if (sorted.isEmpty()) {
            throw new IllegalArgumentException("no worker to select from");
        }
        if (coverage.isEmpty()) {
            return List.of(sorted.get(0)); // nothing to cover: one worker runs the jobs
        }
        Map<String, Integer> required = required(sorted, coverage);
        Integer best = solve(sorted, coverage, required, Map.of(), Integer.MAX_VALUE, true);
        if (best == null) {
            throw new IllegalArgumentException("the workers cannot cover the hardware factors as asked");
        }
        Map<Integer, Boolean> fixed = new LinkedHashMap<>();
        for (int i = 0; i < sorted.size(); i++) {
            fixed.put(i, true);
            if (solve(sorted, coverage, required, fixed, best, false) == null) {
                fixed.put(i, false);
            }
        }
        List<Worker> chosen = new ArrayList<>();
        fixed.forEach((i, on) -> {
            if (on) {
                chosen.add(sorted.get(i));
            }
        });
        return chosen;
    }

    /** B_k per factor. */
    static Map<String, Integer> required(List<Worker> workers, Map<String, Double> coverage) {
        Map<String, Integer> b = new LinkedHashMap<>();
        for (Map.Entry<String, Double> c : coverage.entrySet()) {
            int levels = levels(workers, c.getKey()).size();
            if (levels == 0) {
                throw new IllegalArgumentException("hardware factor '" + c.getKey() + "': no worker reports it");
            }
            b.put(c.getKey(), Math.max(1, (int) Math.ceil(c.getValue() * levels - 1e-9)));
        }
        return b;
    }

    /** The distinct values of {@code attribute} among {@code workers}, sorted. */
    static List<String> levels(List<Worker> workers, String attribute) {
        TreeSet<String> s = new TreeSet<>();
        for (Worker w : workers) {
            String v = w.attributes().get(attribute);
            if (v != null) {
                s.add(v);
            }
        }
        return new ArrayList<>(s);
    }

    /**
     * Solves the program with some x_i fixed and Σ x ≤ {@code atMost} (and (1c) when {@code linking}); the optimum
     * count, or null when infeasible.
     */
    private static Integer solve(
            List<Worker> workers,
            Map<String, Double> coverage,
            Map<String, Integer> required,
            Map<Integer, Boolean> fixed,
            int atMost,
            boolean linking) {
        ExpressionsBasedModel model = new ExpressionsBasedModel();
        List<Variable> x = new ArrayList<>();
        for (int i = 0; i < workers.size(); i++) {
            Variable v = model.addVariable("x" + i).binary().weight(1); // (1a), (1e)
            Boolean f = fixed.get(i);
            if (f != null) {
                v.level(f ? 1 : 0);
            }
            x.add(v);
        }
        if (atMost < Integer.MAX_VALUE) {
            Expression count = model.addExpression("count").upper(atMost);
            x.forEach(v -> count.set(v, 1));
        }
        for (String factor : coverage.keySet()) {
            Expression cover = model.addExpression("1d_" + factor).lower(required.get(factor));
            for (String level : levels(workers, factor)) {
                Variable l = model.addVariable("l_" + factor + "=" + level).binary(); // (1f)
                cover.set(l, 1);
                Expression b = model.addExpression("1b_" + factor + "=" + level).lower(0);
                b.set(l, -1);
                for (int i = 0; i < workers.size(); i++) {
                    if (level.equals(workers.get(i).attributes().get(factor))) {
                        b.set(x.get(i), 1);
                        if (linking) {
                            model.addExpression("1c_" + factor + "=" + level + "_" + i)
                                    .lower(0)
                                    .set(l, 1)
                                    .set(x.get(i), -1);
                        }
                    }
                }
            }
        }
        Optimisation.Result r = model.minimise();
        if (!r.getState().isFeasible()) {
            return null;
        }
        long count = 0;
        for (int i = 0; i < x.size(); i++) {
            count += Math.round(r.doubleValue(i));
        }
        return (int) count;
    }
}
