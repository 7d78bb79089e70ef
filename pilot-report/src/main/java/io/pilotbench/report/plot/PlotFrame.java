package io.pilotbench.report.plot;

import io.pilotbench.core.model.Formats;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The frame around a plot's marks: the bounds of the plot area, where a value lands in it, the axes with their ticks
 * at round numbers and their titles, and the legend. It is apart from {@link PlotLayout}, which chooses and draws the
 * marks (bars, boxes, lines, panels), so that the geometry every kind of plot shares is in one place.
 */
final class PlotFrame {
    private static final double LEFT = 80;
    private static final double TOP_TITLE = 50;

    private final PlotSpec spec;
    private final double bottomMargin;

    /** @param bottomMargin the room under the plot area, for the x labels, the x title and a legend below */
    PlotFrame(PlotSpec spec, double bottomMargin) {
        this.spec = spec;
        this.bottomMargin = bottomMargin;
    }

    /** A sans-serif character's advance, as a share of the font size: a little above the average, to be safe. */
    static final double CHAR_WIDTH = 0.62;

    /**
     * {@code text} as it fits in {@code room} pixels at font {@code size}: whole, or cut with "…". Titles, labels and
     * legend entries longer than the figure ran off its edges.
     */
    static String fit(String text, double size, double room) {
        int most = (int) Math.floor(room / (CHAR_WIDTH * size));
        if (text.length() <= most) {
            return text;
        }
        return most <= 1 ? "…" : text.substring(0, most - 1).stripTrailing() + "…";
    }

    /** The left edge of the plot area (the y axis). */
    double left() {
        return LEFT;
    }

    /** The right edge of the plot area: short of a legend placed on the right. */
    double right() {
        return spec.width() - (spec.legend() == PlotSpec.Legend.RIGHT ? 160 : 30);
    }

    /** The top of the plot area: below the title, and below a legend placed on top. */
    double top() {
        return TOP_TITLE + (spec.legend() == PlotSpec.Legend.TOP ? 24 : 0);
    }

    /** The bottom of the plot area (the x axis). */
    double bottom() {
        return spec.height() - bottomMargin;
    }

    /** The vertical position of {@code v} on a y axis spanning {@code y} ({@link #niceRange}). */
    double py(double v, double[] y) {
        return bottom() - (v - y[0]) / (y[1] - y[0]) * (bottom() - top());
    }

    /** The horizontal position of {@code v} on an x axis spanning {@code x} ({@link #niceRange}). */
    double px(double v, double[] x) {
        return left() + (v - x[0]) / (x[1] - x[0]) * (right() - left());
    }

    /** The y axis, a grid line and a labelled tick at each step of {@code y}, and the y title. */
    void yAxis(Canvas c, double[] y) {
        c.line(LEFT, top(), LEFT, bottom(), "#333333", 1, "axis y-axis", "");
        for (double t : ticks(y)) {
            double p = py(t, y);
            c.line(LEFT, p, right(), p, "#e6e6e6", 0.8, "grid", "");
            c.line(LEFT - 5, p, LEFT, p, "#333333", 1, "y-tick", PlotLayout.attr("value", t));
            c.text(LEFT - 8, p + 4, Formats.significant(t, 4), 12, "end", 0, false, "y-tick-label", "");
        }
        if (!spec.yLabel().isEmpty()) {
            c.text(
                    22,
                    (top() + bottom()) / 2,
                    fit(spec.yLabel(), 13, bottom() - top() + 30),
                    13,
                    "middle",
                    90,
                    false,
                    "y-title",
                    "");
        }
    }

    /** The x axis' line. */
    void xAxis(Canvas c) {
        c.line(LEFT, bottom(), right(), bottom(), "#333333", 1, "axis x-axis", "");
    }

    /**
     * The x axis' labelled ticks: at each step of {@code x}, or with {@code categories} (x to label, an interaction
     * plot's levels) at each category.
     */
    void xTicks(Canvas c, double[] x, Map<Double, String> categories) {
        for (double t : categories.isEmpty() ? ticks(x) : List.copyOf(categories.keySet())) {
            double px = px(t, x);
            String label = categories.isEmpty() ? Formats.significant(t, 4) : categories.get(t);
            c.line(px, bottom(), px, bottom() + 5, "#333333", 1, "x-tick", PlotLayout.attr("value", t));
            c.text(px, bottom() + 20, label, 12, "middle", 0, false, "x-tick-label", "");
        }
    }

    /** The x title, if the plot has one, centred under the plot area {@code fromBottom} above the figure's edge. */
    void xTitle(Canvas c, double fromBottom) {
        if (!spec.xLabel().isEmpty()) {
            c.text(
                    (LEFT + right()) / 2,
                    spec.height() - fromBottom,
                    fit(spec.xLabel(), 13, spec.width() - LEFT),
                    13,
                    "middle",
                    0,
                    false,
                    "x-title",
                    "");
        }
    }

    /** The legend where the spec puts it, an entry per colour of {@link PlotLayout#COLORS} in order. */
    void legend(Canvas c, List<String> entries) {
        if (spec.legend() == PlotSpec.Legend.NONE) {
            return;
        }
        c.begin("legend", PlotLayout.attr("position", spec.legend().name().toLowerCase(Locale.ROOT)));
        boolean row = spec.legend() == PlotSpec.Legend.TOP || spec.legend() == PlotSpec.Legend.BOTTOM;
        double x =
                switch (spec.legend()) {
                    case RIGHT -> right() + 16;
                    case INSIDE ->
                        right()
                                - 12
                                - 18
                                - 7
                                        * entries.stream()
                                                .mapToInt(String::length)
                                                .max()
                                                .orElse(0);
                    default -> LEFT;
                };
        double y =
                switch (spec.legend()) {
                    case TOP -> top() - 14;
                    case BOTTOM -> spec.height() - 14;
                    default -> top() + 10;
                };
        if (spec.legend() == PlotSpec.Legend.INSIDE) {
            c.rect(x - 6, y - 15, right() - x, entries.size() * 20 + 8, "#ffffff", "legend-box", "");
        }
        for (int i = 0; i < entries.size(); i++) {
            c.rect(x, y - 9, 12, 12, PlotLayout.COLORS[i % PlotLayout.COLORS.length], "legend-swatch", "");
            // a legend on the right has what is left of the figure's width; one in a row, a share of it
            double room = row ? (spec.width() - LEFT) / entries.size() - 34 : spec.width() - x - 22;
            String entry = fit(entries.get(i), 12, room);
            c.text(x + 18, y + 1, entry, 12, "start", 0, false, "legend-label", "");
            if (row) {
                x += 18 + 7 * entry.length() + 16;
            } else {
                y += 20;
            }
        }
        c.end();
    }

    /** [low, high] rounded out to a nice tick step. */
    static double[] niceRange(double lo, double hi) {
        if (!(hi > lo)) {
            double pad = lo == 0 ? 1 : Math.abs(lo) * 0.1;
            lo -= pad;
            hi += pad;
        }
        double step = niceStep((hi - lo) / 5);
        return new double[] {Math.floor(lo / step) * step, Math.ceil(hi / step) * step, step};
    }

    private static double niceStep(double raw) {
        double p = Math.pow(10, Math.floor(Math.log10(raw)));
        double f = raw / p;
        return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 2.5 ? 2.5 : f <= 5 ? 5 : 10) * p;
    }

    private static List<Double> ticks(double[] r) {
        List<Double> out = new ArrayList<>();
        long n = Math.round((r[1] - r[0]) / r[2]);
        for (long i = 0; i <= n; i++) {
            out.add(r[0] + i * r[2]);
        }
        return out;
    }
}
