package io.pilotbench.core.engine;

import io.pilotbench.core.analysis.BetweenRounds;
import io.pilotbench.core.analysis.MeanAnalyzer;
import io.pilotbench.core.analysis.PhaseDetector;
import io.pilotbench.core.analysis.SteadyLevel;
import io.pilotbench.core.model.CiMethod;
import io.pilotbench.core.model.Defaults;
import io.pilotbench.core.model.MetricResult;
import io.pilotbench.core.model.PerformanceIndex;
import io.pilotbench.core.model.Phases;
import io.pilotbench.core.model.PiResult;
import io.pilotbench.core.model.Round;
import io.pilotbench.core.model.RoundResult;
import io.pilotbench.core.model.RoundStatus;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.core.model.WarmupRemoval;
import io.pilotbench.core.model.WpsMode;
import io.pilotbench.core.model.WpsResult;
import io.pilotbench.stats.MeanMethod;
import io.pilotbench.stats.Spread;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * A session's rounds and their analysis. Shared by the Pilot-driven runner and the user-driven {@code Session}; not
 * thread-safe.
 *
 * <p>Adding a round costs O(its samples): the readings and unit readings are appended, the running totals and the
 * unit readings' ensemble sums updated. The analysis is redone only at a <em>look</em>: with the AR method when the
 * samples of a metric that gates the session reach what the last look said its target needs, or have grown by
 * {@value Defaults#LOOK_GROWTH}× since, whichever comes first (and at the first {@value Defaults#MIN_SAMPLES}
 * samples); so a session's total analysis cost is linear in its samples, and {@link #analysis()} between looks
 * returns the last one. The pilot method, and sessions that fit WPS, look after every round as the original does.
 * {@link #currentAnalysis()} looks now (reports, the end of a session).
 */
public final class SessionEngine {
    private final SessionSettings settings;
    private final List<Round> rounds = new ArrayList<>();
    private final Totals totals;
    private final Pi[] pis;
    private SessionAnalysis current;
    private boolean stale = true;

    /** One PI's samples and when to look at them next. */
    private final class Pi {
        final PerformanceIndex index;
        double[] readings = new double[16];
        /** The round each reading came from: short, failed and reading-less rounds leave gaps. */
        int[] roundOf = new int[16];

        int size;
        final ReadingsTracker edm;
        final UnitReadings units;
        long nextReadingsLook = Defaults.MIN_SAMPLES;
        long nextUnitsLook = 0;

        Pi(PerformanceIndex index) {
            this.index = index;
            this.edm = settings.warmupRemoval().method() == WarmupRemoval.Method.EDM ? new ReadingsTracker() : null;
            this.units = new UnitReadings(settings.warmupRemoval());
        }

        void addReading(double value, int round) {
            if (size == readings.length) {
                readings = Arrays.copyOf(readings, size * 2);
                roundOf = Arrays.copyOf(roundOf, size * 2);
            }
            roundOf[size] = round;
            readings[size++] = value;
            if (edm != null) {
                edm.add(value);
            }
        }

        boolean lookDue() {
            return index.readingsMustSatisfy() && size >= nextReadingsLook
                    || index.unitReadingsMustSatisfy() && units.total() >= nextUnitsLook;
        }
    }

    public SessionEngine(SessionSettings settings) {
        this.settings = settings;
        int p = settings.pis().size();
        totals = new Totals(p);
        pis = new Pi[p];
        for (int i = 0; i < p; i++) {
            pis[i] = new Pi(settings.pis().get(i));
        }
    }

    public SessionSettings settings() {
        return settings;
    }

    public List<Round> rounds() {
        return Collections.unmodifiableList(rounds);
    }

    /** Running totals over the rounds. */
    public Totals totals() {
        return totals;
    }

    /**
     * Turns what the workload reported into the next {@link Round}: FAILED when it failed, SHORT when its work amount
     * was too small ({@link #isShort}: with a work-amount range, a ramp-up round shorter than the threshold, or a
     * round asked for less work than the first long-enough one), OK otherwise.
     *
     * @throws IllegalArgumentException when the result names a PI the session does not have, or holds a non-finite
     *     value
     */
    public Round toRound(long workAmount, Instant start, long measuredNanos, RoundResult result) {
        int p = settings.pis().size();
        if (result.highestPi().isPresent() && result.highestPi().getAsInt() >= p) {
            throw new IllegalArgumentException("round " + rounds.size() + " reports PI "
                    + result.highestPi().getAsInt() + ", but the session has " + p + " PI" + (p == 1 ? "" : "s")
                    + " (numbered from 0)");
        }
        double[] readings = new double[p];
        double[][] units = new double[p][];
        for (int i = 0; i < p; i++) {
            readings[i] = result.reading(i);
            units[i] = result.unitReadings(i);
            RoundValues.checkFinite(rounds.size(), settings.pis().get(i), readings[i], units[i]);
        }
        long duration = result.durationNanos().orElse(measuredNanos);
        String invalid = result.failed() ? null : RoundValues.invalidForKind(settings.pis(), readings, units);
        RoundStatus status;
        if (result.timedOut()) {
            status = RoundStatus.TIMED_OUT;
        } else if (result.failed() || invalid != null) {
            // a value the PI's kind cannot average (a ratio of 0, a binary 2) fails the round: kept out of the
            // analysis, it would leave the target unmet forever (a session ran 14,603 rounds of a 0 MB/s ratio)
            status = RoundStatus.FAILED;
        } else if (isShort(workAmount, duration)) {
            status = RoundStatus.SHORT;
        } else {
            status = RoundStatus.OK;
        }
        return new Round(
                rounds.size(),
                workAmount,
                start,
                duration,
                status,
                readings,
                units,
                result.exitCode(),
                result.userCpuNanos(),
                result.systemCpuNanos(),
                result.peakRssBytes(),
                invalid != null ? invalid : result.message());
    }

    /**
     * Whether a completed round of a workload with a work-amount range is short: left out of the analysis because
     * its work amount was too small to dilute the round's non-stable phases (paper §III-A).
     *
     * <p>The work amount decides, not the duration. The planner ramps the work amount up (doubling) until a round
     * is at least the threshold long; that round's work amount becomes the floor a′, and every round after it is
     * planned at a′ or more. So once a floor exists a round is short exactly when it was asked for less work than
     * a′ — something known before it ran (a user-driven session may ask for less). Its own duration is not looked
     * at: rounds of equal work run at different speeds, and dropping the fast ones selects on the outcome: it keeps
     * the slow ones, and every mean of the session leans toward them (a session dropped 35 of 66 rounds that way).
     *
     * <p>Before the floor exists the rounds are the ramp-up, probes of distinct, growing work amounts: as in the
     * original, those shorter than the threshold are short, and the first that is not ends the ramp-up. A round at
     * the maximum work amount cannot be made longer, so it is never short (the original kept rejecting such rounds,
     * and a workload whose longest round is short was never analysed); and when the ramp-up ends there, at a round
     * still shorter than the threshold, no work amount of the range is long enough, so no later round is short: the
     * planner spreads them over the whole range for the WPS regression (a floor at the maximum left it one work
     * amount, and the session waited for WPS until its limits).
     */
    private boolean isShort(long workAmount, long durationNanos) {
        if (!settings.hasWorkAmountRange()) {
            return false;
        }
        Round floor = totals.firstOk();
        if (floor != null) {
            // a range whose longest round is short has no floor to keep to: every round after the ramp-up counts
            return !Planner.wholeRangeShort(settings, floor) && workAmount < floor.workAmount();
        }
        return durationNanos < settings.shortRound().toNanos()
                && workAmount < settings.workAmount().max();
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
        totals.add(round);
        if (round.status() == RoundStatus.OK) {
            for (int i = 0; i < pis.length; i++) {
                double r = round.reading(i);
                if (!Double.isNaN(r)) {
                    pis[i].addReading(r, round.index());
                }
                pis[i].units.add(round.unitReadings(i));
            }
        }
        stale = true;
    }

    /**
     * The analysis as of the last look, looking again first when a look is due (see the class comment). Between
     * looks the targets' verdicts do not change: a session is judged at its looks.
     */
    public SessionAnalysis analysis() {
        if (current == null || stale && lookDue()) {
            look();
        }
        return current;
    }

    /** The analysis of every round so far (a look now, unless nothing changed since the last). */
    public SessionAnalysis currentAnalysis() {
        if (current == null || stale) {
            look();
        }
        return current;
    }

    private boolean lookDue() {
        if (settings.method() == CiMethod.PILOT || settings.wps() != WpsMode.OFF) {
            return true;
        }
        for (Pi p : pis) {
            if (p.lookDue()) {
                return true;
            }
        }
        return false;
    }

    private void look() {
        List<PiResult> results = new ArrayList<>();
        for (Pi p : pis) {
            PiResult r = analysePi(p);
            results.add(r);
            p.nextReadingsLook =
                    nextLook(p.size, r.readings(), p.size - r.readings().n());
            p.nextUnitsLook = nextLook(
                    p.units.total(),
                    r.unitReadings(),
                    p.units.total() - r.unitReadings().n());
        }
        WpsResult wps = settings.wps() == WpsMode.OFF ? null : analyseWps();
        current = new SessionAnalysis(results, wps, totals.okRounds());
        stale = false;
    }

    /**
     * The sample count at which to look next: every sample below {@value Defaults#MIN_SAMPLES}; then when the raw
     * samples reach what the target needs (the requirement in kept samples plus what was cut), but no later than
     * {@value Defaults#LOOK_GROWTH}× the samples now, and no sooner than 1% more (so that a session looks at most a
     * few hundred times per tenfold growth).
     */
    private static long nextLook(long raw, MetricResult m, long cut) {
        if (raw < Defaults.MIN_SAMPLES) {
            return raw + 1; // every sample until a CI may end the session: cheap, and the progress shows each
        }
        long soonest = raw + Math.max(1, raw / 100);
        long growth = Math.max(soonest, (long) Math.ceil(raw * Defaults.LOOK_GROWTH));
        if (m.targetMet() || m.requiredSamples() < 0) {
            return growth;
        }
        long needed = m.requiredSamples() + cut;
        return Math.max(soonest, Math.min(growth, needed));
    }

    private PiResult analysePi(Pi p) {
        boolean proportion = p.index.kind() == PerformanceIndex.Kind.BINARY;
        var analysis = settings.analysisSettings(p.index.kind().meanMethod());
        double[] all = p.readings;
        int n = p.size;
        WarmupRemoval removal = settings.warmupRemoval();
        Phases phases = readingPhases(p);
        int from = phases.warmup();
        MetricResult readings = MeanAnalyzer.analyze(all, from, n, from, proportion, analysis, true)
                .needing(phases.samplesForPendingWarmup() - from);
        if (!proportion) {
            // the evidence of a steady level, and a CI that allows for one still moving (SteadyLevel)
            SteadyLevel.Checked checked = SteadyLevel.check(
                    all, from, n, phases, readings, analysis.meanMethod() == MeanMethod.ARITHMETIC, true);
            phases = checked.phases();
            readings = checked.result();
        }
        MetricResult readingsRaw = MeanAnalyzer.analyze(all, 0, n, 0, proportion, analysis, true);
        if (!proportion) {
            // one reading per round: what the mean and its CI hide (a slow round in eight, two modes), as
            // hyperfine's range and outlier warning show it
            readings = readings.n() == 0 ? readings : readings.withSpread(Spread.of(Arrays.copyOfRange(all, from, n)));
            readingsRaw = n == 0 ? readingsRaw : readingsRaw.withSpread(Spread.of(Arrays.copyOf(all, n)));
        }

        Phases unitPhases;
        long cutUnits;
        double[] kept;
        if (removal.tested()) {
            unitPhases = p.units.phases();
            kept = p.units.kept(unitPhases);
        } else {
            kept = p.units.kept(null);
            int[] cuts = p.units.untestedCuts();
            unitPhases = Phases.untested(cuts[0], cuts[1]);
        }
        cutUnits = p.units.total() - kept.length;
        double[] raw = p.units.raw();
        MetricResult units = MeanAnalyzer.analyze(kept, 0, kept.length, cutUnits, proportion, analysis, true);
        if (!proportion) {
            // rounds are new processes: their spread counts, not only the readings' within them (BetweenRounds)
            double[] within = p.units.keptWithinRounds(unitPhases, kept);
            SteadyLevel.Checked checked = BetweenRounds.check(
                    units,
                    MeanAnalyzer.analyze(within, 0, within.length, cutUnits, false, analysis, true),
                    new BetweenRounds.Rounds(
                            p.units.keptRoundMeans(unitPhases),
                            p.units.keptRoundMeans(unitPhases, UnitReadings.Part.EARLIER_HALF),
                            p.units.keptRoundMeans(unitPhases, UnitReadings.Part.LATER_HALF)),
                    unitPhases,
                    settings.confidence(),
                    analysis.meanMethod() == MeanMethod.ARITHMETIC,
                    true);
            units = checked.result();
            unitPhases = checked.phases();
        }
        MetricResult unitsRaw = MeanAnalyzer.analyze(raw, 0, raw.length, 0, proportion, analysis, true);
        return new PiResult(p.index, readings, readingsRaw, phases, units, unitsRaw, unitPhases);
    }

    /**
     * The phases of a PI's readings: the warm-up its removal method cuts and, with the AR method, the level shifts
     * after it, placed at the rounds they came from.
     */
    private Phases readingPhases(Pi p) {
        double[] all = p.readings;
        int n = p.size;
        WarmupRemoval removal = settings.warmupRemoval();
        Phases phases;
        int from;
        switch (removal.method()) {
            case NONE -> {
                from = 0;
                phases = Phases.NONE;
            }
            case FIXED -> {
                from = n == 0 ? 0 : removal.fixedBegin(n);
                phases = Phases.untested(from, 0);
            }
            case EDM -> {
                from = p.edm.from();
                phases = Phases.untested(from, 0);
            }
            default -> {
                double[] x = Arrays.copyOf(all, n);
                phases = PhaseDetector.detect(
                        x, removal, false, settings.method() == CiMethod.AR, settings.confidence());
                from = phases.warmup();
            }
        }
        if (removal.method() != WarmupRemoval.Method.AUTO
                && removal.method() != WarmupRemoval.Method.MSER
                && settings.method() == CiMethod.AR
                && n - from >= 2 * Defaults.SHIFT_MIN_SEGMENT) {
            phases = phases.withShifts(PhaseDetector.shifts(all, from, n, settings.confidence()));
        }
        if (!phases.shifts().isEmpty()) {
            // the detector knows readings; the reports show rounds, which count short and failed rounds too
            phases = phases.withShifts(phases.shifts().stream()
                    .map(s -> s.atRound(p.roundOf[s.index()]))
                    .toList());
        }
        return phases;
    }

    private WpsResult analyseWps() {
        List<Round> ok =
                rounds.stream().filter(r -> r.status() == RoundStatus.OK).toList();
        double[] w = new double[ok.size()];
        double[] t = new double[ok.size()];
        for (int i = 0; i < ok.size(); i++) {
            w[i] = ok.get(i).workAmount();
            t[i] = ok.get(i).durationSeconds();
        }
        return WpsRegression.analyze(
                w,
                t,
                settings.autocorrelationLimit(),
                settings.confidence(),
                settings.ciTarget().value(),
                settings.ciTarget().relative(),
                Defaults.WPS_MIN_SUBSESSIONS,
                true);
    }
}
