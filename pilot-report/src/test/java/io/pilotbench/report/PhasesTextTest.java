package io.pilotbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.pilotbench.core.api.Pilot;
import io.pilotbench.core.api.Session;
import io.pilotbench.core.model.CiTarget;
import io.pilotbench.core.model.LevelShift;
import io.pilotbench.core.model.PerformanceIndex;
import io.pilotbench.core.model.RoundResult;
import io.pilotbench.core.model.SessionResult;
import io.pilotbench.core.model.SessionSettings;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.IntToDoubleFunction;
import org.junit.jupiter.api.Test;

/** How a session's report words what was cut, what is pending and what shifted (the behaviour: ReadingsPhasesTest). */
class PhasesTextTest {
    private static final PerformanceIndex LATENCY = PerformanceIndex.of("latency", "ms");

    @Test
    void aLevelShiftIsReportedWithBothLevels() throws Exception {
        SplittableRandom r = new SplittableRandom(2);
        SessionResult result = run(
                SessionSettings.builder()
                        .pi(LATENCY)
                        .ciTarget(CiTarget.ofMean(0.001))
                        .maxRounds(400)
                        .build(),
                round -> (round < 143 ? 12.1 : 13.0) + 0.3 * r.nextGaussian());
        List<LevelShift> shifts = result.pis().get(0).readingsPhases().shifts();
        assertThat(shifts).hasSize(1);
        // no warm-up was cut and no round failed: the analysed sample, the readings and the rounds count alike
        assertThat(text(result))
                .contains(
                        "level shift at analysed sample " + shifts.get(0).index() + " (round "
                                + shifts.get(0).index() + ")",
                        "12.1",
                        "13",
                        "ms",
                        "the mean mixes both levels");
    }

    @Test
    void aWarmupCutIsSaidWithItsLevelAndPValue() throws Exception {
        SplittableRandom r = new SplittableRandom(3);
        SessionResult result = run(
                SessionSettings.builder().pi(LATENCY).build(),
                round -> (round < 15 ? 16 : 10) + 0.5 * r.nextGaussian());
        assertThat(text(result)).contains("the first 15 removed as warm-up: mean 15.", "p < 0.001");
    }

    @Test
    void aPendingWarmupIsSaidWithTheRoundsItNeeds() throws Exception {
        SplittableRandom r = new SplittableRandom(0);
        try (Session session =
                Session.inMemory(SessionSettings.builder().pi(LATENCY).build())) {
            for (int round = 0; round < 30; round++) {
                session.addRound(0, RoundResult.ofReadings((round < 10 ? 150 : 100) + 10 * r.nextGaussian()));
            }
            SessionResult now = session.currentResult();
            int pending = now.pis().get(0).readingsPhases().warmupPending();
            assertThat(pending).isPositive();
            assertThat(text(now))
                    .contains(
                            "a warm-up of the first " + pending + " rounds was found",
                            "longer than a fifth of the analysed rounds",
                            "once the session has " + 5 * pending);
        }
    }

    private static SessionResult run(SessionSettings settings, IntToDoubleFunction reading) throws Exception {
        return Pilot.of(settings, (round, work) -> RoundResult.ofReadings(reading.applyAsDouble(round)))
                .run();
    }

    private static String text(SessionResult result) {
        StringWriter text = new StringWriter();
        SessionRenderer.render(List.of(result), List.of(), Format.TEXT, new PrintWriter(text));
        return text.toString();
    }
}
