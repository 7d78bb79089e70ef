package io.pilotbench.simulate;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A warm-up or cool-down made of one {@link Phase} or several whose factors add: {@code exp:2:3+step:0.08:40} is a
 * sample's extra factor 2·e^(−i/3) + (0.08 while i &lt; 40), the shape of a JIT that leaves the interpreter within a
 * few rounds, then runs tier-1 code a few percent slower until its final compile.
 *
 * @param parts the phases, at least one, in the order given
 */
public record PhaseSum(List<Phase> parts) {

    public PhaseSum {
        parts = List.copyOf(parts);
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("a warm-up or cool-down needs at least one phase");
        }
        double lowest =
                parts.stream().mapToDouble(p -> Math.min(0, p.amplitude())).sum();
        if (!(lowest > -1)) {
            throw new IllegalArgumentException("the phases' factors add, so their negative amplitudes must sum to "
                    + "more than -1 (a sample can only be faster, not take no time), got " + Marginal.num(lowest));
        }
    }

    /** One phase alone. */
    public static PhaseSum of(Phase phase) {
        return new PhaseSum(List.of(phase));
    }

    /**
     * Parses {@code exp:A:TAU} or {@code step:A:N}, or several of them joined with {@code +}.
     *
     * @param what the option's name, for the message
     * @throws IllegalArgumentException one line naming the whole value, the bad part and the accepted forms
     */
    static PhaseSum parse(String what, String text) {
        String[] texts = text.strip().split("\\+", -1);
        if (texts.length == 1) {
            return of(Phase.parse(what, text)); // the one-phase message, as before
        }
        List<Phase> parts = new ArrayList<>();
        for (String t : texts) {
            try {
                parts.add(Phase.parse(what, t));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("'" + what + "=" + text.strip() + "': its part '" + t.strip()
                        + "' is not exp:AMPLITUDE:TAU or step:AMPLITUDE:COUNT with AMPLITUDE > -1 and TAU, COUNT > 0 "
                        + "(several phases are joined with +, e.g. " + what + "=exp:2:3+step:0.08:40)");
            }
        }
        try {
            return new PhaseSum(parts);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + what + "=" + text.strip() + "': " + e.getMessage());
        }
    }

    /** The extra factor of sample i (0-based from the phase's edge): the sum of the parts' factors. */
    public double factor(long i) {
        double f = 0;
        for (Phase p : parts) {
            f += p.factor(i);
        }
        return f;
    }

    /** Σ factor(i) for i in [0, n): the extra samples' worth of time that n samples spend in these phases. */
    public double sum(long n) {
        double s = 0;
        for (Phase p : parts) {
            s += p.sum(n);
        }
        return s;
    }

    /**
     * The number of samples after which the factor is 0 for good, when every part is a step (the longest step's
     * count, rounded up); −1 when a part is a decay, which never quite ends.
     */
    public int planted() {
        int n = 0;
        for (Phase p : parts) {
            if (p.shape() != Phase.Shape.STEP) {
                return -1;
            }
            n = Math.max(n, (int) Math.ceil(p.length()));
        }
        return n;
    }

    @Override
    public String toString() {
        return parts.stream().map(Phase::toString).collect(Collectors.joining("+"));
    }
}
