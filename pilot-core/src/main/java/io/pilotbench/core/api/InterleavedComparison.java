package io.pilotbench.core.api;

import io.pilotbench.core.compare.CompareSettings;
import io.pilotbench.core.compare.Comparison;
import io.pilotbench.core.compare.Contender;
import io.pilotbench.core.compare.Direction;
import io.pilotbench.core.model.Formats;
import io.pilotbench.core.model.Round;
import io.pilotbench.core.model.RoundStatus;
import io.pilotbench.core.model.SessionResult;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.core.model.StopReason;
import io.pilotbench.core.model.Workload;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Runs several workloads in interleaved cycles — A0 B0 C0, A1 B1 C1, … (paper Fig. 6) — until their comparison is
 * decided ({@link Comparison#decided()}) or a limit ends it. Interleaving makes drift and background noise hit every
 * workload alike; {@link #shuffle(long)} also permutes the order within each cycle (seeded, so a run can be
 * repeated), so that no workload always runs right after another.
 *
 * <p>Each workload has its own {@link Session} (its own directory, written as rounds are measured), with its own
 * warm-up removal and subsession analysis, so the tests compare what {@code pilot run} would report. A cycle runs only
 * the workloads that still need data ({@link Comparison#needsMore}); a stored baseline never runs. Limits, from the
 * first session's settings: {@code maxDuration} for the whole comparison, {@code maxRounds} and {@code maxFailures}
 * per workload.
 *
 * <p>With a schedule file, every round is appended as {@code cycle,workload,round} when it ends, so the order that was
 * run can be checked afterwards.
 */
public final class InterleavedComparison {
    /** A workload to run, with the session that records it. */
    public record Entry(String name, Session session, Workload workload) {}

    /** What the listener hears after every round. */
    public record Progress(int cycle, Entry entry, Round round, Comparison comparison, double seconds) {}

    /** The end of a comparison. */
    public record Result(
            Comparison comparison, StopReason stopReason, double seconds, int cycles, List<SessionResult> sessions) {
        public Result {
            sessions = List.copyOf(sessions);
        }
    }

    /**
     * The stop rule is evaluated (a "look") only once the smallest running sample has grown by this factor since the
     * last look. Testing after every round would inflate the false-positive rate of the sequential test far above α
     * (Armitage, McPherson &amp; Rowe, "Repeated significance tests on accumulating data", JRSS A 132, 1969); looks at
     * geometric sample sizes keep their number logarithmic in the sample size. Measured by
     * InterleavedComparisonTest: see bench/README.md.
     */
    public static final double DEFAULT_LOOK_GROWTH = 1.25;

    private final List<Entry> entries;
    private final Contender baseline;
    private final CompareSettings settings;
    private final Direction direction;
    private final String piName;
    private Random shuffle;
    private Consumer<Progress> listener;
    private LongSupplier ticker = System::nanoTime;
    private Clock clock = Clock.systemUTC();
    private Path schedule;
    private int firstCycle;
    private double lookGrowth = DEFAULT_LOOK_GROWTH;
    private volatile boolean stopRequested;
    private boolean paired = true;
    /** Per entry, the round it ran in each cycle (by cycle number; −1 where it did not run): the pairing. */
    private final List<List<Integer>> cycleRounds = new ArrayList<>();

    /**
     * @param entries   the workloads to run (at least one; at least two without a baseline)
     * @param baseline  a stored contender compared with, first in the comparison; null for none
     * @param piName    the PI compared; null for each session's first
     */
    public InterleavedComparison(
            List<Entry> entries, Contender baseline, CompareSettings settings, Direction direction, String piName) {
        if (entries.isEmpty() || baseline == null && entries.size() < 2) {
            throw new IllegalArgumentException("a comparison needs at least two workloads (or one and a baseline)");
        }
        this.entries = List.copyOf(entries);
        this.baseline = baseline;
        // looked at again and again while the workloads run: verdicts by confidence sequences (PairComparison), tuned
        // to the round limit when there is one
        this.settings = settings.withSequential(true)
                .withHorizon(entries.get(0).session().settings().maxRounds());
        this.direction = direction;
        this.piName = piName;
        for (int i = 0; i < entries.size(); i++) {
            cycleRounds.add(new ArrayList<>());
        }
    }

    /**
     * Whether workloads run in the same cycles are compared cycle by cycle (default true); false analyses them as
     * independent samples, as before pairing existed — for measuring what pairing is worth.
     */
    public InterleavedComparison paired(boolean value) {
        paired = value;
        return this;
    }

    /** Permutes the order within each cycle with a generator seeded with {@code seed}. */
    public InterleavedComparison shuffle(long seed) {
        shuffle = new Random(seed);
        return this;
    }

    public InterleavedComparison listener(Consumer<Progress> value) {
        listener = value;
        return this;
    }

    /** The comparison's time before this run (a resumed one's): counted against the time limit and reported. */
    private double secondsBefore;

    /**
     * The time the comparison ran before this run, for a resumed comparison: its time limit counts it, as a resumed
     * {@code pilot run} does, and its reported duration includes it.
     */
    public InterleavedComparison secondsBefore(double value) {
        if (!(value >= 0)) {
            throw new IllegalArgumentException("time before must be >= 0 s, got " + value);
        }
        secondsBefore = value;
        return this;
    }

    /** The monotonic clock in ns (default {@code System::nanoTime}). */
    public InterleavedComparison ticker(LongSupplier value) {
        ticker = value;
        return this;
    }

    /** The growth of the smallest sample between two looks at the stop rule, ≥ 1 (1 looks after every cycle). */
    public InterleavedComparison lookGrowth(double value) {
        if (!(value >= 1)) {
            throw new IllegalArgumentException("look growth must be >= 1, got " + value);
        }
        lookGrowth = value;
        return this;
    }

    /** Appends {@code cycle,workload,round} to this CSV file after every round. */
    /** The number of the first cycle (default 0): a resumed comparison goes on counting in its schedule. */
    public InterleavedComparison firstCycle(int value) {
        if (value < 0) {
            throw new IllegalArgumentException("the first cycle must be >= 0, got " + value);
        }
        firstCycle = value;
        return this;
    }

    public InterleavedComparison schedule(Path file) {
        schedule = file;
        return this;
    }

    /** Asks the comparison to stop before its next round (thread-safe, for Ctrl-C). */
    public void requestStop() {
        stopRequested = true;
    }

    /** The comparison of every round the sessions hold now (each session's analysis is brought up to date). */
    public Comparison current() {
        return comparison(true);
    }

    /**
     * The comparison of what the sessions hold: up to date ({@code fresh}, for the stop rule and the result), or as
     * of each session's last look (cheap, for progress after every round).
     */
    private Comparison comparison(boolean fresh) {
        List<Contender> contenders = new ArrayList<>();
        if (baseline != null) {
            contenders.add(baseline);
        }
        for (int i = 0; i < entries.size(); i++) {
            Entry e = entries.get(i);
            SessionResult r = fresh ? e.session().currentResult() : e.session().result();
            Contender c = Contender.of(e.name(), r, piName, true);
            // a round of unit readings (a JMH fork: a new JVM) is one sample, its mean of the units kept: forks
            // settle at levels of their own, which the units' spread within a fork does not show (BetweenRounds)
            int pi = CycleSamples.piIndex(e.session().settings(), piName);
            contenders.add(
                    !paired
                            ? c
                            : c.withCycles(CycleSamples.of(
                                    e.session().rounds(),
                                    e.session().settings(),
                                    cycleRounds.get(i),
                                    r,
                                    pi,
                                    c.unitReadings())));
        }
        return Comparison.of(contenders, settings, direction);
    }

    private void ranIn(int cycle, int entry, int round) {
        List<Integer> rounds = cycleRounds.get(entry);
        while (rounds.size() <= cycle) {
            rounds.add(-1);
        }
        rounds.set(cycle, round);
    }

    /** Reads the pairing of the cycles run before (a resumed comparison) from its schedule file. */
    private void readSchedule() throws IOException {
        if (schedule == null) {
            return;
        }
        Map<String, List<Integer>> recorded = CycleSamples.schedule(schedule);
        for (int i = 0; i < entries.size(); i++) {
            List<Integer> rounds = recorded.getOrDefault(entries.get(i).name(), List.of());
            for (int cycle = 0; cycle < rounds.size(); cycle++) {
                if (rounds.get(cycle) >= 0) {
                    ranIn(cycle, i, rounds.get(cycle));
                }
            }
        }
    }

    /** Runs cycles until the comparison is decided or a limit ends it, then finishes every session. */
    public Result run() throws IOException {
        SessionSettings limits = entries.get(0).session().settings();
        long t0 = ticker.getAsLong();
        int[] failures = new int[entries.size()];
        for (int i = 0; i < entries.size(); i++) {
            failures[i] = entries.get(i).session().result().failedRounds();
        }
        readSchedule();
        int cycle = firstCycle;
        StopReason reason = null;
        List<Integer> order = List.of();
        long nextLook = 0;
        try (BufferedWriter log = openSchedule();
                Deadline deadline = Deadline.start(
                        limits.maxDuration(),
                        secondsBefore,
                        entries.stream().map(Entry::workload).toList())) {
            while (reason == null) {
                double elapsed = secondsBefore + (ticker.getAsLong() - t0) / 1e9;
                long least = leastSamples(order);
                boolean look = order.isEmpty() || least >= nextLook;
                Comparison now = look ? current() : null;
                if (look) {
                    order = needing(now, limits);
                    nextLook = Math.max(least + 1, (long) Math.ceil(least * lookGrowth));
                }
                if (stopRequested) {
                    reason = StopReason.INTERRUPTED;
                } else if (look && order.isEmpty() && now.decided()) {
                    reason = StopReason.TARGET_MET;
                } else if (limits.maxDuration() != null
                        && elapsed >= limits.maxDuration().toNanos() / 1e9) {
                    reason = StopReason.TIME_LIMIT;
                } else if (order.isEmpty() || !look && atRoundLimit(order, limits)) {
                    reason = StopReason.ROUND_LIMIT;
                } else {
                    if (!look) {
                        order = new ArrayList<>(order);
                        order.removeIf(i -> limits.maxRounds() > 0
                                && entries.get(i).session().rounds().size() >= limits.maxRounds());
                    }
                    List<Integer> cycleOrder = new ArrayList<>(order);
                    if (shuffle != null) {
                        Collections.shuffle(cycleOrder, shuffle);
                    }
                    reason = cycle(cycle, cycleOrder, failures, limits, log, t0, deadline);
                    cycle++;
                }
            }
        }
        double seconds = secondsBefore + (ticker.getAsLong() - t0) / 1e9;
        Comparison last = current();
        if ((reason == StopReason.ROUND_LIMIT || reason == StopReason.TIME_LIMIT) && last.decided()) {
            // the rounds since the last look decided it: the sequences are valid at any stopping time, this one too
            reason = StopReason.TARGET_MET;
        }
        List<SessionResult> results = new ArrayList<>();
        for (Entry e : entries) {
            // a session whose own targets are not met did not converge, though the comparison it ran in did: its
            // result.json said "converged": true, "stopReason": "target_met" beside "targetMet": false
            boolean own = reason != StopReason.TARGET_MET || !e.session().needsMoreRounds();
            results.add(e.session().finish(own ? reason : StopReason.COMPARISON_DECIDED));
        }
        return new Result(last, reason, seconds, cycle, results);
    }

    /** The entries that need more rounds now and may still run (below the round limit), in the order given. */
    private List<Integer> needing(Comparison now, SessionSettings limits) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            Session session = entries.get(i).session();
            boolean needs = now.needsMore(contender(now, i)) || session.rounds().size() < limits.minRounds();
            if (needs && (limits.maxRounds() == 0 || session.rounds().size() < limits.maxRounds())) {
                out.add(i);
            }
        }
        return out;
    }

    private boolean atRoundLimit(List<Integer> order, SessionSettings limits) {
        return limits.maxRounds() > 0
                && order.stream()
                        .allMatch(i -> entries.get(i).session().rounds().size() >= limits.maxRounds());
    }

    /** The fewest rounds among {@code order}'s entries (the sample sizes that grow). */
    private long leastSamples(List<Integer> order) {
        long least = Long.MAX_VALUE;
        for (int i : order) {
            least = Math.min(least, entries.get(i).session().rounds().size());
        }
        return least == Long.MAX_VALUE ? 0 : least;
    }

    /** Runs one cycle in {@code order}; a stop reason when it must end the comparison, null otherwise. */
    private StopReason cycle(
            int cycle,
            List<Integer> order,
            int[] failures,
            SessionSettings limits,
            BufferedWriter log,
            long t0,
            Deadline deadline)
            throws IOException {
        for (int i : order) {
            if (stopRequested) {
                return StopReason.INTERRUPTED;
            }
            Entry e = entries.get(i);
            Round round;
            try {
                round = e.session().runRound(e.workload(), ticker, clock);
            } catch (InterruptedException ex) {
                // cancelled: by the time limit (the round is dropped, as one not started), or by a stop request
                return deadline.passed() && !stopRequested ? StopReason.TIME_LIMIT : StopReason.INTERRUPTED;
            }
            ranIn(cycle, i, round.index());
            if (log != null) {
                log.write(cycle + "," + csv(e.name()) + "," + round.index() + "\n");
                log.flush();
            }
            if (listener != null) {
                listener.accept(new Progress(cycle, e, round, comparison(false), (ticker.getAsLong() - t0) / 1e9));
            }
            if (round.status() == RoundStatus.FAILED || round.status() == RoundStatus.TIMED_OUT) {
                failures[i]++;
                if (failures[i] > limits.maxFailures()) {
                    return StopReason.WORKLOAD_FAILED;
                }
            }
        }
        return null;
    }

    private Contender contender(Comparison c, int entry) {
        return c.contenders().get(entry + (baseline == null ? 0 : 1));
    }

    private BufferedWriter openSchedule() throws IOException {
        if (schedule == null) {
            return null;
        }
        boolean exists = Files.exists(schedule);
        BufferedWriter w = Files.newBufferedWriter(
                schedule, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        if (!exists) {
            w.write("cycle,workload,round\n");
            w.flush();
        }
        return w;
    }

    private static String csv(String s) {
        return io.pilotbench.core.files.CsvField.of(s);
    }

    /** The limit that ended a comparison, in words, for reports ("after 5 min"). */
    public static String limitWords(StopReason reason, SessionSettings s) {
        Duration d = s.maxDuration();
        return switch (reason) {
            case TIME_LIMIT -> "the time limit" + (d == null ? "" : " of " + Formats.duration(d.toMillis() / 1e3));
            case ROUND_LIMIT -> "the round limit (" + s.maxRounds() + " per workload)";
            default -> reason.name().toLowerCase();
        };
    }
}
