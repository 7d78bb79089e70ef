package io.pilotbench.core.api;

import static io.pilotbench.core.api.OriginalVectors.DATASET_B;
import static io.pilotbench.core.api.OriginalVectors.DATASET_F;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.pilotbench.core.model.CiMethod;
import io.pilotbench.core.model.CiTarget;
import io.pilotbench.core.model.MetricResult;
import io.pilotbench.core.model.PerformanceIndex;
import io.pilotbench.core.model.PiResult;
import io.pilotbench.core.model.RoundResult;
import io.pilotbench.core.model.SessionResult;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.core.model.StopReason;
import io.pilotbench.core.model.WarmupRemoval;
import java.time.Duration;
import java.util.Arrays;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/**
 * End-to-end sessions with the original Pilot's mock workloads (docs/original.md#vectors-run-workload,
 * #vectors-fixed-percentage, #vectors-cli, #vectors-edm), with the original's method (subsessions, EDM warm-up removal:
 * {@code --method pilot --warmup-removal edm}). Values from the original build; tolerance 1e-12 relative (Student-t
 * quantiles differ from Boost's in the last digits).
 */
class OriginalSessionsTest {
    private static final double REL = 1e-12;

    private static Offset<Double> rel(double expected) {
        return within(Math.abs(expected) * REL);
    }

    /** {@code unit_test_benchmark.sh}: mock_benchmark prints x,x+1 for dataset F; --ci-perc 0.3 -m 10. */
    @Test
    void mockBenchmarkStopsAfter44RoundsWithTheOriginalsNumbers() throws Exception {
        SessionSettings settings = SessionSettings.builder()
                .method(CiMethod.PILOT)
                .warmupRemoval(WarmupRemoval.EDM)
                .pi(PerformanceIndex.of("response time", "ms"))
                .pi(PerformanceIndex.of("delay time", "ms"))
                .ciTarget(CiTarget.ofMean(0.3))
                .minSubsessions(10)
                .autocorrelationLimit(0.1)
                .build();
        SessionResult r = Pilot.of(
                        settings, (round, work) -> RoundResult.ofReadings(DATASET_F[round], DATASET_F[round] + 1))
                .run();

        assertThat(r.stopReason()).isEqualTo(StopReason.TARGET_MET);
        assertThat(r.rounds()).isEqualTo(44);
        MetricResult m = r.pi("response time").readings();
        assertThat(m.n()).isEqualTo(44);
        assertThat(m.mean()).isCloseTo(1.724772727272727, rel(1.724772727272727));
        assertThat(m.ci().width()).isCloseTo(0.2839435113978563, rel(0.2839435113978563));
        assertThat(m.subsessionVariance()).isCloseTo(0.04465931818181819, rel(0.04465931818181819));
        assertThat(m.subsessionSize()).isEqualTo(4);
        assertThat(r.pi("response time").readingsFrom()).isZero();
        MetricResult delay = r.pi("delay time").readings();
        assertThat(delay.mean()).isCloseTo(2.72477, within(5e-6));
        assertThat(delay.ci().width()).isCloseTo(0.2839435113978563, within(1e-9));
    }

