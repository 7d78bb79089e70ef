package io.pilotbench.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class WorkerSelectionTest {
    private static Worker w(String name, String arch, String cpu) {
        return new Worker(name, Map.of("arch", arch, "cpu", cpu));
    }

    @Test
    void oneWorkerPerArchitectureWhenEachHasOne() {
        List<Worker> inv = List.of(
                w("a", "x86_64", "i7"), w("b", "x86_64", "i5"), w("c", "armv7", "a8"), w("d", "aarch64", "a53"));
        assertThat(WorkerSelection.select(inv, Map.of("arch", 1.0)))
                .extracting(Worker::name)
                .containsExactly("a", "c", "d");
    }

    @Test
    void aWorkerThatCoversTwoFactorsAtOnceIsPreferred() {
        // arch: x86_64, armv7; cpu: i7, a8, i5. c alone brings armv7 and a8; a brings i7 and x86_64; b only i5.
        List<Worker> inv = List.of(w("a", "x86_64", "i7"), w("b", "x86_64", "i5"), w("c", "armv7", "a8"));
        Map<String, Double> cov = new LinkedHashMap<>();
        cov.put("arch", 1.0);
        cov.put("cpu", 0.5); // 2 of 3 cpus
        assertThat(WorkerSelection.select(inv, cov)).extracting(Worker::name).containsExactly("a", "c");
        cov.put("cpu", 1.0);
        assertThat(WorkerSelection.select(inv, cov)).extracting(Worker::name).containsExactly("a", "b", "c");
    }

    @Test
    void zeroCoverageTakesOneWorkerTheFirstByName() {
        List<Worker> inv = List.of(w("z", "x86_64", "i7"), w("m", "armv7", "a8"));
        assertThat(WorkerSelection.select(inv, Map.of("arch", 0.0)))
                .extracting(Worker::name)
                .containsExactly("m");
    }

    @Test
    void anAttributeNoWorkerHasIsRefused() {
        assertThatThrownBy(() -> WorkerSelection.select(List.of(w("a", "x", "y")), Map.of("gpu", 1.0)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("gpu");
    }

    /** ojAlgo 57.1.0 called this feasible program infeasible once w0 was fixed, with (1c) in it. */
    @Test
    void ojAlgoFixedVariableRegression() {
        String[][] a = {
            {"v0", "u1"},
            {"v1", "u2"},
            {"v1", "u2"},
            {"v1", "u2"},
            {"v1", "u2"},
            {"v3", "u1"},
            {"v3", "u1"},
            {"v0", "u0"},
            {"v0", "u1"}
        };
        List<Worker> inv = new ArrayList<>();
        for (int i = 0; i < a.length; i++) {
            inv.add(new Worker("w" + i, Map.of("f1", a[i][0], "f2", a[i][1])));
        }
        Map<String, Double> cov = new LinkedHashMap<>();
        cov.put("f1", 0.75);
        cov.put("f2", 0.0);
        assertThat(WorkerSelection.select(inv, cov)).extracting(Worker::name).containsExactly("w0", "w1", "w5");
    }

    /** Against brute force: every subset of up to 9 workers, on 300 random inventories. */
    @Test
    void matchesExhaustiveSearchOnSmallRandomInstances() {
        Random random = new Random(20);
        for (int trial = 0; trial < 300; trial++) {
            int n = 1 + random.nextInt(9);
            List<Worker> inv = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                Map<String, String> a = new LinkedHashMap<>();
                a.put("f1", "v" + random.nextInt(4));
                a.put("f2", "u" + random.nextInt(3));
                if (random.nextBoolean()) {
                    a.put("f3", "t" + random.nextInt(2));
                }
                inv.add(new Worker("w" + i, a));
            }
            Map<String, Double> cov = new LinkedHashMap<>();
            cov.put("f1", random.nextInt(5) / 4.0);
            cov.put("f2", random.nextInt(4) / 3.0);
            if (random.nextBoolean()) {
                cov.put("f3", 1.0);
            }
            if (inv.stream().noneMatch(x -> x.attributes().containsKey("f3"))) {
                cov.remove("f3");
            }
            List<String> got =
                    WorkerSelection.select(inv, cov).stream().map(Worker::name).toList();
            assertThat(got).as("trial %d: %s %s", trial, inv, cov).isEqualTo(bruteForce(inv, cov));
        }
    }

    /** The smallest covering subset; among those, the first in the order the ILP's tie-break defines. */
    private static List<String> bruteForce(List<Worker> inv, Map<String, Double> cov) {
        List<Worker> sorted = new ArrayList<>(inv);
        sorted.sort(java.util.Comparator.comparing(Worker::name));
        Map<String, Integer> need = WorkerSelection.required(sorted, cov);
        int n = sorted.size();
        int bestSize = Integer.MAX_VALUE;
        List<Integer> covering = new ArrayList<>();
        for (int mask = 1; mask < 1 << n; mask++) {
            if (covers(sorted, mask, need)) {
                int size = Integer.bitCount(mask);
                if (size < bestSize) {
                    bestSize = size;
                    covering.clear();
                }
                if (size == bestSize) {
                    covering.add(mask);
                }
            }
        }
        // greedy by name: keep worker i when some minimum cover contains it and every worker kept before it
        int kept = 0;
        int dropped = 0;
        for (int i = 0; i < n; i++) {
            int with = kept | 1 << i;
            int drop = dropped;
            if (covering.stream().anyMatch(m -> (m & with) == with && (m & drop) == 0)) {
                kept = with;
            } else {
                dropped |= 1 << i;
            }
        }
        List<String> names = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if ((kept & 1 << i) != 0) {
                names.add(sorted.get(i).name());
            }
        }
        return names;
    }

    private static boolean covers(List<Worker> w, int mask, Map<String, Integer> need) {
        for (Map.Entry<String, Integer> e : need.entrySet()) {
            java.util.Set<String> levels = new java.util.HashSet<>();
            for (int i = 0; i < w.size(); i++) {
                if ((mask & 1 << i) != 0 && w.get(i).attributes().get(e.getKey()) != null) {
                    levels.add(w.get(i).attributes().get(e.getKey()));
                }
            }
            if (levels.size() < e.getValue()) {
                return false;
            }
        }
        return true;
    }
}
