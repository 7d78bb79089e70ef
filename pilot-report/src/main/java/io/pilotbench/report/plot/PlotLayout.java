package io.pilotbench.report.plot;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Lays a plot out and draws it on a {@link Canvas}: title, grouped and stacked bars, boxes (faceted in panels) or
 * lines with markers, and error bars, in a {@link PlotFrame} that draws the axes with their ticks and the legend.
 * Graphit's plots (Wright et al., Auto-pilot, USENIX ATC 2005, §3.4; docs/references.md#wright-2005) are the model: a
 * bar group per workload with a bar per component, or a line per workload against a variable.
 */
final class PlotLayout {
    static final String[] COLORS = {
        "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"
    };

    private final PlotData data;
    private final PlotSpec spec;
    private final List<String> components;
    private final PlotFrame frame;
    private final PlotMarks marks;
    private final BoxPanels panels;

    PlotLayout(PlotData data, PlotSpec spec) {
        this.data = data;
        this.spec = spec;
        Set<String> all = new LinkedHashSet<>();
        for (PlotData.Series s : data.series()) {
            for (PlotData.Point p : s.points()) {
                all.addAll(p.components().keySet());
            }
        }
        List<String> chosen = spec.components().isEmpty() ? new ArrayList<>(all) : spec.components();
        for (String c : chosen) {
            if (!all.contains(c)) {
                throw new IllegalArgumentException("--components: no component '" + c + "' in the data; it has " + all);
            }
        }
        for (String c : spec.stack()) {
            if (!chosen.contains(c)) {
                throw new IllegalArgumentException("--stack: '" + c + "' is not among the components " + chosen);
            }
        }
        this.components = chosen;
        this.panels = new BoxPanels(data, spec);
        this.frame = new PlotFrame(
                spec,
                (panels.count() > 1
                                ? 48 + 13 * panels.lines()
                                : spec.mode() != PlotSpec.Mode.LINE && rotateLabels() ? 120 : 70)
                        + (spec.legend() == PlotSpec.Legend.BOTTOM ? 24 : 0));
        this.marks = new PlotMarks(frame, spec.errorBars());
    }

    void draw(Canvas c) {
        c.rect(0, 0, spec.width(), spec.height(), "#ffffff", "background", "");
        if (!spec.title().isEmpty()) {
            c.text(
                    spec.width() / 2.0,
                    28,
                    PlotFrame.fit(spec.title(), 16, spec.width() - 20),
                    16,
                    "middle",
                    0,
                    true,
                    "title",
                    "");
        }
        if (panels.count() > 1) {
            panels.draw(c, frame, marks, components.get(0));
        } else if (spec.mode() != PlotSpec.Mode.LINE) {
            bars(c);
        } else {
            lines(c);
        }
    }

    /** Bar groups: one per series and point. */
    private record Group(String label, PlotData.Point point) {}

    private List<Group> groups() {
        List<Group> out = new ArrayList<>();
        for (PlotData.Series s : data.series()) {
            for (PlotData.Point p : s.points()) {
                out.add(new Group(s.points().size() == 1 ? s.name() : s.name() + " " + p.label(), p));
            }
        }
        return out;
    }

    private boolean rotateLabels() {
        return spec.labelAngle() == PlotSpec.AUTO_ANGLE
                ? groups().stream().anyMatch(g -> g.label().length() > 10)
                : spec.labelAngle() > 0;
    }

    private int labelAngle() {
        return spec.labelAngle() == PlotSpec.AUTO_ANGLE ? 35 : spec.labelAngle();
    }

    /** The bar slots of a group: each unstacked component, and the stacked ones together. */
    private List<List<String>> slots() {
        List<List<String>> out = new ArrayList<>();
        boolean stackPlaced = false;
        for (String comp : components) {
            if (spec.stack().contains(comp)) {
                if (!stackPlaced) {
                    out.add(components.stream().filter(spec.stack()::contains).toList());
                    stackPlaced = true;
                }
            } else {
                out.add(List.of(comp));
            }
        }
        return out;
    }

    private void bars(Canvas c) {
        List<Group> groups = groups();
        List<List<String>> slots = slots();
        boolean box = spec.mode() == PlotSpec.Mode.BOX;
        double[] y = barScale(groups, slots, box);
        frame.yAxis(c, y);
        double groupWidth = (frame.right() - frame.left()) / groups.size();
        double barWidth = groupWidth * 0.8 / slots.size();
        frame.xAxis(c);
        for (int gi = 0; gi < groups.size(); gi++) {
            Group g = groups.get(gi);
            double gx = frame.left() + gi * groupWidth + groupWidth * 0.1;
            for (int si = 0; si < slots.size(); si++) {
                double x = gx + si * barWidth;
                double base = 0;
                for (String comp : slots.get(si)) {
                    PlotData.Summary s = g.point().components().get(comp);
                    if (s == null) {
                        continue;
                    }
                    String color = COLORS[components.indexOf(comp) % COLORS.length];
                    if (box) {
                        marks.box(c, x, barWidth, s, y, color, g.label(), comp, "");
                        continue;
                    }
                    double y0 = frame.py(base, y);
                    double y1 = frame.py(base + s.mean(), y);
                    String d = attr("series", g.label())
                            + attr("component", comp)
                            + attr("value", s.mean())
                            + attr("base", base);
                    c.rect(x + 1, Math.min(y0, y1), barWidth - 2, Math.abs(y0 - y1), color, "bar", d);
                    marks.errorBar(c, x + barWidth / 2, base, s, y, Math.min(barWidth * 0.3, 8), g.label(), comp);
                    base += s.mean();
                }
            }
            double lx = frame.left() + (gi + 0.5) * groupWidth;
            if (rotateLabels()) {
                // a label slanting down-left from under its group: as long as the room below the axis and to the
                // left edge allow (a long name ran off the figure)
                double a = Math.toRadians(Math.max(1, labelAngle()));
                double room = Math.min(
                        (spec.height() - frame.bottom() - 30) / Math.sin(a), (lx - 4) / Math.max(0.05, Math.cos(a)));
                c.text(
                        lx,
                        frame.bottom() + 14,
                        PlotFrame.fit(g.label(), 12, room),
                        12,
                        "end",
                        labelAngle(),
                        false,
                        "x-label",
                        attr("group", g.label()));
            } else {
                c.text(
                        lx,
                        frame.bottom() + 18,
                        PlotFrame.fit(g.label(), 12, groupWidth),
                        12,
                        "middle",
                        0,
                        false,
                        "x-label",
                        attr("group", g.label()));
            }
        }
        frame.xTitle(c, 12);
        List<String> legend = new ArrayList<>();
        for (String comp : components) {
            legend.add(data.name(comp));
        }
        frame.legend(c, legend);
    }

