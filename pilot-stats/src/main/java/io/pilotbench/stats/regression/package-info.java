/**
 * Least squares: ordinary least squares by Householder QR ({@link io.pilotbench.stats.regression.LinearRegression},
 * {@link io.pilotbench.stats.regression.HouseholderQr}), the refined least squares of the Pilot paper's
 * work-per-second regression ({@link io.pilotbench.stats.regression.RefinedLeastSquares}) and the trend test of a
 * series ({@link io.pilotbench.stats.regression.Trend}). Checked against NIST's StRD data sets (Longley, Norris).
 */
package io.pilotbench.stats.regression;
