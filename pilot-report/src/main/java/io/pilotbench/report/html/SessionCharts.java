package io.pilotbench.report.html;

import io.pilotbench.core.model.LevelShift;
import io.pilotbench.core.model.MetricResult;
import io.pilotbench.core.model.PerformanceIndex;
import io.pilotbench.core.model.Phases;
import io.pilotbench.core.model.PiResult;
import io.pilotbench.core.model.Round;
import io.pilotbench.core.model.RoundStatus;
import io.pilotbench.core.model.SessionResult;
import io.pilotbench.core.model.StoredSession;
import io.pilotbench.core.model.WpsResult;
import io.pilotbench.stats.Subsessions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The data of a session's charts, as the maps the page's script draws: per PI the readings over rounds (with the
 * warm-up cut and the level shifts), the mean and CI half-width at the session's looks, the distribution of the kept
 * readings, the lag-1 autocorrelation of block means against the block size, the unit readings; and the WPS fit.
 * Every number is computed here; the script only draws.
 */
final class SessionCharts {
    /** Block sizes tried for the autocorrelation chart. */
    static final int MAX_BLOCK_SIZES = 120;

    private final StoredSession stored;
    private final SessionResult result;
    private final List<Round> analysed;

    SessionCharts(StoredSession stored, SessionResult result) {
        this.stored = stored;
        this.result = result;
        this.analysed = stored.rounds().stream()
                .filter(r -> r.status() == RoundStatus.OK)
                .toList();
    }

    /** One map per PI, in order. */
    List<Map<String, Object>> pis() {
        List<Map<String, Object>> looks = SessionLooks.charts(stored, result);
        List<Map<String, Object>> out = new ArrayList<>();
        for (int p = 0; p < result.pis().size(); p++) {
            PiResult pr = result.pis().get(p);
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", pr.pi().name());
            m.put("unit", pr.pi().unit());
            double[] readings = readings(p);
            if (readings.length > 0) {
                m.put("readings", readingsChart(pr, readings));
                m.put("looks", looks.get(p));
                double[] kept = kept(readings, pr.readingsPhases());
                m.put("histogram", histogram(kept, pr.readings()));
                m.put("autocorrelation", autocorrelation(kept, pr.pi(), pr.readings()));
            }
            Map<String, Object> units = units(p, pr);
            if (units != null) {
                m.put("units", units);
            }
            out.add(m);
        }
        return out;
    }

    private double[] readings(int pi) {
        double[] y = new double[analysed.size()];
        int k = 0;
        for (Round r : analysed) {
            double v = r.reading(pi);
            if (!Double.isNaN(v)) {
                y[k++] = v;
            }
        }
        return Arrays.copyOf(y, k);
    }

    private long[] readingRounds(int pi) {
        return analysed.stream()
                .filter(r -> !Double.isNaN(r.reading(pi)))
                .mapToLong(Round::index)
                .toArray();
    }

    private static double[] kept(double[] all, Phases phases) {
        int from = Math.min(all.length, phases.warmup());
        int to = Math.max(from, all.length - phases.cooldown());
        return Arrays.copyOfRange(all, from, to);
    }

    private Map<String, Object> readingsChart(PiResult pr, double[] y) {
        int p = result.pis().indexOf(pr);
        long[] x = readingRounds(p);
        Phases ph = pr.readingsPhases();
        Map<String, Object> m = new LinkedHashMap<>();
        Thinning.Series s = Thinning.of(x, y);
        m.put("x", s.x());
        m.put("y", s.y());
        m.put("n", y.length);
        m.put("thinned", s.thinned());
        List<Map<String, Object>> shades = new ArrayList<>();
        if (ph.warmup() > 0) {
            shades.add(shade(
                    "warm-up",
                    x[0] - 0.5,
                    x[Math.min(ph.warmup(), x.length) - 1] + 0.5,
                    ph.warmup(),
                    ph.warmupPValue(),
                    ph.warmupMean()));
        }
        if (ph.cooldown() > 0) {
            int first = Math.max(0, x.length - ph.cooldown());
            shades.add(shade(
                    "cool-down",
                    x[first] - 0.5,
                    x[x.length - 1] + 0.5,
                    ph.cooldown(),
                    ph.cooldownPValue(),
                    ph.cooldownMean()));
        }
        m.put("shades", shades);
        List<Map<String, Object>> marks = new ArrayList<>();
        for (LevelShift shift : ph.shifts()) {
            // the x axis is the round: the shift's own round, which the engine mapped from its reading
            if (shift.round() <= x[x.length - 1]) {
                Map<String, Object> c = new LinkedHashMap<>();
                c.put("x", shift.round() - 0.5);
                c.put("round", shift.round());
                c.put("sample", shift.sample());
                c.put("before", shift.before());
                c.put("after", shift.after());
                c.put("pValue", shift.pValue());
                marks.add(c);
            }
        }
        m.put("changes", marks);
        m.put("mean", pr.readings().mean());
        return m;
    }

