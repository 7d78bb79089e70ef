package io.pilotbench.simulate;

/** What a simulated comparison of A and B concluded, lower (time) being better. */
public enum Decision {
    /** A is significantly faster. */
    A_FASTER("A faster"),
    /** B is significantly faster. */
    B_FASTER("B faster"),
    /** Pilot's equivalence: the CI of the difference lies within the margin. */
    EQUIVALENT("equivalent"),
    /** A strategy without an equivalence rule found no significant difference. */
    NOT_SIGNIFICANT("no significant difference"),
    /** Pilot reached its round limit without a verdict. */
    UNDECIDED("undecided");

    private final String label;

    Decision(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** Whether the decision claims a difference. */
    public boolean claimsDifference() {
        return this == A_FASTER || this == B_FASTER;
    }

    /**
     * Whether this is the right answer when A's true mean is {@code ratio} times B's: the faster one when they
     * differ, no claim of a difference (equivalent or not significant) when they are equal.
     */
    public boolean correctFor(double ratio) {
        if (ratio < 1) {
            return this == A_FASTER;
        }
        if (ratio > 1) {
            return this == B_FASTER;
        }
        return this == EQUIVALENT || this == NOT_SIGNIFICANT;
    }
}