    /** The required-size trace of the same session, by n (docs/original.md#vectors-cli): "−" = unknown. */
    @Test
    void requiredSizeTraceMatchesTheOriginal() {
        SessionSettings settings = SessionSettings.builder()
                .method(CiMethod.PILOT)
                .warmupRemoval(WarmupRemoval.EDM)
                .pi(PerformanceIndex.of("response time", "ms"))
                .ciTarget(CiTarget.ofMean(0.3))
                .minSubsessions(10)
                .build();
        long[] expected = new long[45];
        int[] q = new int[45];
        fill(expected, q, 1, 5, -1, 0);
        fill(expected, q, 6, 6, 64, 2);
        fill(expected, q, 7, 7, 62, 2);
        fill(expected, q, 8, 14, -1, 0);
        fill(expected, q, 15, 16, 30, 3);
        fill(expected, q, 17, 20, -1, 0);
        fill(expected, q, 21, 24, 70, 7);
        fill(expected, q, 25, 26, -1, 0);
        fill(expected, q, 27, 27, 80, 8);
        fill(expected, q, 28, 39, 40, 4);
        fill(expected, q, 40, 43, 50, 5);
        fill(expected, q, 44, 44, 40, 4);
        try (Session s = Session.inMemory(settings)) {
            for (int n = 1; n <= 44; n++) {
                s.addRound(0, RoundResult.ofReadings(DATASET_F[n - 1]));
                MetricResult m = s.result().pis().get(0).readings();
                assertThat(m.requiredSamples()).as("required at n=%d", n).isEqualTo(expected[n]);
                assertThat(m.subsessionSize()).as("q at n=%d", n).isEqualTo(q[n]);
                assertThat(s.needsMoreRounds()).as("more at n=%d", n).isEqualTo(n < 44);
            }
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static void fill(long[] req, int[] q, int from, int to, long value, int size) {
        for (int n = from; n <= to; n++) {
            req[n] = value;
            q[n] = size;
        }
    }

    /** {@code unit_test_benchmark_binomial_proportion.sh}: dataset B, binary PI, --ci-perc 0.9 -m 10. */
    @Test
    void binomialSessionStopsAt20() throws Exception {
        SessionSettings settings = SessionSettings.builder()
                .method(CiMethod.PILOT)
                .warmupRemoval(WarmupRemoval.EDM)
                .pi(PerformanceIndex.of("success rate", "").withKind(PerformanceIndex.Kind.BINARY))
                .ciTarget(CiTarget.ofMean(0.9))
                .minSubsessions(10)
                .build();
        long[] trace = {275, 201, 72, 40, 26, 32, 24, 29, 33, 37, 41, 45, 37, 31, 27, 24, 21, 19};
        Session s = Session.inMemory(settings);
        for (int n = 1; n <= 20; n++) {
            s.addRound(0, RoundResult.ofReadings(DATASET_B[n - 1]));
            if (n >= 3) {
                assertThat(s.result().pis().get(0).readings().requiredSamples())
                        .as("n=%d", n)
                        .isEqualTo(trace[n - 3]);
            }
        }
        assertThat(s.needsMoreRounds()).isFalse();
        MetricResult m = s.finish(StopReason.TARGET_MET).pis().get(0).readings();
        assertThat(m.mean()).isCloseTo(0.55, within(1e-15));
        assertThat(m.ci().width()).isCloseTo(0.46566845477273205, rel(0.46566845477273205));
        assertThat(m.variance()).isCloseTo(4.95 / 19, within(1e-15));
    }

    /**
     * {@code unit_test_run_workload.cc}: 3 rounds, no warm-up removal, threshold 0, minimum 200 subsessions; readings
     * {42, 43, 44} and 9 unit readings per round.
     */
    @Test
    void runWorkloadVectors() throws Exception {
        double[][] units = {
            {1, 5, 10, 20, 30, 40, 42, 42, 42}, {2, 4, 9, 21, 22, 41, 43, 41, 40}, {1, 4, 12, 25, 32, 42, 42, 43, 41}
        };
        SessionSettings settings = SessionSettings.builder()
                .method(CiMethod.PILOT)
                .warmupRemoval(WarmupRemoval.EDM)
                .pi(PerformanceIndex.of("pi", "").withUnitReadingsMustSatisfy(true))
                .warmupRemoval(WarmupRemoval.NONE)
                .minSubsessions(200)
                .workAmount(0, 500)
                .shortRound(Duration.ZERO)
                .maxRounds(3)
                .build();
        long[] work = new long[3];
        SessionResult r = Pilot.of(settings, (round, w) -> {
                    work[round] = w;
                    return RoundResult.builder()
                            .reading(0, 42 + round)
                            .unitReadings(0, units[round])
                            .build();
                })
                .run();
        assertThat(r.stopReason()).isEqualTo(StopReason.ROUND_LIMIT);
        assertThat(r.rounds()).isEqualTo(3);
        assertThat(work[0]).isEqualTo(1);

        MetricResult m = r.pis().get(0).readings();
        assertThat(m.mean()).isEqualTo(43);
        assertThat(m.variance()).isEqualTo(1);
        assertThat(m.autocorrelation()).isZero();
        assertThat(m.subsessionSize()).isEqualTo(1);
        assertThat(m.subsessionVariance()).isEqualTo(1);
        assertThat(m.subsessionAutocorrelation()).isZero();
        assertThat(m.ci().width()).isCloseTo(4.9682754235006596, rel(4.9682754235006596));
        assertThat(m.requiredSamples()).isEqualTo(200);

        MetricResult u = r.pis().get(0).unitReadings();
        assertThat(u.n()).isEqualTo(27);
        assertThat(u.mean()).isCloseTo(25.814814814814813, rel(25.814814814814813));
        assertThat(u.variance()).isCloseTo(270.38746438746443, rel(270.38746438746443));
        assertThat(u.autocorrelation()).isCloseTo(0.62643602129514497, rel(0.62643602129514497));
        assertThat(u.status()).isEqualTo(MetricResult.Status.TOO_AUTOCORRELATED);
        assertThat(u.subsessionSize()).isZero();
        assertThat(u.requiredSamples()).isEqualTo(-1);

        // After pilot_set_min_sample_size(0): ceil(1·(4.3027/2.15)²) = 5.
        Session s = Session.inMemory(settings.toBuilder().minSubsessions(0).build());
        for (int i = 0; i < 3; i++) {
            s.addRound(
                    work[i],
                    RoundResult.builder()
                            .reading(0, 42 + i)
                            .unitReadings(0, units[i])
                            .build());
        }
        assertThat(s.result().pis().get(0).readings().requiredSamples()).isEqualTo(5);
    }

    /** {@code unit_test_unit_readings_iter.cc}: FIXED_PERCENTAGE 0.1 drops round(0.9) = 1 of 9 per round. */
    @Test
    void fixedPercentageWarmupKeepsSixteenOfEighteen() {
        SessionSettings settings = SessionSettings.builder()
                .method(CiMethod.PILOT)
                .warmupRemoval(WarmupRemoval.EDM)
                .pi(PerformanceIndex.of("pi", "").withReadingsMustSatisfy(false).withUnitReadingsMustSatisfy(true))
                .warmupRemoval(WarmupRemoval.fixed(0.1))
                .build();
        Session s = Session.inMemory(settings);
        s.addRound(9, RoundResult.ofUnitReadings(1, 5, 10, 20, 30, 40, 42, 43, 41));
        s.addRound(9, RoundResult.ofUnitReadings(2, 4, 11, 19, 31, 39, 41, 42, 43));
        MetricResult u = s.result().pis().get(0).unitReadings();
        assertThat(u.n()).isEqualTo(16);
        assertThat(u.removed()).isEqualTo(2);
        double[] kept = {5, 10, 20, 30, 40, 42, 43, 41, 4, 11, 19, 31, 39, 41, 42, 43};
        assertThat(u.mean()).isCloseTo(Arrays.stream(kept).average().orElseThrow(), within(1e-12));
    }

    /**
     * {@code mock_benchmark_with_changepoint.sh}: dataset F twice, --ci-perc 0.3 -m 80. Change points are found at
     * 30 (when n = 60) and 60 (when n = 90); the session never reaches its target, and round 96 fails.
     */
    @Test
    void readingsChangePointsAreTrackedRoundByRound() throws Exception {
        double[] twice = new double[96];
        System.arraycopy(DATASET_F, 0, twice, 0, 48);
        System.arraycopy(DATASET_F, 0, twice, 48, 48);
        SessionSettings settings = SessionSettings.builder()
                .method(CiMethod.PILOT)
                .warmupRemoval(WarmupRemoval.EDM)
                .pi(PerformanceIndex.of("response time", "ms"))
                .ciTarget(CiTarget.ofMean(0.3))
                .minSubsessions(80)
                .build();
        int[] from = new int[98];
        SessionResult r = Pilot.of(settings, (round, w) -> {
                    if (round == 96) {
                        throw new IllegalStateException("Client program returned 1");
                    }
                    return RoundResult.ofReadings(twice[round]);
                })
                .listener(p ->
                        from[p.round().index() + 1] = p.result().pis().get(0).readingsFrom())
                .run();

        assertThat(r.stopReason()).isEqualTo(StopReason.WORKLOAD_FAILED);
        assertThat(r.rounds()).isEqualTo(97);
        assertThat(from[59]).isZero();
        assertThat(from[60]).isEqualTo(30);
        assertThat(from[89]).isEqualTo(30);
        assertThat(from[90]).isEqualTo(60);
        PiResult p = r.pis().get(0);
        assertThat(p.readingsFrom()).isEqualTo(60);
        MetricResult stable = p.readings();
        assertThat(stable.n()).isEqualTo(36);
        assertThat(stable.subsessionSize()).isEqualTo(5);
        assertThat(stable.mean()).isCloseTo(1.7655555555555555, rel(1.7655555555555555));
        assertThat(stable.ci().width()).isCloseTo(0.4168968928045913, rel(0.4168968928045913));
        assertThat(stable.subsessionVariance()).isCloseTo(0.05079941563786006, rel(0.05079941563786006));
        MetricResult raw = p.readingsRaw();
        assertThat(raw.subsessionSize()).isEqualTo(4);
        assertThat(raw.mean()).isCloseTo(1.7564583333333328, rel(1.7564583333333328));
        assertThat(raw.ci().width()).isCloseTo(0.18951678822450507, rel(0.18951678822450507));
        assertThat(raw.subsessionVariance()).isCloseTo(0.05035810688405797, rel(0.05035810688405797));
    }
}
