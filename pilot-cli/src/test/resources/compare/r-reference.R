# Reference values for CompareCommandTest: R's t.test on two stored samples.
# Run from this directory with: Rscript r-reference.R   (R 4.2.2; writes old.txt, new.txt, r-reference.csv)
set.seed(20261121)
old <- round(rlnorm(25, meanlog = log(12), sdlog = 0.08), 4)   # ms, skewed like latencies
new <- round(rlnorm(40, meanlog = log(11.4), sdlog = 0.05), 4)
writeLines(format(old, nsmall = 4, trim = TRUE), "old.txt")
writeLines(format(new, nsmall = 4, trim = TRUE), "new.txt")
w <- t.test(old, new)
p <- t.test(old, new, var.equal = TRUE)
wl <- t.test(old, new, alternative = "less")
wg <- t.test(old, new, alternative = "greater")
out <- data.frame(
  name = c("welch_t", "welch_df", "welch_p", "welch_low", "welch_high", "welch_p_less", "welch_p_greater",
           "pooled_t", "pooled_df", "pooled_p", "pooled_low", "pooled_high", "mean_old", "mean_new"),
  value = c(w$statistic, w$parameter, w$p.value, w$conf.int[1], w$conf.int[2], wl$p.value, wg$p.value,
            p$statistic, p$parameter, p$p.value, p$conf.int[1], p$conf.int[2], mean(old), mean(new)))
write.csv(transform(out, value = format(value, digits = 17)), "r-reference.csv", row.names = FALSE, quote = FALSE)
