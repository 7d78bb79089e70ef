package io.pilotbench.stats.timeseries;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.pilotbench.stats.RReference;
import io.pilotbench.stats.RefData;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Burg fits against R's {@code ar.burg} (r/ar-reference.R: NIST's Michelso series and two seeded series, orders
 * 1–6), tolerance 1e-10 relative; BIC's choice against the BIC computed from R's own innovation variances.
 */
class AutoRegressionTest {
    private static final double REL = 1e-10;

    static Map<String, double[]> series() {
        Map<String, List<Double>> read = new LinkedHashMap<>();
        for (Map<String, String> row : RReference.table("ar-series.csv")) {
            read.computeIfAbsent(row.get("series"), k -> new ArrayList<>())
                    .add(Double.parseDouble(row.get("value").strip()));
        }
        Map<String, double[]> out = new LinkedHashMap<>();
        out.put("michelso", RefData.column(RefData.rows("nist/univariate/commons-math_Michelso.txt", 61), 0));
        read.forEach(
                (k, v) -> out.put(k, v.stream().mapToDouble(Double::doubleValue).toArray()));
        return out;
    }

    /** series → order → term → value (term 1..p coefficients, 0 innovation variance, −1 spectrum at zero). */
    static Map<String, Map<Integer, Map<Integer, Double>>> reference() {
        Map<String, Map<Integer, Map<Integer, Double>>> ref = new LinkedHashMap<>();
        for (Map<String, String> row : RReference.table("ar-reference.csv")) {
            ref.computeIfAbsent(row.get("series"), k -> new LinkedHashMap<>())
                    .computeIfAbsent(Integer.parseInt(row.get("order")), k -> new LinkedHashMap<>())
                    .put(
                            Integer.parseInt(row.get("term")),
                            Double.parseDouble(row.get("value").strip()));
        }
        return ref;
    }

    static Stream<Arguments> cases() {
        Map<String, double[]> series = series();
        List<Arguments> out = new ArrayList<>();
        reference()
                .forEach((name, orders) ->
                        orders.forEach((p, terms) -> out.add(Arguments.of(name, series.get(name), p, terms))));
        return out.stream();
    }

    @ParameterizedTest(name = "{0}, order {2}")
    @MethodSource("cases")
    void burgMatchesR(String name, double[] x, int order, Map<Integer, Double> r) {
        ArModel m = AutoRegression.burg(x, order).get(order);
        assertThat(m.order()).isEqualTo(order);
        for (int i = 1; i <= order; i++) {
            assertThat(m.coefficient(i))
                    .as("phi%d", i)
                    .isCloseTo(r.get(i), within(REL * Math.max(1, Math.abs(r.get(i)))));
        }
        assertThat(m.innovationVariance()).isCloseTo(r.get(0), within(REL * r.get(0)));
        assertThat(m.spectrumAtZero()).isCloseTo(r.get(-1), within(REL * r.get(-1)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("bicCases")
    void bicChoosesTheOrderThatRsVariancesGive(String name, double[] x, int expected) {
        assertThat(AutoRegression.bic(x, 6).order()).isEqualTo(expected);
    }

    static Stream<Arguments> bicCases() {
        Map<String, double[]> series = series();
        List<Arguments> out = new ArrayList<>();
        reference().forEach((name, orders) -> {
            double[] x = series.get(name);
            int n = x.length;
            double mean = 0;
            for (double v : x) {
                mean += v;
            }
            mean /= n;
            double ss = 0;
            for (double v : x) {
                ss += (v - mean) * (v - mean);
            }
            int best = 0;
            double bestScore = n * Math.log(ss / n) + Math.log(n);
            for (int p = 1; p <= 6; p++) {
                double score = n * Math.log(orders.get(p).get(0)) + Math.log(n) * (p + 1);
                if (score < bestScore) {
                    bestScore = score;
                    best = p;
                }
            }
            out.add(Arguments.of(name, x, best));
        });
        return out.stream();
    }

    @Test
    void seededSeriesHaveTheOrdersTheyWereMadeWith() {
        Map<String, double[]> s = series();
        assertThat(AutoRegression.bic(s.get("white"), 6).order()).isZero();
        assertThat(AutoRegression.bic(s.get("ar2"), 6).order()).isEqualTo(2);
    }

    @Test
    void whiteNoiseSpectrumAtZeroIsTheVariance() {
        double[] x = {1, 3, 2, 5, 4};
        ArModel m = AutoRegression.burg(x, 0).get(0);
        assertThat(m.spectrumAtZero()).isCloseTo(2, within(1e-15)); // Σ(x − 3)²/n
        assertThat(m.predictionVariance()).isCloseTo(2.5, within(1e-15)); // Σ(x − 3)²/(n − 1)
    }

    @Test
    void badInputIsRefused() {
        assertThatThrownBy(() -> AutoRegression.burg(new double[] {1}, 0)).hasMessageContaining("at least 2");
        assertThatThrownBy(() -> AutoRegression.burg(new double[] {1, 2, 3}, 3)).hasMessageContaining("order");
        assertThatThrownBy(() -> AutoRegression.burg(new double[] {1, Double.NaN, 3}, 1))
                .hasMessageContaining("finite");
    }

    @Test
    void anExactlyPredictableSeriesStopsEarly() {
        double[] x = new double[40];
        for (int i = 0; i < x.length; i++) {
            x[i] = i % 2 == 0 ? 1 : -1;
        }
        List<ArModel> fits = AutoRegression.burg(x, 5);
        assertThat(fits.size()).isLessThan(6);
        assertThat(fits.get(1).coefficient(1)).isCloseTo(-1, within(0.05));
    }
}
