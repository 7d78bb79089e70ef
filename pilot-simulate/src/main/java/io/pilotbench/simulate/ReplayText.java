package io.pilotbench.simulate;

import io.pilotbench.core.files.CsvField;
import io.pilotbench.simulate.TraceReplay.ForkReplay;
import io.pilotbench.simulate.TraceReplay.Practice;
import io.pilotbench.simulate.TraceReplay.Replayed;
import io.pilotbench.simulate.TraceReplay.Summary;
import io.pilotbench.stats.Descriptive;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The replays' scores in lines of text, as a JSON-ready map and as lines of {@code replications.csv} ({@code pilot
 * simulate evaluate}). Separate so that
 * {@link TraceReplay} keeps the replaying and the scoring, and this class their wording; {@link TraceReplay}'s
 * methods of the same names document each.
 */
final class ReplayText {
    private ReplayText() {}

    /**
     * The counts the text and the JSON of a replay of forks give, made once from the replays.
     *
     * @param benchmarks   every benchmark replayed
     * @param steady       those whose forks all reach a steady state (a truth to score against)
     * @param converged    of those, sessions that ended converged
     * @param missed       of those, converged sessions whose CI misses the truth
     * @param covered      of the steady ones, sessions whose CI holds the truth
     * @param within       of the steady ones, estimates within 1% of the truth
     * @param medianForks  the median forks of the steady ones; NaN without any
     * @param notAllSteady benchmarks with a fork that has no labelled steady state
     * @param flagged      of those, sessions that did not end converged
     * @param withJmh      steady benchmarks with JMH's default windows
     * @param jmhWithin    of those, windows' means within 1% of the truth
     */
    private record ForkCounts(
            int benchmarks,
            int steady,
            long converged,
            long missed,
            long covered,
            long within,
            double medianForks,
            int notAllSteady,
            long flagged,
            int withJmh,
            long jmhWithin) {
        static ForkCounts of(List<ForkReplay> replays) {
            List<ForkReplay> steady =
                    replays.stream().filter(f -> !Double.isNaN(f.truth())).toList();
            List<ForkReplay> unsteady =
                    replays.stream().filter(ForkReplay::neverSteady).toList();
            List<ForkReplay> withJmh =
                    steady.stream().filter(f -> !Double.isNaN(f.jmhDefault())).toList();
            return new ForkCounts(
                    replays.size(),
                    steady.size(),
                    steady.stream().filter(ForkReplay::converged).count(),
                    steady.stream().filter(f -> f.converged() && !f.covers()).count(),
                    steady.stream().filter(ForkReplay::covers).count(),
                    steady.stream().filter(f -> f.withinOnePct(f.estimate())).count(),
                    Descriptive.median(
                            steady.stream().mapToDouble(ForkReplay::forks).toArray()),
                    unsteady.size(),
                    unsteady.stream().filter(f -> !f.converged()).count(),
                    withJmh.size(),
                    withJmh.stream().filter(f -> f.withinOnePct(f.jmhDefault())).count());
        }
    }

    /** See {@link TraceReplay#describeForks}. */
    static List<String> forks(List<ForkReplay> replays, int warmup, int iterations, double ciWidth, double confidence) {
        ForkCounts c = ForkCounts.of(replays);
        List<String> out = new ArrayList<>();
        out.add(String.format(
                Locale.ROOT,
                "%d benchmarks replayed as pilot jmh runs them: a fork per round, %d warm-up iterations, then %d "
                        + "the round's unit readings; %.4g%% confidence, CI width %.4g%% of the mean",
                c.benchmarks(),
                warmup,
                iterations,
                confidence * 100,
                ciWidth * 100));
        if (c.steady() > 0) {
            int n = c.steady();
            out.add(String.format(
                    Locale.ROOT,
                    "  benchmarks whose forks all reach a steady state: %d; converged %d (%.1f%%), converged with a CI "
                            + "that misses the truth %d (%.1f%%); CI holds the truth %d (%.1f%%); estimate within 1%% "
                            + "of it %d (%.1f%%); median forks %.0f (%.0f iterations)",
                    n,
                    c.converged(),
                    100.0 * c.converged() / n,
                    c.missed(),
                    100.0 * c.missed() / n,
                    c.covered(),
                    100.0 * c.covered() / n,
                    c.within(),
                    100.0 * c.within() / n,
                    c.medianForks(),
                    c.medianForks() * (warmup + iterations)));
        }
        // a benchmark with a fork labelled as never settling: flagged when the session did not end converged
        if (c.notAllSteady() > 0) {
            out.add(String.format(
                    Locale.ROOT,
                    "  benchmarks with a fork that never reaches a steady state: %d; flagged (not converged) %d "
                            + "(%.1f%%)",
                    c.notAllSteady(),
                    c.flagged(),
                    100.0 * c.flagged() / c.notAllSteady()));
        }
        int unknown = c.benchmarks() - c.steady() - c.notAllSteady();
        if (unknown > 0) {
            // unlabelled series without --truth: nothing to score them against, so they are counted apart
            out.add(String.format(
                    Locale.ROOT,
                    "  benchmarks without labels or a --truth: %d; converged %d (their estimates: replications.csv, -o)",
                    unknown,
                    replays.stream()
                            .filter(f -> !f.neverSteady() && Double.isNaN(f.truth()) && f.converged())
                            .count()));
        }
        if (c.withJmh() > 0) {
            out.add(String.format(
                    Locale.ROOT,
                    "  JMH's defaults on the same forks (every fork's measured window): within 1%% of the truth %d of "
                            + "%d (%.1f%%)",
                    c.jmhWithin(),
                    c.withJmh(),
                    100.0 * c.jmhWithin() / c.withJmh()));
        }
        return out;
    }

