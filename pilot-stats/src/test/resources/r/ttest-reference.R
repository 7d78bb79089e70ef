# Reference values for TTestRReferenceTest and RatioOfMeansTest, computed with R's own t.test.
#
# Run from anywhere:  Rscript pilot-stats/src/test/resources/r/ttest-reference.R
# Writes, next to this script:
#   ttest-samples.csv    dataset,group,value   the raw samples (17 significant digits, so Java reads the same doubles)
#   ttest-reference.csv  one row per dataset and method (welch = t.test(x, y), pooled = t.test(x, y, var.equal = TRUE))
#   ratio-reference.csv  Fieller's interval for mean(x)/mean(y), two ways (see fieller_* below)
# Produced with R 4.2.2; base R only (stats), no packages.

args <- commandArgs(trailingOnly = FALSE)
script <- sub("^--file=", "", args[grep("^--file=", args)])
out_dir <- if (length(script) == 1) dirname(normalizePath(script)) else getwd()

num <- function(v) ifelse(is.na(v), "NA", sprintf("%.17g", v))

# ---- datasets ---------------------------------------------------------------------------------------------------
datasets <- list()
# (a) Student's sleep data: extra hours of sleep, drug 1 vs drug 2 (treated as independent samples, as ?t.test does)
datasets$sleep <- list(x = sleep$extra[sleep$group == 1], y = sleep$extra[sleep$group == 2])
# (b) drawn here; each with its own seed so that adding a dataset does not change the others
set.seed(20240601)
datasets$normal <- list(x = rnorm(30, mean = 10, sd = 1), y = rnorm(45, mean = 12, sd = 3))
set.seed(20240602)
datasets$lognormal <- list(x = rlnorm(12, meanlog = 0, sdlog = 1), y = rlnorm(200, meanlog = 0.5, sdlog = 0.6))
set.seed(20240603)
datasets$small <- list(x = rnorm(2, mean = 20, sd = 1), y = rnorm(3, mean = 25, sd = 2))
# the denominator mean is not significantly different from 0: Fieller's set is unbounded
set.seed(20240604)
datasets$nonsig <- list(x = rnorm(15, mean = 5, sd = 1), y = rnorm(15, mean = 0.2, sd = 2))

# Round-trip the data through its 17-digit text form, so R computes on exactly the doubles Java will parse.
for (name in names(datasets)) {
  for (g in c("x", "y")) {
    datasets[[name]][[g]] <- as.numeric(sprintf("%.17g", datasets[[name]][[g]]))
  }
}

samples <- do.call(rbind, lapply(names(datasets), function(name) {
  d <- datasets[[name]]
  data.frame(dataset = name, group = c(rep("x", length(d$x)), rep("y", length(d$y))),
             value = num(c(d$x, d$y)))
}))
write.csv(samples, file.path(out_dir, "ttest-samples.csv"), row.names = FALSE, quote = FALSE)

# ---- t-tests ----------------------------------------------------------------------------------------------------
rows <- list()
for (name in names(datasets)) {
  x <- datasets[[name]]$x
  y <- datasets[[name]]$y
  for (method in c("welch", "pooled")) {
    ve <- method == "pooled"
    two <- t.test(x, y, var.equal = ve, conf.level = 0.95)
    c99 <- t.test(x, y, var.equal = ve, conf.level = 0.99)$conf.int
    less <- t.test(x, y, var.equal = ve, alternative = "less")$p.value
    greater <- t.test(x, y, var.equal = ve, alternative = "greater")$p.value
    rows[[length(rows) + 1]] <- data.frame(
      dataset = name, method = method, n_x = length(x), n_y = length(y),
      t = num(unname(two$statistic)), df = num(unname(two$parameter)), p_two_sided = num(two$p.value),
      p_less = num(less), p_greater = num(greater),
      ci95_low = num(two$conf.int[1]), ci95_high = num(two$conf.int[2]),
      ci99_low = num(c99[1]), ci99_high = num(c99[2]),
      stderr = num(unname(two$stderr)))
  }
}
write.csv(do.call(rbind, rows), file.path(out_dir, "ttest-reference.csv"), row.names = FALSE, quote = FALSE)

