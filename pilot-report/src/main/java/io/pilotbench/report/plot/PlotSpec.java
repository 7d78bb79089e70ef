package io.pilotbench.report.plot;

import java.util.List;

/**
 * How to draw a plot.
 *
 * @param mode       line (one line per series against x; points with labels make x categorical), bar (a group of
 *                   bars per point, one group per series when each series has one point) or box (bar's layout, a
 *                   box per bar: quartiles, median, whiskers to the extremes, the mean as a dot)
 * @param components the components to show, in order; empty: all of the first point's
 * @param stack      components drawn stacked in one bar (bar mode), e.g. User and System; empty: none
 * @param errorBars  what the error bars show
 * @param title      the title, or empty
 * @param xLabel     the x axis label, or empty
 * @param yLabel     the y axis label, or empty
 * @param width      in pixels (PNG) or points (SVG, PDF)
 * @param height     likewise
 */
public record PlotSpec(
        Mode mode,
        List<String> components,
        List<String> stack,
        PlotData.ErrorBars errorBars,
        String title,
        String xLabel,
        String yLabel,
        int width,
        int height,
        Legend legend,
        int labelAngle) {

    /** Where the legend goes: right of the plot (the default), above or below it, inside its top right, or nowhere. */
    public enum Legend {
        RIGHT,
        TOP,
        BOTTOM,
        INSIDE,
        NONE
    }

    /** The label angle that means "rotate bar labels by 35° when one is longer than 10 characters". */
    public static final int AUTO_ANGLE = -1;

    /** A spec with the legend on the right and labels rotated when long. */
    public PlotSpec(
            Mode mode,
            List<String> components,
            List<String> stack,
            PlotData.ErrorBars errorBars,
            String title,
            String xLabel,
            String yLabel,
            int width,
            int height) {
        this(mode, components, stack, errorBars, title, xLabel, yLabel, width, height, Legend.RIGHT, AUTO_ANGLE);
    }

    /** Line graph, bars, or box plots. */
    public enum Mode {
        LINE,
        BAR,
        BOX
    }

    public PlotSpec {
        components = List.copyOf(components);
        stack = List.copyOf(stack);
        if (width < 200 || height < 150) {
            throw new IllegalArgumentException("a plot needs at least 200 × 150, got " + width + " × " + height);
        }
        if (labelAngle != AUTO_ANGLE && (labelAngle < 0 || labelAngle > 90)) {
            throw new IllegalArgumentException(
                    "--rotate-labels: give an angle from 0 to 90 degrees, or auto; got " + labelAngle);
        }
    }
}
