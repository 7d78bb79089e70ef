package io.pilotbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Welch's and the pooled two-sample t-test against R 4.2's {@code t.test}, and against the figures published for the
 * original Auto-pilot.
 *
 * <p>The R values are in {@code src/test/resources/r/ttest-reference.csv}, written by {@code ttest-reference.R} in
 * the same folder from the samples in {@code ttest-samples.csv} (17 significant digits, so both sides compute on the
 * same doubles): R's {@code sleep} data and four seeded draws (normal 30 vs 45 with unequal sd, lognormal 12 vs 200,
 * n = 2 vs 3, and a pair whose second mean is near 0).
 */
class TTestRReferenceTest {
    /**
     * Relative tolerance against R: 1e-9. Both sides use a regularised-incomplete-beta t distribution (R's pt/qt;
     * Hipparchus with a 1e-15 inverse accuracy in {@link StudentT}) and agree to within 1e-13 on these inputs; the
     * remaining arithmetic (means, variances, Welch–Satterthwaite df) is accurate to a few ulps. 1e-9 leaves room for
     * the t distribution's accuracy at fractional df near 2 (the n = 2 vs 3 dataset) without hiding a wrong formula,
     * which moves results by 1e-3 or more.
     */
    private static final double REL = 1e-9;

    static Stream<Arguments> rReference() {
        Map<String, double[][]> samples = RReference.samples();
        return RReference.table("ttest-reference.csv").stream().map(row -> {
            double[][] xy = samples.get(row.get("dataset"));
            return Arguments.of(row.get("dataset"), row.get("method"), xy[0], xy[1], row);
        });
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("rReference")
    void matchesRTTest(String dataset, String method, double[] x, double[] y, Map<String, String> r) {
        assertThat(x).hasSize(Integer.parseInt(r.get("n_x")));
        assertThat(y).hasSize(Integer.parseInt(r.get("n_y")));
        boolean welch = method.equals("welch");
        TTestResult r95 = welch ? TTest.welch(x, y, 0.95) : TTest.pooled(x, y, 0.95);
        TTestResult r99 = welch ? TTest.welch(x, y, 0.99) : TTest.pooled(x, y, 0.99);

        assertRelative(r95.t(), r, "t");
        assertRelative(r95.df(), r, "df");
        assertRelative(r95.standardError(), r, "stderr");
        assertRelative(r95.pTwoSided(), r, "p_two_sided");
        assertRelative(r95.pLess(), r, "p_less");
        assertRelative(r95.pGreater(), r, "p_greater");
        assertRelative(r95.difference().low(), r, "ci95_low");
        assertRelative(r95.difference().high(), r, "ci95_high");
        assertRelative(r99.difference().low(), r, "ci99_low");
        assertRelative(r99.difference().high(), r, "ci99_high");
        // the level only changes the interval
        assertThat(r99.pTwoSided()).isEqualTo(r95.pTwoSided());
        assertThat(r95.difference().confidence()).isEqualTo(0.95);
        assertThat(r99.difference().confidence()).isEqualTo(0.99);
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("rReference")
    void summaryStatisticsGiveTheSameResultAsRawSamples(
            String dataset, String method, double[] x, double[] y, Map<String, String> r) {
        SampleStats a = new SampleStats(mean(x), variance(x), x.length);
        SampleStats b = new SampleStats(mean(y), variance(y), y.length);
        TTestResult fromStats = method.equals("welch") ? TTest.welch(a, b, 0.99) : TTest.pooled(a, b, 0.99);
        assertRelative(fromStats.t(), r, "t");
        assertRelative(fromStats.pTwoSided(), r, "p_two_sided");
        assertRelative(fromStats.difference().low(), r, "ci99_low");
        assertRelative(fromStats.difference().high(), r, "ci99_high");
    }

    // ---- Auto-pilot, USENIX 2005, Figure 3 (Getstats output) -------------------------------------------------------
    //
    // Wright, Joukov, Kulkarni, Miretskiy, Zadok, "Auto-pilot: A Platform for System Software Benchmarking", USENIX
    // ATC 2005 FREENIX track, Figure 3: two configurations (remount, chill) with n = 10 runs each, summarised by the
    // mean and the standard deviation as a percentage of the mean, compared with the pooled two-sample t-test.
    // "p(u1<=u2)" is the p-value for rejecting H0: u1 <= u2, i.e. our pGreater; "p(u1>=u2)" is pLess.

    private record Published(
            String name,
            double mean1,
            double sdPercent1,
            double mean2,
            double sdPercent2,
            double ciLow,
            double ciHigh,
            double pGreater,
            double pLess,
            double pTwoSided) {}

    private static final Published ELAPSED =
            new Published("Elapsed", 38.751, 0.614, 38.649, 2.528, -0.567, 0.769, 0.377, 0.623, 0.754);
    private static final Published SYSTEM =
            new Published("System", 1.796, 9.255, 1.663, 5.071, 0.009, 0.257, 0.018, 0.982, 0.037);

    /** A published figure rounded to 3 decimals is within half a unit of the last digit of the true value. */
    private static final double PUBLISHED_ROUNDING = 0.0005;

    private static TTestResult pooled(double mean1, double sdPercent1, double mean2, double sdPercent2) {
        double sd1 = mean1 * sdPercent1 / 100;
        double sd2 = mean2 * sdPercent2 / 100;
        return TTest.pooled(new SampleStats(mean1, sd1 * sd1, 10), new SampleStats(mean2, sd2 * sd2, 10), 0.95);
    }

    /**
     * At the published (rounded) inputs. The inputs are themselves rounded to 3 decimals (means ±0.0005, sd
     * percentages ±0.0005 points); propagated through the test this moves the Elapsed p-values by up to ±0.0024 (its
     * t is small, so p is steep in the 0.102 difference of means) and the CI bounds by up to ±0.0012 (the difference
     * itself moves by ±0.001). Adding the ±0.0005 rounding of the published outputs gives ±0.003 for p and ±0.002 for
     * the CI bounds. A Welch test instead of the pooled one misses the Elapsed CI by 0.04.
     */
    @Test
    void reproducesAutoPilotFigure3AtThePublishedInputs() {
        for (Published f : List.of(ELAPSED, SYSTEM)) {
            TTestResult r = pooled(f.mean1(), f.sdPercent1(), f.mean2(), f.sdPercent2());
            assertThat(r.df()).as(f.name() + " df").isEqualTo(18);
            assertThat(r.difference().low()).as(f.name() + " CI low").isCloseTo(f.ciLow(), within(0.002));
            assertThat(r.difference().high()).as(f.name() + " CI high").isCloseTo(f.ciHigh(), within(0.002));
            assertThat(r.pGreater()).as(f.name() + " p(u1<=u2)").isCloseTo(f.pGreater(), within(0.003));
            assertThat(r.pLess()).as(f.name() + " p(u1>=u2)").isCloseTo(f.pLess(), within(0.003));
            assertThat(r.pTwoSided()).as(f.name() + " p(u1==u2)").isCloseTo(f.pTwoSided(), within(0.003));
        }
    }

    /**
     * The tight form of the same check: every published figure lies within ±0.0005 (its own rounding) of the range the
     * pooled test takes over the box of inputs that round to the published ones (each of the four inputs at −0.0005,
     * 0 and +0.0005; the results are monotone in each input, so the corners bound the range).
     */
    @Test
    void reproducesAutoPilotFigure3WithinTheRoundingOfItsInputs() {
        for (Published f : List.of(ELAPSED, SYSTEM)) {
            double[][] range = new double[5][];
            for (int k = 0; k < 5; k++) {
                range[k] = new double[] {Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};
            }
            double[] steps = {-0.0005, 0, 0.0005};
            for (double d1 : steps) {
                for (double p1 : steps) {
                    for (double d2 : steps) {
                        for (double p2 : steps) {
                            TTestResult r =
                                    pooled(f.mean1() + d1, f.sdPercent1() + p1, f.mean2() + d2, f.sdPercent2() + p2);
                            double[] values = {
                                r.difference().low(), r.difference().high(), r.pGreater(), r.pLess(), r.pTwoSided()
                            };
                            for (int k = 0; k < 5; k++) {
                                range[k][0] = Math.min(range[k][0], values[k]);
                                range[k][1] = Math.max(range[k][1], values[k]);
                            }
                        }
                    }
                }
            }
            double[] published = {f.ciLow(), f.ciHigh(), f.pGreater(), f.pLess(), f.pTwoSided()};
            String[] names = {"CI low", "CI high", "p(u1<=u2)", "p(u1>=u2)", "p(u1==u2)"};
            for (int k = 0; k < 5; k++) {
                assertThat(published[k])
                        .as(f.name() + " " + names[k])
                        .isBetween(range[k][0] - PUBLISHED_ROUNDING, range[k][1] + PUBLISHED_ROUNDING);
            }
        }
    }

    /** The figure identifies the test: Welch's interval for Elapsed is far wider than the published one. */
    @Test
    void autoPilotFigure3IsNotWelch() {
        double sd1 = ELAPSED.mean1() * ELAPSED.sdPercent1() / 100;
        double sd2 = ELAPSED.mean2() * ELAPSED.sdPercent2() / 100;
        TTestResult welch = TTest.welch(
                new SampleStats(ELAPSED.mean1(), sd1 * sd1, 10), new SampleStats(ELAPSED.mean2(), sd2 * sd2, 10), 0.95);
        assertThat(Math.abs(welch.difference().low() - ELAPSED.ciLow())).isGreaterThan(0.02);
        assertThat(welch.df()).isLessThan(18);
    }

    // ---- helpers -----------------------------------------------------------------------------------------------

    private static void assertRelative(double actual, Map<String, String> r, String column) {
        double expected = Double.parseDouble(r.get(column));
        assertThat(actual)
                .as("%s %s %s", r.get("dataset"), r.get("method"), column)
                .isCloseTo(expected, within(REL * Math.abs(expected)));
    }

    private static double mean(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s / v.length;
    }

    private static double variance(double[] v) {
        double m = mean(v);
        double s = 0;
        for (double x : v) {
            s += (x - m) * (x - m);
        }
        return s / (v.length - 1);
    }
}
