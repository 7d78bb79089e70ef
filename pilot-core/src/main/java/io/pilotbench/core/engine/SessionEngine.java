package io.pilotbench.core.engine;

import io.pilotbench.core.Defaults;
import io.pilotbench.core.analysis.WarmupRemoval;
import io.pilotbench.core.api.MetricResult;
import io.pilotbench.core.api.PerformanceIndex;
import io.pilotbench.core.api.PiResult;
import io.pilotbench.core.api.Round;
import io.pilotbench.core.api.RoundResult;
import io.pilotbench.core.api.RoundStatus;
import io.pilotbench.core.api.SessionSettings;
import io.pilotbench.core.api.WpsMode;
import io.pilotbench.core.api.WpsResult;
import io.pilotbench.stats.changepoint.Edm;
import io.pilotbench.stats.changepoint.EdmSettings;
import io.pilotbench.stats.changepoint.StableSegment;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * A session's rounds and their analysis, kept up to date round by round. Shared by the Pilot-driven runner and the
 * user-driven {@code Session}; not thread-safe.
 *
 * <p>Per round, on ingestion: the status (a round shorter than the threshold is SHORT when the workload has a
 * work-amount range), and per PI the unit readings kept after warm-up/cool-down removal (EDM stable segment of that
 * round, a fixed fraction, or all). The readings' change points are tracked round by round
 * ({@link ReadingsTracker}). {@link #analysis()} then summarises stable and raw data per PI and fits WPS; it is
 * cached until the next round.
 */
public final class SessionEngine {
    private final SessionSettings settings;
    private final List<Round> rounds = new ArrayList<>();
    private final ReadingsTracker[] trackers;
    /** per PI, per round: kept unit readings [begin, end); {0, 0} for rounds out of the analysis */
    private final List<List<int[]>> segments = new ArrayList<>();
    private SessionAnalysis cached;

    public SessionEngine(SessionSettings settings) {
        this.settings = settings;
        int p = settings.pis().size();
        trackers = new ReadingsTracker[p];
        for (int i = 0; i < p; i++) {
            trackers[i] = new ReadingsTracker();
            segments.add(new ArrayList<>());
        }
    }

    public SessionSettings settings() {
        return settings;
    }

    public List<Round> rounds() {
        return Collections.unmodifiableList(rounds);
    }

    /**
     * Turns what the workload reported into the next {@link Round}: FAILED when it failed, SHORT when it was shorter
     * than the threshold (with a work-amount range, below its maximum), OK otherwise.
     *
     * @throws IllegalArgumentException when the result names a PI the session does not have, or holds a non-finite
     *     value
     */
    public Round toRound(long workAmount, Instant start, long measuredNanos, RoundResult result) {
        int p = settings.pis().size();
        if (result.highestPi().isPresent() && result.highestPi().getAsInt() >= p) {
            throw new IllegalArgumentException("round " + rounds.size() + " reports PI " + result.highestPi().getAsInt()
                    + ", but the session has " + p + " PI" + (p == 1 ? "" : "s") + " (numbered from 0)");
        }
        double[] readings = new double[p];
        double[][] units = new double[p][];
        for (int i = 0; i < p; i++) {
            readings[i] = result.reading(i);
            if (Double.isInfinite(readings[i])) {
                throw new IllegalArgumentException("round " + rounds.size() + ": PI '" + settings.pis().get(i).name()
                        + "' reading is infinite");
            }
            units[i] = result.unitReadings(i);
            for (int k = 0; k < units[i].length; k++) {
                if (!Double.isFinite(units[i][k])) {
                    throw new IllegalArgumentException("round " + rounds.size() + ": PI '"
                            + settings.pis().get(i).name() + "' unit reading " + k + " is " + units[i][k]);
                }
            }
        }
        long duration = result.durationNanos().orElse(measuredNanos);
        RoundStatus status;
        if (result.timedOut()) {
            status = RoundStatus.TIMED_OUT;
        } else if (result.failed()) {
            status = RoundStatus.FAILED;
        } else if (settings.hasWorkAmountRange() && duration < settings.shortRound().toNanos()
                && workAmount < settings.workAmount().max()) {
            // A round at the maximum work amount cannot be made longer: it is analysed (the original kept
            // rejecting such rounds, so a workload whose longest round is short was never analysed).
            status = RoundStatus.SHORT;
        } else {
            status = RoundStatus.OK;
        }
        return new Round(rounds.size(), workAmount, start, duration, status, readings, units, result.exitCode(),
                result.userCpuNanos(), result.systemCpuNanos(), result.peakRssBytes(), result.message());
    }

    /**
     * Adds a round (the next in order).
     *
     * @throws IllegalArgumentException if its index is not the next one or its PI count differs
     */
    public void add(Round round) {
        if (round.index() != rounds.size()) {
            throw new IllegalArgumentException("expected round " + rounds.size() + ", got round " + round.index());
        }
        if (round.piCount() != settings.pis().size()) {
            throw new IllegalArgumentException("round " + round.index() + " has " + round.piCount()
                    + " PIs, the session " + settings.pis().size());
        }
        rounds.add(round);
        boolean analysed = round.status() == RoundStatus.OK;
        for (int i = 0; i < trackers.length; i++) {
            double r = round.reading(i);
            if (analysed && !Double.isNaN(r)) {
                trackers[i].add(r);
            }
            segments.get(i).add(analysed ? unitSegment(round, i) : new int[] {0, 0});
        }
        cached = null;
    }

    /** The kept unit readings [begin, end) of a round (PILOT-ORIGINAL.md §2.6). */
    private int[] unitSegment(Round round, int pi) {
        int n = round.unitReadingCount(pi);
        WarmupRemoval w = settings.warmupRemoval();
        return switch (w.method()) {
            case NONE -> new int[] {0, n};
            case FIXED -> new int[] {w.fixedBegin(n), n};
            case EDM -> {
                if (n < EdmSettings.pilot().minSize()) {
                    yield new int[] {0, n};
                }
                StableSegment s = Edm.detect(round.unitReadings(pi), EdmSettings.pilot()).stableSegment();
                yield switch (s.status()) {
                    case FOUND -> new int[] {s.begin(), s.end()};
                    case NOT_ENOUGH_DATA -> new int[] {0, n};
                    case NO_DOMINANT_SEGMENT -> new int[] {0, 0};
                };
            }
        };
    }

    /** The unit readings of PI {@code pi} kept in round {@code round}, [begin, end). */
    public int[] keptUnitReadings(int pi, int round) {
        return segments.get(pi).get(round).clone();
    }

    /** The current analysis (cached until the next round). */
    public SessionAnalysis analysis() {
        if (cached == null) {
            cached = analyse();
        }
        return cached;
    }

    private SessionAnalysis analyse() {
        List<PiResult> results = new ArrayList<>();
        for (int i = 0; i < trackers.length; i++) {
            results.add(analysePi(i));
        }
        WpsResult wps = settings.wps() == WpsMode.OFF ? null : analyseWps();
        return new SessionAnalysis(results, wps);
    }

    private PiResult analysePi(int pi) {
        PerformanceIndex index = settings.pis().get(pi);
        ReadingsTracker t = trackers[pi];
        double[] all = t.values();
        int from = switch (settings.warmupRemoval().method()) {
            case NONE -> 0;
            case FIXED -> all.length == 0 ? 0 : settings.warmupRemoval().fixedBegin(all.length);
            case EDM -> t.from();
        };
        double[] stable = Arrays.copyOfRange(all, from, all.length);
        MetricResult readings = MetricAnalyzer.analyze(stable, from, index.kind(), settings);
        MetricResult readingsRaw = MetricAnalyzer.analyze(all, 0, index.kind(), settings);

        long total = 0;
        long kept = 0;
        for (int r = 0; r < rounds.size(); r++) {
            int[] seg = segments.get(pi).get(r);
            if (rounds.get(r).status() == RoundStatus.OK) {
                total += rounds.get(r).unitReadingCount(pi);
                kept += seg[1] - seg[0];
            }
        }
        double[] rawUnits = new double[Math.toIntExact(total)];
        double[] keptUnits = new double[Math.toIntExact(kept)];
        int a = 0;
        int b = 0;
        for (int r = 0; r < rounds.size(); r++) {
            Round round = rounds.get(r);
            if (round.status() != RoundStatus.OK) {
                continue;
            }
            int[] seg = segments.get(pi).get(r);
            round.copyUnitReadings(pi, 0, round.unitReadingCount(pi), rawUnits, a);
            a += round.unitReadingCount(pi);
            round.copyUnitReadings(pi, seg[0], seg[1], keptUnits, b);
            b += seg[1] - seg[0];
        }
        MetricResult units = MetricAnalyzer.analyze(keptUnits, total - kept, index.kind(), settings);
        MetricResult unitsRaw = MetricAnalyzer.analyze(rawUnits, 0, index.kind(), settings);
        return new PiResult(index, readings, readingsRaw, from, units, unitsRaw);
    }

    private WpsResult analyseWps() {
        List<Round> ok = rounds.stream().filter(r -> r.status() == RoundStatus.OK).toList();
        double[] w = new double[ok.size()];
        double[] t = new double[ok.size()];
        for (int i = 0; i < ok.size(); i++) {
            w[i] = ok.get(i).workAmount();
            t[i] = ok.get(i).durationSeconds();
        }
        return WpsRegression.analyze(w, t, settings.autocorrelationLimit(), settings.confidence(),
                settings.ciTarget().value(), settings.ciTarget().relative(), Defaults.WPS_MIN_SUBSESSIONS, true);
    }
}
