package io.pilotbench.core.report;

import io.pilotbench.core.analysis.MetricResult;
import io.pilotbench.core.api.PiResult;
import io.pilotbench.core.api.SessionResult;
import io.pilotbench.core.api.SessionSettings;
import io.pilotbench.core.api.WpsResult;
import io.pilotbench.stats.ConfidenceInterval;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The JSON form of a {@link SessionResult} ({@code result.json}; the {@code --format json} report of sessions).
 * Contract (fields may be added, never renamed): {@code {"name", "rounds", "analysedRounds", "shortRounds",
 * "failedRounds", "duration", "converged", "stopReason", "moreRounds", "moreSeconds", "waitingFor": [..],
 * "session", "pis": [{"name", "unit", "kind", "readings": METRIC, "readingsRaw": METRIC, "readingsFrom",
 * "readingsPhases": PHASES, "unitReadings": METRIC, "unitReadingsRaw": METRIC, "unitReadingsPhases": PHASES,
 * "readingsMustSatisfy", "unitReadingsMustSatisfy"}], "wps": {...} | null, "analysisSettings": {"confidence",
 * "autocorrelationLimit", "ciWidth": {"value", "relative"}, "minSubsessions", "warmupRemoval", "method"}}} where
 * METRIC is {@code {"status", "n", "removed", "mean", "variance", "autocorrelation", "subsession": {"size", "variance",
 * "autocorrelation"} | null, "error": {"method", "standardError", "degreesOfFreedom", "blockSize", "blocks",
 * "longRunVariance", "arOrder", "skewness", "nonStationary"} | null, "ci": {"confidence", "low", "high", "width"} | null,
 * "targetWidth", "requiredSamples", "targetMet"}} and PHASES is {@code {"warmup": {"cut", "pValue", "mean"},
 * "cooldown": {…}, "shifts": [{"index", "before", "beforeHalfWidth", "after", "afterHalfWidth", "pValue"}]}}
 * ("subsession" describes the blocks the CI rests on: the original's subsessions, or the AR method's batches).
 * Non-finite numbers are written as null.
 */
public final class SessionResultJson {
    private SessionResultJson() {
    }

    public static Map<String, Object> toMap(SessionResult r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", r.name());
        m.put("rounds", r.rounds());
        m.put("analysedRounds", r.analysedRounds());
        m.put("shortRounds", r.shortRounds());
        m.put("failedRounds", r.failedRounds());
        m.put("duration", num(r.seconds()));
        m.put("converged", r.converged());
        m.put("stopReason", lower(r.stopReason()));
        m.put("moreRounds", r.moreRounds() < 0 ? null : r.moreRounds());
        m.put("moreSeconds", num(r.moreSeconds()));
        m.put("waitingFor", r.waitingFor());
        m.put("session", r.directory() == null ? null : r.directory().toString());
        List<Map<String, Object>> pis = new ArrayList<>();
        for (PiResult p : r.pis()) {
            Map<String, Object> pm = new LinkedHashMap<>();
            pm.put("name", p.pi().name());
            pm.put("unit", p.pi().unit());
            pm.put("kind", lower(p.pi().kind()));
            pm.put("readings", metric(p.readings()));
            pm.put("readingsRaw", metric(p.readingsRaw()));
            pm.put("readingsFrom", p.readingsFrom());
            pm.put("readingsPhases", Uncertainty.json(p.readingsPhases()));
            pm.put("unitReadings", metric(p.unitReadings()));
            pm.put("unitReadingsRaw", metric(p.unitReadingsRaw()));
            pm.put("unitReadingsPhases", Uncertainty.json(p.unitReadingsPhases()));
            pm.put("readingsMustSatisfy", p.pi().readingsMustSatisfy());
            pm.put("unitReadingsMustSatisfy", p.pi().unitReadingsMustSatisfy());
            pis.add(pm);
        }
        m.put("pis", pis);
        m.put("wps", r.wps() == null ? null : wps(r.wps()));
        m.put("analysisSettings", analysisSettings(r.settings()));
        return m;
    }

    /** The settings the numbers were computed with (names as in {@code session.json}'s "settings"). */
    private static Map<String, Object> analysisSettings(SessionSettings s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("confidence", s.confidence());
        m.put("autocorrelationLimit", s.autocorrelationLimit());
        Map<String, Object> ci = new LinkedHashMap<>();
        ci.put("value", s.ciTarget().value());
        ci.put("relative", s.ciTarget().relative());
        m.put("ciWidth", ci);
        m.put("minSubsessions", s.minSubsessions());
        m.put("warmupRemoval", s.warmupRemoval().toString());
        m.put("method", s.method().toString());
        return m;
    }

    /** One metric's JSON object. */
    public static Map<String, Object> metric(MetricResult x) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("status", lower(x.status()));
        m.put("n", x.n());
        m.put("removed", x.removed());
        m.put("mean", num(x.mean()));
        m.put("variance", num(x.variance()));
        m.put("autocorrelation", num(x.autocorrelation()));
        if (x.subsessionSize() > 0) {
            Map<String, Object> s = new LinkedHashMap<>();
            s.put("size", x.subsessionSize());
            s.put("variance", num(x.subsessionVariance()));
            s.put("autocorrelation", num(x.subsessionAutocorrelation()));
            m.put("subsession", s);
        } else {
            m.put("subsession", null);
        }
        m.put("error", Uncertainty.json(x.error()));
        m.put("ci", ci(x.ci()));
        m.put("targetWidth", num(x.targetWidth()));
        m.put("requiredSamples", x.requiredSamples() < 0 ? null : x.requiredSamples());
        m.put("targetMet", x.targetMet());
        return m;
    }

    private static Map<String, Object> wps(WpsResult w) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("status", lower(w.status()));
        m.put("roundsUsed", w.roundsUsed());
        m.put("subsessionSize", w.subsessionSize());
        m.put("subsessions", w.subsessions());
        m.put("alpha", num(w.alpha()));
        m.put("v", num(w.v()));
        m.put("ci", ci(w.vCi()));
        m.put("naiveV", num(w.naiveV()));
        m.put("rSquared", num(w.rSquared()));
        m.put("workFloor", w.workFloor());
        m.put("targetWidth", num(w.targetWidth()));
        m.put("requiredSubsessions", w.requiredSubsessions() < 0 ? null : w.requiredSubsessions());
        m.put("targetMet", w.targetMet());
        return m;
    }

    static Map<String, Object> ci(ConfidenceInterval ci) {
        if (ci == null) {
            return null;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("confidence", ci.confidence());
        m.put("low", num(ci.low()));
        m.put("high", num(ci.high()));
        m.put("width", num(ci.width()));
        return m;
    }

    static Object num(double v) {
        return Double.isFinite(v) ? v : null;
    }

    private static String lower(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT);
    }
}