    /**
     * The y axis' range for bars or boxes: from 0 (or the lowest whisker) to the highest stack with its error bar (or
     * whisker).
     */
    private double[] barScale(List<Group> groups, List<List<String>> slots, boolean box) {
        double top = box ? Double.NEGATIVE_INFINITY : 0;
        double low = box ? Double.POSITIVE_INFINITY : 0;
        for (Group g : groups) {
            for (List<String> slot : slots) {
                double base = 0;
                for (String comp : slot) {
                    PlotData.Summary s = g.point().components().get(comp);
                    if (s == null) {
                        continue;
                    }
                    if (box) {
                        if (Double.isNaN(s.median())) {
                            throw new IllegalArgumentException("a box plot needs quartiles; " + g.label() + " " + comp
                                    + " has none (summarise its samples with Summary.of)");
                        }
                        top = Math.max(top, s.max());
                        low = Math.min(low, s.min());
                        continue;
                    }
                    double[] e = s.errorBar(spec.errorBars());
                    top = Math.max(top, base + Math.max(s.mean(), e[1]));
                    low = Math.min(low, base + Math.min(s.mean(), e[0]));
                    base += s.mean();
                }
            }
        }
        return PlotFrame.niceRange(low, top);
    }

    private void lines(Canvas c) {
        double xmin = Double.POSITIVE_INFINITY;
        double xmax = Double.NEGATIVE_INFINITY;
        double ymin = Double.POSITIVE_INFINITY;
        double ymax = Double.NEGATIVE_INFINITY;
        for (PlotData.Series s : data.series()) {
            for (PlotData.Point p : s.points()) {
                xmin = Math.min(xmin, p.x());
                xmax = Math.max(xmax, p.x());
                for (String comp : components) {
                    PlotData.Summary v = p.components().get(comp);
                    if (v != null) {
                        double[] e = v.errorBar(spec.errorBars());
                        ymin = Math.min(ymin, Math.min(v.mean(), e[0]));
                        ymax = Math.max(ymax, Math.max(v.mean(), e[1]));
                    }
                }
            }
        }
        double[] y = PlotFrame.niceRange(Math.min(0, ymin), ymax);
        java.util.Map<Double, String> categories = categories();
        double[] x = categories.isEmpty() ? PlotFrame.niceRange(xmin, xmax) : new double[] {xmin - 0.5, xmax + 0.5, 1};
        frame.yAxis(c, y);
        frame.xAxis(c);
        frame.xTicks(c, x, categories);
        frame.xTitle(c, 16);
        List<String> legend = new ArrayList<>();
        int k = 0;
        for (PlotData.Series s : data.series()) {
            for (String comp : components) {
                String name = components.size() == 1 ? s.name() : s.name() + " " + data.name(comp);
                String color = COLORS[k++ % COLORS.length];
                legend.add(name);
                List<PlotData.Point> pts = s.points().stream()
                        .filter(p -> p.components().containsKey(comp))
                        .toList();
                double[] xs = new double[pts.size()];
                double[] ys = new double[pts.size()];
                for (int i = 0; i < pts.size(); i++) {
                    xs[i] = frame.px(pts.get(i).x(), x);
                    ys[i] = frame.py(pts.get(i).components().get(comp).mean(), y);
                }
                c.polyline(xs, ys, color, 2, "series-line", attr("series", name));
                for (int i = 0; i < pts.size(); i++) {
                    PlotData.Summary v = pts.get(i).components().get(comp);
                    c.circle(
                            xs[i],
                            ys[i],
                            3.5,
                            color,
                            "point",
                            attr("series", name) + attr("x", pts.get(i).x()) + attr("value", v.mean()));
                    marks.errorBar(c, xs[i], 0, v, y, 5, name, comp);
                }
            }
        }
        frame.legend(c, legend);
    }

    /** x → its label on a categorical axis (an interaction plot's levels); empty for a numeric x. */
    private java.util.Map<Double, String> categories() {
        java.util.Map<Double, String> out = new java.util.TreeMap<>();
        if (data.categoricalX()) {
            for (PlotData.Series s : data.series()) {
                for (PlotData.Point p : s.points()) {
                    out.putIfAbsent(p.x(), p.label());
                }
            }
        }
        return out;
    }

    static String attr(String name, String value) {
        return " data-" + name + "=\"" + escape(value) + "\"";
    }

    static String attr(String name, double value) {
        return " data-" + name + "=\"" + String.format(Locale.ROOT, "%s", value) + "\"";
    }

    static String escape(String s) {
        return io.pilotbench.report.Markup.escape(s);
    }
}
