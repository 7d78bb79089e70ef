package io.pilotbench.stats;

/**
 * A two-sided confidence interval for a mean.
 *
 * @param confidence the level, in (0, 1), e.g. 0.95
 * @param center     the point estimate (the sample mean)
 * @param low        center − width/2
 * @param high       center + width/2
 * @param width      the full width high − low (Pilot reports full widths, docs/original.md#student-t-ci)
 */
public record ConfidenceInterval(double confidence, double center, double low, double high, double width) {

    /** The interval center ± width/2. */
    public static ConfidenceInterval around(double center, double width, double confidence) {
        return new ConfidenceInterval(confidence, center, center - width / 2, center + width / 2, width);
    }

    /** Half of {@link #width()}: the "±" of "mean ± e". */
    public double halfWidth() {
        return width / 2;
    }

    /** The width as a fraction of |center| (0.05 = 5%); NaN or ∞ when the center is 0. */
    public double relativeWidth() {
        return width / Math.abs(center);
    }

    /** Whether {@code value} lies in [low, high]. */
    public boolean contains(double value) {
        return value >= low && value <= high;
    }
}
