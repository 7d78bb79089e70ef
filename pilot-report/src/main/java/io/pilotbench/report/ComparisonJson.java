package io.pilotbench.report;

import io.pilotbench.core.compare.CompareSettings;
import io.pilotbench.core.compare.Comparison;
import io.pilotbench.core.compare.Contender;
import io.pilotbench.core.compare.Direction;
import io.pilotbench.core.compare.Gate;
import io.pilotbench.core.compare.PairComparison;
import io.pilotbench.core.model.StopReason;
import io.pilotbench.core.store.ResultJson;
import io.pilotbench.stats.ConfidenceInterval;
import io.pilotbench.stats.TTestResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The JSON object of {@link ComparisonReport}, built as maps; the contract is in that class's comment. */
final class ComparisonJson {
    private ComparisonJson() {}

    /** The JSON object of the report. */
    static Map<String, Object> toMap(Comparison comparison, StopReason stopReason, double seconds, Gate gate) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("pi", pi(comparison));
        root.put("settings", settings(comparison.settings()));
        List<Map<String, Object>> ws = new ArrayList<>();
        for (Contender c : comparison.contenders()) {
            ws.add(workload(comparison, c));
        }
        root.put("workloads", ws);
        List<PairComparison> adjacent = comparison.adjacent();
        List<Map<String, Object>> ps = new ArrayList<>();
        for (PairComparison p : comparison.pairs()) {
            ps.add(pair(p, adjacent.contains(p)));
        }
        root.put("pairs", ps);
        root.put("decided", comparison.decided());
        root.put("stopReason", stopReason == null ? null : stopReason.name().toLowerCase(Locale.ROOT));
        root.put("seconds", ResultJson.num(seconds));
        List<Map<String, Object>> g = new ArrayList<>();
        for (Gate.Finding f : gate.check(comparison)) {
            g.add(finding(f));
        }
        root.put("gate", g);
        root.put("driftAllowance", gate.active() ? gate.drift() : null);
        // a gate that passed read as no gate at all ("gate": [] both): its settings and its outcome, null without one
        Map<String, Object> settings = null;
        if (gate.active()) {
            settings = new LinkedHashMap<>();
            settings.put("failIfSlower", Double.isNaN(gate.slower()) ? null : gate.slower());
            settings.put("failIfFaster", Double.isNaN(gate.faster()) ? null : gate.faster());
            settings.put("driftAllowance", gate.drift());
        }
        root.put("gateSettings", settings);
        root.put("gatePassed", gate.active() ? g.isEmpty() : null);
        return root;
    }

    /** The compared PI: its name, unit, data and direction (those of the first contender). */
    private static Map<String, Object> pi(Comparison comparison) {
        Contender first = comparison.contenders().get(0);
        Map<String, Object> pi = new LinkedHashMap<>();
        pi.put("name", first.pi().name());
        pi.put("unit", first.pi().unit());
        pi.put("data", first.unitReadings() ? "unit_readings" : "readings");
        pi.put(
                "direction",
                comparison.direction() == Direction.LOWER_IS_BETTER ? "lower_is_better" : "higher_is_better");
        return pi;
    }

    private static Map<String, Object> settings(CompareSettings s) {
        Map<String, Object> st = new LinkedHashMap<>();
        st.put("confidence", s.confidence());
        st.put("alpha", s.alpha());
        st.put("equivalence", s.equivalence());
        st.put("test", s.test().name().toLowerCase(Locale.ROOT));
        st.put("ciTarget", s.requireCiTarget());
        return st;
    }

    /** One contender: its rank, mean and CI, and how its sample was taken. */
    private static Map<String, Object> workload(Comparison comparison, Contender c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", c.name());
        m.put("rank", comparison.ranking().indexOf(c) + 1);
        m.put("n", c.n());
        m.put("mean", ResultJson.num(c.mean()));
        m.put("ci", ResultJson.ci(c.ci()));
        m.put("subsessionSize", c.subsessionSize() == 0 ? null : c.subsessionSize());
        m.put("subsessions", c.subsessionSize() == 0 ? null : c.n() / c.subsessionSize());
        m.put("rounds", c.rounds());
        m.put("targetMet", c.targetMet());
        m.put("source", c.source());
        return m;
    }

    /** One pair: the difference and ratio with their CIs, the tests, the verdict and the rounds it still needs. */
    private static Map<String, Object> pair(PairComparison p, boolean adjacent) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("a", p.a().name());
        m.put("b", p.b().name());
        m.put("adjacent", adjacent);
        ConfidenceInterval d = p.difference();
        m.put("difference", d == null ? null : triple("mean", d.center(), d.low(), d.high()));
        ConfidenceInterval r = p.ratio();
        m.put(
                "ratio",
                d == null
                        ? null
                        : triple(
                                "value",
                                p.paired() != null ? r.center() : p.a().mean() / p.b().mean(),
                                r == null ? Double.NaN : r.low(),
                                r == null ? Double.NaN : r.high()));
        m.put("paired", paired(p.paired()));
        m.put("welch", testMap(p.welch()));
        m.put("pooled", testMap(p.pooled()));
        ConfidenceInterval cs = p.sequence();
        m.put("sequence", cs == null ? null : triple("mean", cs.center(), cs.low(), cs.high()));
        m.put("anytimeP", ResultJson.num(p.anytimeP()));
        m.put("verdict", p.verdict().label());
        m.put("margin", ResultJson.num(p.margin()));
        long more = Comparison.moreRounds(p);
        m.put("moreRounds", more < 0 ? null : more);
        long samples = Comparison.moreSamplesEach(p);
        m.put("moreSamples", samples < 0 ? null : samples); // stored samples: each side's, to decide it
        return m;
    }

    /** One finding of the regression gate. */
    private static Map<String, Object> finding(Gate.Finding f) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("candidate", f.candidate());
        m.put("slower", f.slower());
        m.put(
                "factor",
                triple(
                        "value",
                        f.factor().center(),
                        f.factor().low(),
                        f.factor().high()));
        m.put("limit", f.limit());
        m.put("measuredApart", f.stored());
        return m;
    }

    /** The cycle-by-cycle analysis the verdict rests on, or null for a pair compared as independent samples. */
    private static Map<String, Object> paired(io.pilotbench.core.compare.PairedCycles c) {
        if (c == null) {
            return null;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("cycles", c.pairs());
        m.put("subsessionSize", c.batch());
        m.put("lag1", ResultJson.num(c.lag1()));
        m.put(
                "difference",
                triple(
                        "mean",
                        c.difference().center(),
                        c.difference().low(),
                        c.difference().high()));
        m.put(
                "ratio",
                triple("value", c.ratio().center(), c.ratio().low(), c.ratio().high()));
        m.put(
                "sequence",
                triple(
                        "value",
                        c.sequence().center(),
                        c.sequence().low(),
                        c.sequence().high()));
        m.put("anytimeP", ResultJson.num(c.anytimeP()));
        return m;
    }

    private static Map<String, Object> triple(String center, double c, double low, double high) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(center, ResultJson.num(c));
        m.put("low", ResultJson.num(low));
        m.put("high", ResultJson.num(high));
        return m;
    }

    private static Map<String, Object> testMap(TTestResult t) {
        if (t == null) {
            return null;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("t", ResultJson.num(t.t()));
        m.put("df", ResultJson.num(t.df()));
        m.put("p", ResultJson.num(t.pTwoSided()));
        m.put("pLess", ResultJson.num(t.pLess()));
        m.put("pGreater", ResultJson.num(t.pGreater()));
        return m;
    }
}
