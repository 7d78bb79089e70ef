package io.pilotbench.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import io.pilotbench.core.model.Round;
import io.pilotbench.core.model.RoundStatus;
import io.pilotbench.stats.Subsessions;
import java.io.IOException;
import java.nio.file.Files;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Calls each benchmark of {@link SubsessionsBenchmark}, {@link SeriesReaderBenchmark} and {@link EngineRoundBenchmark}
 * once, without JMH's runner and at small sizes, so that a benchmark that no longer measures what it says (an input
 * that stopped being autocorrelated, a reader that drops lines, a session that does not grow) fails the build rather
 * than a JMH run much later.
 */
class BenchmarksSmokeTest {

    private static SubsessionsBenchmark.Input subsessionsInput(String series) {
        SubsessionsBenchmark.Input in = new SubsessionsBenchmark.Input();
        in.n = 10_000;
        in.series = series;
        in.setUp();
        return in;
    }

    @Test
    void iidSamplesNeedNoMerging() {
        SubsessionsBenchmark b = new SubsessionsBenchmark();
        SubsessionsBenchmark.Input in = subsessionsInput("iid");
        assertThat(b.ofAndOptimalSize(in)).isEqualTo(OptionalInt.of(1));
        assertThat(b.optimalSize(in)).isEqualTo(OptionalInt.of(1));
        Subsessions s = b.of(in);
        assertThat(s.size()).isEqualTo(10_000);
    }

    @Test
    void ar1SamplesNeedLargerSubsessions() {
        SubsessionsBenchmark b = new SubsessionsBenchmark();
        SubsessionsBenchmark.Input in = subsessionsInput("ar1");
        OptionalInt q = b.ofAndOptimalSize(in);
        assertThat(q).isPresent();
        // φ = 0.9: block means of q samples have r1 ≈ 0.9/(0.19·q) for large q, so q is dozens, not 1
        assertThat(q.getAsInt()).isGreaterThan(10);
        assertThat(b.optimalSize(in)).isEqualTo(q);
        assertThat(b.of(in).size()).isEqualTo(10_000);
    }

    @ParameterizedTest
    @ValueSource(strings = {"one-column", "csv-3-columns"})
    void readerReturnsEveryLineOfTheSelectedColumn(String format) throws IOException {
        SeriesReaderBenchmark.InputFile in = new SeriesReaderBenchmark.InputFile();
        in.lines = 1000;
        in.format = format;
        in.setUp();
        try {
            assertThat(Files.readAllLines(in.file)).hasSize(format.equals("one-column") ? 1000 : 1001);
            double[] values = new SeriesReaderBenchmark().read(in);
            assertThat(values).hasSize(1000).containsExactly(in.expected);
            assertThat(values[0]).isBetween(30.0, 70.0);
        } finally {
            in.tearDown();
        }
        assertThat(in.file).doesNotExist();
    }

    @ParameterizedTest
    @ValueSource(strings = {"auto", "none"})
    void sessionsRunToNRoundsAndStartAgain(String warmup) throws InterruptedException {
        EngineRoundBenchmark b = new EngineRoundBenchmark();
        EngineRoundBenchmark.Readings r = new EngineRoundBenchmark.Readings();
        r.rounds = 100;
        r.warmup = warmup;
        r.setUpTrial();
        Round last = null;
        for (int i = 0; i < 100; i++) {
            last = b.readings(r);
        }
        assertThat(last.index()).isEqualTo(99);
        assertThat(last.status()).isEqualTo(RoundStatus.OK);
        assertThat(r.session.currentResult().pis().get(0).readingsRaw().n()).isEqualTo(100);
        assertThat(r.session.needsMoreRounds()).isTrue(); // the target is out of reach on purpose
        assertThat(b.readings(r).index()).isZero(); // a new session

        EngineRoundBenchmark.UnitReadings u = new EngineRoundBenchmark.UnitReadings();
        u.rounds = 100;
        u.warmup = warmup;
        u.setUpTrial();
        Round unitRound = null;
        for (int i = 0; i < 100; i++) {
            unitRound = b.unitReadings(u);
        }
        assertThat(unitRound.unitReadingCount(0)).isEqualTo(EngineRoundBenchmark.UNITS_PER_ROUND);
        assertThat(u.session.currentResult().pis().get(0).unitReadingsRaw().n())
                .isEqualTo(100L * EngineRoundBenchmark.UNITS_PER_ROUND);

        EngineRoundBenchmark.Held h = new EngineRoundBenchmark.Held();
        h.rounds = 100;
        h.warmup = warmup;
        h.setUpTrial();
        assertThat(b.look(h).pis().get(0).readingsRaw().n()).isEqualTo(101);
    }
}
