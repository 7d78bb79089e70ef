package io.pilotbench.core.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.pilotbench.core.api.InterleavedComparison;
import io.pilotbench.core.api.Session;
import io.pilotbench.core.model.PerformanceIndex;
import io.pilotbench.core.model.RoundResult;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.core.model.StopReason;
import io.pilotbench.core.model.WarmupRemoval;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seeded simulated workloads with known truth, compared live: each round draws one reading from N(mean, sd) with its
 * own seeded generator, and a fake clock advances 1 ms per reading, so every run is repeatable.
 */
class InterleavedComparisonTest {
    private static final PerformanceIndex TIME = PerformanceIndex.of("time", "ms");

    private static SessionSettings settings(UnaryOperator<SessionSettings.Builder> change) {
        return change.apply(SessionSettings.builder().pi(TIME).warmupRemoval(WarmupRemoval.NONE))
                .build();
    }

    private static InterleavedComparison.Entry normal(
            String name, double mean, double sd, long seed, SessionSettings s) {
        Random rng = new Random(seed);
        return new InterleavedComparison.Entry(
                name,
                Session.inMemory(s, name),
                (round, work) -> RoundResult.ofReadings(mean + sd * rng.nextGaussian()));
    }

    private static InterleavedComparison.Result run(
            CompareSettings cs, SessionSettings s, InterleavedComparison.Entry... entries) throws IOException {
        long[] now = {0};
        return new InterleavedComparison(List.of(entries), null, cs, Direction.LOWER_IS_BETTER, null)
                .ticker(() -> now[0] += 1_000_000)
                .run();
    }

    @Test
    void twoEqualWorkloadsEndEquivalentInsteadOfRunningForever() throws IOException {
        SessionSettings s = settings(b -> b);
        InterleavedComparison.Result r =
                run(CompareSettings.DEFAULTS, s, normal("A", 100, 2, 1, s), normal("B", 100, 2, 2, s));
        assertThat(r.stopReason()).isEqualTo(StopReason.TARGET_MET);
        PairComparison p = r.comparison().pairs().get(0);
        assertThat(p.verdict()).isEqualTo(Verdict.EQUIVALENT);
        // the margin is 1% of the better mean, and the difference CI lies inside it
        assertThat(p.margin()).isBetween(0.98, 1.02);
        assertThat(p.difference().low()).isGreaterThanOrEqualTo(-p.margin());
        assertThat(p.difference().high()).isLessThanOrEqualTo(p.margin());
        assertThat(r.comparison().decided()).isTrue();
    }

    @Test
    void twoWorkloadsFivePercentApartAreOrderedWithTheRatioCovered() throws IOException {
        SessionSettings s = settings(b -> b);
        InterleavedComparison.Result r =
                run(CompareSettings.DEFAULTS, s, normal("A", 100, 5, 3, s), normal("B", 105, 5, 4, s));
        PairComparison p = r.comparison().pairs().get(0);
        assertThat(r.stopReason()).isEqualTo(StopReason.TARGET_MET);
        assertThat(p.verdict()).isEqualTo(Verdict.A_LOWER);
        assertThat(p.ratio().contains(100.0 / 105)).isTrue();
        assertThat(p.welch().pTwoSided()).isLessThan(0.01);
        assertThat(r.comparison().ranking()).extracting(Contender::name).containsExactly("A", "B");
    }

    @Test
    void threeWorkloadsWithAClearOrderAreRankedAndEveryNeighbourPairDecided() throws IOException {
        SessionSettings s = settings(b -> b);
        InterleavedComparison.Result r = run(
                CompareSettings.DEFAULTS,
                s,
                normal("A", 100, 3, 5, s),
                normal("B", 110, 3, 6, s),
                normal("C", 90, 3, 7, s));
        assertThat(r.stopReason()).isEqualTo(StopReason.TARGET_MET);
        assertThat(r.comparison().ranking()).extracting(Contender::name).containsExactly("C", "A", "B");
        assertThat(r.comparison().adjacent())
                .extracting(PairComparison::verdict)
                .allMatch(v -> v == Verdict.A_LOWER || v == Verdict.A_HIGHER);
        // C–A: a = A (given earlier), b = C, A is higher
        assertThat(r.comparison()
                        .pair(
                                r.comparison().contenders().get(0),
                                r.comparison().contenders().get(2))
                        .verdict())
                .isEqualTo(Verdict.A_HIGHER);
    }

