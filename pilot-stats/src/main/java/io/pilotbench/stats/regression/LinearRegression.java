package io.pilotbench.stats.regression;

import io.pilotbench.stats.Descriptive;
import io.pilotbench.stats.FisherF;
import io.pilotbench.stats.StudentT;
import java.util.ArrayList;
import java.util.List;

/**
 * Ordinary least squares, simple and multiple, with or without intercept.
 *
 * <p>Method: the predictors are centred on their means (with an intercept) and scaled to unit Euclidean norm, and
 * the least-squares problem is solved by Householder QR (Golub &amp; Van Loan, Matrix Computations, 4th ed., §5.3.3),
 * never by the normal equations, whose condition number is the square of the design's. The QR solution is then
 * refined on the augmented system with double-double residuals (Björck 1967, see {@code RefinedLeastSquares}), which
 * makes the coefficients accurate to about κ·ε² + ε instead of κ²·ε·‖r‖. The intercept is the double-double mean of
 * y − Σβ_j x_j. Standard errors are s·‖row j of R⁻¹‖ (Cov β = σ²(XᵀX)⁻¹ = σ²R⁻¹R⁻ᵀ), accurate to about κ·ε (κ the
 * condition number of the centred, scaled design): 7 digits on NIST Filip, 12 or more on the other sets.
 *
 * <p>Checked against every NIST StRD linear-regression set (Norris, NoInt1/2, Pontius, Longley, Filip,
 * Wampler1–5; https://www.itl.nist.gov/div898/strd/lls/lls.shtml) and commons-math/R inference cases; see
 * {@code LinearRegressionNistTest} for the digits reached.
 *
 * <p>Inputs: all values finite (NaN or ±∞ throw); n ≥ number of parameters; the design must have full column rank
 * (a predictor that is constant alongside an intercept, or a duplicate or a linear combination of earlier predictors,
 * throws an {@link IllegalArgumentException} naming the column). n equal to the number of parameters is allowed and
 * gives NaN standard errors (see {@link OlsResult}).
 */
public final class LinearRegression {
    /**
     * Smallest |R_kk| accepted after unit column scaling: a column whose distance from the span of the earlier
     * (centred, unit) columns is below this is treated as dependent (its coefficients would carry fewer than about
     * 6 correct digits). It admits NIST Filip, whose smallest value is 6.1e-8
     * (R's {@code lm}, with its tolerance 1e-7, rejects Filip as singular).
     */
    static final double RANK_TOLERANCE = 1e-10;

    /**
     * Relative residual size ‖r‖/‖y‖ (2⁻⁵², one unit in the last place of a response) below which the fit is exact
     * to working precision: the residual SS is then reported as 0, so F = +∞ as NIST certifies for Wampler1/2.
     */
    static final double EXACT_FIT = 0x1p-52;

    private LinearRegression() {}

    /**
     * Simple regression y = β0 + β1·x.
     *
     * @param x predictor values, finite, not all equal; n ≥ 2
     * @param y responses, finite, same length
     */
    public static OlsResult simple(double[] x, double[] y) {
        return fit(y, new double[][] {x}, true);
    }

    /**
     * Polynomial regression y = β0 + β1·x + … + β_d·x^d (the NIST Pontius, Filip and Wampler models). The powers are
     * formed in double-double arithmetic and rounded once, so each column is the correctly rounded power.
     *
     * @param x      predictor values, finite, with at least degree + 1 distinct values
     * @param y      responses, finite, same length; n ≥ degree + 1
     * @param degree d ≥ 1
     */
    public static OlsResult polynomial(double[] x, double[] y, int degree) {
        if (degree < 1) {
            throw new IllegalArgumentException("degree must be >= 1, got " + degree);
        }
        requireFinite(x, "x");
        double[][] columns = new double[degree][x.length];
        double[][] lows = new double[degree][x.length];
        for (int i = 0; i < x.length; i++) {
            double hi = x[i];
            double lo = 0;
            columns[0][i] = hi;
            for (int k = 1; k < degree; k++) {
                double h = hi * x[i];
                double l = Math.fma(hi, x[i], -h) + lo * x[i];
                hi = h + l;
                lo = l - (hi - h);
                columns[k][i] = hi;
                lows[k][i] = lo;
            }
        }
        return fit(y, columns, lows, true);
    }

    /**
     * Multiple regression y = [β0 +] β1·x1 + … + βk·xk.
     *
     * @param y                responses (length n), finite
     * @param predictorColumns k ≥ 1 columns, {@code predictorColumns[j][i]} = predictor j at observation i, finite
     * @param intercept        whether to include an intercept β0
     * @throws IllegalArgumentException on NaN/∞, ragged or empty input, n below the number of parameters, or a
     *                                  rank-deficient design
     */
    public static OlsResult fit(double[] y, double[][] predictorColumns, boolean intercept) {
        return fit(y, predictorColumns, null, intercept);
    }

