package io.pilotbench.core.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pilotbench.core.model.AnalysisSettings;
import io.pilotbench.core.model.Series;
import io.pilotbench.core.model.SeriesAnalysis;
import io.pilotbench.stats.Spread;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A series long enough that its analysis runs in parts on two threads ({@link Concurrently}): the parts must give
 * what each says on its own, whichever thread ran it.
 */
class LongSeriesAnalysisTest {
    @Test
    void shortPartsRunOnTheCallersThreadAndLongOnesOnAnother() {
        assertThat(Concurrently.start(Concurrently.FROM - 1, Thread::currentThread)
                        .get())
                .isSameAs(Thread.currentThread());
        assertThat(Concurrently.start(Concurrently.FROM, Thread::currentThread).get())
                .isNotSameAs(Thread.currentThread());
    }

    /** With as many analyses in progress as processors (files compared at once), a part stays on its thread. */
    @Test
    void aPartStaysOnItsThreadWhileEveryProcessorHasAnAnalysis() {
        assertThat(nested(Runtime.getRuntime().availableProcessors())).isSameAs(Thread.currentThread());
        assertThat(nested(Runtime.getRuntime().availableProcessors() - 1)).isNotSameAs(Thread.currentThread());
    }

    private static Thread nested(int analyses) {
        return analyses == 0
                ? Concurrently.start(Concurrently.FROM, Thread::currentThread).get()
                : Concurrently.analysing(() -> nested(analyses - 1));
    }

    @Test
    void whatAPartThrowsOnAnotherThreadReachesTheCallerAsItWasThrown() {
        var part = Concurrently.start(Concurrently.FROM, () -> {
            throw new IllegalArgumentException("no such value");
        });
        assertThatThrownBy(part::get)
                .isExactlyInstanceOf(IllegalArgumentException.class)
                .hasMessage("no such value");
    }

    /**
     * 100,000 values with a warm-up of 2,000 (+20%) and a cool-down of 1,000 (+20%): the cool-down's test, started
     * beside the warm-up's on the whole series, is made again without the warm-up; every figure is that of the kept
     * values, the spread taken on the other thread.
     */
    @Test
    void aLongSeriesWithBothEndsCutIsAnalysedAsItsPartsSay() {
        double[] x = series(100_000, i -> i < 2_000 || i >= 99_000 ? 120 : 100);
        SeriesAnalysis a = analyse(x);
        assertThat(a.phases().warmup()).isBetween(1_990, 2_010);
        assertThat(a.phases().cooldown()).isBetween(990, 1_010);
        assertThat(a.phases().shifts()).isEmpty();
        assertKeptFigures(x, a);
    }

    /** A level shift of +5% at 60,000 after a warm-up of 2,000: found in what is kept while the spread is taken. */
    @Test
    void aLongSeriesShiftIsFoundBesideTheSpread() {
        double[] x = series(100_000, i -> i < 2_000 ? 120 : i < 60_000 ? 100 : 105);
        SeriesAnalysis a = analyse(x);
        assertThat(a.phases().warmup()).isBetween(1_990, 2_010);
        assertThat(a.phases().shifts()).hasSize(1);
        assertThat(a.phases().shifts().get(0).round()).isBetween(59_900L, 60_100L);
        assertKeptFigures(x, a);
    }

    private static double[] series(int n, java.util.function.IntToDoubleFunction level) {
        SplittableRandom r = new SplittableRandom(5);
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = level.applyAsDouble(i) + 5 * (r.nextDouble() + r.nextDouble() + r.nextDouble() - 1.5);
        }
        return x;
    }

    private static SeriesAnalysis analyse(double[] x) {
        return new SeriesAnalyzer(AnalysisSettings.defaults()).analyze(new Series("long", "", x));
    }

    private static void assertKeptFigures(double[] x, SeriesAnalysis a) {
        double[] kept =
                Arrays.copyOfRange(x, a.phases().warmup(), x.length - a.phases().cooldown());
        Spread spread = Spread.of(kept);
        assertThat(a.estimate().spread()).isEqualTo(spread);
        assertThat(a.median()).isEqualTo(spread.median());
        assertThat(a.estimate().mean()).isCloseTo(Arrays.stream(kept).average().orElseThrow(), within(1e-9));
    }

    private static org.assertj.core.data.Offset<Double> within(double d) {
        return org.assertj.core.data.Offset.offset(d);
    }
}