    @Test
    void equalWorkloadsAreRarelyCalledDifferent() throws IOException {
        // Repeated looks at accumulating data inflate the false-positive rate of a sequential test above alpha
        // (Armitage et al. 1969). Measured over 200 seeded pairs of equal N(50, 2.5²) workloads with alpha = 0.01:
        // 11% called different when looking after every cycle, 4.5% with looks at 1.25x growth (the default).
        // Here 60 pairs: the bound 6 (10%) fails if the rate went back to looking after every cycle.
        SessionSettings s = settings(b -> b);
        int different = 0;
        for (int seed = 0; seed < 60; seed++) {
            InterleavedComparison.Result r = run(
                    CompareSettings.DEFAULTS,
                    s,
                    normal("A", 50, 2.5, 1000 + seed, s),
                    normal("B", 50, 2.5, 2000 + seed, s));
            Verdict v = r.comparison().pairs().get(0).verdict();
            if (v == Verdict.A_LOWER || v == Verdict.A_HIGHER) {
                different++;
            }
        }
        assertThat(different).isLessThanOrEqualTo(6);
    }

    @Test
    void aLimitEndsAnUndecidedComparisonWithAPlanForMoreRounds() throws IOException {
        // 0.5% apart with sd 5: far from decided after 40 rounds each; equivalence is off
        SessionSettings s = settings(b -> b.maxRounds(40));
        InterleavedComparison.Result r = run(
                CompareSettings.DEFAULTS.withEquivalence(0), s, normal("A", 100, 5, 8, s), normal("B", 100.5, 5, 9, s));
        assertThat(r.stopReason()).isEqualTo(StopReason.ROUND_LIMIT);
        PairComparison p = r.comparison().pairs().get(0);
        assertThat(p.verdict()).isEqualTo(Verdict.UNDECIDED);
        assertThat(p.welch().pTwoSided()).isGreaterThan(0.01);
        long more = Comparison.moreRounds(p, p.a());
        assertThat(more).isPositive();
        assertThat(r.sessions()).allMatch(x -> x.rounds() == 40);
    }

    @Test
    void roundsAreInterleavedInCyclesAndTheScheduleIsRecorded(@TempDir Path dir) throws IOException {
        SessionSettings s = settings(b -> b.maxRounds(12));
        List<String> order = new ArrayList<>();
        List<InterleavedComparison.Entry> entries = recording(s, order);
        new InterleavedComparison(
                        entries, null, CompareSettings.DEFAULTS.withEquivalence(0), Direction.LOWER_IS_BETTER, null)
                .schedule(dir.resolve("schedule.csv"))
                .run();
        assertThat(order).hasSize(36);
        for (int i = 0; i < order.size(); i += 3) {
            assertThat(order.subList(i, i + 3)).containsExactly("A", "B", "C");
        }
        List<String> lines = Files.readAllLines(dir.resolve("schedule.csv"));
        assertThat(lines.get(0)).isEqualTo("cycle,workload,round");
        assertThat(lines.subList(1, 4)).containsExactly("0,A,0", "0,B,0", "0,C,0");
        assertThat(lines).hasSize(37).last().isEqualTo("11,C,11");
    }

