package io.pilotbench.core.model;

/**
 * The magnitudes Pilot analyses: 0 and |x| from {@value #MIN} to {@value #MAX}. Beyond them the arithmetic of an
 * analysis stops being exact in doubles: two values near 1.7e308 sum to infinity (a NaN mean), and the squares of
 * values below 1e-154 underflow to 0 (a zero variance, so a CI of width 0). The margins leave room for sums of squares
 * of 10¹⁸ values. Rescaling (other units) brings any such data into range, with the same answer.
 */
public final class Magnitude {
    /** The smallest non-zero magnitude analysed. */
    public static final double MIN = 1e-140;
    /** The largest magnitude analysed. */
    public static final double MAX = 1e140;

    private Magnitude() {}

    /** Whether {@code x} (finite) is 0 or within [{@value #MIN}, {@value #MAX}] in magnitude. */
    public static boolean inRange(double x) {
        double a = Math.abs(x);
        return a == 0 || a >= MIN && a <= MAX;
    }

    /** Why {@code x} cannot be analysed, as a phrase ("value 1.7E308 is beyond …; rescale it"), or null when it can. */
    public static String problem(double x) {
        if (inRange(x)) {
            return null;
        }
        return "value " + x + " is " + (Math.abs(x) > MAX ? "larger" : "smaller")
                + " in magnitude than Pilot analyses ("
                + "1e-140 to 1e140, where sums and squares stay exact in doubles); rescale the data (other units)";
    }
}
