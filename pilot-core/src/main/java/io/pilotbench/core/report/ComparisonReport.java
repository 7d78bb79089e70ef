package io.pilotbench.core.report;

import io.pilotbench.core.analysis.Formats;
import io.pilotbench.core.api.StopReason;
import io.pilotbench.core.compare.CompareSettings;
import io.pilotbench.core.compare.Comparison;
import io.pilotbench.core.compare.Contender;
import io.pilotbench.core.compare.Direction;
import io.pilotbench.core.compare.Gate;
import io.pilotbench.core.compare.PairComparison;
import io.pilotbench.core.compare.Verdict;
import io.pilotbench.stats.ConfidenceInterval;
import io.pilotbench.stats.TTestResult;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The report of {@code pilot compare}: a ranking (mean ± CI per workload), a verdict sentence per pair of neighbours
 * in the ranking and per candidate against the first workload, and Getstats-style details (Auto-pilot, seeds/002
 * Fig. 3) of every candidate against the first: the difference of means and the ratio with their CIs, Welch's and
 * the pooled t-test, and the three hypotheses u1 ≤ u2, u1 ≥ u2, u1 = u2 with ACCEPT/REJECT at α.
 *
 * <p>JSON contract (stable; fields may be added, never renamed): {@code {"pi": {"name", "unit", "direction"},
 * "settings": {"confidence", "alpha", "equivalence", "test", "ciTarget"}, "workloads": [{"name", "rank", "n",
 * "mean", "ci": {"confidence", "low", "high", "width"} | null, "subsessionSize", "subsessions", "rounds",
 * "targetMet", "source"}], "pairs": [{"a", "b", "adjacent", "difference": {"mean", "low", "high"}, "ratio":
 * {"value", "low", "high"}, "welch": {"t", "df", "p", "pLess", "pGreater"}, "pooled": {…}, "sequence": {"mean", "low",
 * "high"} | null, "anytimeP" | null, "verdict": "a<b" | "a>b" | "equivalent" | "undecided", "margin", "moreRounds"}], "decided", "stopReason", "seconds", "gate": [{"candidate",
 * "slower", "factor": {…}, "limit"}]}}. Pairs hold a = the earlier workload in the order given, b = the later;
 * difference = a − b, ratio = a / b. A live comparison decides by the confidence sequence of the difference (at α,
 * valid at every look) and reports its anytime-valid p-value; a comparison of stored samples by the t-test. Missing
 * values are null.
 */
public final class ComparisonReport {
    private static final JsonMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    private final Comparison comparison;
    private final StopReason stopReason;
    private final double seconds;
    private final Gate gate;
    private final String limit;

    /**
     * @param stopReason why a live comparison ended, or null for stored data
     * @param seconds    how long it ran, or NaN
     * @param limit      the limit that ended it, in words ("the time limit of 5 min"), or null
     */
    public ComparisonReport(Comparison comparison, StopReason stopReason, double seconds, Gate gate, String limit) {
        this.comparison = comparison;
        this.stopReason = stopReason;
        this.seconds = seconds;
        this.gate = gate == null ? Gate.NONE : gate;
        this.limit = limit;
    }

    /** Writes the report in {@code format}. */
    public void render(Format format, PrintWriter out) {
        switch (format) {
            case TEXT -> text(out);
            case JSON -> out.println(JSON.writeValueAsString(toMap()));
            case CSV -> csv(out);
            case MARKDOWN -> markdown(out);
            default -> throw new IllegalArgumentException(format.toString());
        }
        out.flush();
    }

    // ---- sentences ---------------------------------------------------------------------------------------------

    /** The pairs a person reads: neighbours in the ranking, then each candidate against the first if not yet said. */
    List<PairComparison> shownPairs() {
        List<PairComparison> out = new ArrayList<>(comparison.adjacent());
        Contender first = comparison.contenders().get(0);
        for (Contender c : comparison.contenders().subList(1, comparison.contenders().size())) {
            PairComparison p = comparison.pair(first, c);
            if (!out.contains(p)) {
                out.add(p);
            }
        }
        return out;
    }

