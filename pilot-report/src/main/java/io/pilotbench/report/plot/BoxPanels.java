package io.pilotbench.report.plot;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.TreeMap;

/**
 * A faceted box plot: a panel per point label (a cell of the other factors, a machine), side by side with a line
 * between them, and in each a box per series (a level) in its colour, named under it; the panel's label below. No box
 * mixes two panels, so none pools levels of the factors the panels hold apart. Separate so that {@link PlotLayout}
 * keeps the bars and lines, and this class the panels' own layout.
 */
final class BoxPanels {
    /** What separates the lines of a panel's label. */
    static final String PANEL_LINE = " · ";

    private final PlotData data;
    private final List<String> panels;

    /**
     * The panels of a box plot (DataMill's facets): the distinct labels of the points, in order of x, when there are
     * several; each panel holds a box per series with a point of that label. A label's lines are separated by
     * {@value #PANEL_LINE}. None for a plot of another mode.
     */
    BoxPanels(PlotData data, PlotSpec spec) {
        this.data = data;
        if (spec.mode() != PlotSpec.Mode.BOX) {
            this.panels = List.of();
            return;
        }
        TreeMap<Double, String> byX = new TreeMap<>();
        for (PlotData.Series s : data.series()) {
            for (PlotData.Point p : s.points()) {
                byX.putIfAbsent(p.x(), p.label());
            }
        }
        this.panels = new ArrayList<>(new LinkedHashSet<>(byX.values()));
    }

    /** How many panels there are: the plot is faceted when there are more than one. */
    int count() {
        return panels.size();
    }

    /** The most lines a panel's label has. */
    int lines() {
        return panels.stream()
                .mapToInt(p -> p.split(PANEL_LINE, -1).length)
                .max()
                .orElse(1);
    }

    /** Draws the panels of component {@code comp} in {@code frame}, with their axes and the legend. */
    void draw(Canvas c, PlotFrame frame, PlotMarks marks, String comp) {
        Slots filled = slots(comp);
        List<List<Integer>> slots = filled.slots();
        double[] y = PlotFrame.niceRange(filled.low(), filled.top());
        frame.yAxis(c, y);
        frame.xAxis(c);
        double gap = 0.6;
        double unit = (frame.right() - frame.left()) / (filled.boxes() + gap * panels.size());
        double x = frame.left() + unit * gap / 2;
        for (int pi = 0; pi < panels.size(); pi++) {
            String panel = panels.get(pi);
            double start = x;
            for (int si : slots.get(pi)) {
                box(c, frame, marks, panel, si, comp, x, unit, y);
                x += unit;
            }
            String[] lines = panel.split(PANEL_LINE, -1);
            for (int li = 0; li < lines.length; li++) {
                c.text(
                        (start + x) / 2,
                        frame.bottom() + 34 + 13 * li,
                        lines[li],
                        11,
                        "middle",
                        0,
                        true,
                        "panel-label",
                        PlotLayout.attr("panel", panel));
            }
            x += unit * gap;
            if (pi < panels.size() - 1) {
                double sep = x - unit * gap / 2;
                c.line(
                        sep,
                        frame.top(),
                        sep,
                        frame.bottom() + 20 + 13 * lines.length,
                        "#bbbbbb",
                        1,
                        "panel-separator",
                        "");
            }
        }
        frame.xTitle(c, 10);
        frame.legend(c, data.series().stream().map(PlotData.Series::name).toList());
    }

    /** The series with a box in each panel, their count, and the lowest and highest whisker among them. */
    private record Slots(List<List<Integer>> slots, int boxes, double low, double top) {}

    private Slots slots(String comp) {
        List<List<Integer>> slots = new ArrayList<>();
        double low = Double.POSITIVE_INFINITY;
        double top = Double.NEGATIVE_INFINITY;
        int boxes = 0;
        for (String panel : panels) {
            List<Integer> in = new ArrayList<>();
            for (int si = 0; si < data.series().size(); si++) {
                for (PlotData.Point p : data.series().get(si).points()) {
                    PlotData.Summary sum = p.components().get(comp);
                    if (p.label().equals(panel) && sum != null) {
                        in.add(si);
                        low = Math.min(low, sum.min());
                        top = Math.max(top, sum.max());
                        break;
                    }
                }
            }
            slots.add(in);
            boxes += in.size();
        }
        return new Slots(slots, boxes, low, top);
    }

    /** The box of series {@code si} in a panel, at x, in the series' colour and named under it. */
    private void box(
            Canvas c,
            PlotFrame frame,
            PlotMarks marks,
            String panel,
            int si,
            String comp,
            double x,
            double unit,
            double[] y) {
        PlotData.Series series = data.series().get(si);
        PlotData.Point p = series.points().stream()
                .filter(q -> q.label().equals(panel))
                .findFirst()
                .orElseThrow();
        PlotData.Summary sum = p.components().get(comp);
        if (Double.isNaN(sum.median())) {
            throw new IllegalArgumentException("a box plot needs quartiles; " + series.name() + " " + panel
                    + " has none (summarise its samples with Summary.of)");
        }
        marks.box(
                c,
                x + unit * 0.1,
                unit * 0.8,
                sum,
                y,
                PlotLayout.COLORS[si % PlotLayout.COLORS.length],
                series.name(),
                comp,
                PlotLayout.attr("panel", panel));
        c.text(
                x + unit / 2,
                frame.bottom() + 16,
                series.name(),
                11,
                "middle",
                0,
                false,
                "x-label",
                PlotLayout.attr("group", series.name()) + PlotLayout.attr("panel", panel));
    }
}