# ---- Fieller's interval for mean(x)/mean(y) ---------------------------------------------------------------------
# Two computations:
# 1. inversion of Welch's test: the set of rho where t.test(x, rho * y)$p.value >= 1 - conf. The Welch df of
#    x - rho*y changes with rho, so each bound uses the df at that bound (df_at_low/df_at_high below).
# 2. closed form with the df fixed at the point estimate rho_hat = mean(x)/mean(y) (the definition in
#    RatioOfMeans.java): roots of (mx - rho*my)^2 = t^2 (vx + rho^2 vy), t = qt(1 - (1 - conf)/2, df(rho_hat)).
#    NA when my^2 <= t^2 vy (unbounded set).
welch_df <- function(vx, vy, nx, ny) (vx + vy)^2 / (vx^2 / (nx - 1) + vy^2 / (ny - 1))

fieller_inversion <- function(x, y, conf) {
  alpha <- 1 - conf
  rho_hat <- mean(x) / mean(y)
  f <- function(rho) t.test(x, rho * y)$p.value - alpha
  step <- max(abs(rho_hat), 1e-3) / 8
  bound <- function(direction) {
    inner <- rho_hat
    s <- step
    repeat {
      outer <- rho_hat + direction * s
      if (f(outer) < 0) break
      inner <- outer
      s <- 2 * s
      if (s > 1e8 * max(abs(rho_hat), 1)) return(NA) # p never falls below alpha: unbounded on this side
    }
    uniroot(f, sort(c(inner, outer)), tol = 1e-15 * max(abs(rho_hat), 1), maxiter = 1000)$root
  }
  low <- bound(-1)
  high <- bound(+1)
  df_at <- function(rho) if (is.na(rho)) NA else
    welch_df(var(x) / length(x), rho^2 * var(y) / length(y), length(x), length(y))
  c(low = low, high = high, df_low = df_at(low), df_high = df_at(high))
}

fieller_closed <- function(x, y, conf) {
  mx <- mean(x); my <- mean(y)
  vx <- var(x) / length(x); vy <- var(y) / length(y)
  rho_hat <- mx / my
  df <- welch_df(vx, rho_hat^2 * vy, length(x), length(y))
  t <- qt(1 - (1 - conf) / 2, df)
  qa <- my^2 - t^2 * vy
  if (qa <= 0) return(c(low = NA, high = NA, df = df))
  root <- sqrt(t^2 * (vx * my^2 + vy * mx^2 - t^2 * vx * vy))
  low <- (mx * my - root) / qa
  high <- (mx * my + root) / qa
  # sanity: each bound makes the Welch statistic at that rho equal +-t
  stat <- function(rho) (mx - rho * my) / sqrt(vx + rho^2 * vy)
  stopifnot(abs(abs(stat(low)) - t) < 1e-9 * t, abs(abs(stat(high)) - t) < 1e-9 * t)
  c(low = low, high = high, df = df)
}

# two-sided critical value; the bounds of method 1 are where the Welch statistic equals +-crit(conf, df at the bound)
crit <- function(conf, df) if (is.na(df)) NA else qt(1 - (1 - conf) / 2, df)

ratio_rows <- list()
for (name in names(datasets)) {
  x <- datasets[[name]]$x
  y <- datasets[[name]]$y
  for (conf in c(0.95, 0.99)) {
    inv <- fieller_inversion(x, y, conf)
    cf <- fieller_closed(x, y, conf)
    ratio_rows[[length(ratio_rows) + 1]] <- data.frame(
      dataset = name, confidence = conf, estimate = num(mean(x) / mean(y)), df_at_estimate = num(cf[["df"]]),
      closed_low = num(cf[["low"]]), closed_high = num(cf[["high"]]),
      inversion_low = num(inv[["low"]]), inversion_high = num(inv[["high"]]),
      df_at_low = num(inv[["df_low"]]), df_at_high = num(inv[["df_high"]]),
      t_at_estimate = num(crit(conf, cf[["df"]])),
      t_at_low = num(crit(conf, inv[["df_low"]])), t_at_high = num(crit(conf, inv[["df_high"]])))
  }
}
write.csv(do.call(rbind, ratio_rows), file.path(out_dir, "ratio-reference.csv"), row.names = FALSE, quote = FALSE)