    /**
     * "B is 1.23× faster than A (95% CI 1.19×–1.27×, p < 0.001)", "A and B are equivalent within ±1% (…)", or
     * "A vs B: undecided (p = 0.08); about 40 more rounds each would decide it".
     */
    public String sentence(PairComparison p) {
        CompareSettings s = comparison.settings();
        String conf = Formats.significant(s.confidence() * 100, 4) + "% CI";
        String pText = s.sequential() && !Double.isNaN(p.anytimeP()) ? "anytime " + pValue(p.anytimeP())
                : pValue(p.p(s.test()));
        switch (p.verdict()) {
            case A_LOWER, A_HIGHER -> {
                boolean aBetter = (p.verdict() == Verdict.A_LOWER) == (comparison.direction()
                        == Direction.LOWER_IS_BETTER);
                Contender winner = aBetter ? p.a() : p.b();
                Contender loser = aBetter ? p.b() : p.a();
                // the factor > 1: loser/winner when lower is better, winner/loser otherwise
                boolean lowerBetter = comparison.direction() == Direction.LOWER_IS_BETTER;
                ConfidenceInterval factor = (winner == p.a()) == lowerBetter ? p.inverseRatio() : p.ratio();
                String word = better(winner);
                String f = factor == null ? Formats.number(factorOf(winner, loser)) + "×"
                        : Formats.number(factor.center()) + "×";
                String ci = factor == null ? "" : conf + " " + Formats.number(factor.low()) + "×–"
                        + Formats.number(factor.high()) + "×, ";
                return winner.name() + " is " + f + " " + word + " than " + loser.name() + " (" + ci + pText + ")";
            }
            case EQUIVALENT -> {
                double base = Math.abs(p.a().mean());
                return p.a().name() + " and " + p.b().name() + " are equivalent within ±"
                        + Formats.number(s.equivalence() * 100) + "% (difference " + percent(p.difference().center(),
                        base) + ", " + conf + " " + percent(p.difference().low(), base) + " to "
                        + percent(p.difference().high(), base) + ")";
            }
            default -> {
                StringBuilder b = new StringBuilder(p.a().name() + " vs " + p.b().name() + ": undecided");
                if (p.welch() == null) {
                    Contender missing = p.a().valid() ? p.b() : p.a();
                    return b.append(" (").append(missing.name()).append(" has no confidence interval yet: ")
                            .append(missing.n()).append(" samples)").toString();
                }
                if (stopReason != null && limit != null) {
                    b.append(" after ").append(Formats.duration(seconds));
                }
                b.append(" (").append(pText).append(")");
                String more = more(p);
                if (more != null) {
                    b.append("; ").append(more);
                }
                return b.toString();
            }
        }
    }

    /** "about 40 more rounds each would decide it", or null when unknown. */
    private String more(PairComparison p) {
        if (!Double.isFinite(p.requiredGrowth())) {
            return null;
        }
        boolean live = p.a().live() || p.b().live();
        if (!live) {
            long n = Math.min(p.a().n(), p.b().n());
            long more = Math.max(1, (long) Math.ceil(n * (p.requiredGrowth() - 1)));
            return "about " + more + " more samples each would decide it";
        }
        long most = Comparison.moreRounds(p);
        if (most < 0) {
            return null;
        }
        String who = p.a().live() && p.b().live() ? " each" : " of " + (p.a().live() ? p.a() : p.b()).name();
        return "about " + most + " more round" + (most == 1 ? "" : "s") + who + " would decide it";
    }

    private String better(Contender winner) {
        boolean speed = Direction.speedLike(winner.pi().unit());
        boolean lower = comparison.direction() == Direction.LOWER_IS_BETTER;
        return speed ? "faster" : lower ? "lower" : "higher";
    }

    private double factorOf(Contender winner, Contender loser) {
        return comparison.direction() == Direction.LOWER_IS_BETTER ? loser.mean() / winner.mean()
                : winner.mean() / loser.mean();
    }

    private static String percent(double x, double base) {
        double v = 100 * x / base;
        return (v >= 0 ? "+" : "−") + Formats.significant(Math.abs(v), 2) + "%";
    }

    /** "p < 0.001", "p = 0.0123". */
    static String pValue(double p) {
        return Formats.pValue(p);
    }

    // ---- text --------------------------------------------------------------------------------------------------

