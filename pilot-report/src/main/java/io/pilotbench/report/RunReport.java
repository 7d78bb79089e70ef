package io.pilotbench.report;

import io.pilotbench.core.model.Formats;
import io.pilotbench.core.model.Round;
import io.pilotbench.core.model.RoundStatus;
import io.pilotbench.core.model.SessionResult;
import io.pilotbench.core.store.PlainJson;
import io.pilotbench.core.store.ResultJson;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The report of a session that ran a command ({@code pilot run}): the session report ({@link SessionRenderer},
 * {@link ResultJson}) plus the command, what each round cost in resources, and what went wrong in the rounds
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

    private RunReport() {}

    /** Writes the report of {@code result}, whose rounds are {@code rounds}, in {@code format}. */
    public static void render(
            SessionResult result, List<Round> rounds, String command, String launcher, Format format, PrintWriter out) {
        render(result, rounds, command, launcher, format, out, Map.of());
    }

    /** As above; {@code extra} fields (a monitor's verdict, say) are added to the JSON report, in order. */
    public static void render(
            SessionResult result,
            List<Round> rounds,
            String command,
            String launcher,
            Format format,
            PrintWriter out,
            Map<String, Object> extra) {
        switch (format) {
            case JSON -> {
                Map<String, Object> m = ResultJson.toMap(result);
                m.put("command", command);
                m.put("launcher", launcher);
                Resources res = Resources.of(rounds);
                m.put("resources", res == null ? null : res.toMap());
                m.put("failures", failures(rounds));
                m.putAll(extra);
                out.println(PlainJson.write(m));
            }
            case TEXT -> {
                SessionRenderer.render(result, format, out);
                Resources res = Resources.of(rounds);
                if (res != null) {
                    out.println();
                    out.println(res.line());
                }
                if (launcher != null) {
                    out.println("timing: " + launcher);
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

    /** The median and the largest of one resource over rounds. */
    private record Spread(double median, double max) {
        static Spread of(List<Round> rounds, ToDoubleFunction<Round> f) {
            double[] x = rounds.stream().mapToDouble(f).sorted().toArray();
            int n = x.length;
            return new Spread(n % 2 == 1 ? x[n / 2] : (x[n / 2 - 1] + x[n / 2]) / 2, x[n - 1]);
        }

        Map<String, Object> toMap() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("median", median);
            m.put("max", max);
            return m;
        }
    }

    /**
     * What the analysed rounds cost, computed once for both the JSON and the text report. Peak RSS comes from the
     * rounds that have one ({@code rssRounds}): Linux carries the spawning JVM's peak over into a child's at exec, so
     * the launcher reports a peak only above the JVM's own (see {@code ProcessOutcome#peakRssBytes}).
     */
    private record Resources(int rounds, Spread user, Spread system, int rssRounds, Spread rss) {
        /** Null when no analysed round reports CPU times. */
        static Resources of(List<Round> all) {
            List<Round> ok = all.stream()
                    .filter(r -> r.status() == RoundStatus.OK && r.userCpuNanos() != null)
                    .toList();
            if (ok.isEmpty()) {
                return null;
            }
            List<Round> rss = ok.stream().filter(r -> r.peakRssBytes() != null).toList();
            return new Resources(
                    ok.size(),
                    Spread.of(ok, r -> r.userCpuNanos() / 1e9),
                    Spread.of(ok, r -> r.systemCpuNanos() / 1e9),
                    rss.size(),
                    rss.isEmpty() ? null : Spread.of(rss, r -> r.peakRssBytes()));
        }

        Map<String, Object> toMap() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("rounds", rounds);
            m.put("userCpuSeconds", user.toMap());
            m.put("systemCpuSeconds", system.toMap());
            m.put("peakRssBytes", rss == null ? null : rss.toMap());
            return m;
        }

        /** "resources per round (median of 38 analysed rounds): user CPU 10.2 ms, system CPU 1.3 ms, peak RSS …". */
        String line() {
            StringBuilder b = new StringBuilder("resources per round (median of ")
                    .append(rounds)
                    .append(rounds == 1 ? " analysed round" : " analysed rounds")
                    .append("): user CPU ")
                    .append(Formats.quantity(user.median(), "s"))
                    .append(", system CPU ")
                    .append(Formats.quantity(system.median(), "s"));
            if (rss != null) {
                b.append(", peak RSS ")
                        .append(mib(rss.median()))
                        .append(" (max ")
                        .append(mib(rss.max()))
                        .append(
                                rssRounds < rounds
                                        ? ", from the " + rssRounds + " rounds that reached above the "
                                                + "harness's own peak"
                                        : "")
                        .append(')');
            }
            return b.toString();
        }
    }

    private static String mib(double bytes) {
        return Formats.significant(bytes / (1 << 20), 3) + " MiB";
    }

    private static List<Map<String, Object>> failures(List<Round> rounds) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Round r : rounds) {
            if ((r.status() == RoundStatus.FAILED || r.status() == RoundStatus.TIMED_OUT)
                    && out.size() < MAX_FAILURES) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("round", r.index());
                m.put(
                        "status",
                        r.status().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' '));
                m.put("message", r.message());
                out.add(m);
            }
        }
        return out;
    }
}
