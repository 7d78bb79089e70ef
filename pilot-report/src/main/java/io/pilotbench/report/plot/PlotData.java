package io.pilotbench.report.plot;

import io.pilotbench.stats.Descriptive;
import io.pilotbench.stats.StudentT;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a plot shows: named series (the NAMEs of {@code pilot plot}), each with points (a file or session each, at an
 * x value), each point with the samples of its components (Elapsed, User, System, or a CSV's columns).
 *
 * @param series       the series, in legend order
 * @param categoricalX whether x is a category (line mode: a tick per distinct x, named by its points' label, as in
 *                     an interaction plot) rather than a number
 * @param names        the name a legend gives a component, where it is not its key ({@code --components 0,1} of
 *                     files whose header names those columns: "lat", "tput" rather than "0", "1")
 */
public record PlotData(List<Series> series, boolean categoricalX, Map<String, String> names) {
    public PlotData {
        series = List.copyOf(series);
        names = Map.copyOf(names);
        if (series.isEmpty()) {
            throw new IllegalArgumentException("nothing to plot: give at least one NAME:FILES");
        }
    }

    /** Data with a numeric x. */
    public PlotData(List<Series> series) {
        this(series, false, Map.of());
    }

    /** Data whose components are named by their keys. */
    public PlotData(List<Series> series, boolean categoricalX) {
        this(series, categoricalX, Map.of());
    }

    /** What the legend calls component {@code key}. */
    public String name(String key) {
        return names.getOrDefault(key, key);
    }

    /**
     * @param name   the legend entry
     * @param points in x order
     */
    public record Series(String name, List<Point> points) {
        public Series {
            points = List.copyOf(points);
        }
    }

    /**
     * One point (a line mode marker) or one group of bars.
     *
     * @param x          the x value (line mode), e.g. a thread count taken from the file name
     * @param label      what it is (a file or session name)
     * @param components component name → its summary, in order
     */
    public record Point(double x, String label, Map<String, Summary> components) {
        public Point {
            components = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(components));
        }
    }

    /**
     * A component's value with the three kinds of error bar.
     *
     * @param n      samples
     * @param mean   their mean
     * @param ciLow  the CI of the mean (given, e.g. a session's autocorrelation-aware CI, or Student's t)
     * @param ciHigh its upper end
     * @param min    smallest sample
     * @param max    largest sample
     * @param sd     standard deviation (NaN for n &lt; 2)
     * @param q1     the first quartile (R's {@code quantile(type = 7)}), or NaN when not known (a box needs it)
     * @param median the median, or NaN when not known
     * @param q3     the third quartile, or NaN when not known
     */
    public record Summary(
            int n,
            double mean,
            double ciLow,
            double ciHigh,
            double min,
            double max,
            double sd,
            double q1,
            double median,
            double q3) {

        /** A summary without quartiles: enough for bars, lines and error bars, not for a box. */
        public Summary(int n, double mean, double ciLow, double ciHigh, double min, double max, double sd) {
            this(n, mean, ciLow, ciHigh, min, max, sd, Double.NaN, Double.NaN, Double.NaN);
        }

        /**
         * The summary of independent samples: mean, Student-t CI at {@code confidence} (for n &lt; 2 the CI is the
         * mean itself), min, max, sd and quartiles.
         */
        public static Summary of(double[] samples, double confidence) {
            if (samples.length == 0) {
                throw new IllegalArgumentException("no samples");
            }
            double mean = Descriptive.mean(samples);
            double sd = samples.length < 2 ? Double.NaN : Descriptive.stddev(samples);
            double half = samples.length < 2
                    ? 0
                    : StudentT.critical(confidence, samples.length - 1) * sd / Math.sqrt(samples.length);
            return new Summary(
                    samples.length,
                    mean,
                    mean - half,
                    mean + half,
                    Descriptive.min(samples),
                    Descriptive.max(samples),
                    sd,
                    Descriptive.percentile(samples, 25),
                    Descriptive.median(samples),
                    Descriptive.percentile(samples, 75));
        }

        /** This summary with another CI (a session's own). */
        public Summary withCi(double low, double high) {
            return new Summary(n, mean, low, high, min, max, sd, q1, median, q3);
        }

        /** Whether there is a CI to draw (none where {@code pilot analyze} gives none: too few or constant values). */
        public boolean hasCi() {
            return !Double.isNaN(ciLow) && !Double.isNaN(ciHigh);
        }

        /** [low, high] of the error bar of {@code kind}; [mean, mean] for NONE or where it is undefined (no CI). */
        public double[] errorBar(ErrorBars kind) {
            return switch (kind) {
                case CI -> hasCi() ? new double[] {ciLow, ciHigh} : new double[] {mean, mean};
                case MINMAX -> new double[] {min, max};
                case SD -> Double.isNaN(sd) ? new double[] {mean, mean} : new double[] {mean - sd, mean + sd};
                case NONE -> new double[] {mean, mean};
            };
        }
    }

    /** What the error bars show. */
    public enum ErrorBars {
        /** The confidence interval of the mean. */
        CI,
        /** The smallest and largest sample. */
        MINMAX,
        /** The mean ± one standard deviation. */
        SD,
        /** No error bars. */
        NONE
    }
}
