package io.pilotbench.stats.regression;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.pilotbench.stats.ConfidenceInterval;
import io.pilotbench.stats.RefData;
import io.pilotbench.stats.StudentT;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Inference against commons-math/R cases (refdata/regression/regression_cases.json) and the edge cases. */
class LinearRegressionTest {
    private static final JsonNode CASES =
            RefData.json("regression/regression_cases.json").get("cases");

    private static double[] array(JsonNode node) {
        double[] a = new double[node.size()];
        for (int i = 0; i < a.length; i++) {
            a[i] = node.get(i).asDouble();
        }
        return a;
    }

    private static double num(JsonNode c, String field) {
        return RefData.number(c.get(field));
    }

    /** commons-math SimpleRegressionTest.testInference ("verified against R 1.8.1"), upstream's tolerances. */
    @Test
    void inferenceMatchesR() {
        for (int index : new int[] {0, 1}) {
            JsonNode c = CASES.get(index);
            JsonNode tol = c.get("tolerances_used_upstream");
            OlsResult fit = LinearRegression.simple(array(c.get("x")), array(c.get("y")));
            String name = c.get("name").asString();
            assertThat(fit.coefficient(1).standardError())
                    .as(name)
                    .isCloseTo(num(c, "slope_stderr"), within(num(tol, "slope_stderr")));
            assertThat(fit.coefficient(0).standardError())
                    .as(name)
                    .isCloseTo(num(c, "intercept_stderr"), within(num(tol, "intercept_stderr")));
            assertThat(fit.coefficient(1).pValue())
                    .as(name)
                    .isCloseTo(num(c, "slope_p_value_two_sided"), within(num(tol, "significance")));
            ConfidenceInterval ci = fit.confidenceInterval(1, 0.95);
            assertThat(ci.halfWidth())
                    .as(name)
                    .isCloseTo(num(c, "slope_ci95_half_width"), within(num(tol, "half_width")));
            assertThat(ci.low()).isEqualTo(fit.coefficient(1).estimate() - ci.halfWidth());
            assertThat(ci.contains(fit.coefficient(1).estimate())).isTrue();
        }
    }

    /** The stated CI half-widths to all the digits given (they carry 12 significant digits). */
    @Test
    void slopeConfidenceHalfWidthsToTwelveDigits() {
        assertThat(LinearRegression.simple(
                                array(CASES.get(0).get("x")), array(CASES.get(0).get("y")))
                        .confidenceInterval(1, 0.95)
                        .halfWidth())
                .isCloseTo(0.0270713794287, within(1e-13));
        OlsResult bad = LinearRegression.simple(
                array(CASES.get(1).get("x")), array(CASES.get(1).get("y")));
        assertThat(bad.confidenceInterval(1, 0.95).halfWidth()).isCloseTo(2.97802204827, within(1e-11));
        assertThat(bad.coefficient(1).pValue()).isCloseTo(0.261829133982, within(1e-12));
    }

    @Test
    void correlationExample() {
        JsonNode c = CASES.get(2);
        OlsResult fit = LinearRegression.simple(array(c.get("x")), array(c.get("y")));
        double r = Math.signum(fit.coefficient(1).estimate()) * Math.sqrt(fit.rSquared());
        assertThat(r).isCloseTo(num(c, "pearson_r"), within(1e-11));
    }

    /** Norris through the regression-case entry (mse) and the README's slope-CI check with df 34. */
    @Test
    void norrisMseAndSlopeInterval() {
        JsonNode c = CASES.get(3);
        List<double[]> rows = RefData.rows("nist/regression/scipy_Norris.dat", 61);
        OlsResult fit = LinearRegression.simple(RefData.column(rows, 1), RefData.column(rows, 0));
        assertThat(fit.residualSd() * fit.residualSd()).isCloseTo(num(c, "mse"), within(num(c, "mse") * 1e-12));
        ConfidenceInterval ci = fit.confidenceInterval(1, 0.95);
        double expected = StudentT.critical(0.95, 34) * num(c, "slope_stderr");
        assertThat(ci.halfWidth()).isCloseTo(expected, within(expected * 1e-11));
        assertThat(ci.confidence()).isEqualTo(0.95);
    }

    @Test
    void exactFitHasZeroErrorsAndInfiniteF() {
        double[] x = {0, 1, 2, 3, 4};
        double[] y = {2, 5, 8, 11, 14};
        OlsResult fit = LinearRegression.simple(x, y);
        assertThat(fit.estimates()).containsExactly(2, 3);
        assertThat(fit.coefficient(1).standardError()).isZero();
        assertThat(fit.coefficient(1).t()).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(fit.coefficient(1).pValue()).isZero();
        assertThat(fit.f()).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(fit.fPValue()).isZero();
        assertThat(fit.rSquared()).isEqualTo(1);
        assertThat(fit.confidenceInterval(1, 0.95).halfWidth()).isZero();
    }

    /** n = p: a unique fit with no residual degrees of freedom; every uncertainty is NaN. */
    @Test
    void asManyObservationsAsParametersGivesNaNUncertainty() {
        OlsResult fit = LinearRegression.simple(new double[] {1, 3}, new double[] {10, 4});
        assertThat(fit.estimates()).containsExactly(13, -3);
        assertThat(fit.residualDf()).isZero();
        assertThat(fit.residualSd()).isNaN();
        assertThat(fit.coefficient(1).standardError()).isNaN();
        assertThat(fit.coefficient(1).t()).isNaN();
        assertThat(fit.coefficient(1).pValue()).isNaN();
        assertThat(fit.f()).isNaN();
        assertThat(fit.fPValue()).isNaN();
        assertThat(fit.adjustedRSquared()).isNaN();
        assertThat(fit.confidenceInterval(1, 0.95).halfWidth()).isNaN();
    }