    /** The header of {@code replications.csv} for series replayed one value per round. */
    static final String SERIES_CSV_HEADER =
            "series,steady_start,truth,stop,estimate,low,high,covered,rounds,warmup,shifts";

    /** The header of {@code replications.csv} for benchmarks replayed a fork per round. */
    static final String FORKS_CSV_HEADER =
            "benchmark,truth,stop,estimate,low,high,covered,forks,iterations,jmh_default";

    /** One replayed series as a line of {@code replications.csv}; empty cells where there is no value. */
    static String row(Replayed r) {
        Trace t = r.trace();
        return String.join(
                ",",
                CsvField.of(t.name()),
                t.steadyStart() == Trace.UNLABELLED ? "" : Integer.toString(t.steadyStart()),
                cell(t.truth()),
                r.stop().name(),
                cell(r.estimate()),
                cell(r.low()),
                cell(r.high()),
                Double.isNaN(t.truth()) || Double.isNaN(r.low()) ? "" : Boolean.toString(r.covers()),
                Integer.toString(r.rounds()),
                Integer.toString(r.warmup()),
                Integer.toString(r.shifts()));
    }

    /** One benchmark replayed a fork per round as a line of {@code replications.csv}. */
    static String row(ForkReplay f) {
        return String.join(
                ",",
                CsvField.of(f.group()),
                cell(f.truth()),
                f.stop().name(),
                cell(f.estimate()),
                cell(f.low()),
                cell(f.high()),
                Double.isNaN(f.truth()) ? "" : Boolean.toString(f.covers()),
                Integer.toString(f.forks()),
                Long.toString(f.iterations()),
                cell(f.jmhDefault()));
    }

    /** A number as a CSV cell, empty when there is none. */
    private static String cell(double v) {
        return Double.isNaN(v) ? "" : Double.toString(v);
    }

    /**
     * The forks-as-rounds replays' scores as a JSON-ready map: the figures {@link #forks} gives. Its keys differ from
     * the series' ({@link #toMap}) where the meaning does: {@code notAllSteady} counts the benchmarks with a fork
     * that has no labelled steady state, {@code notAllSteadyNotConverged} those of them whose session did not end
     * converged.
     */
    static Map<String, Object> forksToMap(
            List<ForkReplay> replays, int warmup, int iterations, double ciWidth, double confidence) {
        ForkCounts c = ForkCounts.of(replays);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("replay", "forks");
        out.put("benchmarks", c.benchmarks());
        out.put("warmupIterations", warmup);
        out.put("iterations", iterations);
        out.put("ciWidth", ciWidth);
        out.put("confidence", confidence);
        out.put("steady", c.steady());
        out.put("converged", c.converged());
        out.put("convergedMissed", c.missed());
        out.put("covered", c.covered());
        out.put("withinOnePercent", c.within());
        out.put("medianForks", Double.isNaN(c.medianForks()) ? null : c.medianForks());
        out.put("notAllSteady", c.notAllSteady());
        out.put("notAllSteadyNotConverged", c.flagged());
        Map<String, Object> jmh = new LinkedHashMap<>();
        jmh.put("benchmarks", c.withJmh());
        jmh.put("withinOnePercent", c.jmhWithin());
        out.put("jmhDefault", jmh);
        return out;
    }

