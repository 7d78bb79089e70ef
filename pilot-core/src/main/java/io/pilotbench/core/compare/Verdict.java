package io.pilotbench.core.compare;

/** What a comparison says about two means, as in the JSON contract. */
public enum Verdict {
    /** a's mean is significantly lower than b's. */
    A_LOWER("a<b"),
    /** a's mean is significantly higher than b's. */
    A_HIGHER("a>b"),
    /** The CI of the difference lies inside the equivalence margin: no meaningful difference. */
    EQUIVALENT("equivalent"),
    /** Neither shown yet: more data are needed. */
    UNDECIDED("undecided");

    private final String label;

    Verdict(String label) {
        this.label = label;
    }

    /** {@code "a<b"}, {@code "a>b"}, {@code "equivalent"} or {@code "undecided"}. */
    public String label() {
        return label;
    }

    /** Whether the pair is decided (different or equivalent). */
    public boolean decided() {
        return this != UNDECIDED;
    }
}
