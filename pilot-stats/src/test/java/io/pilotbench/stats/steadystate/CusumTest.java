package io.pilotbench.stats.steadystate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.pilotbench.stats.RReference;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The Kolmogorov tail against R's limiting distribution (r/kolmogorov-reference.R), to 1e-12 absolute. */
class CusumTest {

    @Test
    void kolmogorovTailMatchesR() {
        for (Map<String, String> row : RReference.table("kolmogorov-reference.csv")) {
            double c = Double.parseDouble(row.get("c"));
            double cdf = Double.parseDouble(row.get("cdf"));
            assertThat(Cusum.kolmogorovTail(c)).as("c = %s", c).isCloseTo(1 - cdf, within(c < 0.35 ? 1e-5 : 1e-12));
        }
    }

    @Test
    void partialSumsAndTheirMaximum() {
        double[] s = Cusum.partialSums(new double[] {3, 3, 1, 1}, 0, 4);
        assertThat(s).containsExactly(0, 1, 2, 1, 0);
        assertThat(Cusum.argMax(s)).isEqualTo(2);
    }
}
