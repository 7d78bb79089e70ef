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
 * @param sequential      whether the verdict is taken while the workloads run, look after look (confidence
 *                        sequences; see {@link PairComparison}) rather than once on finished samples
 * @param horizon         the round limit of a live comparison (per workload), where the equivalence sequence is
 *                        tuned to be narrowest when the margin cannot be shown sooner; 0 when there is none
 */
public record CompareSettings(
        double confidence,
        double alpha,
        double equivalence,
        Test test,
        boolean requireCiTarget,
        boolean sequential,
        int horizon) {

    /** The test the verdict uses. */
    public enum Test {
        /** Welch's unequal-variance t-test (the paper's choice, §III-F; R's default). */
        WELCH,
        /** Student's pooled-variance t-test (Auto-pilot's Getstats; R's var.equal = TRUE). */
        POOLED
    }

    /**
     * Defaults: 95% CIs, α = 0.01, equivalence ±1%, Welch, no per-workload CI target (a comparison decides on the
     * comparison: a decided pair whose workloads' own CIs are still wide is decided), verdicts on finished samples (a
     * live comparison switches to sequential verdicts itself).
     */
    public static final CompareSettings DEFAULTS = new CompareSettings(0.95, 0.01, 0.01, Test.WELCH, false, false, 0);

    public CompareSettings {
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must be in (0, 1), got " + confidence);
        }
        if (!(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("alpha must be in (0, 1), e.g. 0.01, got " + alpha);
        }
        if (!(equivalence >= 0 && equivalence < 1)) {
            throw new IllegalArgumentException(
                    "the equivalence margin must be in [0, 100%), got " + equivalence * 100 + "%");
        }
        if (horizon < 0) {
            throw new IllegalArgumentException("the horizon must be >= 0 rounds (0 = none), got " + horizon);
        }
        if (test == null) {
            throw new IllegalArgumentException("a test is required");
        }
    }

    public CompareSettings withConfidence(double value) {
        return new CompareSettings(value, alpha, equivalence, test, requireCiTarget, sequential, horizon);
    }

    public CompareSettings withAlpha(double value) {
        return new CompareSettings(confidence, value, equivalence, test, requireCiTarget, sequential, horizon);
    }

    public CompareSettings withEquivalence(double value) {
        return new CompareSettings(confidence, alpha, value, test, requireCiTarget, sequential, horizon);
    }

    public CompareSettings withTest(Test value) {
        return new CompareSettings(confidence, alpha, equivalence, value, requireCiTarget, sequential, horizon);
    }

    public CompareSettings withRequireCiTarget(boolean value) {
        return new CompareSettings(confidence, alpha, equivalence, test, value, sequential, horizon);
    }

    /** The round limit per workload of a live comparison (0 = none). */
    public CompareSettings withHorizon(int value) {
        return new CompareSettings(confidence, alpha, equivalence, test, requireCiTarget, sequential, value);
    }

    /** Verdicts taken look after look (true) or once on finished samples (false). */
    public CompareSettings withSequential(boolean value) {
        return new CompareSettings(confidence, alpha, equivalence, test, requireCiTarget, value, horizon);
    }
}
