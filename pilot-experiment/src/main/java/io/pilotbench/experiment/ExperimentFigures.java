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
 * The figures of an experiment's analysis (DataMill, seeds/004 §5, figures 3–6): per metric, a box plot of the jobs'
 * values at each level of each factor, a box per level and machine (the facets of factor × machine), and interaction
 * plots (the mean of every cell of two factors: one line per level of one across the levels of the other; parallel
 * lines mean no interaction). Drawn by {@code pilot plot}'s renderer, as SVG (or PDF, PNG by the name's extension).
 *
 * <p>Which interactions are drawn: each two-factor term of the ANOVA significant at {@code alpha}, largest F first;
 * when none is (or the model has no interactions), the two factors with the largest main-effect F, so there is always
 * one plot showing whether the strongest effects add up. At most {@value #MOST_INTERACTIONS} per metric.
 */
public final class ExperimentFigures {
    static final int MOST_INTERACTIONS = 3;
    private static final int WIDTH = 720;
    private static final int HEIGHT = 420;

    private ExperimentFigures() {
    }

    /**
     * Writes the figures of {@code analyses} (of the experiment in {@code dir}) into {@code out}.
     *
     * @param format "svg", "pdf" or "png"
     * @return the files written, in order
     */
    public static List<Path> write(Path dir, List<ExperimentAnalysis.MetricAnalysis> analyses, double alpha,
            Path out, String format) throws IOException {
        return write(ResultsTable.read(dir), analyses, alpha, out, format);
    }

    /**
     * Writes the figures of {@code analyses} of the results {@code table} (rows as {@code results.csv} has them;
     * the failed jobs' rows are left out) into {@code out}.
     *
     * @param format "svg", "pdf" or "png"
     * @return the files written, in order
     */
    public static List<Path> write(List<Map<String, String>> table, List<ExperimentAnalysis.MetricAnalysis> analyses,
            double alpha, Path out, String format) throws IOException {
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
                Plot.of(boxes(rows, a.metric(), factor), new PlotSpec(PlotSpec.Mode.BOX, List.of(), List.of(),
                        PlotData.ErrorBars.NONE, a.metric() + " by " + factor, factor, a.metric(), WIDTH, HEIGHT,
                        PlotSpec.Legend.NONE, PlotSpec.AUTO_ANGLE)).write(file);
                written.add(file);
            }
            for (List<String> pair : interactions(a, alpha)) {
                Path file = out.resolve(name("interaction", a.metric(), pair.get(0) + "-" + pair.get(1)) + "."
                        + format);
                Plot.of(interaction(rows, a.metric(), pair.get(0), pair.get(1)), new PlotSpec(PlotSpec.Mode.LINE,
                        List.of(), List.of(), PlotData.ErrorBars.CI, a.metric() + ": " + pair.get(0) + " × "
                        + pair.get(1) + " (lines: " + pair.get(1) + ")", pair.get(0), "mean " + a.metric(), WIDTH,
                        HEIGHT)).write(file);
                written.add(file);
            }
        }
        return written;
    }

    private static String name(String kind, String metric, String what) {
        return (kind + "-" + metric + "-" + what).replaceAll("[^A-Za-z0-9._-]", "_");
    }

    /** Levels in the order the table first shows them. */
    private static List<String> levels(List<Map<String, String>> rows, String factor) {
        Set<String> out = new LinkedHashSet<>();
        rows.forEach(r -> out.add(r.get(factor)));
        return new ArrayList<>(out);
    }

    private static double[] values(List<Map<String, String>> rows, String metric,
            java.util.function.Predicate<Map<String, String>> which) {
        return rows.stream().filter(which).filter(r -> r.get(metric) != null && !r.get(metric).isEmpty())
                .mapToDouble(r -> Double.parseDouble(r.get(metric))).toArray();
    }

    /** A series per level, a point (a box) per machine: the groups read "level" on one machine, else "level host". */
    static PlotData boxes(List<Map<String, String>> rows, String metric, String factor) {
        List<PlotData.Series> series = new ArrayList<>();
        List<String> workers = levels(rows, "worker");
        for (String level : levels(rows, factor)) {
            List<PlotData.Point> points = new ArrayList<>();
            for (int w = 0; w < workers.size(); w++) {
                String worker = workers.get(w);
                double[] v = values(rows, metric, r -> level.equals(r.get(factor)) && worker.equals(r.get("worker")));
                if (v.length > 0) {
                    points.add(new PlotData.Point(w, worker, Map.of(metric, PlotData.Summary.of(v, 0.95))));
                }
            }
            series.add(new PlotData.Series(level, points));
        }
        return new PlotData(series);
    }

    /** A series per level of {@code lines}, a point per level of {@code across}: the cell's mean with its CI. */
    static PlotData interaction(List<Map<String, String>> rows, String metric, String across, String lines) {
        List<String> xs = levels(rows, across);
        List<PlotData.Series> series = new ArrayList<>();
        for (String line : levels(rows, lines)) {
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
        a.table().terms().stream().filter(t -> t.term().split(":").length == 2 && t.pValue() < alpha)
                .sorted(Comparator.comparingDouble(AnovaRow::f).reversed()).limit(MOST_INTERACTIONS)
                .forEach(t -> out.add(List.of(t.term().split(":"))));
        if (out.isEmpty() && a.factors().size() >= 2) {
            Map<String, Double> f = new LinkedHashMap<>();
            for (String factor : a.factors()) {
                AnovaRow r = a.table().row(factor);
                f.put(factor, Double.isNaN(r.f()) ? 0 : r.f());
            }
            List<String> top = f.entrySet().stream().sorted(Map.Entry.<String, Double>comparingByValue().reversed())
                    .limit(2).map(Map.Entry::getKey).toList();
            out.add(top);
        }
        return out;
    }
}
