package io.pilotbench.simulate;

import io.pilotbench.core.api.Pilot;
import io.pilotbench.core.model.MetricResult;
import io.pilotbench.core.model.PiResult;
import io.pilotbench.core.model.RoundResult;
import io.pilotbench.core.model.SessionResult;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.core.model.StopReason;
import io.pilotbench.stats.Descriptive;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Replays recorded series through the engine, one value per round, as a session with the given settings would have
 * seen them, and scores the answers against the traces' truth: "how would these settings have done on my data?".
 *
 * <p>A session stops on its own rule, or at the end of the trace (the round limit). Scored per trace:
 * whether it converged, whether its CI holds the truth, its error, the rounds it used; a trace labelled as never
 * reaching a steady state is <i>flagged</i> when the session did not end converged with a confident CI (it ended
 * saying there was no steady state, or at the limit). The measurement windows that other practices would have used
 * on the same series (JMH's defaults, the developers' settings, dynamic reconfiguration) are scored beside it.
 */
public final class TraceReplay {
    private static final Clock EPOCH = Clock.fixed(Instant.EPOCH, ZoneOffset.UTC);

    /**
     * One replayed session.
     *
     * @param trace     the series
     * @param stop      why the session ended
     * @param estimate  its mean; NaN without one
     * @param low       its CI's lower bound; NaN without a CI
     * @param high      its CI's upper bound
     * @param rounds    rounds (values) used
     * @param warmup    values cut as warm-up
     * @param shifts    level shifts reported in what was kept
     */
    public record Replayed(
            Trace trace,
            StopReason stop,
            double estimate,
            double low,
            double high,
            int rounds,
            int warmup,
            int shifts) {
        public boolean converged() {
            return stop == StopReason.TARGET_MET;
        }

        /** Whether the CI holds the trace's truth. */
        public boolean covers() {
            return !Double.isNaN(low) && low <= trace.truth() && trace.truth() <= high;
        }

        /** |estimate − truth| / truth. */
        public double error() {
            return Math.abs(estimate - trace.truth()) / Math.abs(trace.truth());
        }

        /** Whether a session on a series without a steady state said so (did not end with a confident CI). */
        public boolean flagged() {
            return !converged() || shifts > 0;
        }
    }

    /**
     * What the replays of a set of traces add up to.
     *
     * @param steady          traces labelled steady
     * @param converged       of those, sessions that ended converged
     * @param convergedMissed of those, converged sessions whose CI misses the truth
     * @param covered         of the steady traces, sessions (converged or not) whose CI holds the truth
     * @param withinOnePct    of the steady traces, sessions whose estimate is within 1% of the truth
     * @param medianRounds    median rounds over the steady traces
     * @param neverSteady     traces labelled as never reaching a steady state
     * @param flagged         of those, sessions that said so
     * @param practices       per other practice, by name: how its windows did on the same steady traces
     */
    public record Summary(
            int steady,
            int converged,
            int convergedMissed,
            int covered,
            int withinOnePct,
            double medianRounds,
            int neverSteady,
            int flagged,
            Map<String, Practice> practices) {
        public double convergedShare() {
            return share(converged, steady);
        }

        public double convergedMissedShare() {
            return share(convergedMissed, steady);
        }

        public double withinOnePctShare() {
            return share(withinOnePct, steady);
        }

        public double flaggedShare() {
            return share(flagged, neverSteady);
        }

        /** Whether any trace had a label to score against (else each one's answer is given instead). */
        public boolean labelled() {
            return steady > 0 || neverSteady > 0;
        }

        private static double share(int k, int n) {
            return n == 0 ? Double.NaN : (double) k / n;
        }
    }

