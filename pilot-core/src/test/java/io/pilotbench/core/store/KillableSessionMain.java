package io.pilotbench.core.store;

import io.pilotbench.core.api.Pilot;
import io.pilotbench.core.model.PerformanceIndex;
import io.pilotbench.core.model.RoundResult;
import io.pilotbench.core.model.SessionSettings;
import java.nio.file.Path;

/**
 * A session that runs (nearly) forever, for {@link SessionKillTest} to kill with SIGKILL: every round sleeps 5 ms and
 * reports one reading and 2,000 unit readings, all a deterministic function of the round number.
 */
public final class KillableSessionMain {
    private KillableSessionMain() {}

    static SessionSettings settings() {
        return SessionSettings.builder()
                .pi(PerformanceIndex.of("latency", "ms").withUnitReadingsMustSatisfy(true))
                .ciTarget(io.pilotbench.core.model.CiTarget.ofMean(1e-9))
                .maxRounds(100_000)
                .build();
    }

    static RoundResult round(int round) {
        double[] units = new double[2000];
        for (int i = 0; i < units.length; i++) {
            units[i] = 10 + ((round * 31 + i * 17) % 97) / 10.0;
        }
        return RoundResult.builder()
                .reading(0, 10 + (round * 7 % 13) / 10.0)
                .unitReadings(0, units)
                .build();
    }

    public static void main(String[] args) throws Exception {
        Pilot.of(settings(), (round, work) -> {
                    Thread.sleep(5);
                    return round(round);
                })
                .directory(Path.of(args[0]))
                .name("killable")
                .run();
    }
}
