package io.pilotbench.core.compare;

/**
 * How a comparison decides.
 *
 * @param confidence      level of every CI (of each mean, of the difference, of the ratio), in (0, 1)
 * @param alpha           significance level of the t-test, in (0, 1): a pair whose CIs overlap is different when
 *                        the test's two-sided p &lt; alpha
 * @param equivalence     the equivalence margin as a fraction of the better mean (0.01 = ±1%); 0 turns the
 *                        equivalence verdict off
 * @param test            the t-test behind verdicts and the three hypotheses (both are always reported)
 * @param requireCiTarget whether a live comparison also waits for every workload's CI to meet its width target
 */
public record CompareSettings(double confidence, double alpha, double equivalence, Test test,
        boolean requireCiTarget) {

    /** The test the verdict uses. */
    public enum Test {
        /** Welch's unequal-variance t-test (the paper's choice, §III-F; R's default). */
        WELCH,
        /** Student's pooled-variance t-test (Auto-pilot's Getstats; R's var.equal = TRUE). */
        POOLED
    }

    /** Defaults: 95% CIs, α = 0.01, equivalence ±1%, Welch, CI targets required. */
    public static final CompareSettings DEFAULTS = new CompareSettings(0.95, 0.01, 0.01, Test.WELCH, true);

    public CompareSettings {
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must be in (0, 1), got " + confidence);
        }
        if (!(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("alpha must be in (0, 1), e.g. 0.01, got " + alpha);
        }
        if (!(equivalence >= 0 && equivalence < 1)) {
            throw new IllegalArgumentException("the equivalence margin must be in [0, 100%), got "
                    + equivalence * 100 + "%");
        }
        if (test == null) {
            throw new IllegalArgumentException("a test is required");
        }
    }

    public CompareSettings withConfidence(double value) {
        return new CompareSettings(value, alpha, equivalence, test, requireCiTarget);
    }

    public CompareSettings withAlpha(double value) {
        return new CompareSettings(confidence, value, equivalence, test, requireCiTarget);
    }

    public CompareSettings withEquivalence(double value) {
        return new CompareSettings(confidence, alpha, value, test, requireCiTarget);
    }

    public CompareSettings withTest(Test value) {
        return new CompareSettings(confidence, alpha, equivalence, value, requireCiTarget);
    }

    public CompareSettings withRequireCiTarget(boolean value) {
        return new CompareSettings(confidence, alpha, equivalence, test, value);
    }
}
