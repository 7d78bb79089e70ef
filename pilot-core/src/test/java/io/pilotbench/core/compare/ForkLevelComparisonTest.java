package io.pilotbench.core.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.pilotbench.core.api.InterleavedComparison;
import io.pilotbench.core.api.Session;
import io.pilotbench.core.model.PerformanceIndex;
import io.pilotbench.core.model.RoundResult;
import io.pilotbench.core.model.SessionSettings;
import java.io.IOException;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Finding: {@code pilot jmh --compare} of one benchmark's two builds decided "1.478× lower" after one fork each. Its
 * contenders were the forks' unit readings (the measured iterations), compared with their standard errors within the
 * forks; but each fork is a new JVM that settles at a level of its own (0.4–8% apart between forks of one benchmark,
 * bench/README.md), which no number of iterations in one fork shows. A round (a fork) is the unit of independence:
 * unit readings are now compared by the rounds' means, paired cycle by cycle, and nothing is decided before two
 * cycles.
 *
 * <p>Seeded: two identical workloads, each round 5 unit readings at a level drawn anew for the round (mean 100, sd 3)
 * with noise of sd 0.2 within it. The old comparison called 77 of 100 pairs different, 72 of them after one fork
 * each; now none. α is 1%.
 */
class ForkLevelComparisonTest {
    private static final PerformanceIndex TIME =
            new PerformanceIndex("time", "ms", PerformanceIndex.Kind.ORDINARY, false, true);

    private static InterleavedComparison.Entry forks(String name, long seed, SessionSettings s) {
        Random rng = new Random(seed);
        return new InterleavedComparison.Entry(name, Session.inMemory(s, name), (round, work) -> {
            double level = 100 + 3 * rng.nextGaussian();
            double[] units = new double[5];
            for (int i = 0; i < units.length; i++) {
                units[i] = level + 0.2 * rng.nextGaussian();
            }
            return RoundResult.builder().unitReadings(0, units).build();
        });
    }

    @Test
    void forksOfEqualBuildsAreNotCalledDifferentOnTheirIterations() throws IOException {
        SessionSettings s = SessionSettings.builder()
                .pi(TIME)
                .fixedWorkAmount(5)
                .maxRounds(40)
                .build();
        int different = 0;
        int decidedBeforeTwoCycles = 0;
        for (int seed = 0; seed < 100; seed++) {
            long[] now = {0};
            InterleavedComparison.Result r = new InterleavedComparison(
                            List.of(forks("A", 1000 + seed, s), forks("B", 2000 + seed, s)),
                            null,
                            CompareSettings.DEFAULTS,
                            Direction.LOWER_IS_BETTER,
                            null)
                    .ticker(() -> now[0] += 1_000_000)
                    .run();
            PairComparison p = r.comparison().pairs().get(0);
            if (p.verdict() == Verdict.A_LOWER || p.verdict() == Verdict.A_HIGHER) {
                different++;
            }
            if (p.verdict().decided() && r.comparison().contenders().get(0).rounds() < 2) {
                decidedBeforeTwoCycles++;
            }
        }
        assertThat(decidedBeforeTwoCycles).isZero();
        // α = 1% over 100 pairs: 3 or more would happen by chance with probability 8%; the old comparison: 77
        assertThat(different).isLessThanOrEqualTo(3);
    }
}
