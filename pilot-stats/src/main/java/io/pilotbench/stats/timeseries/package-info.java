/**
 * Time-series models of a benchmark's samples: autoregressive fits (Burg's method) with order selection, and the
 * spectral density at frequency zero that they imply — the long-run variance that the variance of a mean of
 * correlated samples rests on.
 */
package io.pilotbench.stats.timeseries;