    /** Workloads A, B and C of N(100, 1) that append their name to {@code order} when they run. */
    private static List<InterleavedComparison.Entry> recording(SessionSettings s, List<String> order) {
        List<InterleavedComparison.Entry> entries = new ArrayList<>();
        for (String name : List.of("A", "B", "C")) {
            Random rng = new Random(name.hashCode());
            entries.add(new InterleavedComparison.Entry(name, Session.inMemory(s, name), (round, work) -> {
                order.add(name);
                return RoundResult.ofReadings(100 + rng.nextGaussian());
            }));
        }
        return entries;
    }

    @Test
    void shuffledCyclesArePermutationsRepeatableBySeed() throws IOException {
        List<String> first = shuffled(42);
        assertThat(first).hasSize(60);
        Set<List<String>> distinct = new HashSet<>();
        for (int i = 0; i < first.size(); i += 3) {
            List<String> cycle = first.subList(i, i + 3);
            assertThat(cycle).containsExactlyInAnyOrder("A", "B", "C");
            distinct.add(List.copyOf(cycle));
        }
        assertThat(distinct).hasSizeGreaterThan(2); // 20 cycles: a fixed order would give 1
        assertThat(shuffled(42)).isEqualTo(first);
        assertThat(shuffled(43)).isNotEqualTo(first);
    }

    private static List<String> shuffled(long seed) throws IOException {
        SessionSettings s = settings(b -> b.maxRounds(20));
        List<String> order = new ArrayList<>();
        List<InterleavedComparison.Entry> entries = recording(s, order);
        new InterleavedComparison(
                        entries, null, CompareSettings.DEFAULTS.withEquivalence(0), Direction.LOWER_IS_BETTER, null)
                .shuffle(seed)
                .run();
        return order;
    }

    @Test
    void aDecidedWorkloadStopsRunningWhileAnUndecidedPairGoesOn() throws IOException {
        // C (200) is far from A and B (100 vs 101, sd 2): once C's CI meets its target, only A and B run on
        SessionSettings s = settings(b -> b);
        InterleavedComparison.Result r = run(
                CompareSettings.DEFAULTS,
                s,
                normal("A", 100, 2, 10, s),
                normal("B", 101, 2, 11, s),
                normal("C", 200, 2, 12, s));
        assertThat(r.stopReason()).isEqualTo(StopReason.TARGET_MET);
        assertThat(r.sessions().get(2).rounds()).isLessThan(r.sessions().get(0).rounds());
    }

    @Test
    void aCandidateIsMeasuredAgainstAStoredBaselineAndGated() throws IOException {
        SessionSettings s = settings(b -> b);
        Random rng = new Random(13);
        Session stored = Session.inMemory(s, "base");
        for (int i = 0; i < 60; i++) {
            stored.addRound(0, RoundResult.ofReadings(100 + 3 * rng.nextGaussian()));
        }
        Contender base = Contender.of("baseline", stored.result(), null, false);
        long[] now = {0};
        // with each workload's CI target asked for (--each-ci-target), so that the factor is measured to ±5%
        InterleavedComparison.Result r = new InterleavedComparison(
                        List.of(normal("new", 110, 3, 14, s)),
                        base,
                        CompareSettings.DEFAULTS.withRequireCiTarget(true),
                        Direction.LOWER_IS_BETTER,
                        null)
                .ticker(() -> now[0] += 1_000_000)
                .run();
        PairComparison p = r.comparison().pairs().get(0);
        assertThat(p.verdict()).isEqualTo(Verdict.A_LOWER); // baseline < new: new is slower
        assertThat(r.comparison().contenders().get(0).rounds()).isEqualTo(60); // the baseline never ran
        List<Gate.Finding> slow5 = new Gate(0.05, Double.NaN).check(r.comparison());
        assertThat(slow5).singleElement().satisfies(f -> {
            assertThat(f.slower()).isTrue();
            assertThat(f.factor().contains(1.10)).isTrue();
        });
        assertThat(new Gate(0.20, Double.NaN).check(r.comparison())).isEmpty(); // not 20% slower
        assertThat(new Gate(Double.NaN, 0.0).check(r.comparison())).isEmpty(); // not faster
    }
}
