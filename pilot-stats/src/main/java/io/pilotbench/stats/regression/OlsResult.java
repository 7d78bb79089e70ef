package io.pilotbench.stats.regression;

import io.pilotbench.stats.ConfidenceInterval;
import io.pilotbench.stats.StudentT;
import java.util.List;

/**
 * The fit of an ordinary-least-squares model y = Xβ + ε, with the quantities NIST StRD certifies for its linear
 * regression sets (https://www.itl.nist.gov/div898/strd/lls/lls.shtml).
 *
 * <p>Coefficients are in model order: with an intercept, index 0 is the intercept and index j the j-th predictor;
 * without, index j−1 is the j-th predictor.
 *
 * <p>Sums of squares follow NIST: with an intercept they are centred (about ȳ); without one (NIST NoInt1/2) they are
 * uncentred, so R² = SSreg / Σy², as R's {@code summary.lm} also does for models without intercept.
 *
 * <p>Degenerate cases: zero residual df (n = p) gives a residual sd, standard errors, t, p, F and adjusted R² of NaN;
 * an exact fit (residual SS 0, as NIST Wampler1/2) gives standard errors 0, F = +∞ and p-values 0; a constant
 * response with an intercept gives R² and F of NaN.
 *
 * @param intercept        whether the model has an intercept
 * @param coefficients     estimates with standard errors and t tests, in model order
 * @param observations     n
 * @param regressionDf     number of predictors (parameters minus the intercept)
 * @param residualDf       n − parameters, ≥ 0
 * @param regressionSs     SS explained by the predictors (centred with an intercept, uncentred without)
 * @param residualSs       Σ(y − ŷ)²
 * @param residualSd       √(residualSs / residualDf), the estimate of σ (unit of y)
 * @param rSquared         regressionSs / (regressionSs + residualSs) in [0, 1]
 * @param adjustedRSquared 1 − (1 − R²)(n − i)/residualDf, i = 1 with an intercept and 0 without (as R)
 * @param f                (regressionSs/regressionDf) / (residualSs/residualDf)
 * @param fPValue          P(F(regressionDf, residualDf) &gt; f)
 */
public record OlsResult(
        boolean intercept,
        List<Coefficient> coefficients,
        int observations,
        int regressionDf,
        int residualDf,
        double regressionSs,
        double residualSs,
        double residualSd,
        double rSquared,
        double adjustedRSquared,
        double f,
        double fPValue) {

    public OlsResult {
        coefficients = List.copyOf(coefficients);
    }

    /** Coefficient {@code index} in model order (see class doc). */
    public Coefficient coefficient(int index) {
        return coefficients.get(index);
    }

    /** The estimates alone, in model order (a fresh array). */
    public double[] estimates() {
        return coefficients.stream().mapToDouble(Coefficient::estimate).toArray();
    }

    /**
     * The two-sided confidence interval β_j ± t_{(1+confidence)/2, residualDf} · se(β_j). Example: Moore &amp; McCabe
     * Example 10.3 (commons-math {@code infData}), slope at 95%: half-width 0.0270713794287.
     *
     * @param index      coefficient index in model order
     * @param confidence in (0, 1)
     * @return the interval; its half-width is NaN when residualDf = 0, and 0 for an exact fit
     */
    public ConfidenceInterval confidenceInterval(int index, double confidence) {
        Coefficient c = coefficient(index);
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must be in (0, 1), got " + confidence);
        }
        double halfWidth = residualDf == 0 ? Double.NaN : StudentT.critical(confidence, residualDf) * c.standardError();
        return ConfidenceInterval.around(c.estimate(), 2 * halfWidth, confidence);
    }
}
