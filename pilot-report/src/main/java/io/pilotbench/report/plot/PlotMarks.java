package io.pilotbench.report.plot;

/**
 * The marks that stand for one summary on a plot's scales: a box with its whiskers, and an error bar. Separate so
 * that {@link PlotLayout} keeps the arrangement of groups, panels and lines, and this class how one value is drawn.
 */
final class PlotMarks {
    private final PlotFrame frame;
    private final PlotData.ErrorBars errorBars;

    PlotMarks(PlotFrame frame, PlotData.ErrorBars errorBars) {
        this.frame = frame;
        this.errorBars = errorBars;
    }

    /**
     * A box (Tukey's, but with the whiskers at the extremes): first to third quartile, the median across it, the mean
     * as a dot.
     */
    void box(
            Canvas c,
            double x,
            double width,
            PlotData.Summary s,
            double[] y,
            String color,
            String series,
            String comp,
            String extra) {
        double mid = x + width / 2;
        double cap = Math.min(width * 0.25, 8);
        c.begin(
                "box",
                PlotLayout.attr("series", series)
                        + PlotLayout.attr("component", comp)
                        + PlotLayout.attr("n", s.n())
                        + PlotLayout.attr("min", s.min())
                        + PlotLayout.attr("q1", s.q1())
                        + PlotLayout.attr("median", s.median())
                        + PlotLayout.attr("q3", s.q3())
                        + PlotLayout.attr("max", s.max())
                        + PlotLayout.attr("mean", s.mean())
                        + extra);
        c.line(mid, frame.py(s.min(), y), mid, frame.py(s.q1(), y), "#222222", 1, "whisker", "");
        c.line(mid, frame.py(s.q3(), y), mid, frame.py(s.max(), y), "#222222", 1, "whisker", "");
        c.line(mid - cap, frame.py(s.min(), y), mid + cap, frame.py(s.min(), y), "#222222", 1, "whisker-cap", "");
        c.line(mid - cap, frame.py(s.max(), y), mid + cap, frame.py(s.max(), y), "#222222", 1, "whisker-cap", "");
        double top = frame.py(s.q3(), y);
        c.rect(x + 1, top, width - 2, Math.max(frame.py(s.q1(), y) - top, 0.5), color, "box-body", "");
        c.line(x + 1, frame.py(s.median(), y), x + width - 1, frame.py(s.median(), y), "#111111", 2, "median", "");
        c.circle(mid, frame.py(s.mean(), y), 2.5, "#ffffff", "mean", "");
        c.end();
    }

    /** The error bar of a bar or point whose value starts at {@code base}; nothing when the plot has none. */
    void errorBar(
            Canvas c, double x, double base, PlotData.Summary s, double[] y, double cap, String series, String comp) {
        if (errorBars == PlotData.ErrorBars.NONE || errorBars == PlotData.ErrorBars.CI && !s.hasCi()) {
            return;
        }
        double[] e = s.errorBar(errorBars);
        c.begin(
                "error-bar",
                PlotLayout.attr("series", series)
                        + PlotLayout.attr("component", comp)
                        + PlotLayout.attr("low", base + e[0])
                        + PlotLayout.attr("high", base + e[1]));
        double ylo = frame.py(base + e[0], y);
        double yhi = frame.py(base + e[1], y);
        c.line(x, ylo, x, yhi, "#222222", 1.2, "error-bar-line", "");
        c.line(x - cap, ylo, x + cap, ylo, "#222222", 1.2, "error-bar-cap", "");
        c.line(x - cap, yhi, x + cap, yhi, "#222222", 1.2, "error-bar-cap", "");
        c.end();
    }
}
