# Reference values for AutoRegressionTest and LongRunVarianceTest, computed with R's own ar.burg.
#
# Run from anywhere:  Rscript pilot-stats/src/test/resources/r/ar-reference.R
# Reads NIST's Michelso and Lew series (refdata, certified data sets) and writes, next to this script:
#   ar-series.csv     series,index,value   a seeded AR(2) series and a seeded white-noise series (17 digits)
#   ar-reference.csv  series,order,term,value   for order p = 1..6: the Burg coefficients ar[1..p] (term = 1..p),
#                     var.pred = the recursive innovation variance (term = 0; var.method = 1) and the AR spectrum at
#                     frequency 0, spec.ar(method = "burg")$spec[1] = var.pred/(1 - sum(ar))^2 (term = -1)
# R 4.2 (Debian bookworm's r-base-core).
here <- dirname(normalizePath(sub("--file=", "", grep("--file=", commandArgs(FALSE), value = TRUE))))
nist <- file.path(here, "..", "refdata", "nist", "univariate")
read_nist <- function(f) as.numeric(readLines(file.path(nist, f))[-(1:60)])
set.seed(20261124)
ar2 <- as.numeric(arima.sim(list(ar = c(0.6, 0.25)), n = 300)) + 50
wn <- rnorm(120, mean = 10, sd = 2)
series <- list(michelso = read_nist("commons-math_Michelso.txt"), ar2 = ar2, white = wn)
write.csv(rbind(
  data.frame(series = "ar2", index = seq_along(ar2) - 1, value = format(ar2, digits = 17)),
  data.frame(series = "white", index = seq_along(wn) - 1, value = format(wn, digits = 17))),
  file.path(here, "ar-series.csv"), row.names = FALSE, quote = FALSE)
rows <- list()
for (name in names(series)) {
  x <- series[[name]]
  for (p in 1:6) {
    fit <- ar.burg(x, aic = FALSE, order.max = p, demean = TRUE, var.method = 1)
    spec0 <- spec.ar(x, n.freq = 2, order = p, method = "burg", plot = FALSE)$spec[1]
    rows[[length(rows) + 1]] <- data.frame(series = name, order = p, term = c(seq_len(p), 0, -1),
      value = format(c(fit$ar, fit$var.pred, spec0), digits = 17))
  }
}
write.csv(do.call(rbind, rows), file.path(here, "ar-reference.csv"), row.names = FALSE, quote = FALSE)
