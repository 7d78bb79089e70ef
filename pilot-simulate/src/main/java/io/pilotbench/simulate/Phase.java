package io.pilotbench.simulate;

import java.util.Locale;

/**
 * A non-stable phase of a simulated workload: its samples take {@code 1 + factor(i)} times as long as stable ones,
 * where i counts samples from the phase's edge (from the first sample for a warm-up, back from the last for a
 * cool-down).
 *
 * <ul>
 *   <li>{@code exp:A:TAU}: factor A·e^(−i/τ), a decay such as a cache filling or a JIT compiling;</li>
 *   <li>{@code step:A:N}: factor A for the first N samples, then 0, such as a write cache absorbing N writes.</li>
 * </ul>
 *
 * @param shape     EXP or STEP
 * @param amplitude A, &gt; −1 (a negative A is a phase faster than the stable one)
 * @param length    τ for EXP, N for STEP, &gt; 0
 */
public record Phase(Shape shape, double amplitude, double length) {
    /** The two forms. */
    public enum Shape {
        EXP,
        STEP
    }

    public Phase {
        if (shape == null
                || !(amplitude > -1)
                || Double.isInfinite(amplitude)
                || !(length > 0)
                || Double.isInfinite(length)) {
            throw new IllegalArgumentException("a phase needs an amplitude > -1 and a length > 0");
        }
    }

    /**
     * Parses {@code exp:A:TAU} or {@code step:A:N}.
     *
     * @param what the option's name, for the message
     */
    static Phase parse(String what, String text) {
        String[] p = text.strip().toLowerCase(Locale.ROOT).split(":");
        String form = what + "=exp:AMPLITUDE:TAU or " + what + "=step:AMPLITUDE:COUNT (e.g. " + what + "=exp:0.5:20)";
        if (p.length != 3 || !(p[0].equals("exp") || p[0].equals("step"))) {
            throw new IllegalArgumentException("'" + what + "=" + text + "' is not " + form);
        }
        try {
            return new Phase(
                    p[0].equals("exp") ? Shape.EXP : Shape.STEP, Double.parseDouble(p[1]), Double.parseDouble(p[2]));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + what + "=" + text + "' is not " + form);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + what + "=" + text + "': " + e.getMessage());
        }
    }

    /** The extra factor of sample i (0-based from the phase's edge). */
    public double factor(long i) {
        return shape == Shape.EXP ? amplitude * Math.exp(-i / length) : (i < length ? amplitude : 0);
    }

    /** Σ factor(i) for i in [0, n): the extra samples' worth of time that n samples spend in this phase. */
    public double sum(long n) {
        if (n <= 0) {
            return 0;
        }
        if (shape == Shape.STEP) {
            return amplitude * Math.min(n, Math.ceil(length));
        }
        double r = Math.exp(-1 / length);
        return amplitude * (1 - Math.pow(r, n)) / (1 - r);
    }

    @Override
    public String toString() {
        return shape.name().toLowerCase(Locale.ROOT) + ":" + Marginal.num(amplitude) + ":" + Marginal.num(length);
    }
}
