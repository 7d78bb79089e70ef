package io.pilotbench.junit;

import io.pilotbench.core.api.Pilot;
import io.pilotbench.core.api.Session;
import io.pilotbench.core.compare.CompareSettings;
import io.pilotbench.core.compare.Comparison;
import io.pilotbench.core.compare.Contender;
import io.pilotbench.core.compare.Direction;
import io.pilotbench.core.compare.Gate;
import io.pilotbench.core.compare.PairComparison;
import io.pilotbench.core.model.CiTarget;
import io.pilotbench.core.model.PerformanceIndex;
import io.pilotbench.core.model.RoundResult;
import io.pilotbench.core.model.SessionResult;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.core.model.StopReason;
import io.pilotbench.core.model.Workload;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.opentest4j.AssertionFailedError;

/**
 * Performance assertions for JUnit 5 tests, backed by Pilot's statistics: a test fails only on a statistically real
 * regression against a stored baseline, never on one noisy run.
 *
 * <pre>{@code
 * @Test
 * void parsingIsNotSlower() {
 *     PerformanceAssertions.assertNotSlower(Path.of("src/test/baselines/parse"), 0.05, () -> parser.parse(input));
 * }
 * }</pre>
 *
 * <p>The code block runs as a Pilot session: first untimed for half a second (the JIT compiles it, as JMH's warm-up
 * does), then a reading per round of its time per call over a batch of calls that takes about a millisecond (one
 * call for a slower block), until the 95% CI of the time per call is within ±5% of the mean (or 30 s pass), with the
 * warm-up the engine finds cut. The first time, when the baseline directory
 * does not exist, the session is recorded there and the assertion passes: commit the directory. After that, the block
 * fails when it is significantly slower than the baseline (Welch's test at α = 0.01, the sequential comparison's
 * verdict) and the CI of its slow-down factor lies wholly above 1 + {@code tolerance}: the gate of
 * {@code pilot compare --fail-if-slower}. A regression stops the candidate early (looks at 10 rounds, then every
 * 1.5×) once the comparison's anytime-valid p-value is below its α and the gate trips, rather than after its own CI
 * target or the 30 s. A false alarm needs both; on seeded simulations of an unchanged build it
 * happened in 0 of 400 seeded runs (CV 10%), and a 20% slow-down was caught in 98 of 100 (see
 * {@code PerformanceAssertionsTest}, which checks at most 1 of 200 and at least 95 of 100).
 */
public final class PerformanceAssertions {
    /** The name of the performance index of a timed block. */
    public static final String PI = "time per call";

    private PerformanceAssertions() {}

    /** A block of code to time; it may throw. */
    @FunctionalInterface
    public interface Block {
        void run() throws Exception;
    }

    /** What the comparison found: the means, the slow-down factor with its CI, the sentence the report gives. */
    public record Verdict(
            double baselineMean,
            double candidateMean,
            double factor,
            double factorLow,
            double factorHigh,
            boolean baselineRecorded,
            String sentence) {}

    /**
     * Times {@code block} and fails when it is really slower than the baseline in {@code baseline} by more than
     * {@code tolerance} (a fraction: 0.05 is 5%).
     *
     * @return the verdict, for a test that wants to print or check more
     * @throws AssertionFailedError on a regression, with the comparison's sentence
     */
    public static Verdict assertNotSlower(Path baseline, double tolerance, Block block) {
        java.util.Objects.requireNonNull(block, "block: the code to time");
        return assertNotSlower(baseline, tolerance, defaults(), timed(block));
    }

