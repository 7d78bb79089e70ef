package io.pilotbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

class DescriptiveTest {

    /**
     * NIST StRD univariate summary statistics: certified mean, sd (n−1) and r(1).
     *
     * <p>Tolerances (relative): mean 1e-14; sd and r(1) 1e-12, except NumAcc3/4, whose decimal inputs (1000000.2 ±
     * 0.1, 10000000.2 ± 0.1) are not representable in binary: the exact sd of the stored doubles differs from the
     * certified 0.1 by 3.5e-10 and 5.6e-9 (checked with exact rational arithmetic), so those two sds are checked to
     * 1e-9 and 1e-8, and their r(1) likewise. The naive one-pass formula gives a variance of −2.0 on NumAcc4.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("univariateSets")
    void nistUnivariateCertifiedValues(String name, double[] data, double mean, double sd, double r1, double tol) {
        assertThat(data)
                .hasSize(RefData.json("nist/certified_values.json")
                        .get("univariate")
                        .get(name)
                        .get("n")
                        .asInt());
        assertThat(Descriptive.mean(data)).isCloseTo(mean, within(Math.abs(mean) * 1e-14));
        assertThat(Descriptive.stddev(data)).isCloseTo(sd, within(sd * tol));
        assertThat(Descriptive.lag1Autocorrelation(data)).isCloseTo(r1, within(Math.abs(r1) * tol));
    }

    static Stream<Arguments> univariateSets() {
        JsonNode sets = RefData.json("nist/certified_values.json").get("univariate");
        return Stream.of("Lew", "Lottery", "Mavro", "Michelso", "NumAcc1", "NumAcc2", "NumAcc3", "NumAcc4", "PiDigits")
                .map(name -> {
                    JsonNode set = sets.get(name);
                    String file = set.get("file").asString();
                    double[] data = file.startsWith("univariate/mathnet_")
                            ? afterDashes(RefData.lines("nist/" + file))
                            : RefData.column(
                                    RefData.rows(
                                            "nist/" + file,
                                            set.get("data_first_line_1based").asInt()),
                                    0);
                    double tol =
                            switch (name) {
                                case "NumAcc3" -> 1e-9;
                                case "NumAcc4" -> 1e-8;
                                default -> 1e-12;
                            };
                    return Arguments.of(
                            name,
                            data,
                            RefData.number(set.get("mean")),
                            RefData.number(set.get("sd_n_minus_1")),
                            RefData.number(set.get("lag1_autocorrelation")),
                            tol);
                });
    }

    /** mathnet's Lew/Lottery copies have a short header: the data follow the "----------" line. */
    private static double[] afterDashes(List<String> lines) {
        int start = 0;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith("----------")) {
                start = i + 1;
            }
        }
        return lines.subList(start, lines.size()).stream()
                .map(String::strip)
                .filter(s -> !s.isEmpty())
                .mapToDouble(Double::parseDouble)
                .toArray();
    }

    @Test
    void originalPilotMeans() {
        // docs/original.md#vectors-statistics and #vectors-dataset-f
        assertThat(Descriptive.mean(RefData.DATASET_F)).isCloseTo(1.756458333333333, within(1.76e-15));
        assertThat(Descriptive.harmonicMean(RefData.DATASET_F)).isCloseTo(1.7139125641586617, within(1.72e-15));
        assertThat(Descriptive.harmonicMean(new double[] {1.21, 1.67, 1.71, 1.53, 2.03, 2.15}))
                .isCloseTo(1.6568334130160711, within(1.66e-15));
    }

    /**
     * Percentiles by selection must be exactly those of a sorted copy, one at a time and several selected in one
     * array (each within the part the others bound: any set of ranks, adjacent, equal, first and last, in any
     * order), with many ties or none.
     */
    @Test
    void percentilesBySelectionEqualThoseOfASortedCopy() {
        java.util.SplittableRandom r = new java.util.SplittableRandom(3);
        for (int trial = 0; trial < 600; trial++) {
            int n = 1 + r.nextInt(trial < 300 ? 60 : 5000);
            double[] x = new double[n];
            for (int i = 0; i < n; i++) {
                x[i] = trial % 3 == 0 ? r.nextInt(5) : r.nextGaussian(); // many ties, or none
            }
            double[] sorted = x.clone();
            java.util.Arrays.sort(sorted);
            for (double p : new double[] {0, 1, 10, 25, 50, 75, 90, 99, 100}) {
                assertThat(Descriptive.percentile(x, p)).as("n=%d p=%s", n, p).isEqualTo(type7(sorted, p));
            }
            double[] ps = new double[1 + r.nextInt(7)];
            for (int i = 0; i < ps.length; i++) {
                ps[i] = r.nextInt(4) == 0 ? r.nextInt(101) : 100 * r.nextDouble();
            }
            double[] got = Descriptive.percentilesInPlace(x.clone(), ps);
            for (int i = 0; i < ps.length; i++) {
                assertThat(got[i])
                        .as("n=%d p=%s of %s", n, ps[i], java.util.Arrays.toString(ps))
                        .isEqualTo(type7(sorted, ps[i]));
            }
        }
    }

    /** R's type 7 percentile of a sorted sample, from its definition. */
    static double type7(double[] sorted, double p) {
        int n = sorted.length;
        double h = (n - 1) * p / 100;
        int lo = (int) Math.floor(h);
        return lo >= n - 1 ? sorted[n - 1] : sorted[lo] + (h - lo) * (sorted[lo + 1] - sorted[lo]);
    }

    @Test
    void percentilesFollowRType7() {
        double[] x = {3, 1, 4, 1, 5, 9, 2, 6};
        // R: quantile(c(3,1,4,1,5,9,2,6), c(0, .25, .5, .9, 1)) = 1.00 1.75 3.50 6.90 9.00
        assertThat(Descriptive.percentile(x, 0)).isEqualTo(1);
        assertThat(Descriptive.percentile(x, 25)).isCloseTo(1.75, within(1e-15));
        assertThat(Descriptive.median(x)).isCloseTo(3.5, within(1e-15));
        assertThat(Descriptive.percentile(x, 90)).isCloseTo(6.9, within(1e-14));
        assertThat(Descriptive.percentile(x, 100)).isEqualTo(9);
        assertThat(Descriptive.median(new double[] {5, 1, 3})).isEqualTo(3);
        assertThatThrownBy(() -> Descriptive.percentile(x, 101)).hasMessageContaining("[0, 100]");
    }

    @Test
    void smallAndDegenerateSamples() {
        double[] empty = {};
        assertThat(Descriptive.mean(empty)).isNaN();
        assertThat(Descriptive.variance(empty)).isNaN();
        assertThat(Descriptive.min(empty)).isNaN();
        assertThat(Descriptive.median(empty)).isNaN();
        assertThat(Descriptive.lag1Autocorrelation(empty)).isNaN();

        double[] one = {4.5};
        assertThat(Descriptive.mean(one)).isEqualTo(4.5);
        assertThat(Descriptive.variance(one)).isNaN();
        assertThat(Descriptive.median(one)).isEqualTo(4.5);
        assertThat(Descriptive.lag1Autocorrelation(one)).isNaN();

        double[] two = {1, 3};
        assertThat(Descriptive.variance(two)).isEqualTo(2);
        assertThat(Descriptive.lag1Autocorrelation(two)).isEqualTo(-0.5);

        double[] constant = {7, 7, 7, 7};
        assertThat(Descriptive.variance(constant)).isZero();
        assertThat(Descriptive.lag1Autocorrelation(constant)).isNaN();
        assertThat(Descriptive.max(constant)).isEqualTo(7);
    }

    @Test
    void nonFiniteInputIsRejectedWithItsIndex() {
        assertThatThrownBy(() -> Descriptive.mean(new double[] {1, Double.NaN})).hasMessageContaining("index 1");
        assertThatThrownBy(() -> Descriptive.variance(new double[] {Double.POSITIVE_INFINITY}))
                .hasMessageContaining("Infinity at index 0");
        assertThatThrownBy(() -> Descriptive.harmonicMean(new double[] {1, 0})).hasMessageContaining("> 0");
    }
}