    /** As {@link #fit(double[], double[][], boolean)}, with optional low-order parts of the columns. */
    private static OlsResult fit(double[] y, double[][] predictorColumns, double[][] lowParts, boolean intercept) {
        requireValid(y, predictorColumns, intercept);
        int k = predictorColumns.length;
        int n = y.length;
        int parameters = k + (intercept ? 1 : 0);
        String[] names = new String[k];
        for (int j = 0; j < k; j++) {
            names[j] = "predictor " + (j + 1);
        }
        RefinedLeastSquares ls = new RefinedLeastSquares(y, predictorColumns, lowParts, intercept, names);
        double yMean = intercept ? Descriptive.mean(y) : 0;
        double regressionSs = 0;
        double residualSs = 0;
        for (int i = 0; i < n; i++) {
            // ŷ_i − ȳ = (y_i − ȳ) − r_i with y_i − ȳ kept to double-double accuracy.
            double d = y[i] - yMean;
            double bb = d - y[i];
            double dLo = (y[i] - (d - bb)) + (-yMean - bb);
            double fitted = (d - ls.residuals[i]) + dLo;
            regressionSs += fitted * fitted;
            residualSs += ls.residuals[i] * ls.residuals[i];
        }

        double sumOfSquares = 0;
        for (double v : y) {
            sumOfSquares += v * v;
        }
        if (residualSs <= EXACT_FIT * EXACT_FIT * sumOfSquares) {
            // Residuals below the resolution of the responses themselves: an exact fit (NIST Wampler1/2).
            residualSs = 0;
        }
        int residualDf = n - parameters;
        double residualSd = residualDf == 0 ? Double.NaN : Math.sqrt(residualSs / residualDf);
        List<Coefficient> coefficients =
                coefficients(ls, y, predictorColumns, lowParts, intercept, residualSd, residualDf);
        double totalSs = regressionSs + residualSs;
        double rSquared = totalSs > 0 ? regressionSs / totalSs : Double.NaN;
        int centring = intercept ? 1 : 0;
        double adjusted = residualDf == 0 ? Double.NaN : 1 - (1 - rSquared) * (n - centring) / residualDf;
        double f = residualDf == 0 ? Double.NaN : (regressionSs / k) / (residualSs / residualDf);
        double fP = FisherF.upperTail(f, k, residualDf);
        return new OlsResult(
                intercept,
                coefficients,
                n,
                k,
                residualDf,
                regressionSs,
                residualSs,
                residualSd,
                rSquared,
                adjusted,
                f,
                fP);
    }

    /**
     * Checks the input of a fit: at least one predictor, every column as long as y, all values finite, and at least
     * as many observations as parameters.
     */
    private static void requireValid(double[] y, double[][] predictorColumns, boolean intercept) {
        int k = predictorColumns.length;
        if (k == 0) {
            throw new IllegalArgumentException("need at least one predictor");
        }
        int n = y.length;
        requireFinite(y, "y");
        for (int j = 0; j < k; j++) {
            if (predictorColumns[j].length != n) {
                throw new IllegalArgumentException(
                        "predictor " + (j + 1) + " has " + predictorColumns[j].length + " values but y has " + n);
            }
            requireFinite(predictorColumns[j], "predictor " + (j + 1));
        }
        int parameters = k + (intercept ? 1 : 0);
        if (n < parameters) {
            throw new IllegalArgumentException("need at least as many observations as parameters: " + n
                    + " observations, " + parameters + " parameters");
        }
    }

    /**
     * The coefficients, intercept first when there is one, with standard errors s·‖row j of R⁻¹‖ (class comment),
     * taken back to the unscaled predictors.
     */
    private static List<Coefficient> coefficients(
            RefinedLeastSquares ls,
            double[] y,
            double[][] predictorColumns,
            double[][] lowParts,
            boolean intercept,
            double residualSd,
            int residualDf) {
        int n = y.length;
        int k = predictorColumns.length;
        int parameters = k + (intercept ? 1 : 0);
        int offset = intercept ? 1 : 0;
        double[][] rInv = ls.rInverse;
        List<Coefficient> coefficients = new ArrayList<>(parameters);
        if (intercept) {
            double b0 = ls.intercept(y, predictorColumns, lowParts);
            double[] w = new double[parameters];
            w[0] = 1 / Math.sqrt(n);
            for (int j = 0; j < k; j++) {
                w[j + 1] = -ls.means[j] / ls.scales[j];
            }
            coefficients.add(coefficient(b0, residualSd * Math.sqrt(transposedSolveNormSquared(rInv, w)), residualDf));
        }
        for (int j = 0; j < k; j++) {
            double rowNorm = 0;
            for (int col = j + offset; col < parameters; col++) {
                rowNorm += rInv[j + offset][col] * rInv[j + offset][col];
            }
            coefficients.add(coefficient(ls.slopes[j], residualSd * Math.sqrt(rowNorm) / ls.scales[j], residualDf));
        }
        return coefficients;
    }

    /** ‖R⁻ᵀw‖² for upper-triangular R⁻¹. */
    private static double transposedSolveNormSquared(double[][] rInv, double[] w) {
        double q = 0;
        for (int col = 0; col < w.length; col++) {
            double v = 0;
            for (int row = 0; row <= col; row++) {
                v += rInv[row][col] * w[row];
            }
            q += v * v;
        }
        return q;
    }

    private static Coefficient coefficient(double estimate, double se, int df) {
        double t = estimate / se;
        double p = Double.isNaN(t) || df == 0 ? Double.NaN : 2 * StudentT.cdf(-Math.abs(t), df);
        return new Coefficient(estimate, se, t, p);
    }

    static void requireFinite(double[] v, String name) {
        for (int i = 0; i < v.length; i++) {
            if (!Double.isFinite(v[i])) {
                throw new IllegalArgumentException(name + "[" + i + "] is " + v[i] + "; values must be finite");
            }
        }
    }
}
