# The reference values of GetstatsAgainstRTest, computed by R from the CSVs beside this file:
#   Rscript reference.R > reference.txt
r <- function(f) read.csv(f)$elapsed
a <- r("a.csv"); b <- r("b.csv"); c <- r("c.csv")
p <- function(k, v) cat(sprintf("%s=%.17g\n", k, v))
for (n in c("a", "b", "c")) {
  x <- get(n)
  p(paste0(n, ".mean"), mean(x))
  p(paste0(n, ".median"), median(x))
  p(paste0(n, ".sd"), sd(x))
  ci <- t.test(x, conf.level = 0.95)$conf.int
  p(paste0(n, ".low"), ci[1]); p(paste0(n, ".high"), ci[2])
  s <- summary(lm(x ~ seq_along(x)))$coefficients
  p(paste0(n, ".slope"), s[2, 1]); p(paste0(n, ".slope_p"), s[2, 4])
}
for (n in c("b", "c")) {
  x <- get(n)
  v <- var.test(x, a)
  p(paste0(n, "a.F"), v$statistic); p(paste0(n, "a.F_p"), v$p.value)
  for (eq in c(TRUE, FALSE)) {
    k <- paste0(n, "a.", if (eq) "pooled" else "welch")
    t2 <- t.test(x, a, var.equal = eq, conf.level = 0.95)
    p(paste0(k, ".t"), t2$statistic); p(paste0(k, ".df"), t2$parameter)
    p(paste0(k, ".low"), t2$conf.int[1]); p(paste0(k, ".high"), t2$conf.int[2])
    p(paste0(k, ".p_two"), t2$p.value)
    p(paste0(k, ".p_greater"), t.test(x, a, var.equal = eq, alternative = "greater")$p.value)
    p(paste0(k, ".p_less"), t.test(x, a, var.equal = eq, alternative = "less")$p.value)
  }
}