    @Test
    void constantResponseWithInterceptHasUndefinedRSquared() {
        OlsResult fit = LinearRegression.simple(new double[] {1, 2, 3, 4}, new double[] {7, 7, 7, 7});
        assertThat(fit.coefficient(1).estimate()).isZero();
        assertThat(fit.coefficient(0).estimate()).isEqualTo(7);
        assertThat(fit.rSquared()).isNaN();
        assertThat(fit.f()).isNaN();
    }

    /** Without intercept, R² is uncentred (NIST NoInt): a line through the origin fitting exactly has R² 1. */
    @Test
    void noInterceptModelAgreesWithHandComputation() {
        double[] x = {1, 2, 3, 4};
        double[] y = {1.1, 1.9, 3.2, 3.9};
        OlsResult fit = LinearRegression.fit(y, new double[][] {x}, false);
        // b = Σxy/Σx² = 30.1/30; RSS = Σy² − b·Σxy; uncentred R² = 1 − RSS/Σy².
        double b = 30.1 / 30;
        assertThat(fit.estimates()).hasSize(1);
        assertThat(fit.coefficient(0).estimate()).isCloseTo(b, within(1e-15));
        double rss = (1.21 + 3.61 + 10.24 + 15.21) - b * 30.1;
        assertThat(fit.residualSs()).isCloseTo(rss, within(1e-13));
        assertThat(fit.rSquared()).isCloseTo(1 - rss / 30.27, within(1e-14));
        assertThat(fit.residualDf()).isEqualTo(3);
    }

    @Test
    void polynomialOfDegreeOneIsTheSimpleRegression() {
        double[] x = {15.6, 26.8, 37.8, 36.4, 35.5, 18.6, 15.3, 7.9, 0.0};
        double[] y = {5.2, 6.1, 8.7, 8.5, 8.8, 4.9, 4.5, 2.5, 1.1};
        assertThat(LinearRegression.polynomial(x, y, 1)).isEqualTo(LinearRegression.simple(x, y));
    }

    @Test
    void rejectsFewerObservationsThanParameters() {
        assertThatThrownBy(() -> LinearRegression.simple(new double[] {1}, new double[] {2}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("1 observations, 2 parameters");
        assertThatThrownBy(() -> LinearRegression.polynomial(new double[] {1, 2, 3}, new double[] {1, 2, 3}, 3))
                .hasMessageContaining("3 observations, 4 parameters");
        assertThatThrownBy(() -> LinearRegression.simple(new double[0], new double[0]))
                .hasMessageContaining("0 observations");
    }

    @Test
    void rejectsRankDeficientDesigns() {
        double[] y = {1, 2, 4, 3, 5};
        double[] x = {1, 2, 3, 4, 5};
        assertThatThrownBy(() -> LinearRegression.fit(y, new double[][] {x, {3, 3, 3, 3, 3}}, true))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("predictor 2 is constant, which the intercept already covers");
        assertThatThrownBy(() -> LinearRegression.fit(y, new double[][] {x, x.clone()}, true))
                .hasMessageContaining("rank-deficient design: predictor 2 is (nearly) a linear combination");
        double[] combination = {3, 5, 7, 9, 11}; // 1 + 2x
        assertThatThrownBy(() -> LinearRegression.fit(y, new double[][] {x, combination}, true))
                .hasMessageContaining("predictor 2");
        double[] nearlyX = {1, 2 + 1e-12, 3, 4 - 1e-12, 5};
        assertThatThrownBy(() -> LinearRegression.fit(y, new double[][] {x, nearlyX}, true))
                .hasMessageContaining("predictor 2 is (nearly)");
        assertThatThrownBy(() -> LinearRegression.fit(y, new double[][] {{0, 0, 0, 0, 0}}, false))
                .hasMessageContaining("predictor 1 is all zero");
        // Two distinct x values cannot carry a quadratic.
        assertThatThrownBy(() -> LinearRegression.polynomial(new double[] {1, 1, 2, 2}, new double[] {1, 2, 3, 4}, 2))
                .hasMessageContaining("rank-deficient");
    }

    @Test
    void rejectsNonFiniteAndMalformedInput() {
        assertThatThrownBy(() -> LinearRegression.simple(new double[] {1, 2, Double.NaN}, new double[] {1, 2, 3}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("predictor 1[2] is NaN; values must be finite");
        assertThatThrownBy(() ->
                        LinearRegression.simple(new double[] {1, 2, 3}, new double[] {1, Double.POSITIVE_INFINITY, 3}))
                .hasMessage("y[1] is Infinity; values must be finite");
        assertThatThrownBy(() -> LinearRegression.simple(new double[] {1, 2}, new double[] {1, 2, 3}))
                .hasMessageContaining("predictor 1 has 2 values but y has 3");
        assertThatThrownBy(() -> LinearRegression.fit(new double[] {1, 2}, new double[0][], true))
                .hasMessageContaining("at least one predictor");
        assertThatThrownBy(() -> LinearRegression.polynomial(new double[] {1, 2}, new double[] {1, 2}, 0))
                .hasMessageContaining("degree");
        OlsResult fit = LinearRegression.simple(new double[] {1, 2, 3}, new double[] {1, 3, 2});
        assertThatThrownBy(() -> fit.confidenceInterval(1, 1.0)).hasMessageContaining("confidence");
    }
}
