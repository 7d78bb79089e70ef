package io.pilotbench.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The histogram's quantiles by selection equal those of a full sort (R's type 7), ties and all. */
class SessionChartsTest {

    private static double sortedQuantile(double[] data, double p) {
        double[] s = data.clone();
        Arrays.sort(s);
        double h = (s.length - 1) * p;
        int lo = (int) Math.floor(h);
        int hi = Math.min(s.length - 1, lo + 1);
        return s[lo] + (h - lo) * (s[hi] - s[lo]);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5, 10, 101, 1000, 100_000})
    void selectionGivesTheSortedQuantiles(int n) {
        SplittableRandom r = new SplittableRandom(n);
        for (boolean ties : new boolean[] {false, true}) {
            double[] data = new double[n];
            for (int i = 0; i < n; i++) {
                data[i] = ties ? r.nextInt(5) : r.nextGaussian();
            }
            double[] work = data.clone();
            for (double p : new double[] {0.75, 0.25, 0.5, 0, 1, 0.1}) {
                assertThat(SessionCharts.quantile(work, p))
                        .as("n %d, p %s, ties %s", n, p, ties)
                        .isEqualTo(sortedQuantile(data, p));
            }
            double[] copy = work.clone();
            Arrays.sort(copy);
            double[] original = data.clone();
            Arrays.sort(original);
            assertThat(copy).as("selection only reorders").isEqualTo(original);
        }
    }
}
