package io.pilotbench.core.report;

import io.pilotbench.core.analysis.Formats;
import io.pilotbench.core.api.Round;
import io.pilotbench.core.api.RoundStatus;
import io.pilotbench.core.api.SessionResult;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The report of a session that ran a command ({@code pilot run}): the session report ({@link SessionRenderer},
 * {@link SessionResultJson}) plus the command, what each round cost in resources, and what went wrong in the rounds
 * that failed.
 *
 * <p>JSON adds to the session object: {@code "command"}, {@code "launcher"}, {@code "resources": {"rounds",
 * "userCpuSeconds": {"median", "max"}, "systemCpuSeconds": {..}, "peakRssBytes": {..}} | null} (over the analysed
 * rounds that report them) and {@code "failures": [{"round", "status", "message"}]} (the first
 * {@value #MAX_FAILURES}).
 */
public final class RunReport {
    /** The most failed rounds listed. */
    static final int MAX_FAILURES = 20;
    private static final JsonMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    private RunReport() {
    }

    /** Writes the report of {@code result}, whose rounds are {@code rounds}, in {@code format}. */
    public static void render(SessionResult result, List<Round> rounds, String command, String launcher,
            Format format, PrintWriter out) {
        switch (format) {
            case JSON -> {
                Map<String, Object> m = SessionResultJson.toMap(result);
                m.put("command", command);
                m.put("launcher", launcher);
                m.put("resources", resources(rounds));
                m.put("failures", failures(rounds));
                out.println(JSON.writeValueAsString(m));
            }
            case TEXT -> {
                SessionRenderer.render(result, format, out);
                String res = resourcesLine(rounds);
                if (res != null) {
                    out.println();
                    out.println(res);
                }
                List<Map<String, Object>> failed = failures(rounds);
                if (!failed.isEmpty()) {
                    out.println();
                    out.println("Failed rounds:");
                    for (Map<String, Object> f : failed) {
                        out.println("  round " + f.get("round") + " (" + f.get("status") + "): " + f.get("message"));
                    }
                }
            }
            default -> SessionRenderer.render(result, format, out);
        }
        out.flush();
    }

    private static List<Round> measured(List<Round> rounds) {
        return rounds.stream().filter(r -> r.status() == RoundStatus.OK && r.userCpuNanos() != null).toList();
    }

    private static Map<String, Object> resources(List<Round> rounds) {
        List<Round> ok = measured(rounds);
        if (ok.isEmpty()) {
            return null;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("rounds", ok.size());
        m.put("userCpuSeconds", stats(ok, r -> r.userCpuNanos() / 1e9));
        m.put("systemCpuSeconds", stats(ok, r -> r.systemCpuNanos() / 1e9));
        List<Round> rss = withRss(ok);
        m.put("peakRssBytes", rss.isEmpty() ? null : stats(rss, r -> (double) r.peakRssBytes()));
        return m;
    }

    /**
     * The rounds with a peak RSS: Linux carries the spawning JVM's peak over into a child's at exec, so the launcher
     * reports a peak only above the JVM's own (see {@code ProcessOutcome#peakRssBytes}).
     */
    private static List<Round> withRss(List<Round> rounds) {
        return rounds.stream().filter(r -> r.peakRssBytes() != null).toList();
    }

    private static Map<String, Object> stats(List<Round> rounds, Function<Round, Double> f) {
        double[] x = rounds.stream().mapToDouble(f::apply).sorted().toArray();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("median", median(x));
        m.put("max", x[x.length - 1]);
        return m;
    }

    private static double median(double[] sorted) {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /** "resources per round (median of 38 analysed rounds): user CPU 10.2 ms, system CPU 1.3 ms, peak RSS 5.1 MiB". */
    static String resourcesLine(List<Round> rounds) {
        List<Round> ok = measured(rounds);
        if (ok.isEmpty()) {
            return null;
        }
        double[] user = ok.stream().mapToDouble(r -> r.userCpuNanos() / 1e9).sorted().toArray();
        double[] sys = ok.stream().mapToDouble(r -> r.systemCpuNanos() / 1e9).sorted().toArray();
        StringBuilder b = new StringBuilder("resources per round (median of ").append(ok.size())
                .append(ok.size() == 1 ? " analysed round" : " analysed rounds").append("): user CPU ")
                .append(Formats.quantity(median(user), "s")).append(", system CPU ")
                .append(Formats.quantity(median(sys), "s"));
        List<Round> withRss = withRss(ok);
        if (!withRss.isEmpty()) {
            double[] rss = withRss.stream().mapToDouble(r -> r.peakRssBytes()).sorted().toArray();
            b.append(", peak RSS ").append(mib(median(rss))).append(" (max ").append(mib(rss[rss.length - 1]))
                    .append(withRss.size() < ok.size() ? ", from the " + withRss.size() + " rounds that reached above "
                            + "the harness's own peak" : "").append(')');
        }
        return b.toString();
    }

    private static String mib(double bytes) {
        return Formats.significant(bytes / (1 << 20), 3) + " MiB";
    }

    private static List<Map<String, Object>> failures(List<Round> rounds) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Round r : rounds) {
            if ((r.status() == RoundStatus.FAILED || r.status() == RoundStatus.TIMED_OUT) && out.size() < MAX_FAILURES) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("round", r.index());
                m.put("status", r.status().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' '));
                m.put("message", r.message());
                out.add(m);
            }
        }
        return out;
    }
}