    private static Map<String, Object> shade(String label, double from, double to, int count, double p, double mean) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("label", label);
        m.put("from", from);
        m.put("to", to);
        m.put("count", count);
        m.put("pValue", Double.isNaN(p) ? null : p);
        m.put("mean", Double.isNaN(mean) ? null : mean);
        return m;
    }

    /** Freedman–Diaconis bins (5 to 80 of them) of the kept readings, with the mean, median and CI to mark. */
    static Map<String, Object> histogram(double[] kept, MetricResult m) {
        Map<String, Object> out = new LinkedHashMap<>();
        if (kept.length == 0) {
            return null;
        }
        // quantiles by selection, O(n) each, on one copy: sorting 10^6 readings was a fifth of a long report's time
        double[] work = kept.clone();
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (double v : kept) {
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        double iqr = quantile(work, 0.75) - quantile(work, 0.25);
        int bins = 1;
        if (max > min) {
            double width = 2 * iqr / Math.cbrt(kept.length);
            bins = width > 0 ? (int) Math.ceil((max - min) / width) : (int) Math.ceil(Math.sqrt(kept.length));
            // at most 2·√n bins (a few readings per bar), at most 80, at least 5
            bins = Math.max(5, Math.min(Math.min(80, (int) Math.ceil(2 * Math.sqrt(kept.length))), bins));
        }
        double w = max > min ? (max - min) / bins : 1;
        long[] counts = new long[bins];
        for (double v : kept) {
            counts[Math.min(bins - 1, (int) ((v - min) / w))]++;
        }
        double[] centers = new double[bins];
        for (int i = 0; i < bins; i++) {
            centers[i] = min + (i + 0.5) * w;
        }
        out.put("x", centers);
        out.put("counts", counts);
        out.put("binWidth", w);
        out.put("n", kept.length);
        out.put("mean", m.mean());
        out.put("median", quantile(work, 0.5));
        out.put("ciLow", m.ci() == null ? null : m.ci().low());
        out.put("ciHigh", m.ci() == null ? null : m.ci().high());
        return out;
    }

    /**
     * The p-quantile, interpolated linearly between order statistics (R's type 7; the median for p = 0.5). Reorders
     * {@code data} (a partial sort by selection), which keeps later calls on the same array fast.
     */
    static double quantile(double[] data, double p) {
        double h = (data.length - 1) * p;
        int lo = (int) Math.floor(h);
        double a = select(data, lo);
        if (lo + 1 >= data.length || h == lo) {
            return a;
        }
        // the next order statistic is the smallest value above position lo, which selection left to its right
        double b = Double.POSITIVE_INFINITY;
        for (int i = lo + 1; i < data.length; i++) {
            b = Math.min(b, data[i]);
        }
        return a + (h - lo) * (b - a);
    }

    /** The k-th smallest value (0-based); afterwards data[k] holds it, smaller ones left of it, larger right. */
    static double select(double[] data, int k) {
        int left = 0;
        int right = data.length - 1;
        java.util.SplittableRandom random = new java.util.SplittableRandom(k);
        while (right > left) {
            double pivot = data[left + random.nextInt(right - left + 1)];
            int i = left;
            int j = right;
            while (i <= j) {
                while (data[i] < pivot) {
                    i++;
                }
                while (data[j] > pivot) {
                    j--;
                }
                if (i <= j) {
                    double t = data[i];
                    data[i++] = data[j];
                    data[j--] = t;
                }
            }
            if (k <= j) {
                right = j;
            } else if (k >= i) {
                left = i;
            } else {
                return data[k];
            }
        }
        return data[k];
    }

    /**
     * r1 of the block means for block sizes 1..n/3 (all of them up to {@link #MAX_BLOCK_SIZES}, geometrically spaced
     * beyond), with the session's limit (the pilot method's rule) and the block size its CI rests on.
     */
    private Map<String, Object> autocorrelation(double[] kept, PerformanceIndex pi, MetricResult m) {
        if (kept.length < 9) {
            return null;
        }
        Subsessions s;
        try {
            s = Subsessions.of(kept, pi.kind().meanMethod());
        } catch (IllegalArgumentException e) {
            return null; // a ratio PI with a value <= 0: the analysis said why already
        }
        int top = kept.length / 3;
        List<Integer> qs = new ArrayList<>();
        for (int q = 1; q <= top; q = q < MAX_BLOCK_SIZES / 2 ? q + 1 : (int) Math.ceil(q * 1.06)) {
            qs.add(q);
        }
        int chosen = m.subsessionSize();
        if (chosen > 0 && chosen <= top && !qs.contains(chosen)) {
            qs.add(chosen);
            qs.sort(null);
        }
        double[] r = new double[qs.size()];
        for (int i = 0; i < r.length; i++) {
            r[i] = s.autocorrelation(qs.get(i));
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("x", qs.stream().mapToInt(Integer::intValue).toArray());
        out.put("r", r);
        out.put("limit", result.settings().autocorrelationLimit());
        out.put("chosen", chosen);
        out.put("method", result.settings().method().name().toLowerCase(java.util.Locale.ROOT));
        return out;
    }

    /** The unit readings: all of them in order (thinned), and their ensemble average by position in the round. */
    private Map<String, Object> units(int p, PiResult pr) {
        long total = 0;
        int longest = 0;
        for (Round r : analysed) {
            total += r.unitReadingCount(p);
            longest = Math.max(longest, r.unitReadingCount(p));
        }
        if (total == 0 || total > Integer.MAX_VALUE - 8) {
            return null;
        }
        long[] x = new long[(int) total];
        double[] y = new double[(int) total];
        double[] sum = new double[longest];
        int[] count = new int[longest];
        int k = 0;
        java.util.Set<Integer> lengths = new java.util.HashSet<>();
        for (Round r : analysed) {
            int c = r.unitReadingCount(p);
            lengths.add(c);
            r.copyUnitReadings(p, 0, c, y, k);
            for (int i = 0; i < c; i++) {
                x[k + i] = k + i;
                sum[i] += y[k + i];
                count[i]++;
            }
            k += c;
        }
        double[] avg = new double[longest];
        long[] pos = new long[longest];
        for (int i = 0; i < longest; i++) {
            avg[i] = sum[i] / count[i];
            pos[i] = i;
        }
        Map<String, Object> all = new LinkedHashMap<>();
        Thinning.Series s = Thinning.of(x, y);
        all.put("x", s.x());
        all.put("y", s.y());
        all.put("n", total);
        all.put("thinned", s.thinned());
        Map<String, Object> ensemble = new LinkedHashMap<>();
        Thinning.Series e = Thinning.of(pos, avg);
        ensemble.put("x", e.x());
        ensemble.put("y", e.y());
        ensemble.put("n", longest);
        Phases ph = pr.unitReadingsPhases();
        List<Map<String, Object>> shades = new ArrayList<>();
        if (ph.warmup() > 0) {
            shades.add(shade("warm-up", -0.5, ph.warmup() - 0.5, ph.warmup(), ph.warmupPValue(), ph.warmupMean()));
        }
        if (ph.cooldown() > 0 && lengths.size() == 1) {
            shades.add(shade(
                    "cool-down",
                    longest - ph.cooldown() - 0.5,
                    longest - 0.5,
                    ph.cooldown(),
                    ph.cooldownPValue(),
                    ph.cooldownMean()));
        }
        ensemble.put("shades", shades);
        ensemble.put("changes", List.of());
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("all", all);
        out.put("ensemble", ensemble);
        return out;
    }

    /** The WPS regression's points and fit, or null without WPS. */
    Map<String, Object> wps() {
        WpsResult w = result.wps();
        if (w == null) {
            return null;
        }
        List<Round> rounds = stored.rounds().stream()
                .filter(r -> r.status() == RoundStatus.OK || r.status() == RoundStatus.SHORT)
                .sorted(java.util.Comparator.comparingLong(Round::workAmount))
                .toList();
        long[] work = rounds.stream().mapToLong(Round::workAmount).toArray();
        double[] seconds = rounds.stream().mapToDouble(Round::durationSeconds).toArray();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("status", w.status().name());
        m.put("x", work);
        m.put("y", seconds);
        m.put("n", work.length);
        boolean ok = w.status() == WpsResult.Status.OK;
        m.put("alpha", ok ? w.alpha() : null);
        m.put("v", ok ? w.v() : null);
        m.put("vLow", ok && w.vCi() != null ? w.vCi().low() : null);
        m.put(
                "vHigh",
                ok && w.vCi() != null && Double.isFinite(w.vCi().high())
                        ? w.vCi().high()
                        : null);
        m.put("rSquared", ok ? w.rSquared() : null);
        m.put("workFloor", w.workFloor());
        m.put("roundsUsed", w.roundsUsed());
        if (ok) {
            double[] fit = new double[work.length];
            double[] lo = new double[work.length];
            double[] hi = new double[work.length];
            for (int i = 0; i < work.length; i++) {
                fit[i] = w.alpha() + work[i] / w.v();
                if (w.vCi() != null) {
                    double fast =
                            Double.isFinite(w.vCi().high()) ? work[i] / w.vCi().high() : 0;
                    lo[i] = w.alpha() + fast;
                    hi[i] = w.alpha() + work[i] / w.vCi().low();
                } else {
                    lo[i] = fit[i];
                    hi[i] = fit[i];
                }
            }
            m.put("fit", fit);
            m.put("low", lo);
            m.put("high", hi);
        }
        return m;
    }
}
