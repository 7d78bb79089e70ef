package io.pilotbench.core.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pilotbench.core.compare.CompareSettings;
import io.pilotbench.core.compare.Comparison;
import io.pilotbench.core.compare.Contender;
import io.pilotbench.core.compare.Direction;
import io.pilotbench.core.compare.Verdict;
import io.pilotbench.core.model.AnalysisSettings;
import io.pilotbench.core.model.InputException;
import io.pilotbench.core.model.PerformanceIndex;
import io.pilotbench.core.model.RoundResult;
import io.pilotbench.core.model.Series;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.core.model.StopReason;
import io.pilotbench.core.store.SessionReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Recorded data compared through the public API: sessions written by {@link Session}, and series of numbers. */
class RecordedComparisonTest {
    private static final PerformanceIndex TIME = PerformanceIndex.of("time", "s");

    @TempDir
    Path tmp;

    /** 30 rounds whose readings have a CV of 5% around {@code level}, recorded in {@code name}'s directory. */
    private Path session(String name, double level) throws Exception {
        Path dir = tmp.resolve(name);
        SplittableRandom r = new SplittableRandom(name.hashCode());
        SessionSettings settings =
                SessionSettings.builder().pi(TIME).maxRounds(30).build();
        try (Session s = Session.create(settings, dir, name, null)) {
            for (int round = 0; round < 30; round++) {
                s.addRound(0, RoundResult.ofReadings(level * (1 + 0.05 * r.nextGaussian())));
            }
            s.finish(StopReason.ROUND_LIMIT);
        }
        return dir;
    }

    private static RecordedComparison recorded(UnaryOperator<SessionSettings> reanalysis, String metric) {
        return new RecordedComparison(reanalysis, AnalysisSettings.defaults(), metric);
    }

    @Test
    void twoRecordedSessionsAreReanalysedRankedAndCompared() throws Exception {
        Path slow = session("slow", 2.0);
        Path fast = session("fast", 1.0);
        AtomicInteger reanalysed = new AtomicInteger();
        Comparison c = recorded(
                        s -> {
                            reanalysed.incrementAndGet();
                            return s.toBuilder().confidence(0.99).build();
                        },
                        null)
                .compare(
                        List.of(
                                new RecordedComparison.SessionDirectory(slow.toString(), "slow"),
                                new RecordedComparison.SessionDirectory(fast.toString(), "fast")),
                        CompareSettings.DEFAULTS,
                        Direction::of);
        assertThat(reanalysed).hasValue(2);
        // the settings the re-analysis returned are the ones analysed with, not the recorded 95%
        assertThat(c.contenders())
                .allSatisfy(k -> assertThat(k.ci().confidence()).isEqualTo(0.99));
        assertThat(c.contenders()).extracting(Contender::name).containsExactly("slow", "fast");
        assertThat(c.ranking()).extracting(Contender::name).containsExactly("fast", "slow");
        assertThat(c.contenders().get(0).source()).isEqualTo(slow.toString());
        assertThat(c.pairs()).singleElement().extracting(p -> p.verdict()).isEqualTo(Verdict.A_HIGHER);
    }

    @Test
    void anInputThatIsNotASessionIsReportedAsTheSessionReaderExplainsIt() throws Exception {
        Path good = session("good", 1.0);
        Path empty = Files.createDirectory(tmp.resolve("empty"));
        List<RecordedComparison.Input> inputs = List.of(
                new RecordedComparison.SessionDirectory(good.toString(), "good"),
                new RecordedComparison.SessionDirectory(empty.toString(), "empty"),
                new RecordedComparison.Numbers("later", TIME, () -> {
                    throw new InputException("later: a later input's error");
                }));
        assertThatThrownBy(() -> recorded(UnaryOperator.identity(), null).contenders(inputs))
                .isInstanceOf(InputException.class)
                .hasMessage(SessionReader.whyNotASession(empty));
    }

    @Test
    void aMetricTheSessionLacksIsReportedWithItsPis() throws Exception {
        Path dir = session("one", 1.0);
        List<RecordedComparison.Input> inputs = List.of(new RecordedComparison.SessionDirectory(dir.toString(), "one"));
        assertThatThrownBy(() -> recorded(UnaryOperator.identity(), "latency").contenders(inputs))
                .isInstanceOf(InputException.class)
                .hasMessageStartingWith(dir + ": ")
                .hasMessageEndingWith("; its PIs are ['time']");
    }

    @Test
    void seriesOfNumbersWithOneNameAreNamedApart() throws Exception {
        Series a = new Series("a.txt", "value", new double[] {10, 11, 10.5, 9.8, 10.2, 10.1, 9.9, 10.4});
        Series b = new Series("b.txt", "value", new double[] {20, 21, 20.5, 19.8, 20.2, 20.1, 19.9, 20.4});
        PerformanceIndex pi = PerformanceIndex.of("value", "ms");
        Comparison c = recorded(UnaryOperator.identity(), null)
                .compare(
                        List.of(
                                RecordedComparison.Numbers.of("run", pi, a),
                                RecordedComparison.Numbers.of("run", pi, b)),
                        CompareSettings.DEFAULTS,
                        p -> Direction.LOWER_IS_BETTER);
        assertThat(c.contenders()).extracting(Contender::name).containsExactly("run", "run #2");
        assertThat(c.contenders()).extracting(Contender::source).containsExactly("a.txt", "b.txt");
        assertThat(c.direction()).isEqualTo(Direction.LOWER_IS_BETTER);
    }

    @Test
    void theSeriesOfAFileOfNoToolAreNone() throws Exception {
        Path numbers = Files.writeString(tmp.resolve("numbers.txt"), "1\n2\n3\n");
        assertThat(RecordedComparison.toolResults(numbers)).isEmpty();
    }
}
