package io.pilotbench.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pilotbench.core.model.InputException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ExperimentPlanTest {
    private static final Path FILE = Path.of("exp.yaml");
    private static final List<Worker> LOCAL =
            List.of(new Worker("local", Map.of("arch", "x86_64", "cores", "2", "memory", Long.toString(4L << 30))));

    private static ExperimentPlan plan(String yaml) {
        return ExperimentPlan.of(ExperimentFile.parse(FILE, yaml), LOCAL, false);
    }

    @Test
    void fullCoverageCrossesEveryLevelWithEveryReplication() {
        ExperimentPlan p = plan("""
                packages: {a: a, b: b}
                replications: 3
                factors: {aslr: 100%, link-order: {levels: [alphabetical, reverse, random]}}
                """);
        assertThat(p.jobs()).hasSize(2 * 2 * 3 * 3);
        Map<Map<String, String>, Long> cells =
                p.jobs().stream().collect(Collectors.groupingBy(Job::levels, Collectors.counting()));
        assertThat(cells).hasSize(12).allSatisfy((cell, n) -> assertThat(n).isEqualTo(3));
        assertThat(p.jobs())
                .extracting(Job::number)
                .containsExactlyElementsOf(
                        java.util.stream.IntStream.rangeClosed(1, 36).boxed().toList());
    }

    @Test
    void theOrderIsRandomButReproducibleFromTheSeed() {
        String yaml = "packages: {a: a, b: b}\nreplications: 5\nfactors: {aslr: 100%}\n";
        List<Map<String, String>> first =
                plan("seed: 3\n" + yaml).jobs().stream().map(Job::levels).toList();
        List<Map<String, String>> again =
                plan("seed: 3\n" + yaml).jobs().stream().map(Job::levels).toList();
        List<Map<String, String>> other =
                plan("seed: 4\n" + yaml).jobs().stream().map(Job::levels).toList();
        assertThat(again).isEqualTo(first);
        assertThat(other).isNotEqualTo(first).containsExactlyInAnyOrderElementsOf(first);
        // not in generation order: the first 5 jobs are not all one cell's replications
        assertThat(first.subList(0, 10).stream().distinct().count()).isGreaterThan(1);
    }

    @Test
    void coverageTakesTheRightNumberOfLevels() {
        List<String> levels = List.of("-O0", "-O1", "-O2", "-O3");
        for (long seed = 0; seed < 50; seed++) {
            Random r = ExperimentPlan.random(seed);
            assertThat(ExperimentPlan.subset(levels, 1, r)).isEqualTo(levels);
            assertThat(ExperimentPlan.subset(levels, 0, r)).hasSize(1).isSubsetOf(levels);
            assertThat(ExperimentPlan.subset(levels, 0.75, r)).hasSize(3).isSubsetOf(levels);
            assertThat(ExperimentPlan.subset(levels, 0.5, r)).hasSize(2);
            assertThat(ExperimentPlan.subset(levels, 0.51, r)).hasSize(3);
        }
        Set<List<String>> seen = new java.util.HashSet<>();
        for (long seed = 0; seed < 50; seed++) {
            seen.add(ExperimentPlan.subset(levels, 0, ExperimentPlan.random(seed)));
        }
        assertThat(seen).hasSize(4); // 0% picks a random level, each of them for some seed
    }

    @Test
    void dropCachesIsRefusedAtPlanTimeWithoutRoot() {
        ExperimentSpec s = ExperimentFile.parse(FILE, "packages: {a: a}\nfactors: {drop-caches: 100%}\n");
        assertThatThrownBy(() -> ExperimentPlan.of(s, LOCAL, false))
                .isInstanceOf(InputException.class)
                .hasMessageContaining("needs root");
        assertThat(ExperimentPlan.of(s, LOCAL, true).jobs()).hasSize(2);
        ExperimentSpec off = ExperimentFile.parse(FILE, "packages: {a: a}\nfactors: {drop-caches: {levels: [off]}}\n");
        assertThat(ExperimentPlan.of(off, LOCAL, false).jobs()).hasSize(1);
    }

    @Test
    void unmetConstraintsAreRefusedWithWhatTheMachineHas() {
        assertThatThrownBy(() -> plan("packages: {a: a}\nconstraints: {arch: armv7}\n"))
                .isInstanceOf(InputException.class)
                .hasMessageContaining("arch = armv7 (it has x86_64)");
        assertThatThrownBy(() -> plan("packages: {a: a}\nconstraints: {memory: 64G}\n"))
                .isInstanceOf(InputException.class)
                .hasMessageContaining("memory");
        assertThat(plan("packages: {a: a}\nconstraints: {memory: 2G, cores: 2}\n")
                        .jobs())
                .hasSize(1);
    }

    @Test
    void aHugeSpaceWarns() {
        ExperimentPlan p = plan("""
                packages: {a: a}
                replications: 30
                factors:
                  env-padding: {levels: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]}
                  link-order: 100%
                  aslr: 100%
                """);
        assertThat(p.jobs()).hasSize(30 * 10 * 4 * 2);
        assertThat(p.warning()).contains("2400 jobs").contains("exploded");
        assertThat(plan("packages: {a: a}\n").warning()).isNull();
    }

    @Test
    void hardwareFactorsSpreadJobsOverTheSelectedWorkers() {
        List<Worker> inv = List.of(
                new Worker("w1", Map.of("arch", "x86_64")),
                new Worker("w2", Map.of("arch", "x86_64")),
                new Worker("w3", Map.of("arch", "armv7")));
        ExperimentPlan p = ExperimentPlan.of(
                ExperimentFile.parse(FILE, "packages: {a: a}\nhardware: {arch: 100%}\n" + "factors: {aslr: 100%}\n"),
                inv,
                false);
        assertThat(p.workers()).extracting(Worker::name).containsExactly("w1", "w3");
        Map<String, Integer> perWorker = new HashMap<>();
        p.jobs().forEach(j -> perWorker.merge(j.worker(), 1, Integer::sum));
        assertThat(perWorker).isEqualTo(Map.of("w1", 2, "w3", 2));
        assertThat(p.jobs()).allSatisfy(j -> assertThat(j.levels().get("arch"))
                .isEqualTo(j.worker().equals("w3") ? "armv7" : "x86_64"));
    }
}
