package io.pilotbench.report.html;

import io.pilotbench.core.api.Session;
import io.pilotbench.core.model.MetricResult;
import io.pilotbench.core.model.SessionResult;
import io.pilotbench.core.model.StoredSession;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The mean and CI of every PI's readings as a session grew, from re-analyses of its first rounds at geometrically
 * spaced looks. Separate from {@link SessionCharts} because it is the one chart that runs the analysis again, and
 * what bounds a long session's report time.
 */
final class SessionLooks {
    /**
     * Looks at the CI over rounds: at most this many re-analyses, growing geometrically like the engine's looks. A
     * look re-analyses every round up to it, so looks at ratio g cost g/(g − 1) analyses of the whole session:
     * past {@link #FEW_LOOKS_FROM} rounds fewer looks (g ≈ 2.4 at 10^6 rounds: 1.7 analyses instead of 4.4) keep a
     * long session's report within its time budget (bench/README.md).
     */
    static final int MAX_LOOKS = 40;

    static final int MAX_LOOKS_LONG = 12;
    static final int FEW_LOOKS_FROM = 10_000;

    private SessionLooks() {}

    /** Per PI, in order, the chart of its mean and CI half-width at the looks, up to the session's stop. */
    static List<Map<String, Object>> charts(StoredSession stored, SessionResult result) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Looks l : looks(stored, result)) {
            out.add(l.toMap(result.rounds()));
        }
        return out;
    }

    /** The mean and CI of every PI's readings as the session grew, re-analysed at geometrically spaced looks. */
    private static List<Looks> looks(StoredSession stored, SessionResult result) {
        int n = stored.rounds().size();
        List<Integer> at = new ArrayList<>();
        int looks = n > FEW_LOOKS_FROM ? MAX_LOOKS_LONG : MAX_LOOKS;
        double growth = Math.max(1.05, Math.pow(n / 3.0, 1.0 / looks));
        for (double k = Math.min(3, n); k < n; k = Math.max(k + 1, k * growth)) {
            at.add((int) k);
        }
        List<Looks> out = new ArrayList<>();
        for (int p = 0; p < result.pis().size(); p++) {
            out.add(new Looks(new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>()));
        }
        for (int k : at) {
            SessionResult r = Session.analyse(new StoredSession(
                    stored.directory(),
                    stored.name(),
                    result.settings(),
                    stored.started(),
                    stored.ended(),
                    stored.rounds().subList(0, k),
                    0,
                    stored.stopReason()));
            add(out, k, r);
        }
        add(out, n, result);
        return out;
    }

    private static void add(List<Looks> out, int rounds, SessionResult r) {
        for (int p = 0; p < out.size(); p++) {
            MetricResult m = r.pis().get(p).readings();
            Looks l = out.get(p);
            l.rounds.add(rounds);
            l.mean.add(Double.isFinite(m.mean()) ? m.mean() : null);
            l.half.add(m.ci() == null ? null : m.ci().halfWidth());
            l.target.add(Double.isFinite(m.targetWidth()) ? m.targetWidth() / 2 : null);
        }
    }

    private record Looks(List<Integer> rounds, List<Double> mean, List<Double> half, List<Double> target) {
        Map<String, Object> toMap(int stoppedAt) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("x", rounds);
            m.put("mean", mean);
            m.put("half", half);
            m.put("target", target);
            m.put("stop", stoppedAt);
            return m;
        }
    }
}
