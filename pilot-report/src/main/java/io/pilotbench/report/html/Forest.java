package io.pilotbench.report.html;

import io.pilotbench.core.compare.Contender;
import io.pilotbench.core.compare.PairComparison;
import io.pilotbench.core.model.Formats;
import io.pilotbench.core.model.PerformanceIndex;
import io.pilotbench.stats.ConfidenceInterval;
import java.util.List;
import java.util.Locale;

/**
 * Forest plots as inline SVG: one row per workload (mean and CI) or per pair (ratio of means and its Fieller CI, with
 * the line of no difference at 1). Hovering a row shows its numbers (an SVG title). A handful of rows needs no chart
 * library, and SVG keeps every row in the DOM where a test (or a reader's devtools) can count it.
 */
final class Forest {
    private static final int WIDTH = 560;
    private static final int ROW = 28;
    private static final int LEFT = 170;
    private static final int RIGHT = 30;
    private static final int TOP = 30;
    private static final int BOTTOM = 34;

    private Forest() {}

    /** The ranking, best first: each workload's mean with its CI. */
    static String ranking(List<Contender> ranking, PerformanceIndex pi, double confidence) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (Contender c : ranking) {
            if (Double.isFinite(c.mean())) { // a workload without a sample (its runs failed) has no place on the axis
                lo = Math.min(lo, c.ci() == null ? c.mean() : c.ci().low());
                hi = Math.max(hi, c.ci() == null ? c.mean() : c.ci().high());
            }
        }
        StringBuilder b = open(
                "ranking",
                ranking.size(),
                "Mean with its " + pct(confidence) + " CI, best first"
                        + (pi.unit().isEmpty() ? "" : " (" + pi.unit() + ")"));
        double[] scale = scale(lo, hi, Double.NaN);
        axis(b, scale, ranking.size(), pi.unit(), Double.NaN);
        for (int i = 0; i < ranking.size(); i++) {
            Contender c = ranking.get(i);
            ConfidenceInterval ci = c.ci();
            String tip = c.name() + ": "
                    + (Double.isFinite(c.mean()) ? Formats.quantity(c.mean(), pi.unit(), c.mean()) : "no samples")
                    + (ci == null
                            ? ", no CI"
                            : ", " + pct(confidence) + " CI [" + Formats.quantity(ci.low(), pi.unit(), c.mean()) + ", "
                                    + Formats.quantity(ci.high(), pi.unit(), c.mean()) + "]");
            row(
                    b,
                    i,
                    (i + 1) + ". " + c.name(),
                    c.mean(),
                    ci == null ? c.mean() : ci.low(),
                    ci == null ? c.mean() : ci.high(),
                    scale,
                    tip);
        }
        return b.append("</svg></figure>\n").toString();
    }

    /** The ratio a / b of each pair with its CI; the dashed line at 1 is "no difference". */
    static String ratios(List<PairComparison> pairs, double confidence) {
        double lo = 1;
        double hi = 1;
        for (PairComparison p : pairs) {
            double r = center(p);
            if (Double.isFinite(r)) {
                lo = Math.min(lo, p.ratio() == null ? r : p.ratio().low());
                hi = Math.max(hi, p.ratio() == null ? r : p.ratio().high());
            }
        }
        StringBuilder b = open("ratios", pairs.size(), "Ratio of means with its " + pct(confidence) + " CI (Fieller)");
        double[] scale = scale(lo, hi, 1);
        axis(b, scale, pairs.size(), "×", 1);
        for (int i = 0; i < pairs.size(); i++) {
            PairComparison p = pairs.get(i);
            double r = center(p);
            ConfidenceInterval ci = p.ratio();
            String tip = p.a().name() + " / " + p.b().name() + " = "
                    + (Double.isFinite(r) ? Formats.number(r) : "none (a workload has no samples)")
                    + (ci == null
                            ? ", CI unbounded"
                            : ", " + pct(confidence) + " CI [" + Formats.number(ci.low()) + ", "
                                    + Formats.number(ci.high()) + "]; verdict "
                                    + p.verdict().label());
            row(
                    b,
                    i,
                    p.a().name() + " / " + p.b().name(),
                    r,
                    ci == null ? r : ci.low(),
                    ci == null ? r : ci.high(),
                    scale,
                    tip);
        }
        return b.append("</svg></figure>\n").toString();
    }

    /**
     * The pair's ratio as the CLI states it: of a pair compared cycle by cycle, the paired estimate its interval is
     * centred on (the ratio of all rounds' means drew the point off its own interval when the workloads ran different
     * numbers of rounds: 0.7880 against 0.7906 [0.7851, 0.796]); else the ratio of the means.
     */
    private static double center(PairComparison p) {
        return p.paired() != null && p.ratio() != null ? p.ratio().center() : p.a().mean() / p.b().mean();
    }

    private static StringBuilder open(String kind, int rows, String title) {
        int h = TOP + rows * ROW + BOTTOM;
        StringBuilder b = new StringBuilder();
        b.append("<figure class=\"chart forest\" data-kind=\"")
                .append(kind)
                .append("\" data-rows=\"")
                .append(rows)
                .append("\"><figcaption>")
                .append(HtmlReport.esc(title))
                .append("</figcaption>")
                .append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
                .append(WIDTH)
                .append("\" height=\"")
                .append(h)
                .append("\" viewBox=\"0 0 ")
                .append(WIDTH)
                .append(' ')
                .append(h)
                .append("\">");
        return b;
    }

    /** [low, high] of the axis, padded by 5%, including {@code include} when it is a number. */
    private static double[] scale(double lo, double hi, double include) {
        if (!Double.isNaN(include)) {
            lo = Math.min(lo, include);
            hi = Math.max(hi, include);
        }
        double pad = hi > lo ? (hi - lo) * 0.05 : Math.max(Math.abs(lo) * 0.05, 1e-12);
        return new double[] {lo - pad, hi + pad};
    }

    private static double px(double v, double[] s) {
        return LEFT + (v - s[0]) / (s[1] - s[0]) * (WIDTH - LEFT - RIGHT);
    }

    private static void axis(StringBuilder b, double[] s, int rows, String unit, double reference) {
        int y = TOP + rows * ROW;
        b.append(line(LEFT, y, WIDTH - RIGHT, y, "axis"));
        for (int i = 0; i <= 4; i++) {
            double v = s[0] + (s[1] - s[0]) * i / 4;
            double x = px(v, s);
            b.append(line(x, y, x, y + 5, "tick"));
            b.append("<text x=\"")
                    .append(f(x))
                    .append("\" y=\"")
                    .append(y + 18)
                    .append("\" text-anchor=\"middle\">")
                    .append(HtmlReport.esc(Formats.significant(v, 4)))
                    .append("</text>");
        }
        if (!Double.isNaN(reference)) {
            double x = px(reference, s);
            b.append(line(x, TOP - 8, x, y, "reference"));
        }
    }

    private static void row(
            StringBuilder b, int i, String label, double center, double lo, double hi, double[] s, String tip) {
        double y = TOP + i * ROW + ROW / 2.0;
        b.append("<g class=\"row\" data-center=\"")
                .append(center)
                .append("\" data-low=\"")
                .append(lo)
                .append("\" data-high=\"")
                .append(hi)
                .append("\"><title>")
                .append(HtmlReport.esc(tip))
                .append("</title>");
        b.append("<text x=\"")
                .append(LEFT - 8)
                .append("\" y=\"")
                .append(f(y + 4))
                .append("\" text-anchor=\"end\">")
                .append(HtmlReport.esc(label))
                .append("</text>");
        if (!Double.isFinite(center)) {
            // no mean to draw (a workload whose runs all failed): the row says so instead of NaN coordinates
            b.append("<text class=\"none\" x=\"")
                    .append(LEFT + 8)
                    .append("\" y=\"")
                    .append(f(y + 4));
            b.append("\">no samples</text></g>");
            return;
        }
        b.append(line(px(lo, s), y, px(hi, s), y, "ci"));
        b.append(line(px(lo, s), y - 5, px(lo, s), y + 5, "ci"));
        b.append(line(px(hi, s), y - 5, px(hi, s), y + 5, "ci"));
        b.append("<circle class=\"point\" cx=\"")
                .append(f(px(center, s)))
                .append("\" cy=\"")
                .append(f(y))
                .append("\" r=\"5\"/></g>");
    }

    private static String line(double x1, double y1, double x2, double y2, String cls) {
        return "<line class=\"" + cls + "\" x1=\"" + f(x1) + "\" y1=\"" + f(y1) + "\" x2=\"" + f(x2) + "\" y2=\""
                + f(y2) + "\"/>";
    }

    private static String f(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }

    private static String pct(double confidence) {
        return Formats.confidenceLevel(confidence);
    }
}