    /**
     * How another practice's measurement windows did on the steady traces where its rule fired.
     *
     * @param traces       the traces with a window
     * @param withinOnePct of those, windows whose mean is within 1% of the truth
     * @param withinReach  of those, windows whose mean is within half the CI width asked of pilot (the reach of a
     *                     converged CI around its estimate): a bound on how often a session that stopped where the
     *                     practice stopped could have held the truth with a CI as narrow as asked
     * @param medianValues the median number of values up to the window's end (what the practice ran)
     */
    public record Practice(int traces, int withinOnePct, int withinReach, double medianValues) {
        public double withinOnePctShare() {
            return (double) withinOnePct / traces;
        }

        public double withinReachShare() {
            return (double) withinReach / traces;
        }
    }

    private TraceReplay() {}

    /** Replays one trace with {@code settings} (its round limit is set to the trace's length when larger or none). */
    public static Replayed replay(Trace trace, SessionSettings settings) {
        double[] v = trace.values();
        SessionSettings s = settings.maxRounds() > 0 && settings.maxRounds() <= v.length
                ? settings
                : settings.toBuilder().maxRounds(v.length).build();
        long[] now = new long[1];
        SessionResult r;
        try {
            r = Pilot.of(s, (round, work) -> {
                        now[0] += 1_000_000L;
                        return RoundResult.ofReadings(v[round]);
                    })
                    .name(trace.name())
                    .ticker(() -> now[0])
                    .clock(EPOCH)
                    .run();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // an in-memory session does no I/O
        }
        PiResult p = r.pis().get(0);
        MetricResult m = p.readings();
        return new Replayed(
                trace,
                r.stopReason(),
                m.mean(),
                m.ci() == null ? Double.NaN : m.ci().low(),
                m.ci() == null ? Double.NaN : m.ci().high(),
                r.rounds(),
                p.readingsPhases().warmup(),
                p.readingsPhases().shifts().size());
    }

    /** Replays every trace on {@code threads} threads; the results in the traces' order. */
    public static List<Replayed> replayAll(List<Trace> traces, SessionSettings settings, int threads)
            throws InterruptedException {
        return Parallel.map(traces.size(), threads, "pilot-replay", i -> replay(traces.get(i), settings));
    }

    /**
     * One benchmark replayed as {@code pilot jmh} runs it: each round a fork (a new JVM), its values after the first
     * {@code warmup} (the warm-up iterations) up to {@code warmup + iterations} the round's unit readings, at most as
     * many rounds as the benchmark has forks.
     *
     * @param group        the benchmark
     * @param truth        the mean of its forks' labelled steady means; NaN when a fork has none
     * @param stop         why the session ended
     * @param estimate     the session's mean per iteration
     * @param low          its CI's lower bound; NaN without one
     * @param high         its CI's upper bound
     * @param forks        forks (rounds) used
     * @param iterations   iterations run in all, warm-up included
     * @param jmhDefault   the estimate of JMH's defaults on the same forks (the mean of their measured windows); NaN
     *                     without those windows
     * @param neverSteady  whether a fork is labelled as never reaching a steady state (forks without labels are not)
     */
    public record ForkReplay(
            String group,
            double truth,
            StopReason stop,
            double estimate,
            double low,
            double high,
            int forks,
            long iterations,
            double jmhDefault,
            boolean neverSteady) {
        public boolean converged() {
            return stop == StopReason.TARGET_MET;
        }

        public boolean covers() {
            return !Double.isNaN(low) && low <= truth && truth <= high;
        }

        /** Whether {@code value} is within 1% of the truth. */
        public boolean withinOnePct(double value) {
            return Math.abs(value - truth) <= 0.01 * Math.abs(truth);
        }
    }

