package io.pilotbench.experiment;

import io.pilotbench.core.model.InputException;
import io.pilotbench.stats.StudentT;
import io.pilotbench.stats.anova.AnovaRow;
import io.pilotbench.stats.anova.AnovaTable;
import io.pilotbench.stats.anova.FactorialAnova;
import io.pilotbench.stats.anova.MarginalMeans;
import io.pilotbench.stats.anova.SumOfSquares;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The analysis of an experiment's table (paper §5): per metric, an n-way ANOVA ({@link FactorialAnova}; Type II
 * sums of squares by default, which do not depend on the order of the factors and suit the unbalanced tables that
 * failed jobs and partial coverage leave) with the interactions up to a chosen order, its R², and for each factor
 * whose p-value is under α a sentence with the effect's size: the difference between its highest and lowest level's
 * estimated marginal means (the fitted model's mean of each level over the other factors' levels alike, as R's
 * emmeans; with every cell equally filled, the levels' raw means), relative to the lowest, with the fit's 95% CI (t
 * with the residual degrees of freedom).
 *
 * <p>The factors are the table's factor columns that take at least two levels among the jobs that succeeded; the
 * analysis names the failed jobs and the factors with one level it left out ({@link LeftOut}), and says when the
 * residual has no degree of freedom to estimate the error from.
 */
public final class ExperimentAnalysis {
    private ExperimentAnalysis() {}

    /**
     * One metric's analysis.
     *
     * @param metric    the metric's column
     * @param n         jobs analysed
     * @param factors   the factors in the model
     * @param table     the ANOVA table
     * @param rSquared  1 − SS_residual / SS_total
     * @param effects   per factor: the effect of going from its lowest- to its highest-mean level
     * @param left      what was left out of the model and why: failed jobs, jobs without a value, factors with a
     *                  single level
     */
    public record MetricAnalysis(
            String metric,
            int n,
            List<String> factors,
            AnovaTable table,
            double rSquared,
            Map<String, Effect> effects,
            LeftOut left) {
        /** Whether the residual has no degree of freedom: every cell has one job, no replicate to estimate error. */
        public boolean noReplicates() {
            return table.residual().df() == 0;
        }
    }

    /**
     * What an analysis left out, so that it is said rather than silently dropped.
     *
     * @param failedJobs   the jobs with an error (in the table's {@code error} column), in table order
     * @param withoutValue the jobs without an error but without a value of the metric
     * @param singleLevel  factor → its one level among the jobs analysed (a constant explains no variance)
     */
    public record LeftOut(List<String> failedJobs, List<String> withoutValue, Map<String, String> singleLevel) {
        public LeftOut {
            failedJobs = List.copyOf(failedJobs);
            withoutValue = List.copyOf(withoutValue);
            singleLevel = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(singleLevel));
        }
    }

    /**
     * A main effect: the levels' estimated marginal means, and the largest difference between two of them with its
     * CI.
     *
     * @param low          the level with the lowest marginal mean
     * @param high         the level with the highest marginal mean
     * @param lowMean      its marginal mean
     * @param highMean     its marginal mean
     * @param difference   highMean − lowMean
     * @param ciHalfWidth  half-width of the 95% CI of the difference (the fit's standard error, residual df)
     */
    public record Effect(
            String low, String high, double lowMean, double highMean, double difference, double ciHalfWidth) {
        /** The difference relative to the lowest mean, as a fraction. */
        public double relative() {
            return difference / Math.abs(lowMean);
        }
    }

    /**
     * The jobs an analysis rests on (those without an error) whose session of run.sh stopped before its precision
     * target: at the round cap, the time cap, or for another reason. Their {@code time} is a mean less precise than
     * the experiment asked for.
     *
     * @param analysed the jobs without an error
     * @param jobs     those of them that did not reach the target, in table order
     * @param reasons  stop reason (as in the table's {@code stop} column) → how many of them stopped for it
     */
    public record Imprecise(int analysed, List<String> jobs, Map<String, Integer> reasons) {
        public Imprecise {
            jobs = List.copyOf(jobs);
            reasons = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(reasons));
        }
    }

    /** The jobs of the experiment in {@code dir} that stopped before their precision target. */
    public static Imprecise imprecise(Path dir) throws IOException {
        return imprecise(ResultsTable.read(dir));
    }

    /** The rows' jobs that stopped before their precision target (rows with an error are not analysed). */
    public static Imprecise imprecise(List<Map<String, String>> rows) {
        int analysed = 0;
        List<String> jobs = new ArrayList<>();
        Map<String, Integer> reasons = new TreeMap<>();
        for (Map<String, String> r : rows) {
            if (r.get("error") != null && !r.get("error").isEmpty()) {
                continue;
            }
            analysed++;
            String stop = r.get("stop");
            if (stop != null && !stop.isEmpty() && !stop.equals("target_met")) {
                jobs.add(r.get("job"));
                reasons.merge(stop, 1, Integer::sum);
            }
        }
        return new Imprecise(analysed, jobs, reasons);
    }

    /** A warning about {@code i}, as lines of text, or none when every job reached its target. */
    public static List<String> render(Imprecise i) {
        if (i.jobs().isEmpty()) {
            return List.of();
        }
        List<String> why = new ArrayList<>();
        i.reasons()
                .forEach((reason, n) -> why.add(n + " at "
                        + switch (reason) {
                            case "round_limit" -> "the round cap (max-rounds)";
                            case "time_limit" -> "the time cap (max-time)";
                            default -> reason.replace('_', ' ');
                        }));
        int shown = Math.min(i.jobs().size(), 20);
        String which = String.join(" ", i.jobs().subList(0, shown))
                + (shown < i.jobs().size() ? " and " + (i.jobs().size() - shown) + " more" : "");
        return List.of(
                "warning: " + i.jobs().size() + " of " + i.analysed() + " jobs stopped before their precision "
                        + "target (" + String.join(", ", why) + "): " + which + ".",
                "  Their time is a mean less precise "
                        + "than asked for (each job's CI is in results.csv), and the ANOVA below rests on it; raise max-rounds "
                        + "(a CI needs at least 20 rounds) or max-time under precision to reach the target.");
    }

    /** Analyses every metric of the experiment in {@code dir}. */
    public static List<MetricAnalysis> analyze(Path dir, int order, SumOfSquares type) throws IOException {
        List<Map<String, String>> rows = ResultsTable.read(dir);
        List<String> header = ResultsTable.header(dir);
        return analyze(rows, header, order, type);
    }

    /** Analyses rows as read from a results table with {@code header}. */
    public static List<MetricAnalysis> analyze(
            List<Map<String, String>> rows, List<String> header, int order, SumOfSquares type) {
        int t = header.indexOf(ExperimentSpec.TIME);
        if (t < 0) {
            throw new InputException("the results table has no '" + ExperimentSpec.TIME + "' column");
        }
        List<String> factorColumns = new ArrayList<>();
        for (String h : header.subList(0, t)) {
            if (!h.equals("job") && !h.equals("replication") && !h.endsWith(".observed")) {
                factorColumns.add(h);
            }
        }
        List<String> metrics = new ArrayList<>();
        metrics.add(ExperimentSpec.TIME);
        int metricsFrom = header.indexOf("stop") + 1;
        for (String h : header.subList(metricsFrom, header.size())) {
            if (!h.equals("env.bytes") && !h.equals("error")) {
                metrics.add(h);
            }
        }
        List<MetricAnalysis> out = new ArrayList<>();
        for (String metric : metrics) {
            out.add(analyzeMetric(rows, factorColumns, metric, order, type));
        }
        return out;
    }

    static MetricAnalysis analyzeMetric(
            List<Map<String, String>> rows, List<String> factorColumns, String metric, int order, SumOfSquares type) {
        List<Map<String, String>> ok = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        List<String> withoutValue = new ArrayList<>();
        for (Map<String, String> r : rows) {
            String v = r.get(metric);
            if (r.get("error") != null && !r.get("error").isEmpty()) {
                failed.add(String.valueOf(r.get("job")));
            } else if (v == null || v.isEmpty()) {
                withoutValue.add(String.valueOf(r.get("job")));
            } else {
                ok.add(r);
            }
        }
        List<String> factors = new ArrayList<>();
        Map<String, String> singleLevel = new LinkedHashMap<>();
        for (String f : factorColumns) {
            Set<String> levels = new LinkedHashSet<>();
            ok.forEach(r -> levels.add(r.get(f)));
            if (levels.size() >= 2) {
                factors.add(f);
            } else if (levels.size() == 1 && !f.equals("worker")) {
                // one machine is how most experiments run, not a factor the experiment file varied
                singleLevel.put(f, levels.iterator().next());
            }
        }
        LeftOut left = new LeftOut(failed, withoutValue, singleLevel);
        if (factors.isEmpty()) {
            throw new InputException("metric " + metric + ": no factor takes two levels among the " + ok.size()
                    + " jobs that succeeded" + (failed.isEmpty() ? "" : " (" + failed.size() + " failed)")
                    + "; there is nothing to attribute variance to");
        }
        double[] y = new double[ok.size()];
        Map<String, String[]> labels = new LinkedHashMap<>();
        factors.forEach(f -> labels.put(f, new String[ok.size()]));
        for (int i = 0; i < ok.size(); i++) {
            y[i] = Double.parseDouble(ok.get(i).get(metric));
            for (String f : factors) {
                labels.get(f)[i] = ok.get(i).get(f);
            }
        }
        List<String> terms = terms(factors, order);
        AnovaTable table;
        try {
            table = FactorialAnova.table(y, labels, terms, type);
        } catch (IllegalArgumentException e) {
            throw new InputException("metric " + metric + ": " + e.getMessage() + "; with " + ok.size()
                    + " jobs, try a lower --order (or more replications)");
        }
        double mean = 0;
        for (double v : y) {
            mean += v;
        }
        mean /= y.length;
        double total = 0;
        for (double v : y) {
            total += (v - mean) * (v - mean);
        }
        double r2 = total == 0 ? Double.NaN : 1 - table.residual().ss() / total;
        Map<String, Effect> effects = new LinkedHashMap<>();
        for (String f : factors) {
            effects.put(f, effect(y, labels, terms, f));
        }
        return new MetricAnalysis(metric, ok.size(), factors, table, r2, effects, left);
    }

    /** Main effects, then every interaction of 2..order factors, in factor order. */
    static List<String> terms(List<String> factors, int order) {
        List<String> terms = new ArrayList<>();
        for (int k = 1; k <= Math.max(1, Math.min(order, factors.size())); k++) {
            combine(factors, k, 0, new ArrayList<>(), terms);
        }
        return terms;
    }

    private static void combine(List<String> f, int k, int from, List<String> acc, List<String> out) {
        if (acc.size() == k) {
            out.add(String.join(":", acc));
            return;
        }
        for (int i = from; i < f.size(); i++) {
            acc.add(f.get(i));
            combine(f, k, i + 1, acc, out);
            acc.remove(acc.size() - 1);
        }
    }

    /**
     * The factor's effect: its levels' estimated marginal means from the fitted model (each averaged over the other
     * factors' levels alike), the lowest and the highest, and their difference with the fit's 95% CI. From the raw
     * level means, the jobs that failed weighed the other factors' levels unequally: a factor with no effect showed
     * "1.06 ms ± 0.45 ms", and another's effect had the wrong sign.
     */
    private static Effect effect(double[] y, Map<String, String[]> labels, List<String> terms, String factor) {
        MarginalMeans first = FactorialAnova.marginalMeans(y, labels, terms, factor, labels.get(factor)[0]);
        int low = 0;
        int high = 0;
        for (int i = 0; i < first.levels().size(); i++) {
            low = first.means()[i] < first.means()[low] ? i : low;
            high = first.means()[i] > first.means()[high] ? i : high;
        }
        if (low == high) {
            // every level has the same mean: the effect is 0 between two levels, not from a level to itself
            high = low == first.levels().size() - 1 ? 0 : first.levels().size() - 1;
        }
        String lowLevel = first.levels().get(low);
        MarginalMeans fromLow = FactorialAnova.marginalMeans(y, labels, terms, factor, lowLevel);
        double difference = fromLow.differences()[high];
        double half = fromLow.residualDf() > 0
                ? StudentT.quantile(0.975, fromLow.residualDf()) * fromLow.standardErrors()[high]
                : Double.NaN;
        return new Effect(
                lowLevel, first.levels().get(high), fromLow.means()[low], fromLow.means()[high], difference, half);
    }

    /**
     * What the text and the JSON say of the residual when it cannot give an F: no degree of freedom ({@link
     * #noReplicates}), or no variance (the metric is fixed by the factors); null otherwise.
     */
    public static String residualNote(MetricAnalysis a) {
        if (a.noReplicates()) {
            return noReplicates(a);
        }
        return a.table().residual().ss() == 0
                ? "no residual variance: " + a.metric() + " is fixed by the factors, so F is infinite or undefined"
                : null;
    }

    /** The sentence said when the residual has no degree of freedom. */
    public static String noReplicates(MetricAnalysis a) {
        return "no residual degrees of freedom: the " + a.n() + " jobs fill the model's " + a.n() + " parameters (each "
                + "cell of the factors has one job), so there are no replicates to estimate the error from, and no F "
                + "or p-value; run each cell more than once (replications: 2 or more in the experiment file, and a "
                + "new pilot experiment run), or fit fewer terms (--order 1)";
    }

    /** What an analysis left out, as lines (none when nothing was). */
    public static List<String> render(LeftOut l) {
        List<String> out = new ArrayList<>();
        if (!l.failedJobs().isEmpty()) {
            out.add(l.failedJobs().size() + " failed job" + (l.failedJobs().size() == 1 ? " was" : "s were")
                    + " left out (" + list(l.failedJobs()) + "; the error column of results.csv says why)");
        }
        if (!l.withoutValue().isEmpty()) {
            out.add(l.withoutValue().size() + " job" + (l.withoutValue().size() == 1 ? "" : "s") + " without a value "
                    + "of the metric left out (" + list(l.withoutValue()) + ")");
        }
        l.singleLevel()
                .forEach((f, level) -> out.add("factor " + f + " was left out: it has one level (" + level
                        + ") among the jobs analysed, so it explains no variance"));
        return out;
    }

    private static String list(List<String> jobs) {
        int shown = Math.min(jobs.size(), 10);
        return "job" + (jobs.size() == 1 ? " " : "s ") + String.join(" ", jobs.subList(0, shown))
                + (shown < jobs.size() ? " and " + (jobs.size() - shown) + " more" : "");
    }

    /** The paper's table and the sentences, as text. */
    public static List<String> render(MetricAnalysis a, double alpha) {
        List<String> out = new ArrayList<>();
        out.add("metric " + a.metric() + ": " + a.n() + " jobs, R² = "
                + (Double.isNaN(a.rSquared())
                        ? "undefined (" + a.metric() + " does not vary)"
                        : String.format(Locale.ROOT, "%.4f", a.rSquared()))
                + ", "
                + typeName(a.table().type()) + " sums of squares");
        render(a.left()).forEach(l -> out.add("  " + l));
        out.add(String.format(Locale.ROOT, "  %-34s %4s %12s %10s %10s", "factor", "Df", "Mean Sq.", "F", "p-value"));
        for (AnovaRow r : a.table().terms()) {
            out.add(String.format(
                    Locale.ROOT,
                    "  %-34s %4d %12.4g %10.4g %10s",
                    r.term(),
                    r.df(),
                    r.meanSquare(),
                    r.f(),
                    p(r.pValue())));
        }
        AnovaRow res = a.table().residual();
        out.add(String.format(Locale.ROOT, "  %-34s %4d %12.4g", "Residuals", res.df(), res.meanSquare()));
        String note = residualNote(a);
        if (note != null) {
            out.add(a.noReplicates() ? "  " + note : "  (" + note + ")");
        }
        for (AnovaRow r : a.table().terms()) {
            if (!(r.pValue() < alpha)) {
                continue;
            }
            Effect e = a.effects().get(r.term());
            String what = a.metric().equals(ExperimentSpec.TIME) ? "execution time" : a.metric();
            if (e != null) {
                // relative to a lowest mean of 0 there is no percentage ("by Infinity%"): the difference says it
                String by = Double.isFinite(e.relative())
                        ? " by " + String.format(Locale.ROOT, "%.1f%%", 100 * e.relative())
                        : "";
                out.add("  " + r.term().replace('-', ' ') + " changes " + what + by + " (" + e.high() + " "
                        + String.format(Locale.ROOT, "%.4g", e.highMean()) + " vs " + e.low() + " "
                        + String.format(Locale.ROOT, "%.4g", e.lowMean())
                        + ", difference " + String.format(Locale.ROOT, "%.3g ± %.2g", e.difference(), e.ciHalfWidth())
                        + " at 95%; " + pSentence(r.pValue()) + ")");
            } else if (r.term().contains(":")) {
                // only a term of two or more factors is an interaction; Type III's Intercept is none (it tests a
                // grand mean of 0, which a metric almost never has: no sentence is owed to it)
                out.add("  the interaction " + r.term() + " is significant (" + pSentence(r.pValue()) + "): the "
                        + "effect of one factor depends on the level of the other");
            }
        }
        return out;
    }

    private static String typeName(SumOfSquares t) {
        return switch (t) {
            case TYPE_I -> "Type I";
            case TYPE_II -> "Type II";
            case TYPE_III -> "Type III";
        };
    }

    static String p(double p) {
        if (Double.isNaN(p)) {
            return "NaN";
        }
        return p < 2e-16 ? "< 2e-16" : String.format(Locale.ROOT, "%.4g", p);
    }

    static String pSentence(double p) {
        return p < 0.001 ? "p < 0.001" : String.format(Locale.ROOT, "p = %.3f", p);
    }
}