    /** See {@link TraceReplay#toMap}. */
    static Map<String, Object> toMap(Summary m, int traces, double ciWidth, double confidence) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("replay", "series");
        out.put("traces", traces);
        out.put("ciWidth", ciWidth);
        out.put("confidence", confidence);
        out.put("steady", m.steady());
        out.put("converged", m.converged());
        out.put("convergedMissed", m.convergedMissed());
        out.put("covered", m.covered());
        out.put("withinOnePercent", m.withinOnePct());
        out.put("medianRounds", Double.isNaN(m.medianRounds()) ? null : m.medianRounds());
        out.put("neverSteady", m.neverSteady());
        out.put("flagged", m.flagged());
        Map<String, Object> w = new LinkedHashMap<>();
        for (Map.Entry<String, Practice> e : m.practices().entrySet()) {
            Practice p = e.getValue();
            // in this order every time: Map.of's order changes from one JVM to the next
            Map<String, Object> practice = new LinkedHashMap<>();
            practice.put("traces", p.traces());
            practice.put("withinOnePercent", p.withinOnePct());
            practice.put("withinHalfCiWidth", p.withinReach());
            practice.put("medianValues", p.medianValues());
            w.put(e.getKey(), practice);
        }
        out.put("practices", w);
        return out;
    }

    /** Each replayed series' answer as a JSON-ready map, for a trace set without labels. */
    static List<Map<String, Object>> answers(List<Replayed> replayed) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Replayed r : replayed) {
            Trace t = r.trace();
            Map<String, Object> a = new LinkedHashMap<>();
            a.put("series", t.name());
            a.put("stop", r.stop().name());
            a.put("rounds", r.rounds());
            a.put("estimate", orNull(r.estimate()));
            a.put("low", orNull(r.low()));
            a.put("high", orNull(r.high()));
            a.put("truth", orNull(t.truth()));
            a.put("covered", Double.isNaN(t.truth()) || Double.isNaN(r.low()) ? null : r.covers());
            out.add(a);
        }
        return out;
    }

    /** A number for JSON: null for NaN, as Pilot's JSON writes a missing value. */
    private static Double orNull(double v) {
        return Double.isNaN(v) ? null : v;
    }

    /** See {@link TraceReplay#describe}. */
    static List<String> describe(Summary m, List<Replayed> replayed, double ciWidth, double confidence) {
        List<String> out = new ArrayList<>();
        out.add(String.format(
                Locale.ROOT,
                "%d series replayed one value per round with pilot's "
                        + "defaults, %.4g%% confidence, CI width %.4g%% of the mean",
                replayed.size(),
                confidence * 100,
                ciWidth * 100));
        if (m.steady() > 0) {
            out.add(String.format(
                    Locale.ROOT,
                    "  steady series: %d; converged %d (%.1f%%), converged with "
                            + "a CI that misses the truth %d (%.1f%%); CI holds the truth %d (%.1f%%); estimate within 1%% of "
                            + "it %d (%.1f%%); median rounds %.0f",
                    m.steady(),
                    m.converged(),
                    100 * m.convergedShare(),
                    m.convergedMissed(),
                    100 * m.convergedMissedShare(),
                    m.covered(),
                    100.0 * m.covered() / m.steady(),
                    m.withinOnePct(),
                    100 * m.withinOnePctShare(),
                    m.medianRounds()));
        }
        if (m.neverSteady() > 0) {
            out.add(String.format(
                    Locale.ROOT,
                    "  series without a steady state: %d; flagged (not "
                            + "converged, or level shifts reported) %d (%.1f%%)",
                    m.neverSteady(),
                    m.flagged(),
                    100 * m.flaggedShare()));
        }
        for (Map.Entry<String, Practice> e : m.practices().entrySet()) {
            out.add(practice(e.getKey(), e.getValue(), ciWidth));
        }
        if (!m.labelled()) {
            for (Replayed r : replayed) {
                out.add(answer(r));
            }
        }
        return out;
    }

    /** How another practice's windows did on the same series. */
    private static String practice(String name, Practice p, double ciWidth) {
        String reach = Math.abs(ciWidth / 2 - 0.01) < 1e-12
                ? ""
                : String.format(
                        Locale.ROOT,
                        ", within ±%s%% %d (%.1f%%)",
                        new BigDecimal(ciWidth * 50, MathContext.DECIMAL32)
                                .stripTrailingZeros()
                                .toPlainString(),
                        p.withinReach(),
                        100 * p.withinReachShare());
        return String.format(
                Locale.ROOT,
                "  %s on the same series: within 1%% of the truth %d of %d " + "(%.1f%%)%s, median values %.0f",
                name,
                p.withinOnePct(),
                p.traces(),
                100 * p.withinOnePctShare(),
                reach,
                p.medianValues());
    }

    /** One replayed session's answer, for a trace set without labels. */
    private static String answer(Replayed r) {
        Trace t = r.trace();
        return String.format(
                Locale.ROOT,
                "  %s: %s after %d rounds, mean %.6g, %s%s",
                t.name(),
                r.stop().toString().toLowerCase(Locale.ROOT),
                r.rounds(),
                r.estimate(),
                // as the JSON says it (null): a session without a CI neither holds nor misses the truth
                Double.isNaN(r.low()) ? "no CI" : String.format(Locale.ROOT, "CI [%.6g, %.6g]", r.low(), r.high()),
                Double.isNaN(t.truth()) || Double.isNaN(r.low())
                        ? ""
                        : r.covers() ? ", holds the truth" : ", misses the truth " + t.truth());
    }
}
