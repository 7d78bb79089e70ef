# Reference values for WpsRegressionTest: the slope's heteroscedasticity-consistent standard error HC3
# (MacKinnon & White 1985) from the sandwich package, for the original Pilot's regression vector ols1 and a seeded
# series whose noise grows with the work amount (as a round's time does).
#
# Run from anywhere:  Rscript pilot-core/src/test/resources/r/hc3-reference.R
# Needs R 4.2 and sandwich 3.0 (Debian bookworm: r-base-core, r-cran-sandwich). Writes next to this script:
#   hc3-reference.csv  dataset,x,y   the data (17 digits) and dataset,term,value rows below them
here <- dirname(normalizePath(sub("--file=", "", grep("--file=", commandArgs(FALSE), value = TRUE))))
library(sandwich)
set.seed(20261124)
w <- round(runif(30, 1000, 100000))
t <- 0.5 + w / 1000 * rnorm(30, 1, 0.03)
sets <- list(ols1 = data.frame(x = c(50, 100, 150, 200, 250), y = c(162, 233, 324, 417, 572)),
             hetero = data.frame(x = w, y = t))
rows <- list()
for (name in names(sets)) {
  d <- sets[[name]]
  f <- lm(y ~ x, data = d)
  rows[[length(rows) + 1]] <- data.frame(dataset = name, kind = "point", a = format(d$x, digits = 17),
                                         b = format(d$y, digits = 17))
  rows[[length(rows) + 1]] <- data.frame(dataset = name, kind = c("intercept", "slope", "se_ols", "se_hc3"),
    a = format(c(coef(f), sqrt(diag(vcov(f)))[2], sqrt(diag(vcovHC(f, type = "HC3")))[2]), digits = 17), b = "")
}
write.csv(do.call(rbind, rows), file.path(here, "hc3-reference.csv"), row.names = FALSE, quote = FALSE)
