# Reference values for CusumTest: the limiting Kolmogorov distribution P(sup|B| <= c) of a Brownian bridge, from
# R's own implementation (the C routine behind ks.test's asymptotic p-values).
#
# Run from anywhere:  Rscript pilot-stats/src/test/resources/r/kolmogorov-reference.R
# Writes kolmogorov-reference.csv next to this script: c,cdf. R 4.2 (Debian bookworm's r-base-core).
here <- dirname(normalizePath(sub("--file=", "", grep("--file=", commandArgs(FALSE), value = TRUE))))
c <- c(0.3, 0.5, 0.8, 1, 1.224, 1.358, 1.5, 1.628, 1.949, 2.5, 3)
cdf <- .Call(stats:::C_pKS2, p = c, tol = 1e-12)
write.csv(data.frame(c = c, cdf = format(cdf, digits = 17)), file.path(here, "kolmogorov-reference.csv"),
  row.names = FALSE, quote = FALSE)
