package io.pilotbench.core.api;

import io.pilotbench.core.analysis.SeriesAnalyzer;
import io.pilotbench.core.compare.CompareSettings;
import io.pilotbench.core.compare.Comparison;
import io.pilotbench.core.compare.Contender;
import io.pilotbench.core.compare.Direction;
import io.pilotbench.core.input.ToolResults;
import io.pilotbench.core.model.AnalysisSettings;
import io.pilotbench.core.model.InputException;
import io.pilotbench.core.model.PerformanceIndex;
import io.pilotbench.core.model.Series;
import io.pilotbench.core.model.SessionResult;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.core.model.StoredSession;
import io.pilotbench.core.store.SessionReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * A comparison of data already recorded: session directories, re-analysed with the precision asked for now, and
 * series of numbers (files, or one hyperfine or JMH result with several contenders), ranked and compared pairwise.
 * It sits beside {@link InterleavedComparison} (live) and {@link ComparisonDirectory} (resumed), apart from both
 * because it runs nothing and holds no directory: it reads, analyses and builds the contenders, so that a command
 * line only parses, calls and prints. The inputs are described by this class's own types ({@link Input}), not by
 * the readers of Pilot's core, which are no part of the public API (docs/design.md#modules).
 */
public final class RecordedComparison {
    /** One recorded contender: a {@link SessionDirectory} or a series of {@link Numbers}. */
    public sealed interface Input permits SessionDirectory, Numbers {
        /** The contender's name, before names are made unique. */
        String name();
    }

    /**
     * A session directory, re-analysed with the settings given to the comparison.
     *
     * @param directory the directory as the user wrote it: messages quote it so
     * @param name      the contender's name
     */
    public record SessionDirectory(String directory, String name) implements Input {}

    /**
     * A series of numbers, read when its turn comes (on the comparison's threads, so that reading is done in parallel
     * too); a reader that fails throws an {@link InputException}.
     *
     * @param name the contender's name
     * @param pi   the PI the numbers are values of
     */
    public record Numbers(String name, PerformanceIndex pi, Supplier<Series> series) implements Input {
        /** Numbers already read. */
        public static Numbers of(String name, PerformanceIndex pi, Series series) {
            return new Numbers(name, pi, () -> series);
        }
    }

    private final UnaryOperator<SessionSettings> reanalysis;
    private final AnalysisSettings analysis;
    private final String metric;

    /**
     * @param reanalysis how a session's recorded settings change for its analysis now (the precision given now)
     * @param analysis   the analysis settings of series of numbers
     * @param metric     the PI of the sessions compared, by name, or null for each session's first
     */
    public RecordedComparison(UnaryOperator<SessionSettings> reanalysis, AnalysisSettings analysis, String metric) {
        this.reanalysis = reanalysis;
        this.analysis = analysis;
        this.metric = metric;
    }

    /**
     * The series of {@code file} when it is a JMH or hyperfine JSON export or a criterion.rs raw.csv, one per
     * benchmark or command; an empty list when it is none of them.
     *
     * @throws InputException when it is JSON of neither tool: one line
     */
    public static List<Series> toolResults(Path file) {
        List<Series> series = ToolResults.read(file);
        return series == null ? List.of() : series;
    }

    /**
     * Every input read and analysed, named uniquely (#2, #3), ranked and compared pairwise.
     *
     * @param inputs    at least one (a comparison of one ranks it alone)
     * @param direction the direction of the PI compared, the first contender's
     * @throws InputException for the first input, in the order given, that cannot be read: one line
     * @throws IllegalArgumentException for no input
     */
    public Comparison compare(
            List<Input> inputs, CompareSettings settings, Function<PerformanceIndex, Direction> direction)
            throws InterruptedException {
        if (inputs.isEmpty()) {
            throw new IllegalArgumentException("nothing to compare: no input");
        }
        List<Contender> contenders = uniqueNames(contenders(inputs));
        return Comparison.of(
                contenders, settings, direction.apply(contenders.get(0).pi()));
    }

    /**
     * Every input read and analysed, in the order given: each on its own thread, up to one per core (two 10⁶-value
     * files took 0.88 s one after the other, ministat 0.54 s). The first input that fails, in order, is the error
     * thrown.
     */
    public List<Contender> contenders(List<Input> inputs) throws InterruptedException {
        int n = inputs.size();
        ExecutorService pool = Executors.newFixedThreadPool(
                Math.max(1, Math.min(n, Runtime.getRuntime().availableProcessors())), r -> {
                    Thread t = new Thread(r, "pilot-compare-input");
                    t.setDaemon(true);
                    return t;
                });
        try {
            List<Future<Contender>> futures = new ArrayList<>();
            for (Input input : inputs) {
                futures.add(pool.submit(() -> contender(input)));
            }
            List<Contender> out = new ArrayList<>();
            for (Future<Contender> f : futures) {
                try {
                    out.add(f.get());
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof RuntimeException r) {
                        throw r;
                    }
                    if (e.getCause() instanceof Error err) {
                        throw err;
                    }
                    throw new IllegalStateException(e.getCause());
                }
            }
            return out;
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * The contender of a recorded session's PI {@code metric} (its first when null).
     *
     * @param input the session as the user named it, quoted in the message
     * @throws InputException when the session has no such PI: one line that lists its PIs
     */
    public static Contender contender(String name, SessionResult result, String metric, String input) {
        try {
            return Contender.of(name, result, metric, false);
        } catch (IllegalArgumentException e) {
            throw new InputException(input + ": " + e.getMessage() + "; its PIs are "
                    + result.pis().stream().map(p -> "'" + p.pi().name() + "'").toList());
        }
    }

    /**
     * One input read and analysed, on the caller's thread (a live comparison's recorded baseline, say).
     *
     * @throws InputException when it cannot be read, or a session lacks the PI: one line
     */
    public Contender contender(Input input) {
        if (input instanceof SessionDirectory s) {
            return session(s);
        }
        Numbers numbers = (Numbers) input;
        Series series = numbers.series().get();
        // a tool's result names its unit (a JMH score's ops/us: a rate, better higher) where the user gave none
        PerformanceIndex pi = numbers.pi().unit().isBlank() && !series.unit().isBlank()
                ? new PerformanceIndex(
                        numbers.pi().name(),
                        series.unit(),
                        numbers.pi().kind(),
                        numbers.pi().readingsMustSatisfy(),
                        numbers.pi().unitReadingsMustSatisfy())
                : numbers.pi();
        return Contender.of(numbers.name(), pi, new SeriesAnalyzer(analysis).analyze(series));
    }

    private Contender session(SessionDirectory s) {
        Path path = Path.of(s.directory());
        if (!SessionReader.isSession(path)) {
            throw new InputException(SessionReader.whyNotASession(path));
        }
        StoredSession recorded = SessionReader.read(path);
        SessionResult r = Session.analyse(recorded.withSettings(reanalysis.apply(recorded.settings())));
        return contender(s.name(), r, metric, s.directory());
    }

    /** The contenders, named uniquely: a repeated name gets #2, #3. */
    private static List<Contender> uniqueNames(List<Contender> in) {
        List<String> named =
                ComparisonDirectory.unique(in.stream().map(Contender::name).toList(), Set.of());
        List<Contender> out = new ArrayList<>();
        for (int i = 0; i < in.size(); i++) {
            out.add(in.get(i).named(named.get(i)));
        }
        return out;
    }
}
