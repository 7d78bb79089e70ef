package io.pilotbench.core.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.pilotbench.core.model.RoundResult;
import io.pilotbench.core.model.SessionResult;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.core.model.StopReason;
import io.pilotbench.core.model.WpsMode;
import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * WPS-only sessions on simulated workloads that report their own durations (no real time passes). The original needed
 * 1,500–2,079 rounds on the noise-free workload of docs/original.md#vectors-wps-session; the aim is ≤ 100.
 */
class WpsSessionTest {
    private static SessionSettings wps(long min, long max) {
        return SessionSettings.builder()
                .wps(WpsMode.REQUIRED)
                .workAmount(min, max)
                .shortRound(Duration.ofSeconds(1))
                .maxRounds(2000)
                .build();
    }

    private static RoundResult took(double seconds) {
        return RoundResult.builder().durationNanos(Math.round(seconds * 1e9)).build();
    }

    /** docs/original.md#vectors-wps-session, noise 0: t = 2 s + w/1000 s, range 1000..100000. */
    @Test
    void noiseFreeLinearWorkloadConvergesInFewRounds() throws Exception {
        SessionResult r =
                Pilot.of(wps(1000, 100_000), (round, w) -> took(2 + w / 1000.0)).run();
        assertThat(r.stopReason()).isEqualTo(StopReason.TARGET_MET);
        assertThat(r.rounds()).isLessThanOrEqualTo(100);
        assertThat(r.wps().v()).isCloseTo(1000, within(1e-6));
        assertThat(r.wps().alpha()).isCloseTo(2, within(1e-9)); // the true intercept, not q·α
        assertThat(r.wps().subsessions()).isGreaterThanOrEqualTo(20);
    }

    /**
     * A write-like workload with the paper's Fig. 7 phases: 0.5 s setup, the first 2,000 units in a slow warm-up at
     * v/3, the rest at v = 1000 units/s, 0.3 s cool-down (flush), and 3% multiplicative noise per round. True
     * α = 0.8 + 2000/333.3 − 2000/1000 = 4.8 s, so rounds below α·v = 4,800 units are not on the line's stable part
     * and are dropped. Over 40 seeds, the 95% CI of v must contain 1000 in at least 36 (the 5th percentile of
     * Binomial(40, 0.95) is 36), and v must be within its CI for the first five seeds.
     */
    @Test
    void noisyWorkloadWithSetupWarmupCooldownCoversTheTrueSpeed() throws Exception {
        int covered = 0;
        int seeds = 40;
        for (int seed = 1; seed <= seeds; seed++) {
            Random random = new Random(seed);
            SessionResult r = Pilot.of(wps(1000, 1_000_000), (round, w) -> {
                        double warm = Math.min(w, 2000);
                        double t = 0.5 + warm / (1000 / 3.0) + (w - warm) / 1000 + 0.3;
                        return took(t * (1 + 0.03 * random.nextGaussian()));
                    })
                    .run();
            assertThat(r.stopReason()).as("seed %d", seed).isEqualTo(StopReason.TARGET_MET);
            assertThat(r.wps().v()).as("seed %d", seed).isCloseTo(1000, within(100.0));
            boolean inside = r.wps().vCi().contains(1000);
            if (seed <= 5) {
                assertThat(inside)
                        .as(
                                "seed %d: v %s CI [%s, %s], %d rounds",
                                seed,
                                r.wps().v(),
                                r.wps().vCi().low(),
                                r.wps().vCi().high(),
                                r.rounds())
                        .isTrue();
            }
            covered += inside ? 1 : 0;
        }
        assertThat(covered).isGreaterThanOrEqualTo(36);
    }
}
