package io.pilotbench.core.store;

import io.pilotbench.core.model.CiMethod;
import io.pilotbench.core.model.CiTarget;
import io.pilotbench.core.model.PerformanceIndex;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.core.model.WarmupRemoval;
import io.pilotbench.core.model.WorkAmountRange;
import io.pilotbench.core.model.WpsMode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * {@link SessionSettings} ↔ the {@code "settings"} object of {@code session.json}. Written by hand, not by
 * reflection, so that renaming a Java field can never change the file format. Durations are in seconds.
 */
final class SettingsJson {
    private SettingsJson() {}

    static Map<String, Object> toMap(SessionSettings s) {
        Map<String, Object> m = new LinkedHashMap<>();
        List<Map<String, Object>> pis = new ArrayList<>();
        for (PerformanceIndex pi : s.pis()) {
            Map<String, Object> p = new LinkedHashMap<>();
            p.put("name", pi.name());
            p.put("unit", pi.unit());
            p.put("kind", pi.kind().name().toLowerCase(Locale.ROOT));
            p.put("readingsMustSatisfy", pi.readingsMustSatisfy());
            p.put("unitReadingsMustSatisfy", pi.unitReadingsMustSatisfy());
            pis.add(p);
        }
        m.put("pis", pis);
        m.put("confidence", s.confidence());
        m.put("autocorrelationLimit", s.autocorrelationLimit());
        m.put(
                "ciWidth",
                ResultJson.object(
                        "value", s.ciTarget().value(), "relative", s.ciTarget().relative()));
        m.put("minSubsessions", s.minSubsessions());
        m.put("warmupRemoval", s.warmupRemoval().toString());
        m.put("method", s.method().toString());
        m.put(
                "workAmount",
                s.workAmount() == null
                        ? null
                        : ResultJson.object(
                                "min",
                                s.workAmount().min(),
                                "max",
                                s.workAmount().max()));
        m.put("fixedWorkAmount", s.fixedWorkAmount());
        m.put("shortRoundSeconds", seconds(s.shortRound()));
        m.put("wps", s.wps().name().toLowerCase(Locale.ROOT));
        m.put("wpsFirstResultSeconds", seconds(s.wpsFirstResult()));
        m.put("minRounds", s.minRounds());
        m.put("maxRounds", s.maxRounds());
        m.put("maxSeconds", s.maxDuration() == null ? null : seconds(s.maxDuration()));
        m.put("maxFailures", s.maxFailures());
        return m;
    }

    static SessionSettings fromJson(JsonNode m) {
        SessionSettings.Builder b = SessionSettings.builder();
        for (JsonNode p : required(m, "pis")) {
            b.pi(new PerformanceIndex(
                    text(p, "name"),
                    text(p, "unit"),
                    PerformanceIndex.Kind.parse(text(p, "kind")),
                    required(p, "readingsMustSatisfy").asBoolean(),
                    required(p, "unitReadingsMustSatisfy").asBoolean()));
        }
        JsonNode ci = required(m, "ciWidth");
        b.confidence(required(m, "confidence").asDouble())
                .autocorrelationLimit(required(m, "autocorrelationLimit").asDouble())
                .ciTarget(new CiTarget(
                        required(ci, "value").asDouble(),
                        required(ci, "relative").asBoolean()))
                .minSubsessions(required(m, "minSubsessions").asLong())
                .warmupRemoval(WarmupRemoval.parse(text(m, "warmupRemoval")))
                // sessions recorded before the AR method existed were analysed with the original's subsessions
                .method(m.hasNonNull("method") ? CiMethod.parse(text(m, "method")) : CiMethod.PILOT)
                .fixedWorkAmount(required(m, "fixedWorkAmount").asLong())
                .shortRound(duration(required(m, "shortRoundSeconds").asDouble()))
                .wps(WpsMode.valueOf(text(m, "wps").toUpperCase(Locale.ROOT)))
                .wpsFirstResult(duration(required(m, "wpsFirstResultSeconds").asDouble()))
                .minRounds(required(m, "minRounds").asInt())
                .maxRounds(required(m, "maxRounds").asInt())
                .maxFailures(required(m, "maxFailures").asInt());
        JsonNode wa = m.get("workAmount");
        if (wa != null && !wa.isNull()) {
            b.workAmount(new WorkAmountRange(
                    required(wa, "min").asLong(), required(wa, "max").asLong()));
        }
        JsonNode max = m.get("maxSeconds");
        if (max != null && !max.isNull()) {
            b.maxDuration(duration(max.asDouble()));
        }
        return b.build();
    }

    private static double seconds(Duration d) {
        return d.toNanos() / 1e9;
    }

    private static Duration duration(double seconds) {
        return Duration.ofNanos(Math.round(seconds * 1e9));
    }

    private static JsonNode required(JsonNode node, String field) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            throw new IllegalArgumentException("settings field '" + field + "' is missing");
        }
        return v;
    }

    private static String text(JsonNode node, String field) {
        return required(node, field).asString();
    }
}
