package io.pilotbench.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pilotbench.core.model.RoundResult;
import io.pilotbench.core.model.Workload;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

class PerformanceAssertionsTest {
    @TempDir
    Path tmp;

    /** Seconds per call from a seeded lognormal around {@code mean} with a CV of 10%: a build's timings, no clock. */
    private static Workload seeded(long seed, double mean) {
        SplittableRandom random = new SplittableRandom(seed);
        double sigma = Math.sqrt(Math.log(1 + 0.1 * 0.1));
        double mu = Math.log(mean) - sigma * sigma / 2;
        return (round, work) -> RoundResult.ofReadings(Math.exp(mu + sigma * random.nextGaussian()));
    }

    /** An unchanged build: the same distribution, other seeds. The gate must almost never trip. */
    @Test
    void anUnchangedBuildPassesAlmostAlways() {
        int falseAlarms = 0;
        int trials = 200;
        for (int t = 0; t < trials; t++) {
            Path baseline = tmp.resolve("same-" + t);
            PerformanceAssertions.assertNotSlower(
                    baseline, 0.05, PerformanceAssertions.defaults(), seeded(2L * t, 1e-3));
            try {
                PerformanceAssertions.assertNotSlower(
                        baseline, 0.05, PerformanceAssertions.defaults(), seeded(2L * t + 1, 1e-3));
            } catch (AssertionFailedError e) {
                falseAlarms++;
            }
        }
        // the gate needs a significant slow-down whose factor's CI lies wholly above 1.05: under no change that
        // is rarer than the test's 1% level; 2 of 200 would already be suspicious
        assertThat(falseAlarms)
                .as("false alarms in %d seeded unchanged builds", trials)
                .isLessThanOrEqualTo(1);
    }

    /** A build 20% slower is caught, with the comparison's sentence in the failure. */
    @Test
    void aTwentyPercentSlowdownIsCaught() {
        int caught = 0;
        int trials = 100;
        String message = null;
        for (int t = 0; t < trials; t++) {
            Path baseline = tmp.resolve("slow-" + t);
            PerformanceAssertions.assertNotSlower(
                    baseline, 0.05, PerformanceAssertions.defaults(), seeded(1000L + 2 * t, 1e-3));
            try {
                PerformanceAssertions.assertNotSlower(
                        baseline, 0.05, PerformanceAssertions.defaults(), seeded(1001L + 2 * t, 1.2e-3));
            } catch (AssertionFailedError e) {
                caught++;
                message = e.getMessage();
            }
        }
        assertThat(caught).as("20%% slow-downs caught of %d", trials).isGreaterThanOrEqualTo(95);
        assertThat(message).startsWith("performance regression: candidate").contains("tolerance 5.0%");
    }

    /**
     * A regressed block ran its whole session (to its own CI target, or 30 s when noisy) before the assertion failed:
     * it is now stopped once the comparison has called the regression.
     */
    @Test
    void aRegressionIsCalledWithoutRunningTheCandidatesWholeSession() {
        Path baseline = tmp.resolve("noisy");
        PerformanceAssertions.assertNotSlower(baseline, 0.05, PerformanceAssertions.defaults(), noisy(7, 1e-3));
        int[] calls = {0};
        Workload slow = noisy(8, 2e-3);
        Workload counted = (round, work) -> {
            calls[0]++;
            return slow.run(round, work);
        };
        assertThatThrownBy(() -> PerformanceAssertions.assertNotSlower(
                        baseline, 0.05, PerformanceAssertions.defaults(), counted))
                .isInstanceOf(AssertionFailedError.class);
        // alone, a block with a CV of 30% needs about (1.96 · 0.3 / 0.05)² ≈ 140 rounds for its ±5% target
        assertThat(calls[0]).as("rounds the candidate ran").isLessThanOrEqualTo(40);
    }

    /** Seconds per call from a seeded lognormal around {@code mean} with a CV of 30%. */
    private static Workload noisy(long seed, double mean) {
        SplittableRandom random = new SplittableRandom(seed);
        double sigma = Math.sqrt(Math.log(1 + 0.3 * 0.3));
        double mu = Math.log(mean) - sigma * sigma / 2;
        return (round, work) -> RoundResult.ofReadings(Math.exp(mu + sigma * random.nextGaussian()));
    }

