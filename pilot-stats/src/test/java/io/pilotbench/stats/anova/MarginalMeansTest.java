package io.pilotbench.stats.anova;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Estimated marginal means against their definition (Searle, Speed &amp; Milliken 1980): in the full cell-means model
 * (every interaction) a level's marginal mean is the unweighted average of its cells' means, and the variance of a
 * difference of two is MSE / b² · Σ (1/n of each cell involved), b the other factor's levels. On statsmodels' kidney
 * data with rows dropped (unequal cells), so that raw level means differ from them.
 */
class MarginalMeansTest {
    private static final List<String> FULL = List.of("Duration", "Weight", "Duration:Weight");

    private record Data(double[] y, Map<String, String[]> factors) {}

    /** The kidney data of {@link FactorialAnovaTest} without its first {@code drop} rows. */
    private static Data kidney(int drop) {
        FactorialAnovaTest.Kidney k = FactorialAnovaTest.Kidney.load(drop);
        return new Data(k.logDays(), k.factors());
    }

    @Test
    void inTheFullModelALevelsMarginalMeanIsTheAverageOfItsCellMeans() {
        Data d = kidney(7);
        Map<String, double[]> cells = new TreeMap<>();
        for (int i = 0; i < d.y().length; i++) {
            double[] c = cells.computeIfAbsent(
                    d.factors().get("Duration")[i] + "|" + d.factors().get("Weight")[i], k -> new double[2]);
            c[0] += d.y()[i];
            c[1]++;
        }
        AnovaTable table = FactorialAnova.table(d.y(), d.factors(), FULL, SumOfSquares.TYPE_II);
        MarginalMeans m = FactorialAnova.marginalMeans(d.y(), d.factors(), FULL, "Duration", "1");
        assertThat(m.levels()).containsExactly("1", "2");
        double[] expected = new double[2];
        double[] inverseCounts = new double[2];
        int weights = 0;
        for (Map.Entry<String, double[]> e : cells.entrySet()) {
            int level = e.getKey().startsWith("1|") ? 0 : 1;
            expected[level] += e.getValue()[0] / e.getValue()[1];
            inverseCounts[level] += 1 / e.getValue()[1];
            weights += level == 0 ? 1 : 0;
        }
        for (int l = 0; l < 2; l++) {
            assertThat(m.means()[l]).isCloseTo(expected[l] / weights, within(1e-12));
        }
        // the raw level means differ: the cells are unequal, which is why the effect must not come from them
        double raw = 0;
        int n = 0;
        for (int i = 0; i < d.y().length; i++) {
            if (d.factors().get("Duration")[i].equals("1")) {
                raw += d.y()[i];
                n++;
            }
        }
        assertThat(Math.abs(raw / n - m.means()[0])).isGreaterThan(1e-3);
        double se = Math.sqrt(table.residual().meanSquare() * (inverseCounts[0] + inverseCounts[1])) / weights;
        assertThat(m.differences()[1]).isCloseTo(m.means()[1] - m.means()[0], within(1e-12));
        assertThat(m.standardErrors()[1]).isCloseTo(se, within(1e-12));
        assertThat(m.residualDf()).isEqualTo(table.residual().df());
    }

    @Test
    void withEveryCellAlikeTheyAreTheRawLevelMeans() {
        Data d = kidney(0); // 10 of each of the six cells
        MarginalMeans w =
                FactorialAnova.marginalMeans(d.y(), d.factors(), List.of("Duration", "Weight"), "Weight", "2");
        for (String level : w.levels()) {
            double sum = 0;
            int n = 0;
            for (int i = 0; i < d.y().length; i++) {
                if (d.factors().get("Weight")[i].equals(level)) {
                    sum += d.y()[i];
                    n++;
                }
            }
            assertThat(w.means()[w.indexOf(level)]).isCloseTo(sum / n, within(1e-12));
        }
        assertThat(w.differences()[w.indexOf("2")]).isZero();
        assertThatThrownBy(() -> FactorialAnova.marginalMeans(d.y(), d.factors(), FULL, "Weight", "9"))
                .hasMessageContaining("no level '9'");
    }
}
