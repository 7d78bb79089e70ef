package io.pilotbench.testing;

import org.opentest4j.TestAbortedException;

/**
 * Assumptions about the machine that no package cures — root or not, a network address, a block device, the
 * platform: a test that states one with these methods skips when it does not hold, in CI too ({@link SkipsFailInCi}
 * fails every other skip there). A missing tool is not a circumstance: assume it with JUnit's {@code Assumptions}.
 */
public final class Circumstances {
    private Circumstances() {}

    /** The skip of a circumstance that does not hold here; CI lets it through. */
    public static final class NotMet extends TestAbortedException {
        private static final long serialVersionUID = 1L;

        NotMet(String why) {
            super("not applicable here: " + why);
        }
    }

    /** Skips the test, in CI too, unless {@code holds}; {@code why} says what it needs. */
    public static void assumeTrue(boolean holds, String why) {
        if (!holds) {
            throw new NotMet(why);
        }
    }

    /** Skips the test, in CI too, when {@code holds}; {@code why} says what is in the way. */
    public static void assumeFalse(boolean holds, String why) {
        assumeTrue(!holds, why);
    }
}
