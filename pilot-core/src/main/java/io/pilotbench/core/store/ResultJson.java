package io.pilotbench.core.store;

import io.pilotbench.core.model.LevelShift;
import io.pilotbench.core.model.MeanError;
import io.pilotbench.core.model.MetricResult;
import io.pilotbench.core.model.Phases;
import io.pilotbench.core.model.PiResult;
import io.pilotbench.core.model.SessionResult;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.core.model.WpsResult;
import io.pilotbench.stats.ConfidenceInterval;
import io.pilotbench.stats.Spread;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The JSON form of a {@link SessionResult} ({@code result.json}; the {@code --format json} report of sessions).
 * Contract (fields may be added, never renamed): {@code {"name", "rounds", "analysedRounds", "shortRounds",
 * "failedRounds", "duration", "converged", "stopReason", "stoppedBy" (only when a campaign TEST's stop program ended it), "moreRounds", "moreSeconds", "waitingFor": [..],
 * "session", "pis": [{"name", "unit", "kind", "readings": METRIC, "readingsRaw": METRIC, "readingsFrom",
 * "readingsPhases": PHASES, "unitReadings": METRIC, "unitReadingsRaw": METRIC, "unitReadingsPhases": PHASES,
 * "readingsMustSatisfy", "unitReadingsMustSatisfy"}], "wps": {...} | null, "analysisSettings": {"confidence",
 * "autocorrelationLimit", "ciWidth": {"value", "relative"}, "minSubsessions", "warmupRemoval", "method"}}} where
 * METRIC is {@code {"status", "n", "removed", "mean", "variance", "autocorrelation", "subsession": {"size", "variance",
 * "autocorrelation"} | null, "error": {"method", "standardError", "degreesOfFreedom", "blockSize", "blocks",
 * "longRunVariance", "arOrder", "skewness", "nonStationary", "fallback"} | null, "ci": {"confidence", "low", "high",
 * "width"} | null, "targetWidth", "requiredSamples", "targetMet", "spread": SPREAD | null}} and PHASES is {@code {"warmup": {"cut", "pValue",
 * "mean"}, "cooldown": {…}, "shifts": [{"index", "sample", "round", "before", "beforeHalfWidth", "after",
 * "afterHalfWidth", "pValue"}], "trend": {"slope", "pValue"}}} ("subsession" describes the blocks the CI rests on: the
 * original's subsessions, or the AR method's batches). A shift's "index" keeps its first meaning, the sample's index
 * among all the readings of analysed rounds (the warm-up included; a file's samples for {@code pilot analyze});
 * "sample" (added later) is its position in the analysed sample, after the warm-up cut, and "round" (added later) the
 * round it happened in (0-based, as in {@code rounds.csv}; the index again for a file). "trend" (added later) is the
 * steady-state test of the kept readings a session makes before it stops (null slope and p when not tested).
 * SPREAD (added later; readings only, null for unit readings and binary PIs) is {@code {"min", "q1", "median", "q3",
 * "p90", "p99", "max", "outliersLow", "outliersHigh", "mvalue", "severalModes"}}: see {@link Spread}.
 * Non-finite numbers are written as null.
 */
public final class ResultJson {
    private ResultJson() {}

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
        if (r.stoppedBy() != null) {
            m.put("stoppedBy", r.stoppedBy()); // a campaign TEST's stop program, in words; absent otherwise
        }
        m.put("steadyState", r.steadyStateProblem());
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
            pm.put("readingsPhases", phases(p.readingsPhases()));
            pm.put("unitReadings", metric(p.unitReadings()));
            pm.put("unitReadingsRaw", metric(p.unitReadingsRaw()));
            pm.put("unitReadingsPhases", phases(p.unitReadingsPhases()));
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
        m.put("error", error(x.error()));
        m.put("ci", ci(x.ci()));
        m.put("targetWidth", num(x.targetWidth()));
        m.put("requiredSamples", x.requiredSamples() < 0 ? null : x.requiredSamples());
        m.put("targetMet", x.targetMet());
        m.put("spread", spread(x.spread()));
        return m;
    }

    /** A spread's JSON object, or null. */
    public static Map<String, Object> spread(Spread s) {
        if (s == null) {
            return null;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("min", num(s.min()));
        m.put("q1", num(s.q1()));
        m.put("median", num(s.median()));
        m.put("q3", num(s.q3()));
        m.put("p90", num(s.p90()));
        m.put("p99", num(s.p99()));
        m.put("max", num(s.max()));
        m.put("outliersLow", s.low());
        m.put("outliersHigh", s.high());
        m.put("mvalue", num(s.mvalue()));
        m.put("severalModes", s.severalModes());
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

    /** {"confidence", "low", "high", "width"}, or null. */
    public static Map<String, Object> ci(ConfidenceInterval ci) {
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

    /**
     * A JSON object with its keys in the order given ({@code Map.of} has none: its order changes from one JVM run to
     * the next, and so would the report).
     */
    public static Map<String, Object> object(Object... keysAndValues) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i + 1 < keysAndValues.length; i += 2) {
            m.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return m;
    }

    /** A number for JSON: null when not finite. */
    public static Object num(double v) {
        return Double.isFinite(v) ? v : null;
    }

    private static String lower(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT);
    }

    /**
     * {"method", "standardError", "degreesOfFreedom", "blockSize", "blocks", "longRunVariance", "arOrder", "skewness",
     * "nonStationary", "fallback"}; fallback is null when the CI was built the usual way.
     */
    public static Map<String, Object> error(MeanError e) {
        if (e == null) {
            return null;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("method", e.method().toString());
        m.put("standardError", num(e.standardError()));
        m.put("degreesOfFreedom", num(e.degreesOfFreedom()));
        m.put("blockSize", e.blockSize());
        m.put("blocks", e.blocks());
        m.put("longRunVariance", num(e.longRunVariance()));
        m.put("arOrder", e.arOrder() < 0 ? null : e.arOrder());
        m.put("skewness", num(e.skewness()));
        m.put("nonStationary", e.nonStationary());
        m.put("fallback", e.fallback().isEmpty() ? null : e.fallback());
        return m;
    }

    /** {"warmup": {"cut", "pValue", "mean"}, "cooldown": {...}, "pendingWarmup": n | null, "shifts": [...]}. */
    public static Map<String, Object> phases(Phases p) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("warmup", cutJson(p.warmup(), p.warmupPValue(), p.warmupMean()));
        m.put("cooldown", cutJson(p.cooldown(), p.cooldownPValue(), p.cooldownMean()));
        m.put("pendingWarmup", p.warmupPending() == 0 ? null : p.warmupPending());
        m.put("shifts", shifts(p.shifts()));
        Map<String, Object> trend = new LinkedHashMap<>();
        trend.put("slope", num(p.trendSlope()));
        trend.put("pValue", num(p.trendPValue()));
        m.put("trend", trend);
        return m;
    }

    public static List<Map<String, Object>> shifts(List<LevelShift> shifts) {
        return shifts.stream()
                .map(s -> {
                    Map<String, Object> m = new LinkedHashMap<>();
                    m.put("index", s.index());
                    m.put("sample", s.sample());
                    m.put("round", s.round());
                    m.put("before", num(s.before()));
                    m.put("beforeHalfWidth", num(s.beforeHalfWidth()));
                    m.put("after", num(s.after()));
                    m.put("afterHalfWidth", num(s.afterHalfWidth()));
                    m.put("pValue", num(s.pValue()));
                    return m;
                })
                .toList();
    }

    private static Map<String, Object> cutJson(int cut, double p, double mean) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("cut", cut);
        m.put("pValue", num(p));
        m.put("mean", num(mean));
        return m;
    }
}
