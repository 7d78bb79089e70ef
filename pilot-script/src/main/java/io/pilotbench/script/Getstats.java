package io.pilotbench.script;

import io.pilotbench.core.files.JsonMappers;
import io.pilotbench.stats.Descriptive;
import io.pilotbench.stats.FisherF;
import io.pilotbench.stats.Outliers;
import io.pilotbench.stats.TTest;
import io.pilotbench.stats.TTestResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code pilot getstats}: Auto-pilot's Getstats (Wright et al., USENIX ATC 2005 FREENIX, §3.3) on {@code pilot
 * script} results, CSV files and GNU {@code time -v} logs.
 *
 * <ul>
 *   <li>A table per sample (TEST): COUNT MEAN MEDIAN LOW HIGH MIN MAX SDEV% HW% for every measured column, LOW/HIGH
 *       the Student-t confidence interval of the mean, and O/H, the difference of the means from the first sample's
 *       in percent of it.</li>
 *   <li>Warnings: the values whose z-score (x − mean)/sd exceeds the threshold (2 by default, as the paper),
 *       summarised per column (how many, against how many normal data would give, and the worst few), printed after
 *       the tables; every column with a significant linear trend over its runs ({@code Trend}) whose fitted change
 *       is more than rounding noise: free memory falling is a leak, times rising a degradation. A column constant
 *       up to rounding ({@link ColumnStats#constant}) gets neither.</li>
 *   <li>Every later sample compared with the first (u1: the later sample, u2: the first, as the paper's Figure 3):
 *       the CI of u1 − u2 and the three one- and two-sided t-tests. An F-test of the two variances (R's
 *       {@code var.test}: p = 2·min(P(F ≤ f), P(F ≥ f))) picks the test: pooled when it does not reject equal
 *       variances at alpha, Welch's when it does — the report says which.</li>
 *   <li>{@code --predicate EXPR}: exit 0 when EXPR holds for every chosen column of every sample (the TEST stop
 *       program of the paper), 1 otherwise; nothing is printed.</li>
 * </ul>
 */
public final class Getstats {
    /**
     * What to compute and how to print it.
     *
     * @param confidence for the intervals, in (0, 1), e.g. 0.95
     * @param alpha      significance level of the F-test, the t-tests and the trend warnings, e.g. 0.05
     * @param zThreshold z-score above which a value is warned about, e.g. 2
     * @param format     text, csv, json or markdown
     * @param columns    the columns to report (and to test a predicate on); empty: all (predicate: elapsed, user,
     *                   system)
     * @param predicate  null, or a predicate: then only an exit code
     */
    public record Options(
            double confidence, double alpha, double zThreshold, String format, List<String> columns, String predicate) {
        public Options {
            if (!(confidence > 0 && confidence < 1) || !(alpha > 0 && alpha < 1)) {
                throw new IllegalArgumentException(
                        "confidence and alpha must be in (0, 1), got " + confidence + " and " + alpha);
            }
            if (!(zThreshold > 0)) {
                throw new IllegalArgumentException("the z-score threshold must be > 0, got " + zThreshold);
            }
            if (!List.of("text", "csv", "json", "markdown").contains(format)) {
                throw new IllegalArgumentException("format must be text, csv, json or markdown, got '" + format + "'");
            }
            columns = List.copyOf(columns);
        }
    }

    /** A row of a sample's table. */
    record Row(String sample, ColumnStats stats, double overheadPercent) {}

    /**
     * A warning; a z-score warning summarises a column's values beyond the threshold ({@code outliers}, worst first)
     * in one line.
     */
    record Warning(String sample, String column, String kind, String text, List<Outlier> outliers) {
        Warning(String sample, String column, String kind, String text) {
            this(sample, column, kind, text, List.of());
        }
    }

    /** A value whose z-score passed the threshold: its run (1-based), z-score and value. */
    record Outlier(int run, double z, double value) {}

    /** u1 (a later sample) against u2 (the first), for one column. */
    record Comparison(
            String column, String sample1, String sample2, double f, double fP, boolean welch, TTestResult t) {
        String method() {
            return welch ? "Welch" : "pooled";
        }
    }

    record Report(
            List<String> samples,
            List<Row> rows,
            List<Warning> warnings,
            List<Comparison> comparisons,
            double confidence,
            double alpha,
            double zThreshold) {}

    private Getstats() {}

    /**
     * Reads the inputs, analyses them and prints the report; with a predicate, prints nothing.
     *
     * @return 0, or with a predicate 0 when it holds and 1 when not
     */
    public static int run(List<Path> inputs, Options o, PrintWriter out) throws IOException {
        if (inputs.isEmpty()) {
            throw new IllegalArgumentException(
                    "no input: give pilot script results, TEST directories, CSV files or " + "GNU time -v logs");
        }
        List<Sample> samples = new ArrayList<>();
        for (Path p : inputs) {
            samples.addAll(SampleParser.parse(p));
        }
        samples = uniquelyNamed(samples);
        if (o.predicate() != null) {
            return holds(samples, o) ? 0 : 1;
        }
        for (String c : o.columns()) {
            // a column no sample has printed an empty table and exit 0
            if (samples.stream().noneMatch(s -> s.columns().containsKey(c))) {
                throw new IllegalArgumentException("no sample has a column '" + c + "'; the columns are "
                        + samples.stream()
                                .flatMap(s -> s.columns().keySet().stream())
                                .distinct()
                                .toList());
            }
        }
        Report r = analyse(samples, o);
        switch (o.format()) {
            case "csv" -> GetstatsRenderer.csv(r, out);
            case "json" -> out.println(JsonMappers.indented().writeValueAsString(GetstatsRenderer.json(r)));
            case "markdown" -> GetstatsRenderer.markdown(r, out);
            default -> GetstatsRenderer.text(r, out);
        }
        out.flush();
        return 0;
    }

    /**
     * The samples with names made unique as {@code pilot report} makes them ("sleep", "sleep #2", …): a FOREACH around
     * a TEST of one name gave samples the text merged into one table and compared "sleep" with "sleep".
     */
    static List<Sample> uniquelyNamed(List<Sample> samples) {
        Map<String, Integer> seen = new java.util.HashMap<>();
        List<Sample> out = new ArrayList<>();
        for (Sample s : samples) {
            int k = seen.merge(s.name(), 1, Integer::sum);
            out.add(k == 1 ? s : new Sample(s.name() + " #" + k, s.columns(), s.failed()));
        }
        return out;
    }

    static boolean holds(List<Sample> samples, Options o) {
        Predicate p = Predicate.parse(o.predicate());
        List<String> cols = o.columns().isEmpty() ? StopProgram.DEFAULT_COLUMNS : o.columns();
        boolean any = false;
        for (Sample s : samples) {
            for (String c : cols) {
                double[] x = s.columns().get(c);
                if (x == null || x.length == 0) {
                    continue;
                }
                any = true;
                if (!p.holds(ColumnStats.of(c, x, o.confidence()).variables())) {
                    return false;
                }
            }
        }
        if (!any) {
            throw new IllegalArgumentException(
                    "no column " + String.join(", ", cols) + " in the input to test the " + "predicate on");
        }
        return true;
    }

    static Report analyse(List<Sample> samples, Options o) {
        List<Row> rows = new ArrayList<>();
        List<Warning> warnings = new ArrayList<>();
        List<Comparison> comparisons = new ArrayList<>();
        Sample first = samples.isEmpty() ? null : samples.get(0);
        int trendTests = 0;
        for (Sample s : samples) {
            if (s.failed() > 0) {
                warnings.add(new Warning(
                        s.name(),
                        "exit",
                        "failed",
                        s.failed() + " failed run" + (s.failed() == 1 ? "" : "s") + " of " + s.name()
                                + " left out (exit status not 0)"));
            }
            for (Map.Entry<String, double[]> c : chosen(s, o).entrySet()) {
                double[] x = c.getValue();
                if (x.length == 0) {
                    continue;
                }
                ColumnStats st = ColumnStats.of(c.getKey(), x, o.confidence());
                double[] base = first.columns().get(c.getKey());
                // undefined (shown as SDEV% of a zero mean is: "-", empty, null) when the first sample's mean is 0
                double baseMean = base == null || base.length == 0 ? Double.NaN : Descriptive.mean(base);
                double oh = s == first || !Double.isFinite(baseMean) || baseMean == 0
                        ? Double.NaN
                        : (st.mean() - baseMean) / baseMean * 100;
                rows.add(new Row(s.name(), st, oh));
                warnings.addAll(warnings(s, c.getKey(), x, st, o));
                trendTests += x.length >= 3 && !st.constant() ? 1 : 0;
                if (s != first && base != null && base.length >= 2 && x.length >= 2) {
                    comparisons.add(compare(c.getKey(), s.name(), x, first.name(), base, o));
                }
            }
        }
        long trends = warnings.stream()
                .filter(w -> List.of("leak", "degradation", "trend").contains(w.kind()))
                .count();
        if (trends > 0 && trendTests >= 10) {
            // each column of each sample is tested on its own at alpha: of 50 columns of noise, 2 or 3 "drift"
            warnings.add(new Warning(
                    "",
                    "",
                    "trends-by-chance",
                    String.format(
                            Locale.ROOT,
                            "%d of the %d columns tested for a trend warned at α = %s; by chance alone about %.1f "
                                    + "would: take a lone warning among many columns as a hint, not a finding",
                            trends,
                            trendTests,
                            GetstatsRenderer.num(o.alpha()),
                            trendTests * o.alpha())));
        }
        return new Report(
                samples.stream().map(Sample::name).toList(),
                rows,
                warnings,
                comparisons,
                o.confidence(),
                o.alpha(),
                o.zThreshold());
    }

    private static Map<String, double[]> chosen(Sample s, Options o) {
        if (o.columns().isEmpty()) {
            return s.columns();
        }
        Map<String, double[]> m = new LinkedHashMap<>();
        for (String c : o.columns()) {
            if (s.columns().containsKey(c)) {
                m.put(c, s.columns().get(c));
            }
        }
        return m;
    }

    private static List<Warning> warnings(Sample s, String column, double[] x, ColumnStats st, Options o) {
        String sample = s.name();
        List<Warning> w = new ArrayList<>();
        if (st.constant()) {
            return w; // no value stands out of a constant column, and it does not drift
        }
        if (x.length >= 3 && st.sdev() > 0) {
            double[] z = Outliers.zScores(x);
            List<Outlier> out = new ArrayList<>();
            for (int i = 0; i < z.length; i++) {
                if (Math.abs(z[i]) > o.zThreshold()) {
                    out.add(new Outlier(s.run(column, i), z[i], x[i]));
                }
            }
            if (!out.isEmpty()) {
                out.sort(java.util.Comparator.comparingDouble((Outlier u) -> -Math.abs(u.z())));
                w.add(new Warning(sample, column, "z-score", zText(sample, column, x.length, st, out, o), out));
            }
        }
        // of the runs about their line: a trend (said below) makes the lag-1 autocorrelation near 1 whatever the runs;
        // a column that moves at its digits' rounding only (a perfect line) gets no warning at all
        boolean rounding = st.slopeP() < o.alpha() && !st.slopeAboveNoise();
        double r1 = x.length >= 10 && !rounding ? Descriptive.lag1Autocorrelation(aboutTheirLine(x, st)) : Double.NaN;
        if (r1 > 2 / Math.sqrt(x.length)) {
            // the tables' CI takes the runs as independent (Auto-pilot's Getstats): with runs that follow each other
            // it is too narrow, and a stop program's precision rests on it
            w.add(new Warning(
                    sample,
                    column,
                    "autocorrelation",
                    String.format(
                            Locale.ROOT,
                            "%s of %s: lag-1 autocorrelation %s over %d runs: its CI takes the runs as independent "
                                    + "and is too narrow; pilot analyze of the TEST's directory gives one that is not",
                            column,
                            sample,
                            GetstatsRenderer.num(r1),
                            x.length)));
        }
        if (x.length >= 3 && st.slopeP() < o.alpha() && st.slopeAboveNoise()) {
            String c = column.toLowerCase(Locale.ROOT);
            boolean memory = c.contains("mem") || c.contains("free");
            boolean rising = st.slope() > 0;
            // which way is worse depends on the column: a time rising, a throughput falling; of a column that is
            // neither (cpu%), only the direction is said (a rising ops_per_sec was "a gradual degradation?")
            int better = memory ? 0 : betterWhen(c);
            boolean worse = better < 0 ? rising : better > 0 && !rising;
            String meaning = memory
                    ? (rising ? "rising free memory" : "falling free memory: a leak?")
                    : better == 0
                            ? (rising ? "rising" : "falling")
                            : worse
                                    ? (rising ? "rising" : "falling") + ": a gradual degradation?"
                                    : (rising ? "rising" : "falling") + ": the runs speed up (warm-up?)";
            w.add(new Warning(
                    sample,
                    column,
                    memory && !rising ? "leak" : !memory && worse ? "degradation" : "trend",
                    String.format(
                            Locale.ROOT,
                            "%s of %s changes by %s per run (slope p-value %s): %s",
                            column,
                            sample,
                            GetstatsRenderer.num(st.slope()),
                            GetstatsRenderer.p(st.slopeP(), o.alpha()),
                            meaning)));
        }
        return w;
    }

    /** The residuals of {@code x} about its least-squares line over the run number (the slope {@code st} fitted). */
    private static double[] aboutTheirLine(double[] x, ColumnStats st) {
        double mt = (x.length - 1) / 2.0;
        double mx = st.mean();
        double[] r = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            r[i] = x[i] - mx - st.slope() * (i - mt);
        }
        return r;
    }

    /**
     * −1 for a column where lower is better (times: elapsed, user, system, wait, …time, latency, _ms/_us/_ns/_s), +1
     * where higher is (rates: …per_sec, /s, ops, throughput, bandwidth, rate, iops, qps), 0 when the name says neither.
     */
    static int betterWhen(String column) {
        String c = column.toLowerCase(Locale.ROOT);
        for (String higher : new String[] {
            "per_sec", "per sec", "persec", "/s", "ops", "throughput", "bandwidth", "rate", "iops", "qps", "rps", "tput"
        }) {
            if (c.contains(higher)) {
                return 1;
            }
        }
        for (String lower : new String[] {"elapsed", "user", "system", "sys", "wait", "time", "latency", "duration"}) {
            if (c.contains(lower)) {
                return -1;
            }
        }
        for (String unit : new String[] {"_ms", "_us", "_ns", "_s", "(s)", "(ms)"}) {
            if (c.endsWith(unit)) {
                return -1;
            }
        }
        return 0;
    }

    /** The values of a column beyond the z-score threshold, in one line: how many, and the worst few. */
    private static String zText(String sample, String column, int n, ColumnStats st, List<Outlier> out, Options o) {
        double expected = n
                * 2
                * (1
                        - new org.hipparchus.distribution.continuous.NormalDistribution(0, 1)
                                .cumulativeProbability(o.zThreshold()));
        StringBuilder b = new StringBuilder(String.format(
                Locale.ROOT,
                "%s of %s: %d of %d runs with |z| > %s " + "(%.1f expected by chance), mean %s; ",
                column,
                sample,
                out.size(),
                n,
                GetstatsRenderer.num(o.zThreshold()),
                expected,
                GetstatsRenderer.num(st.mean())));
        List<String> worst = new ArrayList<>();
        for (Outlier u : out.subList(0, Math.min(WORST, out.size()))) {
            worst.add(String.format(
                    Locale.ROOT, "run %d z %.4f (value %s)", u.run(), u.z(), GetstatsRenderer.num(u.value())));
        }
        b.append(out.size() > WORST ? "the worst " + WORST + ": " : "").append(String.join(", ", worst));
        return b.toString();
    }

    /** How many of a column's outliers a z-score warning names. */
    static final int WORST = 3;

    /**
     * The F-test of equal variances, then the t-test it picks, of u1 (x) against u2 (y).
     */
    static Comparison compare(String column, String name1, double[] x, String name2, double[] y, Options o) {
        double vx = Descriptive.variance(x);
        double vy = Descriptive.variance(y);
        double f = vx / vy;
        double upper = FisherF.upperTail(f, x.length - 1, y.length - 1);
        double fP = Math.min(1, 2 * Math.min(upper, 1 - upper));
        boolean welch = fP < o.alpha();
        TTestResult t = welch ? TTest.welch(x, y, o.confidence()) : TTest.pooled(x, y, o.confidence());
        return new Comparison(column, name1, name2, f, fP, welch, t);
    }
}