    /**
     * Replays every benchmark of {@code traces} (forks grouped by {@link Trace#group()}) as {@code pilot jmh} with
     * {@code warmup} warm-up and {@code iterations} measurement iterations per fork and the confidence and CI target
     * of {@code settings}.
     */
    public static List<ForkReplay> replayForks(
            List<Trace> traces, int warmup, int iterations, SessionSettings settings, int threads)
            throws InterruptedException {
        Map<String, List<Trace>> groups = new java.util.LinkedHashMap<>();
        for (Trace t : traces) {
            if (t.values().length < warmup + iterations) {
                throw new IllegalArgumentException(t.name() + ": " + t.values().length + " values, fewer than the "
                        + (warmup + iterations) + " iterations of a fork (" + warmup + " warm-up, " + iterations
                        + " measured); give --iterations N and --warmup-iterations W with W + N at most "
                        + t.values().length);
            }
            groups.computeIfAbsent(t.group(), g -> new ArrayList<>()).add(t);
        }
        List<List<Trace>> benchmarks = new ArrayList<>(groups.values());
        SessionSettings s = settings.toBuilder()
                .pis(List.of(new io.pilotbench.core.model.PerformanceIndex(
                        "time",
                        settings.pis().get(0).unit(),
                        io.pilotbench.core.model.PerformanceIndex.Kind.ORDINARY,
                        false,
                        true)))
                .fixedWorkAmount(iterations)
                .build();
        return Parallel.map(
                benchmarks.size(), threads, "pilot-replay", i -> replayForks(benchmarks.get(i), warmup, iterations, s));
    }

    private static ForkReplay replayForks(List<Trace> forks, int warmup, int iterations, SessionSettings settings) {
        SessionSettings s = settings.toBuilder().maxRounds(forks.size()).build();
        long[] now = new long[1];
        SessionResult r;
        try {
            r = Pilot.of(s, (round, work) -> {
                        now[0] += 1_000_000L * (warmup + iterations);
                        return RoundResult.builder()
                                .unitReadings(
                                        0,
                                        java.util.Arrays.copyOfRange(
                                                forks.get(round).values(), warmup, warmup + iterations))
                                .build();
                    })
                    .name(forks.get(0).group())
                    .ticker(() -> now[0])
                    .clock(EPOCH)
                    .run();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // an in-memory session does no I/O
        }
        MetricResult m = r.pis().get(0).unitReadings();
        // the forks' truth: their labelled steady means, or the truth given with unlabelled series (--truth); a
        // benchmark with a fork labelled as never steady has none, and neither has one of forks without any labels
        boolean neverSteady = forks.stream().anyMatch(Trace::neverSteady);
        boolean known = !neverSteady && forks.stream().allMatch(t -> Double.isFinite(t.truth()));
        double truth =
                known ? forks.stream().mapToDouble(Trace::truth).average().orElse(Double.NaN) : Double.NaN;
        double jmh = forks.stream().allMatch(t -> t.windows().containsKey("jmh-default"))
                ? forks.stream()
                        .mapToDouble(t -> t.windowMean(t.windows().get("jmh-default")))
                        .average()
                        .orElse(Double.NaN)
                : Double.NaN;
        return new ForkReplay(
                forks.get(0).group(),
                truth,
                r.stopReason(),
                m.mean(),
                m.ci() == null ? Double.NaN : m.ci().low(),
                m.ci() == null ? Double.NaN : m.ci().high(),
                r.rounds(),
                (long) r.rounds() * (warmup + iterations),
                jmh,
                neverSteady);
    }

    /** The forks-as-rounds replays in lines of text. */
    public static List<String> describeForks(
            List<ForkReplay> replays, int warmup, int iterations, double ciWidth, double confidence) {
        return ReplayText.forks(replays, warmup, iterations, ciWidth, confidence);
    }

