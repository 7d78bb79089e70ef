# Reference values for ExperimentAnalysisTest: R's anova(lm(...)) (Type I) and car::Anova(type = 2) on the saved
# experiment results.csv (examples/experiment/compressors.yaml, run once on a 2-core machine; jobs 0005, 0017 and
# 0026 removed, as failed jobs would be, so that the design is unbalanced and Type I differs from Type II).
# Regenerate from this directory with: Rscript anova.R > reference.csv   (R 4.2, car 3.1)
suppressMessages(library(car))
d <- read.csv("results.csv", colClasses = "character")
for (f in c("package", "aslr", "env.padding", "nice")) d[[f]] <- factor(d[[f]])
d$time <- as.numeric(d$time)
options(contrasts = c("contr.sum", "contr.poly"))
m <- lm(time ~ (package + aslr + env.padding + nice)^2, data = d)
out <- function(type, terms, df, ss, f, p) {
  for (i in seq_along(terms)) {
    cat(sprintf("%s,%s,%d,%.17g,%.17g,%.17g\n", type, gsub(".", "-", terms[i], fixed = TRUE), df[i], ss[i], f[i],
                p[i]))
  }
}
cat("type,term,df,ss,f,p\n")
a1 <- anova(m)
out("I", rownames(a1), a1$Df, a1$`Sum Sq`, a1$`F value`, a1$`Pr(>F)`)
a2 <- Anova(m, type = 2)
out("II", rownames(a2), a2$Df, a2$`Sum Sq`, a2$`F value`, a2$`Pr(>F)`)
cat(sprintf("R2,r.squared,0,%.17g,NA,NA\n", summary(m)$r.squared))