    @Test
    void theFirstRunRecordsTheBaselineAndARealBlockIsTimed() {
        Path baseline = tmp.resolve("sleep");
        PerformanceAssertions.Verdict first =
                PerformanceAssertions.assertNotSlower(baseline, 0.5, () -> Thread.sleep(2));
        assertThat(first.baselineRecorded()).isTrue();
        assertThat(baseline.resolve("session.json")).exists();
        assertThat(first.baselineMean()).isBetween(0.002, 0.05);
        // twice as slow, against a 50% tolerance: a real regression
        assertThatThrownBy(() -> PerformanceAssertions.assertNotSlower(baseline, 0.5, () -> Thread.sleep(6)))
                .isInstanceOf(AssertionFailedError.class)
                .hasMessageContaining("performance regression");
    }

    /**
     * Code that threw made the assertion pass: the first time it recorded a baseline of failed rounds (mean NaN) and
     * said "commit it", after which every run failed with a NullPointerException from the comparison; against a good
     * baseline a throwing block failed with that NullPointerException, or passed when it threw only after 30 calls
     * (here after 5, which every session reaches).
     * It now fails with the block's own exception as the cause, and a failed first run leaves no baseline.
     */
    @Test
    void codeThatThrowsFailsTheAssertionWithItsExceptionAndRecordsNoBaseline() {
        Path baseline = tmp.resolve("parse");
        PerformanceAssertions.Block broken = () -> {
            throw new IllegalStateException("parser broke");
        };
        assertThatThrownBy(() -> PerformanceAssertions.assertNotSlower(baseline, 0.05, broken))
                .isInstanceOf(AssertionFailedError.class)
                .hasMessageContaining("the code under test failed in the baseline session")
                .hasMessageContaining("IllegalStateException: parser broke")
                .cause()
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("parser broke");
        assertThat(baseline).doesNotExist();
        assertThat(PerformanceAssertions.assertNotSlower(baseline, 0.05, () -> Thread.sleep(1))
                        .baselineRecorded())
                .isTrue();
        assertThatThrownBy(() -> PerformanceAssertions.assertNotSlower(baseline, 0.05, broken))
                .isInstanceOf(AssertionFailedError.class)
                .hasMessageContaining("in the candidate session")
                .cause()
                .hasMessage("parser broke");
        int[] calls = {0};
        assertThatThrownBy(() -> PerformanceAssertions.assertNotSlower(baseline, 0.05, () -> {
                    // after 5 calls: a session never stops before its 20 samples, so this always throws in it
                    // (after 30 it could converge first on a quiet machine: the test then proved nothing)
                    if (++calls[0] > 5) {
                        throw new IllegalStateException("parser broke late");
                    }
                    Thread.sleep(1);
                }))
                .isInstanceOf(AssertionFailedError.class)
                .cause()
                .hasMessage("parser broke late");
        assertThatThrownBy(() -> PerformanceAssertions.assertNotSlower(tmp.resolve("n"), 0.05, null))
                .isInstanceOf(NullPointerException.class)
                .hasMessageContaining("block");
        assertThat(tmp.resolve("n")).doesNotExist();
    }

    /**
     * A workload with a rate as its PI (ops/s: better higher) was judged as a time: halving the throughput passed
     * as "0.500×" and doubling it failed as a regression, its mean printed "s per call". A rate now regresses when it
     * falls, and is printed in its own unit.
     */
    @Test
    void aRatePiRegressesWhenItFallsNotWhenItRises() {
        io.pilotbench.core.model.SessionSettings rate = io.pilotbench.core.model.SessionSettings.builder()
                .pi(new io.pilotbench.core.model.PerformanceIndex(
                        "throughput", "ops/s", io.pilotbench.core.model.PerformanceIndex.Kind.RATIO, true, false))
                .ciTarget(io.pilotbench.core.model.CiTarget.ofMean(0.10))
                .maxDuration(java.time.Duration.ofSeconds(30))
                .build();
        Path baseline = tmp.resolve("rate");
        PerformanceAssertions.assertNotSlower(baseline, 0.05, rate, seeded(1, 1000));
        PerformanceAssertions.Verdict faster =
                PerformanceAssertions.assertNotSlower(baseline, 0.05, rate, seeded(2, 2000));
        assertThat(faster.factor()).isBetween(0.4, 0.6);
        assertThat(faster.sentence()).contains("ops/s against the baseline's").doesNotContain(" s per call");
        assertThatThrownBy(() -> PerformanceAssertions.assertNotSlower(baseline, 0.05, rate, seeded(3, 500)))
                .isInstanceOf(AssertionFailedError.class)
                .hasMessageContaining("performance regression")
                .hasMessageContaining("slow-down (baseline over candidate) 2.0");
    }

    @Test
    void aNegativeToleranceIsRefused() {
        assertThatThrownBy(() -> PerformanceAssertions.assertNotSlower(tmp.resolve("x"), -0.1, () -> {}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("tolerance");
    }
}
