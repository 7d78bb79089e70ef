package io.pilotbench.stats.anova;

import io.pilotbench.stats.Descriptive;
import io.pilotbench.stats.FisherF;
import io.pilotbench.stats.regression.LinearRegression;
import io.pilotbench.stats.regression.OlsResult;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * n-way (factorial) analysis of variance with interactions, by least squares on an effect-coded design: the general
 * linear model approach of Searle, Linear Models for Unbalanced Data (Wiley 1987), as in R's {@code lm}/{@code anova}
 * and {@code car::Anova}, and statsmodels' {@code anova_lm}.
 *
 * <p>Each factor with L levels (its distinct labels, sorted) contributes L − 1 sum-to-zero columns (level j: 1, last
 * level: −1, others 0; R's {@code contr.sum}); an interaction's columns are the products of its factors' columns. Every
 * model has an intercept. A term's sum of squares is the drop in residual SS between two nested least-squares fits
 * ({@link LinearRegression}, Householder QR): Type I adds terms in the given order, Type II compares the terms that
 * do not contain the term with and without it, Type III removes the term (or the intercept) from the full model (see
 * {@link SumOfSquares}). With sum-to-zero coding Type III matches SAS and {@code car::Anova(type = 3)}; Type I and II do
 * not depend on the coding. A difference that rounding makes negative is reported as 0.
 *
 * <p>Example: {@code table(logDays, Map.of("Duration", d, "Weight", w), List.of("Duration", "Weight",
 * "Duration:Weight"), SumOfSquares.TYPE_I)} reproduces statsmodels' kidney table (Duration SS 2.339693, F 4.358293).
 */
public final class FactorialAnova {
    private FactorialAnova() {}

    /**
     * Computes an ANOVA table.
     *
     * @param response finite values, one per observation
     * @param factors  factor name → level label per observation (same length as response, no nulls); names must not
     *                 contain ':'
     * @param terms    model terms in order: a factor name ("A") or an interaction of distinct factors ("A:B",
     *                 "A:B:C"); each at most once
     * @param type     which sums of squares
     * @return the table; with zero residual df the residual mean square, F and p are NaN
     * @throws IllegalArgumentException for unknown factors, malformed or repeated terms, a factor with one level, NaN/∞
     *                                  responses, too few observations, or a rank-deficient design (e.g. an empty cell
     *                                  of an interaction)
     */
    public static AnovaTable table(
            double[] response, Map<String, String[]> factors, List<String> terms, SumOfSquares type) {
        int n = response.length;
        for (int i = 0; i < n; i++) {
            if (!Double.isFinite(response[i])) {
                throw new IllegalArgumentException("response[" + i + "] is " + response[i] + "; values must be finite");
            }
        }
        if (terms.isEmpty()) {
            throw new IllegalArgumentException("need at least one term");
        }
        List<Set<String>> parsed = new ArrayList<>();
        List<double[][]> columns = new ArrayList<>();
        for (String term : terms) {
            Set<String> names = new LinkedHashSet<>(List.of(term.split(":", -1)));
            if (names.size() != term.split(":", -1).length || names.contains("")) {
                throw new IllegalArgumentException("malformed term '" + term + "'");
            }
            for (Set<String> earlier : parsed) {
                if (earlier.equals(names)) {
                    throw new IllegalArgumentException("term '" + term + "' appears twice");
                }
            }
            parsed.add(names);
            double[][] termColumns = {filled(n)};
            for (String name : names) {
                termColumns = products(termColumns, sumCoded(name, factors.get(name), n));
            }
            columns.add(termColumns);
        }

        List<Integer> all = range(terms.size());
        OlsResult fullFit = fit(response, columns, all, true);
        double residualSs = fullFit == null ? centredSs(response) : fullFit.residualSs();
        int residualDf = fullFit == null ? n - 1 : fullFit.residualDf();
        double residualMs = residualDf == 0 ? Double.NaN : residualSs / residualDf;

        List<AnovaRow> rows = new ArrayList<>();
        if (type == SumOfSquares.TYPE_III) {
            OlsResult noIntercept = fit(response, columns, all, false);
            rows.add(row("Intercept", 1, noIntercept.residualSs() - residualSs, residualMs, residualDf));
        }
        for (int t = 0; t < terms.size(); t++) {
            List<Integer> base = new ArrayList<>();
            switch (type) {
                case TYPE_I -> base.addAll(range(t));
                case TYPE_II -> {
                    for (int u = 0; u < terms.size(); u++) {
                        if (u != t && !parsed.get(u).containsAll(parsed.get(t))) {
                            base.add(u);
                        }
                    }
                }
                case TYPE_III -> {
                    base.addAll(all);
                    base.remove(Integer.valueOf(t));
                }
            }
            List<Integer> with = new ArrayList<>(base);
            with.add(t);
            double ss = rss(response, columns, base) - rss(response, columns, with);
            rows.add(row(terms.get(t), columns.get(t).length, ss, residualMs, residualDf));
        }
        AnovaRow residual = new AnovaRow("Residuals", residualDf, residualSs, residualMs, Double.NaN, Double.NaN);
        return new AnovaTable(type, rows, residual);
    }

    /**
     * The estimated marginal means of {@code factor} in the model of {@code terms}, and each level's difference from
     * {@code reference} with its standard error: the model refitted with {@code factor} coded against {@code
     * reference} (its level j: 1 in column j, 0 elsewhere) and every other factor sum-to-zero, so that the intercept is
     * the reference's marginal mean and the coefficient of level j the difference, with the fit's standard error
     * (the other factors' columns, and their products with {@code factor}'s, average to 0 over their levels). As R's
     * {@code emmeans(lm(...), ~ factor)} and its pairwise contrasts.
     *
     * @throws IllegalArgumentException as {@link #table}, or when {@code factor} is not in a term or has no level
     *                                  {@code reference}
     */
    public static MarginalMeans marginalMeans(
            double[] response, Map<String, String[]> factors, List<String> terms, String factor, String reference) {
        int n = response.length;
        String[] own = factors.get(factor);
        if (own == null
                || terms.stream().noneMatch(t -> List.of(t.split(":", -1)).contains(factor))) {
            throw new IllegalArgumentException("factor '" + factor + "' is in no term of the model");
        }
        List<String> levels = new ArrayList<>(new TreeSet<>(List.of(own)));
        if (!levels.contains(reference)) {
            throw new IllegalArgumentException("factor '" + factor + "' has no level '" + reference + "'");
        }
        List<String> others = new ArrayList<>(levels);
        others.remove(reference);
        List<double[]> design = new ArrayList<>();
        int from = -1;
        for (String term : terms) {
            double[][] termColumns = {filled(n)};
            boolean withFactor = false;
            for (String name : term.split(":", -1)) {
                double[][] coded =
                        name.equals(factor) ? treatmentCoded(own, others) : sumCoded(name, factors.get(name), n);
                withFactor |= name.equals(factor);
                termColumns = products(termColumns, coded);
            }
            if (withFactor && term.equals(factor)) {
                from = design.size();
            }
            design.addAll(List.of(termColumns));
        }
        if (from < 0) {
            throw new IllegalArgumentException("factor '" + factor + "' has no main effect in the model");
        }
        OlsResult fit;
        try {
            fit = LinearRegression.fit(response, design.toArray(double[][]::new), true);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "cannot fit the ANOVA model (an empty cell, or confounded terms?): " + e.getMessage(), e);
        }
        double base = fit.coefficient(0).estimate();
        double[] means = new double[levels.size()];
        double[] differences = new double[levels.size()];
        double[] errors = new double[levels.size()];
        for (int i = 0; i < levels.size(); i++) {
            int j = others.indexOf(levels.get(i));
            // model order: the intercept is index 0, the design's column c is index c + 1
            differences[i] = j < 0 ? 0 : fit.coefficient(from + j + 1).estimate();
            errors[i] = j < 0 ? 0 : fit.coefficient(from + j + 1).standardError();
            means[i] = base + differences[i];
        }
        return new MarginalMeans(factor, levels, means, reference, differences, errors, fit.residualDf());
    }

    /** Treatment coding against the level left out of {@code levels}: a column per level, 1 where it is taken. */
    private static double[][] treatmentCoded(String[] labels, List<String> levels) {
        double[][] coded = new double[levels.size()][labels.length];
        for (int i = 0; i < labels.length; i++) {
            int j = levels.indexOf(labels[i]);
            if (j >= 0) {
                coded[j][i] = 1;
            }
        }
        return coded;
    }

    private static AnovaRow row(String term, int df, double ss, double residualMs, int residualDf) {
        double clamped = Math.max(0, ss);
        double ms = clamped / df;
        double f = ms / residualMs;
        return new AnovaRow(
                term, df, clamped, ms, f, residualDf == 0 ? Double.NaN : FisherF.upperTail(f, df, residualDf));
    }

    private static double rss(double[] y, List<double[][]> columns, List<Integer> terms) {
        OlsResult fit = fit(y, columns, terms, true);
        return fit == null ? centredSs(y) : fit.residualSs();
    }

    /** The least-squares fit on the given terms' columns, or null for an intercept-only model. */
    private static OlsResult fit(double[] y, List<double[][]> columns, List<Integer> terms, boolean intercept) {
        List<double[]> design = new ArrayList<>();
        for (int t : terms) {
            design.addAll(List.of(columns.get(t)));
        }
        if (design.isEmpty()) {
            return null;
        }
        try {
            return LinearRegression.fit(y, design.toArray(double[][]::new), intercept);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "cannot fit the ANOVA model (an empty cell, or confounded terms?): " + e.getMessage(), e);
        }
    }

    private static double centredSs(double[] y) {
        double mean = Descriptive.mean(y);
        double ss = 0;
        for (double v : y) {
            ss += (v - mean) * (v - mean);
        }
        return ss;
    }

    private static double[][] sumCoded(String name, String[] labels, int n) {
        if (labels == null) {
            throw new IllegalArgumentException("unknown factor '" + name + "'");
        }
        if (labels.length != n) {
            throw new IllegalArgumentException(
                    "factor '" + name + "' has " + labels.length + " labels but there are " + n + " responses");
        }
        TreeSet<String> levels = new TreeSet<>();
        for (int i = 0; i < n; i++) {
            if (labels[i] == null) {
                throw new IllegalArgumentException("factor '" + name + "' label " + i + " is null");
            }
            levels.add(labels[i]);
        }
        if (levels.size() < 2) {
            throw new IllegalArgumentException("factor '" + name + "' has " + levels.size() + " level(s); need 2");
        }
        List<String> ordered = new ArrayList<>(levels);
        String last = ordered.get(ordered.size() - 1);
        double[][] coded = new double[ordered.size() - 1][n];
        for (int i = 0; i < n; i++) {
            int level = ordered.indexOf(labels[i]);
            for (int j = 0; j < coded.length; j++) {
                coded[j][i] = labels[i].equals(last) ? -1 : level == j ? 1 : 0;
            }
        }
        return coded;
    }

    private static double[][] products(double[][] a, double[][] b) {
        double[][] out = new double[a.length * b.length][];
        int at = 0;
        for (double[] u : a) {
            for (double[] v : b) {
                double[] p = new double[u.length];
                for (int i = 0; i < p.length; i++) {
                    p[i] = u[i] * v[i];
                }
                out[at++] = p;
            }
        }
        return out;
    }

    private static double[] filled(int n) {
        double[] ones = new double[n];
        java.util.Arrays.fill(ones, 1);
        return ones;
    }

    private static List<Integer> range(int k) {
        List<Integer> r = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            r.add(i);
        }
        return r;
    }
}
