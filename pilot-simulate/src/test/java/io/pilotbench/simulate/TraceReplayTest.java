package io.pilotbench.simulate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pilotbench.core.model.CiTarget;
import io.pilotbench.core.model.InputException;
import io.pilotbench.core.model.PerformanceIndex;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.core.model.StopReason;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pilot simulate evaluate --trace}: recorded series replayed through the engine and scored against their
 * labels — on files made here, and on the real JMH data set the project is measured against (read from the shared
 * data folder beside the repository, never copied into it).
 */
class TraceReplayTest {
    private static final SessionSettings DEFAULTS = SessionSettings.builder()
            .pi(PerformanceIndex.of("time", "s"))
            .ciTarget(CiTarget.ofMean(0.10))
            .build();

    @Test
    void aFileOfNumbersIsOneTraceScoredAgainstTheGivenTruth(@TempDir Path dir) throws IOException {
        Random r = new Random(5);
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 400; i++) {
            b.append(100 + 10 * r.nextGaussian()).append('\n');
        }
        Path f = Files.writeString(dir.resolve("rounds.txt"), b);
        List<Trace> t = TraceSet.read(f, null, 100);
        assertThat(t).hasSize(1);
        assertThat(t.get(0).steadyStart()).isEqualTo(Trace.UNLABELLED);
        TraceReplay.Replayed x = TraceReplay.replay(t.get(0), DEFAULTS);
        assertThat(x.stop()).isEqualTo(StopReason.TARGET_MET);
        assertThat(x.rounds()).isBetween(20, 60);
        assertThat(x.covers()).isTrue();
    }

    @Test
    void aSeriesThatEndsBeforeTheTargetStopsAtItsEnd(@TempDir Path dir) throws IOException {
        Path f = Files.writeString(dir.resolve("short.txt"), "1\n9\n2\n8\n3\n7\n");
        TraceReplay.Replayed x =
                TraceReplay.replay(TraceSet.read(f, null, Double.NaN).get(0), DEFAULTS);
        assertThat(x.stop()).isEqualTo(StopReason.ROUND_LIMIT);
        assertThat(x.rounds()).isEqualTo(6);
    }

    @Test
    void aReplayedSeriesIsOneCsvLineWithItsNameQuotedAndEmptyCellsForWhatItLacks() {
        Trace t = new Trace("a,b", "a,b", new double[] {1, 2, 3}, Trace.UNLABELLED, Double.NaN, Map.of());
        TraceReplay.Replayed r =
                new TraceReplay.Replayed(t, StopReason.ROUND_LIMIT, 2, Double.NaN, Double.NaN, 3, 0, 0);
        String[] header = ReplayText.SERIES_CSV_HEADER.split(",");
        assertThat(ReplayText.row(r)).isEqualTo("\"a,b\",,,ROUND_LIMIT,2.0,,,,3,0,0");
        assertThat(ReplayText.row(r).substring("\"a,b\"".length()).split(",", -1))
                .hasSize(header.length);
    }

    @Test
    void aDirectoryWithoutSeriesIsOneClearError(@TempDir Path dir) {
        assertThatThrownBy(() -> TraceSet.read(dir, null, Double.NaN))
                .isInstanceOf(InputException.class)
                .hasMessageContaining("series/");
    }

    /**
     * The tune split of the labelled JMH forks (Traini et al. 2023): the labels are read as published, and the share
     * of steady forks that stop "converged" with a CI missing their steady mean — 63.9% before sessions had to show a
     * steady level and let their CI reach the later half's, 35.2% since — must stay below 40%. This is a regression
     * bound, not the goal (10%): bench/README.md gives the figures.
     */
    @Test
    void realJmhForksStopConvergedWithAMissedCiLessOftenThanBefore() throws InterruptedException {
        List<Trace> traces = TraceSet.read(RealData.jmhSteadyState(), "tune", Double.NaN);
        assertThat(traces).hasSize(900);
        assertThat(traces.stream().filter(Trace::steady).count()).isEqualTo(798);
        assertThat(traces.stream().filter(Trace::neverSteady).count()).isEqualTo(102);
        assertThat(traces.get(0).windows()).containsKey("jmh-default");
        TraceReplay.Summary m = TraceReplay.summarise(TraceReplay.replayAll(traces, DEFAULTS, 2), 0.10);
        assertThat(m.convergedMissedShare()).isLessThan(0.40);
        TraceReplay.Practice jmh = m.practices().get("jmh-default");
        assertThat(jmh.medianValues())
                .as("JMH's defaults measure 1,000 iterations")
                .isEqualTo(1000);
        // the hindsight bound (bench/README.md, "Real JMH data"): even the mean of iterations 500-999 lies more than
        // ±5% from the steady mean of the whole fork in about one fork in seven, so a stop rule with a ±5% CI that
        // stops by then misses in at least that share of the forks it converges on
        assertThat(jmh.withinReachShare()).isBetween(0.75, 0.90);
        assertThat(jmh.withinOnePctShare()).isLessThan(jmh.withinReachShare());
    }

    /**
     * The same forks replayed as {@code pilot jmh --iterations 1000} runs them (a fork per round): sessions stopped
     * after a median of one fork, blind to the spread between forks, and 28 of the 51 benchmarks whose forks all
     * reach a steady state (54.9%) ended converged with a CI that missed their steady mean; 12 (23.5%) since the
     * round means count. Bound: 35%.
     */
    @Test
    void pilotJmhOnRealForksCountsTheSpreadBetweenForks() throws InterruptedException {
        List<Trace> traces = TraceSet.read(RealData.jmhSteadyState(), "tune", Double.NaN);
        List<TraceReplay.ForkReplay> r = TraceReplay.replayForks(traces, 0, 1000, DEFAULTS, 2);
        List<TraceReplay.ForkReplay> steady =
                r.stream().filter(f -> !Double.isNaN(f.truth())).toList();
        assertThat(r).hasSize(90);
        assertThat(steady).hasSize(51);
        long missed = steady.stream().filter(f -> f.converged() && !f.covers()).count();
        assertThat(missed).isLessThan((long) (0.35 * steady.size()));
        assertThat(steady).allSatisfy(f -> assertThat(f.forks()).isGreaterThanOrEqualTo(3));
        // the benchmarks with a fork that never settles are counted apart, with those that did not converge
        long unsteady = r.size() - steady.size();
        long flagged = r.stream()
                .filter(f -> Double.isNaN(f.truth()) && !f.converged())
                .count();
        assertThat(TraceReplay.describeForks(r, 0, 1000, 0.10, 0.95)).anySatisfy(l -> assertThat(l)
                .contains("a fork that never reaches a steady state: " + unsteady + "; flagged (not converged) "
                        + flagged + " "));
    }

    /**
     * Finding: {@code pilot jmh} measured each fork from its first iteration and left the JIT's warm-up to the test
     * (JMH's {@code -wi 0}). With 1,000 iterations a fork, 12 of these 51 benchmarks (23.5%) ended converged with a
     * CI that missed their steady mean; warmed up for 1,000 iterations first (JMH's ratio, now the default), 2, but
     * only 27 converged: the pooled fit of the unit readings took the steps between warmed-up forks for a wandering
     * level. With the CI on the forks' means (BetweenRounds): cold 7 missed, warm 4 (7.8%), and 43 converged
     * warm. Bounds: warm misses fewer than cold and at most 10% of the benchmarks (the goal), more within 1%, and at
     * least 75% converged warm (before: 52.9%).
     */
    @Test
    void pilotJmhWarmingUpEachForkAsJmhDoesMissesLessAndConverges() throws InterruptedException {
        List<Trace> traces = TraceSet.read(RealData.jmhSteadyState(), "tune", Double.NaN);
        List<TraceReplay.ForkReplay> cold = steady(TraceReplay.replayForks(traces, 0, 1000, DEFAULTS, 2));
        List<TraceReplay.ForkReplay> warm = steady(TraceReplay.replayForks(traces, 1000, 1000, DEFAULTS, 2));
        assertThat(missed(warm)).isLessThan(missed(cold)).isLessThanOrEqualTo(warm.size() / 10);
        assertThat(within(warm)).isGreaterThan(within(cold));
        assertThat(warm.stream().filter(TraceReplay.ForkReplay::converged).count())
                .isGreaterThanOrEqualTo((long) Math.ceil(0.75 * warm.size()));
        assertThat(warm).allSatisfy(f -> assertThat(f.iterations()).isEqualTo(2000L * f.forks()));
    }

    private static List<TraceReplay.ForkReplay> steady(List<TraceReplay.ForkReplay> r) {
        return r.stream().filter(f -> !Double.isNaN(f.truth())).toList();
    }

    private static long missed(List<TraceReplay.ForkReplay> r) {
        return r.stream().filter(f -> f.converged() && !f.covers()).count();
    }

    private static long within(List<TraceReplay.ForkReplay> r) {
        return r.stream().filter(f -> f.withinOnePct(f.estimate())).count();
    }

    /**
     * Finding: the JSON of two replays of the same data differed in the order of each practice's fields, which came
     * from Map.of (an order that changes from one JVM to the next); the report now lists them in one order.
     */
    @Test
    void theReplaysJsonListsEachPracticesFieldsInOneOrder() {
        TraceReplay.Summary m = new TraceReplay.Summary(
                10, 8, 1, 7, 5, 240, 2, 1, Map.of("jmh-default", new TraceReplay.Practice(10, 6, 8, 1000)));
        Map<String, Object> json = TraceReplay.toMap(m, 12, 0.10, 0.95);
        Map<?, ?> practice = (Map<?, ?>) ((Map<?, ?>) json.get("practices")).get("jmh-default");
        assertThat(practice.keySet().stream().map(String::valueOf).toList())
                .containsExactly("traces", "withinOnePercent", "withinHalfCiWidth", "medianValues");
    }
}