    /**
     * The summary of {@code replayed}, sessions that asked for a CI of relative width {@code ciWidth} (which sets
     * the reach of the practices' windows, {@link Practice#withinReach()}).
     */
    public static Summary summarise(List<Replayed> replayed, double ciWidth) {
        int steady = 0;
        int converged = 0;
        int missed = 0;
        int covered = 0;
        int within = 0;
        int never = 0;
        int flagged = 0;
        List<Integer> rounds = new ArrayList<>();
        Map<String, List<int[]>> windows = new TreeMap<>();
        for (Replayed r : replayed) {
            Trace t = r.trace();
            if (t.steady()) {
                steady++;
                rounds.add(r.rounds());
                if (r.converged()) {
                    converged++;
                    if (!r.covers()) {
                        missed++;
                    }
                }
                if (r.covers()) {
                    covered++;
                }
                if (r.error() <= 0.01) {
                    within++;
                }
                for (Map.Entry<String, int[]> w : t.windows().entrySet()) {
                    int[] b = w.getValue();
                    if (b[0] >= 0 && b[1] >= b[0]) {
                        double err = Math.abs(t.windowMean(b) - t.truth()) / Math.abs(t.truth());
                        windows.computeIfAbsent(w.getKey(), k -> new ArrayList<>())
                                .add(new int[] {err <= 0.01 ? 1 : 0, err <= ciWidth / 2 ? 1 : 0, b[1] + 1});
                    }
                }
            } else if (t.neverSteady()) {
                never++;
                if (r.flagged()) {
                    flagged++;
                }
            }
        }
        Map<String, Practice> practices = new TreeMap<>();
        for (Map.Entry<String, List<int[]>> e : windows.entrySet()) {
            List<int[]> l = e.getValue();
            practices.put(
                    e.getKey(),
                    new Practice(
                            l.size(),
                            l.stream().mapToInt(a -> a[0]).sum(),
                            l.stream().mapToInt(a -> a[1]).sum(),
                            Descriptive.median(l.stream().mapToDouble(a -> a[2]).toArray())));
        }
        return new Summary(
                steady,
                converged,
                missed,
                covered,
                within,
                Descriptive.median(
                        rounds.stream().mapToDouble(Integer::doubleValue).toArray()),
                never,
                flagged,
                practices);
    }

    /**
     * A replay's scores in the three forms {@code pilot simulate evaluate} gives them.
     *
     * @param lines the text
     * @param json  the JSON-ready map
     * @param csv   the lines of {@code replications.csv}, its header first: one per series or benchmark
     */
    public record Scores(List<String> lines, Map<String, Object> json, List<String> csv) {}

    /** Replays every trace one value per round ({@link #replayAll}) and scores them; CI width as in settings. */
    public static Scores scoreSeries(List<Trace> traces, SessionSettings settings, double ciWidth, int threads)
            throws InterruptedException {
        List<Replayed> replayed = replayAll(traces, settings, threads);
        Summary m = summarise(replayed, ciWidth);
        List<String> csv = new ArrayList<>(List.of(ReplayText.SERIES_CSV_HEADER));
        replayed.forEach(r -> csv.add(ReplayText.row(r)));
        Map<String, Object> json = toMap(m, replayed.size(), ciWidth, settings.confidence());
        if (!m.labelled()) {
            json.put("series", ReplayText.answers(replayed)); // no labels to score: each series' answer, as the text
        }
        return new Scores(describe(m, replayed, ciWidth, settings.confidence()), json, csv);
    }

    /** Replays every benchmark a fork per round ({@link #replayForks}) and scores them; CI width as in settings. */
    public static Scores scoreForks(
            List<Trace> traces, int warmup, int iterations, SessionSettings settings, double ciWidth, int threads)
            throws InterruptedException {
        List<ForkReplay> forks = replayForks(traces, warmup, iterations, settings, threads);
        List<String> csv = new ArrayList<>(List.of(ReplayText.FORKS_CSV_HEADER));
        forks.forEach(f -> csv.add(ReplayText.row(f)));
        return new Scores(
                describeForks(forks, warmup, iterations, ciWidth, settings.confidence()),
                ReplayText.forksToMap(forks, warmup, iterations, ciWidth, settings.confidence()),
                csv);
    }

    /** The summary as a JSON-ready map. */
    public static Map<String, Object> toMap(Summary m, int traces, double ciWidth, double confidence) {
        return ReplayText.toMap(m, traces, ciWidth, confidence);
    }

    /** The summary in lines of text; a trace set without labels gets the per-trace answers instead. */
    public static List<String> describe(Summary m, List<Replayed> replayed, double ciWidth, double confidence) {
        return ReplayText.describe(m, replayed, ciWidth, confidence);
    }
}
