package io.pilotbench.stats.changepoint;

import static org.assertj.core.api.Assertions.assertThat;

import io.pilotbench.stats.RReference;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * WeightedShifts against Apache Otava's own change points on the same histories, where the points carry no
 * uncertainty of their own (the case Otava is made for). The series and Otava's answers come from
 * {@code src/test/resources/otava/otava-reference.py}, which runs Otava's {@code compute_change_points} (commit
 * 1ceb153, defaults: window 50, p 0.001) on 12 seeded 100-commit histories: four flat, eight with one to three
 * planted steps of 1% to 6% (noise sd 1%).
 */
class WeightedShiftsOtavaTest {
    private static Map<String, double[]> series() {
        Map<String, List<Double>> values = new LinkedHashMap<>();
        for (Map<String, String> row : RReference.csv("/otava/otava-series.csv")) {
            values.computeIfAbsent(row.get("series"), k -> new ArrayList<>()).add(Double.parseDouble(row.get("value")));
        }
        Map<String, double[]> out = new LinkedHashMap<>();
        values.forEach(
                (k, v) -> out.put(k, v.stream().mapToDouble(Double::doubleValue).toArray()));
        return out;
    }

    private static Map<String, List<Integer>> otava(Iterable<String> names) {
        Map<String, List<Integer>> out = new LinkedHashMap<>();
        names.forEach(n -> out.put(n, new ArrayList<>()));
        for (Map<String, String> row : RReference.csv("/otava/otava-reference.csv")) {
            out.get(row.get("series")).add(Integer.parseInt(row.get("index")));
        }
        return out;
    }

    /**
     * Otava finds 13 change points in the 12 histories; WeightedShifts (α 1%, all errors 0) finds 12 of them within
     * one commit, and one of its own. The two differences, both in single histories: a 1% step (one noise sd) that
     * Otava places at 55, five commits after where it was planted, and WeightedShifts does not call; a shift at 96
     * that only WeightedShifts calls. A change to either method that moves this agreement shows here.
     */
    @Test
    void withNoUncertaintyItFindsOtavasChangePoints() {
        Map<String, double[]> series = series();
        Map<String, List<Integer>> otava = otava(series.keySet());
        assertThat(series).hasSize(12);
        int otavaPoints = 0;
        int matched = 0;
        int oursOnly = 0;
        for (var e : series.entrySet()) {
            double[] errors = new double[e.getValue().length];
            List<Integer> ours = WeightedShifts.indices(WeightedShifts.find(e.getValue(), errors, 0.01, 1));
            List<Integer> theirs = otava.get(e.getKey());
            System.out.println(e.getKey() + ": Otava " + theirs + ", WeightedShifts " + ours);
            otavaPoints += theirs.size();
            matched += (int) theirs.stream()
                    .filter(t -> ours.stream().anyMatch(o -> Math.abs(o - t) <= 1))
                    .count();
            oursOnly += (int) ours.stream()
                    .filter(o -> theirs.stream().noneMatch(t -> Math.abs(o - t) <= 1))
                    .count();
            if (e.getKey().startsWith("flat")) {
                assertThat(ours).as(e.getKey() + ": flat, and Otava agrees").isEmpty();
            }
        }
        assertThat(otavaPoints).isEqualTo(13);
        assertThat(matched).as("Otava's change points found within one commit").isGreaterThanOrEqualTo(12);
        assertThat(oursOnly).as("change points Otava does not have").isLessThanOrEqualTo(1);
    }
}
