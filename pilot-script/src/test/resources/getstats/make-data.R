# Generates the Getstats reference samples (run once; the CSVs are committed):
#   Rscript make-data.R
set.seed(19)
w <- function(x, f) writeLines(c("run,elapsed,exit", sprintf("%d,%.17g,0", seq_along(x), x)), f)
w(rnorm(10, 38.6, 0.9), "a.csv")                    # baseline
w(rnorm(12, 38.9, 0.8), "b.csv")                    # similar variance: the F-test keeps pooled
w(rnorm(15, 39.5, 3.5) + 0.12 * (1:15), "c.csv")    # larger variance and a drift: Welch, and a slope warning
