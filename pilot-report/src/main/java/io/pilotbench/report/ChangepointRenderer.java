package io.pilotbench.report;

import io.pilotbench.core.files.JsonMappers;
import io.pilotbench.core.model.Series;
import io.pilotbench.stats.changepoint.EdmResult;
import io.pilotbench.stats.changepoint.EdmSettings;
import io.pilotbench.stats.changepoint.Penalty;
import io.pilotbench.stats.changepoint.StableSegment;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Renders {@code pilot changepoints} results.
 *
 * <p>JSON contract (fields may be added, never renamed): {@code {"results": [{"source", "column", "n",
 * "changepoints": [..], "stable": {"begin", "end", "warmup", "cooldown"} | null, "stableReason", "method"}],
 * "errors": [..]}}; change points are 0-based indices of the first sample of each new segment.
 */
public final class ChangepointRenderer {

    /** One input's result. */
    public record Item(Series series, EdmSettings settings, EdmResult result) {}

    private ChangepointRenderer() {}

    /** Writes the results (and the messages of inputs that could not be read) as TEXT or JsonMappers.indented(). */
    public static void render(List<Item> items, List<String> errors, Format format, PrintWriter out) {
        if (format == Format.JSON) {
            Map<String, Object> root = new LinkedHashMap<>();
            root.put("results", items.stream().map(ChangepointRenderer::toMap).toList());
            root.put("errors", errors);
            out.println(JsonMappers.indented().writeValueAsString(root));
        } else if (format == Format.TEXT) {
            boolean first = true;
            for (Item item : items) {
                if (!first) {
                    out.println();
                }
                first = false;
                text(item, out);
            }
        } else {
            throw new IllegalArgumentException("changepoints reports are text or json, not "
                    + format.name().toLowerCase(Locale.ROOT));
        }
        out.flush();
    }

    private static Map<String, Object> toMap(Item item) {
        StableSegment stable = item.result().stableSegment();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("source", item.series().source());
        m.put("column", item.series().column());
        m.put("n", item.result().n());
        m.put("changepoints", item.result().changePoints());
        m.put("stable", stable.isFound() ? AnalysisRenderer.stableMap(stable) : null);
        m.put("stableReason", reason(stable, item.result()));
        m.put("method", item.result().method().name().toLowerCase(Locale.ROOT));
        return m;
    }

    private static void text(Item item, PrintWriter out) {
        EdmResult r = item.result();
        StableSegment stable = r.stableSegment();
        out.printf("%s: %d samples%n", item.series().label(), r.n());
        out.printf(
                "  %-14s %s%n",
                "change points",
                r.changePoints().isEmpty()
                        ? "none"
                        : r.changePoints().stream().map(String::valueOf).collect(Collectors.joining(", ")));
        out.printf(
                "  %-14s %s%n",
                "stable",
                stable.isFound()
                        ? String.format(
                                "samples [%d, %d): %d samples; warm-up %d, cool-down %d",
                                stable.begin(),
                                stable.end(),
                                stable.length(),
                                stable.warmUpLength(),
                                stable.coolDownLength())
                        : "none: " + reason(stable, r));
        out.printf("  %-14s %s%n", "method", describe(item.settings(), r));
    }

    private static String reason(StableSegment stable, EdmResult r) {
        return switch (stable.status()) {
            case FOUND -> "found";
            case NOT_ENOUGH_DATA -> "fewer samples than the minimum segment size " + r.minSize();
            case NO_DOMINANT_SEGMENT -> "no segment holds more than half of the samples";
        };
    }

    private static String describe(EdmSettings s, EdmResult r) {
        Penalty p = s.penalty();
        return String.format(
                Locale.ROOT,
                "E-Divisive with Medians (%s), min size %d, %s %s, degree %d%s",
                r.method().name().toLowerCase(Locale.ROOT),
                s.minSize(),
                p.family().name().toLowerCase(Locale.ROOT),
                io.pilotbench.core.model.Formats.significant(p.value(), 6),
                s.degree(),
                s.amoc() ? ", at most one change" : "");
    }
}
