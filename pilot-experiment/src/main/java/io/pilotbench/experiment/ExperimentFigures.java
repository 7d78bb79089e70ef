package io.pilotbench.experiment;

import io.pilotbench.report.plot.Plot;
import io.pilotbench.report.plot.PlotData;
import io.pilotbench.report.plot.PlotSpec;
import io.pilotbench.stats.anova.AnovaRow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The figures of an experiment's analysis (DataMill: de Oliveira et al., ICPE 2013, §5, Figs. 5–8;
 * docs/references.md#de-oliveira-2013): per metric, a box plot of the jobs' values at each level of each factor,
 * faceted as DataMill's are: a panel per combination of the levels of the other factors in the model, and per machine
 * when there are several, with a box per level in each — so that no box pools jobs of different levels of another
 * factor (one box spanning gzip and xz has a median no job measured); and interaction plots (the mean of every cell of
 * two factors: one line per level of one across the levels of the other; parallel lines mean no interaction). Drawn by
 * {@code pilot plot}'s renderer, as SVG (or PDF, PNG by the name's extension).
 *
 * <p>Which interactions are drawn: each two-factor term of the ANOVA significant at {@code alpha}, largest F first;
 * when none is (or the model has no interactions), the two factors with the largest main-effect F, so there is always
 * one plot showing whether the strongest effects add up. At most {@value #MOST_INTERACTIONS} per metric.
 *
 * <p>Levels appear in the order the experiment file declares them ({@link ExperimentFile#declaredLevels}, from the
 * copy in the experiment's directory), not in the random order of the plan.
 */
public final class ExperimentFigures {
    static final int MOST_INTERACTIONS = 3;
    private static final int WIDTH = 720;
    private static final int HEIGHT = 420;

    private ExperimentFigures() {}

    /**
     * Writes the figures of {@code analyses} (of the experiment in {@code dir}) into {@code out}.
     *
     * @param format "svg", "pdf" or "png"
     * @return the files written, in order
     */
    public static List<Path> write(
            Path dir, List<ExperimentAnalysis.MetricAnalysis> analyses, double alpha, Path out, String format)
            throws IOException {
        return write(
                ResultsTable.read(dir),
                analyses,
                alpha,
                out,
                format,
                ExperimentFile.declaredLevels(dir.resolve(ExperimentRunner.SPEC)));
    }

    /**
     * Writes the figures of {@code analyses} of the results {@code table} (rows as {@code results.csv} has them;
     * the failed jobs' rows are left out) into {@code out}.
     *
     * @param format "svg", "pdf" or "png"
     * @return the files written, in order
     */
    public static List<Path> write(
            List<Map<String, String>> table,
            List<ExperimentAnalysis.MetricAnalysis> analyses,
            double alpha,
            Path out,
            String format)
            throws IOException {
        return write(table, analyses, alpha, out, format, Map.of());
    }

    /**
     * As {@link #write(List, List, double, Path, String)}, with the levels of each factor in the order {@code order}
     * gives them (factor → levels, as declared; levels it does not name follow in table order).
     */
    public static List<Path> write(
            List<Map<String, String>> table,
            List<ExperimentAnalysis.MetricAnalysis> analyses,
            double alpha,
            Path out,
            String format,
            Map<String, List<String>> order)
            throws IOException {
        List<Map<String, String>> rows = new ArrayList<>();
        for (Map<String, String> r : table) {
            if (r.get("error") == null || r.get("error").isEmpty()) {
                rows.add(r);
            }
        }
        Files.createDirectories(out);
        List<Path> written = new ArrayList<>();
        for (ExperimentAnalysis.MetricAnalysis a : analyses) {
            for (String factor : a.factors()) {
                Path file = out.resolve(name("box", a.metric(), factor) + "." + format);
                List<String> others = a.factors().stream()
                        .filter(f -> !f.equals(factor) && !f.equals("worker"))
                        .toList();
                PlotData data = boxes(rows, a.metric(), factor, others, order);
                String by = panelsBy(rows, factor, others);
                Plot.of(
                                data,
                                new PlotSpec(
                                        PlotSpec.Mode.BOX,
                                        List.of(),
                                        List.of(),
                                        PlotData.ErrorBars.NONE,
                                        a.metric() + " by " + factor + (by.isEmpty() ? "" : ", a panel per " + by),
                                        factor,
                                        a.metric(),
                                        width(data),
                                        HEIGHT + 13 * others.size(),
                                        PlotSpec.Legend.NONE,
                                        PlotSpec.AUTO_ANGLE))
                        .write(file);
                written.add(file);
            }
            for (List<String> pair : interactions(a, alpha)) {
                Path file =
                        out.resolve(name("interaction", a.metric(), pair.get(0) + "-" + pair.get(1)) + "." + format);
                Plot.of(
                                interaction(rows, a.metric(), pair.get(0), pair.get(1), order),
                                new PlotSpec(
                                        PlotSpec.Mode.LINE,
                                        List.of(),
                                        List.of(),
                                        PlotData.ErrorBars.CI,
                                        a.metric() + ": " + pair.get(0) + " × " + pair.get(1) + " (lines: "
                                                + pair.get(1) + ")",
                                        pair.get(0),
                                        "mean " + a.metric(),
                                        WIDTH,
                                        HEIGHT))
                        .write(file);
                written.add(file);
            }
        }
        return written;
    }

    private static String name(String kind, String metric, String what) {
        return (kind + "-" + metric + "-" + what).replaceAll("[^A-Za-z0-9._-]", "_");
    }

    /** Levels in the order {@code order} declares them, then those it does not name in the order of the table. */
    private static List<String> levels(List<Map<String, String>> rows, String factor, Map<String, List<String>> order) {
        Set<String> seen = new LinkedHashSet<>();
        rows.forEach(r -> seen.add(r.get(factor)));
        List<String> out = new ArrayList<>();
        for (String l : order.getOrDefault(factor, List.of())) {
            if (seen.remove(l)) {
                out.add(l);
            }
        }
        out.addAll(seen);
        return out;
    }

    private static double[] values(
            List<Map<String, String>> rows, String metric, java.util.function.Predicate<Map<String, String>> which) {
        return rows.stream()
                .filter(which)
                .filter(r -> r.get(metric) != null && !r.get(metric).isEmpty())
                .mapToDouble(r -> Double.parseDouble(r.get(metric)))
                .toArray();
    }

    /** What the panels of a box plot of {@code factor} hold apart, in words ("" when a single panel). */
    private static String panelsBy(List<Map<String, String>> rows, String factor, List<String> others) {
        List<String> by = new ArrayList<>(others);
        if (!factor.equals("worker") && levels(rows, "worker", Map.of()).size() > 1) {
            by.add("machine");
        }
        return String.join(" × ", by);
    }

    /**
     * The box plot of {@code factor}: a series per level (a box colour), a point per panel — a combination of the
     * levels of {@code others}, and of the machine when there are several — labelled by it ("b=u · host2"), so that
     * each box holds the jobs of one level in one cell of everything else. Panels without a job are left out.
     */
    static PlotData boxes(
            List<Map<String, String>> rows,
            String metric,
            String factor,
            List<String> others,
            Map<String, List<String>> order) {
        List<String> dims = new ArrayList<>(others);
        if (!factor.equals("worker") && levels(rows, "worker", Map.of()).size() > 1) {
            dims.add("worker");
        }
        List<Map<String, String>> cells = new ArrayList<>();
        cells.add(new LinkedHashMap<>());
        for (String d : dims) {
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> c : cells) {
                for (String l : levels(rows, d, order)) {
                    Map<String, String> m = new LinkedHashMap<>(c);
                    m.put(d, l);
                    next.add(m);
                }
            }
            cells = next;
        }
        List<PlotData.Series> series = new ArrayList<>();
        for (String level : levels(rows, factor, order)) {
            List<PlotData.Point> points = new ArrayList<>();
            for (int i = 0; i < cells.size(); i++) {
                Map<String, String> cell = cells.get(i);
                double[] v = values(
                        rows,
                        metric,
                        r -> level.equals(r.get(factor))
                                && cell.entrySet().stream()
                                        .allMatch(e -> e.getValue().equals(r.get(e.getKey()))));
                if (v.length > 0) {
                    points.add(new PlotData.Point(i, label(cell), Map.of(metric, PlotData.Summary.of(v, 0.95))));
                }
            }
            series.add(new PlotData.Series(level, points));
        }
        return new PlotData(series);
    }

    private static String label(Map<String, String> cell) {
        List<String> parts = new ArrayList<>();
        cell.forEach((k, v) -> parts.add(k.equals("worker") ? v : k + "=" + v));
        return String.join(" · ", parts);
    }

    /** Wide enough for a box of 36 points each and for the panels' labels (about 7.5 points a bold character). */
    private static int width(PlotData data) {
        Map<String, Integer> boxes = new LinkedHashMap<>();
        for (PlotData.Series s : data.series()) {
            for (PlotData.Point p : s.points()) {
                boxes.merge(p.label(), 1, Integer::sum);
            }
        }
        double need = 0;
        for (Map.Entry<String, Integer> e : boxes.entrySet()) {
            int longest = 0;
            for (String line : e.getKey().split(" · ")) {
                longest = Math.max(longest, line.length());
            }
            need += Math.max(36 * e.getValue(), 7.5 * longest + 16);
        }
        return (int) Math.max(WIDTH, Math.min(6000, need + 80 + 160));
    }

    /** A series per level of {@code lines}, a point per level of {@code across}: the cell's mean with its CI. */
    static PlotData interaction(
            List<Map<String, String>> rows,
            String metric,
            String across,
            String lines,
            Map<String, List<String>> order) {
        List<String> xs = levels(rows, across, order);
        List<PlotData.Series> series = new ArrayList<>();
        for (String line : levels(rows, lines, order)) {
            List<PlotData.Point> points = new ArrayList<>();
            for (int i = 0; i < xs.size(); i++) {
                String x = xs.get(i);
                double[] v = values(rows, metric, r -> x.equals(r.get(across)) && line.equals(r.get(lines)));
                if (v.length > 0) {
                    points.add(new PlotData.Point(i, x, Map.of(metric, PlotData.Summary.of(v, 0.95))));
                }
            }
            series.add(new PlotData.Series(lines + "=" + line, points));
        }
        return new PlotData(series, true);
    }

    /** The pairs to draw (see the class comment). */
    static List<List<String>> interactions(ExperimentAnalysis.MetricAnalysis a, double alpha) {
        List<List<String>> out = new ArrayList<>();
        a.table().terms().stream()
                .filter(t -> t.term().split(":").length == 2 && t.pValue() < alpha)
                .sorted(Comparator.comparingDouble(AnovaRow::f).reversed())
                .limit(MOST_INTERACTIONS)
                .forEach(t -> out.add(List.of(t.term().split(":"))));
        if (out.isEmpty() && a.factors().size() >= 2) {
            Map<String, Double> f = new LinkedHashMap<>();
            for (String factor : a.factors()) {
                AnovaRow r = a.table().row(factor);
                f.put(factor, Double.isNaN(r.f()) ? 0 : r.f());
            }
            List<String> top = f.entrySet().stream()
                    .sorted(Map.Entry.<String, Double>comparingByValue().reversed())
                    .limit(2)
                    .map(Map.Entry::getKey)
                    .toList();
            out.add(top);
        }
        return out;
    }
}