    private void text(PrintWriter out) {
        out.println(heading());
        out.println();
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"rank", "workload", "mean", "± CI", conf() + " CI", "n", "subsessions", "rounds"});
        for (Contender c : comparison.ranking()) {
            rows.add(rankingRow(c));
        }
        table(rows, out);
        out.println();
        for (PairComparison p : shownPairs()) {
            out.println(sentence(p));
        }
        for (Gate.Finding f : gate.check(comparison)) {
            out.println(gateLine(f));
        }
        String end = ending();
        if (end != null) {
            out.println();
            out.println(end);
        }
        Contender first = comparison.contenders().get(0);
        for (Contender c : comparison.contenders().subList(1, comparison.contenders().size())) {
            out.println();
            details(comparison.pair(first, c), out);
        }
    }

    private String conf() {
        return Formats.significant(comparison.settings().confidence() * 100, 4) + "%";
    }

    private String heading() {
        Contender c = comparison.contenders().get(0);
        CompareSettings s = comparison.settings();
        String unit = c.pi().unit() == null || c.pi().unit().isEmpty() ? "" : " (" + c.pi().unit() + ")";
        return "Comparing " + c.pi().name() + (c.unitReadings() ? " unit readings" : "") + unit + ", "
                + (comparison.direction() == Direction.LOWER_IS_BETTER ? "lower" : "higher") + " is better; "
                + conf() + " CIs, " + (s.test() == CompareSettings.Test.WELCH ? "Welch's" : "pooled")
                + " t-test at α = " + Formats.number(s.alpha())
                + (s.equivalence() > 0 ? ", equivalence ±" + Formats.number(s.equivalence() * 100) + "%" : "");
    }

    private String[] rankingRow(Contender c) {
        String unit = c.pi().unit();
        int rank = comparison.ranking().indexOf(c) + 1;
        if (c.ci() == null) {
            return new String[] {String.valueOf(rank), c.name(), Double.isFinite(c.mean())
                    ? Formats.quantity(c.mean(), unit, c.mean()) : "-", "no CI", "", String.valueOf(c.n()), "-",
                String.valueOf(c.rounds())};
        }
        return new String[] {String.valueOf(rank), c.name(), Formats.quantity(c.mean(), unit, c.mean()),
            "± " + Formats.significant(100 * c.ci().halfWidth() / Math.abs(c.mean()), 2) + "%",
            "[" + Formats.quantity(c.ci().low(), unit, c.mean()) + ", " + Formats.quantity(c.ci().high(), unit,
                    c.mean()) + "]",
            String.valueOf(c.n()), c.n() / c.subsessionSize() + " of " + c.subsessionSize(),
            String.valueOf(c.rounds())};
    }

    private String ending() {
        if (stopReason == null) {
            return null;
        }
        int rounds = comparison.contenders().stream().filter(Contender::live).mapToInt(Contender::rounds).sum();
        String took = rounds + " rounds in " + Formats.duration(seconds);
        return switch (stopReason) {
            case TARGET_MET -> "Decided after " + took + ".";
            case TIME_LIMIT, ROUND_LIMIT -> "Undecided: " + (limit == null ? "a limit" : limit) + " ended it after "
                    + took + ".";
            case WORKLOAD_FAILED -> "Stopped after " + took + ": a workload failed (see stderr).";
            case INTERRUPTED -> "Interrupted after " + took + "; the results so far are above.";
            case RUNNING -> null;
        };
    }

    private String gateLine(Gate.Finding f) {
        return "GATE: " + f.candidate() + " is " + Formats.number(f.factor().center()) + "× "
                + (f.slower() ? "slower" : "faster") + " than " + comparison.contenders().get(0).name() + " ("
                + conf() + " CI " + Formats.number(f.factor().low()) + "×–" + Formats.number(f.factor().high())
                + "×), beyond the tolerated " + Formats.number((f.limit() - 1) * 100) + "%";
    }

    private void details(PairComparison p, PrintWriter out) {
        CompareSettings s = comparison.settings();
        String unit = p.a().pi().unit();
        out.println("Comparing " + p.a().name() + " (sample 1) to " + p.b().name() + " (sample 2):");
        if (p.welch() == null) {
            out.println("  no test: " + (p.a().valid() ? p.b() : p.a()).name() + " has no confidence interval");
            return;
        }
        List<String[]> rows = new ArrayList<>();
        ConfidenceInterval d = p.difference();
        double ref = Math.max(Math.abs(p.a().mean()), Math.abs(p.b().mean()));
        rows.add(new String[] {"difference 1 − 2", Formats.quantity(d.center(), unit, ref), conf() + " CI ["
            + Formats.quantity(d.low(), unit, ref) + ", " + Formats.quantity(d.high(), unit, ref) + "]"});
        ConfidenceInterval r = p.ratio();
        rows.add(new String[] {"ratio 1 / 2", Formats.number(p.a().mean() / p.b().mean()), r == null
            ? "CI unbounded (sample 2's mean is not significantly different from 0)"
            : conf() + " CI [" + Formats.number(r.low()) + ", " + Formats.number(r.high()) + "]"});
        rows.add(new String[] {"Welch's t-test", test(p.welch()), ""});
        rows.add(new String[] {"pooled t-test", test(p.pooled()), ""});
        Tables.text(rows, out, "  ");
        TTestResult t = s.test() == CompareSettings.Test.WELCH ? p.welch() : p.pooled();
        List<String[]> h = new ArrayList<>();
        h.add(new String[] {"Null hyp.", "Alt. hyp.", "p (" + (s.test() == CompareSettings.Test.WELCH ? "Welch"
            : "pooled") + ")", "at α = " + Formats.number(s.alpha())});
        h.add(hypothesis("u1 <= u2", "u1 > u2", t.pGreater(), s.alpha()));
        h.add(hypothesis("u1 >= u2", "u1 < u2", t.pLess(), s.alpha()));
        h.add(hypothesis("u1 == u2", "u1 != u2", t.pTwoSided(), s.alpha()));
        Tables.text(h, out, "  ");
    }

    private static String test(TTestResult t) {
        return "t = " + Formats.number(t.t()) + ", df = " + Formats.number(t.df()) + ", " + pValue(t.pTwoSided());
    }

    private static String[] hypothesis(String h0, String h1, double p, double alpha) {
        return new String[] {h0, h1, p < 0.001 ? "< 0.001" : Formats.significant(p, 3),
            p < alpha ? "REJECT H0" : "ACCEPT H0"};
    }

    private static void table(List<String[]> rows, PrintWriter out) {
        Tables.text(rows, out, "  ");
    }

    // ---- Markdown and CSV ----------------------------------------------------------------------------------------

    private void markdown(PrintWriter out) {
        out.println("**" + heading() + "**");
        out.println();
        out.println(Tables.markdownHeader("rlrrlrrr", "rank", "workload", "mean", "± CI", conf() + " CI", "n",
                "subsessions", "rounds"));
        for (Contender c : comparison.ranking()) {
            out.println(Tables.markdownRow(rankingRow(c)));
        }
        out.println();
        for (PairComparison p : shownPairs()) {
            out.println("- " + Tables.markdownText(sentence(p)));
        }
        for (Gate.Finding f : gate.check(comparison)) {
            out.println("- **" + Tables.markdownText(gateLine(f)) + "**");
        }
        String end = ending();
        if (end != null) {
            out.println();
            out.println(end);
        }
        out.println();
        out.println(Tables.markdownHeader("llrlrllll", "sample 1", "sample 2", "difference 1 − 2", conf() + " CI",
                "ratio 1 / 2", conf() + " CI", "Welch t, df, p", "pooled t, df, p", "verdict"));
        for (PairComparison p : comparison.pairs()) {
            if (p.welch() == null) {
                continue;
            }
            String unit = p.a().pi().unit();
            double ref = Math.max(Math.abs(p.a().mean()), Math.abs(p.b().mean()));
            ConfidenceInterval d = p.difference();
            ConfidenceInterval r = p.ratio();
            out.println(Tables.markdownRow(new String[] {p.a().name(), p.b().name(),
                Formats.quantity(d.center(), unit, ref), "[" + Formats.quantity(d.low(), unit, ref) + ", "
                    + Formats.quantity(d.high(), unit, ref) + "]", Formats.number(p.a().mean() / p.b().mean()),
                r == null ? "unbounded" : "[" + Formats.number(r.low()) + ", " + Formats.number(r.high()) + "]",
                test(p.welch()), test(p.pooled()), p.verdict().label()}));
        }
    }

    /** Header of the CSV: one row per pair. */
    static final String CSV_HEADER = "a,b,mean_a,mean_b,difference,difference_low,difference_high,ratio,ratio_low,"
            + "ratio_high,welch_t,welch_df,welch_p,pooled_t,pooled_df,pooled_p,verdict";

    private void csv(PrintWriter out) {
        out.println(CSV_HEADER);
        for (PairComparison p : comparison.pairs()) {
            List<String> cells = new ArrayList<>(List.of(Tables.csvCell(p.a().name()), Tables.csvCell(p.b().name()),
                    Tables.csvNumber(p.a().mean()), Tables.csvNumber(p.b().mean())));
            ConfidenceInterval d = p.difference();
            cells.addAll(d == null ? List.of("", "", "")
                    : List.of(Tables.csvNumber(d.center()), Tables.csvNumber(d.low()), Tables.csvNumber(d.high())));
            ConfidenceInterval r = p.ratio();
            cells.add(Tables.csvNumber(p.a().mean() / p.b().mean()));
            cells.addAll(r == null ? List.of("", "")
                    : List.of(Tables.csvNumber(r.low()), Tables.csvNumber(r.high())));
            for (TTestResult t : new TTestResult[] {p.welch(), p.pooled()}) {
                cells.addAll(t == null ? List.of("", "", "")
                        : List.of(Tables.csvNumber(t.t()), Tables.csvNumber(t.df()), Tables.csvNumber(t.pTwoSided())));
            }
            cells.add(p.verdict().label());
            out.println(String.join(",", cells));
        }
    }


    // ---- JSON --------------------------------------------------------------------------------------------------

    /** The JSON object of the report. */
    public Map<String, Object> toMap() {
        Map<String, Object> root = new LinkedHashMap<>();
        Contender first = comparison.contenders().get(0);
        Map<String, Object> pi = new LinkedHashMap<>();
        pi.put("name", first.pi().name());
        pi.put("unit", first.pi().unit());
        pi.put("data", first.unitReadings() ? "unit_readings" : "readings");
        pi.put("direction", comparison.direction() == Direction.LOWER_IS_BETTER ? "lower_is_better"
                : "higher_is_better");
        root.put("pi", pi);
        CompareSettings s = comparison.settings();
        Map<String, Object> st = new LinkedHashMap<>();
        st.put("confidence", s.confidence());
        st.put("alpha", s.alpha());
        st.put("equivalence", s.equivalence());
        st.put("test", s.test().name().toLowerCase(Locale.ROOT));
        st.put("ciTarget", s.requireCiTarget());
        root.put("settings", st);
        List<Map<String, Object>> ws = new ArrayList<>();
        for (Contender c : comparison.contenders()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", c.name());
            m.put("rank", comparison.ranking().indexOf(c) + 1);
            m.put("n", c.n());
            m.put("mean", SessionResultJson.num(c.mean()));
            m.put("ci", SessionResultJson.ci(c.ci()));
            m.put("subsessionSize", c.subsessionSize() == 0 ? null : c.subsessionSize());
            m.put("subsessions", c.subsessionSize() == 0 ? null : c.n() / c.subsessionSize());
            m.put("rounds", c.rounds());
            m.put("targetMet", c.targetMet());
            m.put("source", c.source());
            ws.add(m);
        }
        root.put("workloads", ws);
        List<PairComparison> adjacent = comparison.adjacent();
        List<Map<String, Object>> ps = new ArrayList<>();
        for (PairComparison p : comparison.pairs()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("a", p.a().name());
            m.put("b", p.b().name());
            m.put("adjacent", adjacent.contains(p));
            ConfidenceInterval d = p.difference();
            m.put("difference", d == null ? null : triple("mean", d.center(), d.low(), d.high()));
            ConfidenceInterval r = p.ratio();
            m.put("ratio", d == null ? null : triple("value", p.a().mean() / p.b().mean(),
                    r == null ? Double.NaN : r.low(), r == null ? Double.NaN : r.high()));
            m.put("welch", testMap(p.welch()));
            m.put("pooled", testMap(p.pooled()));
            ConfidenceInterval cs = p.sequence();
            m.put("sequence", cs == null ? null : triple("mean", cs.center(), cs.low(), cs.high()));
            m.put("anytimeP", SessionResultJson.num(p.anytimeP()));
            m.put("verdict", p.verdict().label());
            m.put("margin", SessionResultJson.num(p.margin()));
            long more = Comparison.moreRounds(p);
            m.put("moreRounds", more < 0 ? null : more);
            ps.add(m);
        }
        root.put("pairs", ps);
        root.put("decided", comparison.decided());
        root.put("stopReason", stopReason == null ? null : stopReason.name().toLowerCase(Locale.ROOT));
        root.put("seconds", SessionResultJson.num(seconds));
        List<Map<String, Object>> g = new ArrayList<>();
        for (Gate.Finding f : gate.check(comparison)) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("candidate", f.candidate());
            m.put("slower", f.slower());
            m.put("factor", triple("value", f.factor().center(), f.factor().low(), f.factor().high()));
            m.put("limit", f.limit());
            g.add(m);
        }
        root.put("gate", g);
        return root;
    }

    private static Map<String, Object> triple(String center, double c, double low, double high) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(center, SessionResultJson.num(c));
        m.put("low", SessionResultJson.num(low));
        m.put("high", SessionResultJson.num(high));
        return m;
    }

    private static Map<String, Object> testMap(TTestResult t) {
        if (t == null) {
            return null;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("t", SessionResultJson.num(t.t()));
        m.put("df", SessionResultJson.num(t.df()));
        m.put("p", SessionResultJson.num(t.pTwoSided()));
        m.put("pLess", SessionResultJson.num(t.pLess()));
        m.put("pGreater", SessionResultJson.num(t.pGreater()));
        return m;
    }
}