    /**
     * As {@link #assertNotSlower(Path, double, Block)}, with a workload that reports its own reading (seconds per
     * call, say) and the session settings to use; the PI must be the first of the settings. The baseline is recorded
     * with them; a candidate is analysed as its baseline was (its PIs, CI target and method) within the limits given
     * now ({@code maxDuration}, {@code maxRounds}, {@code minRounds}, {@code maxFailures}). A PI that is better
     * higher (a {@link PerformanceIndex.Kind#RATIO ratio} such as ops/s) regresses when it falls: the verdict's
     * factor is then the baseline's mean over the candidate's.
     *
     * @throws AssertionFailedError on a regression, or when the workload failed (threw, or its rounds failed) so that
     *                              its session stopped: the first exception is the cause; and when the baseline
     *                              cannot be compared with (its recording never finished, it has no such PI, or
     *                              either side has too few readings for a CI of the ratio), saying what to do
     */
    public static Verdict assertNotSlower(
            Path baseline, double tolerance, SessionSettings settings, Workload workload) {
        if (!(tolerance >= 0) || Double.isInfinite(tolerance)) {
            throw new IllegalArgumentException("tolerance must be a fraction >= 0, e.g. 0.05 for 5%; got " + tolerance);
        }
        java.util.Objects.requireNonNull(workload, "workload");
        Watched watched = new Watched(workload);
        PerformanceIndex pi = settings.pis().get(0);
        Direction direction = Direction.of(pi);
        try {
            if (!Files.exists(baseline) || emptyDirectory(baseline)) {
                // an empty directory (made beforehand, kept in version control) is where the first run records it
                return recordBaseline(baseline, settings, watched);
            }
            SessionResult before = baselineSession(baseline);
            String piName = settings.pis().get(0).name();
            usable(baseline, before, piName);
            Gate gate = new Gate(tolerance, Double.NaN);
            Pilot pilot = Pilot.of(
                            before.settings().toBuilder()
                                    .maxDuration(settings.maxDuration())
                                    .maxFailures(settings.maxFailures())
                                    .minRounds(settings.minRounds())
                                    .maxRounds(settings.maxRounds())
                                    .build(),
                            watched)
                    .name("candidate");
            // a regression is called as soon as the anytime-valid test decides and the gate trips, instead of
            // after the candidate's own CI target (or the time limit, for a noisy block): looks at 10 rounds and
            // then every 1.5×, so that the comparisons cost little against the rounds
            long[] nextLook = {FIRST_LOOK};
            pilot.listener(progress -> {
                int rounds = progress.result().rounds();
                if (rounds < nextLook[0]) {
                    return;
                }
                nextLook[0] = (long) Math.ceil(rounds * LOOK_GROWTH);
                // at a look, the candidate stops only on evidence valid at any stopping time (the comparison's
                // anytime p-value) together with the gate: the gate alone, looked at again and again, tripped 2 of
                // 200 unchanged builds where it tripped none
                Comparison look = compare(before, progress.result(), piName, SEQUENTIAL, direction);
                if (look.pairs().get(0).anytimeP() <= SEQUENTIAL.alpha()
                        && !gate.check(look).isEmpty()) {
                    pilot.requestStop();
                }
            });
            SessionResult now = pilot.run();
            watched.check(now, "candidate");
            Comparison c = compare(before, now, piName, CompareSettings.DEFAULTS, direction);
            PairComparison pair = c.pairs().get(0);
            if (pair.ratio() == null) {
                // too few readings on a side for a CI of the ratio: nothing shows the block is not slower
                throw new AssertionFailedError("cannot compare with the baseline in " + baseline + ": "
                        + readings(before, piName) + " baseline and " + readings(now, piName)
                        + " candidate readings of '" + piName
                        + "' (a CI needs more); give the session more time (maxDuration), or delete " + baseline
                        + " to record it again");
            }
            Verdict verdict = verdict(before, now, pair, pi, direction, tolerance);
            if (!gate.check(c).isEmpty()) {
                throw new AssertionFailedError(
                        "performance regression: " + verdict.sentence(),
                        "at most " + String.format(Locale.ROOT, "%.3f×", 1 + tolerance),
                        String.format(Locale.ROOT, "%.3f×", verdict.factor()));
            }
            return verdict;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot record or read the baseline " + baseline + ": " + e.getMessage(), e);
        }
    }

    /** The verdict of a comparison whose ratio has a CI: the slow-down factor, its CI and the sentence. */
    private static Verdict verdict(
            SessionResult before,
            SessionResult now,
            PairComparison pair,
            PerformanceIndex pi,
            Direction direction,
            double tolerance) {
        // the slow-down factor: candidate over baseline for a time, baseline over candidate for a rate
        boolean forward = pair.a().name().equals("candidate") == (direction == Direction.LOWER_IS_BETTER);
        double factor = forward ? pair.ratio().center() : 1 / pair.ratio().center();
        double low = forward ? pair.ratio().low() : 1 / pair.ratio().high();
        double high = forward ? pair.ratio().high() : 1 / pair.ratio().low();
        String perCall = pi.name().equals(PI) ? " per call" : "";
        String sentence = String.format(
                Locale.ROOT,
                "candidate %s%s against the baseline's %s: %s%.3f× " + "(95%% CI %.3f× to %.3f×), tolerance %.1f%%",
                quantity(mean(now), pi),
                perCall,
                quantity(mean(before), pi),
                direction == Direction.LOWER_IS_BETTER ? "" : "slow-down (baseline over candidate) ",
                factor,
                low,
                high,
                100 * tolerance);
        return new Verdict(mean(before), mean(now), factor, low, high, false, sentence);
    }

