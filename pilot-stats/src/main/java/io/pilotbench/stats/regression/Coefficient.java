package io.pilotbench.stats.regression;

/**
 * One fitted coefficient of an ordinary-least-squares model, with its Wald t test of β = 0.
 *
 * @param estimate      the least-squares estimate (unit of y per unit of its predictor)
 * @param standardError s · √((XᵀX)⁻¹)_jj; 0 for an exact fit; NaN when the residual df is 0
 * @param t             estimate / standardError; ±∞ for an exact fit with a non-zero estimate; NaN if undefined
 * @param pValue        two-sided P(|T| ≥ |t|) with T ~ t(residual df); 0 for t = ±∞; NaN if t is NaN
 */
public record Coefficient(double estimate, double standardError, double t, double pValue) {}