    /** The first run: the session recorded as the baseline, or nothing when the workload failed. */
    private static Verdict recordBaseline(Path baseline, SessionSettings settings, Watched watched) throws IOException {
        SessionResult recorded;
        try {
            recorded = Pilot.of(settings, watched)
                    .directory(baseline)
                    .name("baseline")
                    .run();
            watched.check(recorded, "baseline");
        } catch (Throwable e) { // an OutOfMemoryError too: a half-written baseline is compared with later
            // a failed recording is no baseline: leave nothing that later runs would compare with
            deleteTree(baseline);
            throw e;
        }
        double mean = mean(recorded);
        return new Verdict(
                mean,
                mean,
                1,
                1,
                1,
                true,
                "no baseline in " + baseline + ": recorded one (" + recorded.rounds() + " rounds"
                        + (recorded.converged()
                                ? ""
                                : "; its CI target was not met ("
                                        + recorded.stopReason()
                                                .toString()
                                                .toLowerCase(Locale.ROOT)
                                                .replace('_', ' ')
                                        + "): later comparisons rest on a wider CI; a longer "
                                        + "maxDuration records a better one")
                        + "); commit it, and later runs are compared with it");
    }

    private static boolean emptyDirectory(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return false;
        }
        try (var entries = Files.list(dir)) {
            return entries.findAny().isEmpty();
        }
    }

    /**
     * The baseline's session, or a failure that says what to do in a test: the reader's advice is the command line's
     * ("start it anew with -o DIR"), and a baseline path that is a file said only "session.json: cannot be read as
     * JSON (Not a directory)".
     */
    private static SessionResult baselineSession(Path baseline) {
        if (!Files.isDirectory(baseline)) {
            throw new AssertionFailedError("the baseline " + baseline + " is a file, not a directory; give the "
                    + "directory the first run records the baseline in (delete the file, or choose another path)");
        }
        try {
            return Session.analyse(baseline);
        } catch (io.pilotbench.core.model.InputException e) {
            throw new AssertionFailedError(
                    "the baseline in " + baseline + " cannot be read (" + e.getMessage() + "); delete " + baseline
                            + " to record it again",
                    e);
        }
    }

    /**
     * Fails unless {@code before}, read from {@code baseline}, can be compared with: a recording that never ended (a
     * killed or crashed test, a full disk) was compared with as if it were whole, and a baseline without the PI
     * compared said only "no PI named 'x'".
     */
    private static void usable(Path baseline, SessionResult before, String piName) {
        if (before.stopReason() == StopReason.INTERRUPTED) {
            throw new AssertionFailedError("the baseline in " + baseline + " was never finished (its recording was "
                    + "stopped: a killed test, a crash, a full disk); delete " + baseline + " to record it again");
        }
        if (before.pis().stream().noneMatch(p -> p.pi().name().equals(piName))) {
            throw new AssertionFailedError("the baseline in " + baseline + " has no PI named '" + piName + "' (its "
                    + "PIs: "
                    + before.pis().stream().map(p -> "'" + p.pi().name() + "'").toList() + "); delete "
                    + baseline + " to record a baseline of these settings");
        }
    }

    private static long readings(SessionResult r, String piName) {
        return r.pi(piName).readings().n();
    }

    /** The round at which a candidate is first compared with its baseline while it runs. */
    static final int FIRST_LOOK = 10;
    /** How much the rounds grow between two looks. */
    static final double LOOK_GROWTH = 1.5;

    /** The settings of the looks while the candidate runs: sequential verdicts and anytime-valid p-values. */
    private static final CompareSettings SEQUENTIAL = CompareSettings.DEFAULTS.withSequential(true);

    private static Comparison compare(
            SessionResult before, SessionResult now, String piName, CompareSettings settings, Direction direction) {
        return Comparison.of(
                List.of(Contender.of("baseline", before, piName, false), Contender.of("candidate", now, piName, true)),
                settings,
                direction);
    }

    /**
     * A workload whose first exception is kept: a session turns it into a failed round and, at the failure limit,
     * stops; the assertion then fails with it as the cause instead of comparing what little ran (or passing).
     */
    private static final class Watched implements Workload {
        private final Workload workload;
        private volatile Exception first;

        Watched(Workload workload) {
            this.workload = workload;
        }

        @Override
        public RoundResult run(int round, long workAmount) throws Exception {
            try {
                return workload.run(round, workAmount);
            } catch (Exception e) {
                if (first == null) {
                    first = e;
                }
                throw e;
            }
        }

        @Override
        public void cancel() {
            workload.cancel();
        }

        /** Fails when {@code r}, the {@code which} session, stopped because its rounds failed. */
        void check(SessionResult r, String which) {
            if (r.stopReason() != StopReason.WORKLOAD_FAILED) {
                return;
            }
            String why = first != null ? first.toString() : "its rounds failed";
            throw new AssertionFailedError(
                    "the code under test failed in the " + which + " session (" + r.failedRounds() + " failed round"
                            + (r.failedRounds() == 1 ? "" : "s") + " of " + r.rounds() + "): " + why,
                    first);
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (var paths = Files.walk(dir)) {
            for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    /** The settings of a timed block: CI within ±5% of the mean, at most 30 s, the engine's warm-up removal. */
    public static SessionSettings defaults() {
        return SessionSettings.builder()
                .pi(PerformanceIndex.of(PI, "s"))
                .ciTarget(CiTarget.ofMean(0.10))
                .maxDuration(Duration.ofSeconds(30))
                .build();
    }

    private static Workload timed(Block block) {
        return new TimedBlock(block);
    }

    /**
     * A block timed as a workload: first run untimed for {@link #WARM_UP_NANOS} (its code compiled by the JIT), then
     * a reading per round of the time per call over a batch of calls that takes about {@link #BATCH_NANOS}.
     *
     * <p>Timed call by call from the first, an unchanged block of microseconds was called a regression of 1.4× to
     * 2.3× in most runs, and one of nanoseconds 22× to 37×: the candidate's first rounds ran interpreted while its
     * baseline's warm-up had been cut over thousands of rounds, and the look at round 10 decided on them. One call a
     * round also made a 30 ns block's baseline 6.6 million rounds (434 MB), more than a test's heap reads back.
     */
    static final class TimedBlock implements Workload {
        private final Block block;
        private int batch;

        TimedBlock(Block block) {
            this.block = block;
        }

        @Override
        public RoundResult run(int round, long workAmount) throws Exception {
            if (batch == 0) {
                batch = warmUp();
            }
            long t0 = System.nanoTime();
            for (int i = 0; i < batch; i++) {
                block.run();
            }
            return RoundResult.ofReadings((System.nanoTime() - t0) / 1e9 / batch);
        }

        /** Runs the block untimed for the warm-up and returns the batch size, from the calls of its second half. */
        private int warmUp() throws Exception {
            long start = System.nanoTime();
            long elapsed = 0;
            long halfCalls = -1;
            long halfAt = 0;
            long calls = 0;
            do {
                block.run();
                calls++;
                elapsed = System.nanoTime() - start;
                if (halfCalls < 0 && elapsed >= WARM_UP_NANOS / 2) {
                    halfCalls = calls;
                    halfAt = elapsed;
                }
            } while (elapsed < WARM_UP_NANOS);
            double perCall = calls > halfCalls ? (double) (elapsed - halfAt) / (calls - halfCalls) : elapsed;
            return (int) Math.max(1, Math.min(Integer.MAX_VALUE, Math.round(BATCH_NANOS / Math.max(perCall, 1))));
        }

        int batch() {
            return batch;
        }
    }

    /** How long a timed block runs untimed first, so that its rounds time compiled code (JMH's warm-up, shortened). */
    static final long WARM_UP_NANOS = 500_000_000L;

    /** About how long a batch of calls takes: a reading of a fast block is the time per call of a batch this long. */
    static final long BATCH_NANOS = 1_000_000L;

    private static double mean(SessionResult r) {
        return r.pis().get(0).readings().mean();
    }

    private static String quantity(double x, PerformanceIndex pi) {
        return io.pilotbench.core.model.Formats.quantity(x, pi.unit(), x);
    }
}
