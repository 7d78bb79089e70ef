package io.pilotbench.core.model;

import java.util.Locale;

/**
 * How the warm-up (and cool-down) of a series is cut before it is analysed.
 *
 * <ul>
 *   <li>{@code auto} (default): cut a prefix (and, where the data are complete — a file, each round's unit readings
 *       — a suffix) only when a test says its level differs from the rest: the least-squares split of the first half,
 *       tested with the CUSUM statistic and the long-run variance at 1% false alarms per analysis ({@link
 *       io.pilotbench.stats.steadystate.WarmupDetector}). A shift later in the series is reported, never cut.</li>
 *   <li>{@code mser}: the same test of MSER-5's cut (White 1997), for comparison.</li>
 *   <li>{@code none}: analyse every sample.</li>
 *   <li>{@code edm}: the original Pilot's: keep only the stable segment that E-Divisive with Medians finds (Pilot paper §III-A): the first
 *       segment, from the left, that is the longest so far and longer than half the samples. Without one, every
 *       sample is kept and a warning says so.</li>
 *   <li>{@code fixed:10%}: drop the first 10% of the samples, ⌊0.1·n + 0.5⌋ (C's {@code round}, as the original's
 *       FIXED_PERCENTAGE), keeping at least one.</li>
 * </ul>
 *
 * @param method   the method
 * @param fraction for FIXED, the fraction dropped, in [0, 1); 0 otherwise
 */
public record WarmupRemoval(Method method, double fraction) {
    /** The methods. */
    public enum Method {
        NONE,
        EDM,
        FIXED,
        AUTO,
        MSER
    }

    public static final WarmupRemoval NONE = new WarmupRemoval(Method.NONE, 0);
    public static final WarmupRemoval EDM = new WarmupRemoval(Method.EDM, 0);
    public static final WarmupRemoval AUTO = new WarmupRemoval(Method.AUTO, 0);
    public static final WarmupRemoval MSER = new WarmupRemoval(Method.MSER, 0);

    public WarmupRemoval {
        if (method == null) {
            throw new IllegalArgumentException("warm-up removal method is required");
        }
        if (method == Method.FIXED ? !(fraction >= 0 && fraction < 1) : fraction != 0) {
            throw new IllegalArgumentException("fixed warm-up removal takes a fraction in [0%, 100%), got " + fraction);
        }
    }

    /** Drops a fixed fraction of the samples from the start. */
    public static WarmupRemoval fixed(double fraction) {
        return new WarmupRemoval(Method.FIXED, fraction);
    }

    /**
     * Parses {@code auto}, {@code mser}, {@code none}, {@code edm} or {@code fixed:P%} (also {@code fixed:0.1}).
     *
     * @throws IllegalArgumentException with a message listing the accepted forms
     */
    public static WarmupRemoval parse(String text) {
        String s = text.strip().toLowerCase(Locale.ROOT);
        if (s.equals("none")) {
            return NONE;
        }
        if (s.equals("edm")) {
            return EDM;
        }
        if (s.equals("auto")) {
            return AUTO;
        }
        if (s.equals("mser")) {
            return MSER;
        }
        if (s.startsWith("fixed:")) {
            String v = s.substring("fixed:".length());
            try {
                double f = v.endsWith("%")
                        ? Double.parseDouble(v.substring(0, v.length() - 1)) / 100
                        : Double.parseDouble(v);
                return fixed(f);
            } catch (NumberFormatException e) {
                // fall through to the message below
            }
        }
        throw new IllegalArgumentException("'" + text + "' is not auto, mser, none, edm or fixed:P% (e.g. fixed:10%)");
    }

    /** Whether this removal tests before it cuts (auto, mser). */
    public boolean tested() {
        return method == Method.AUTO || method == Method.MSER;
    }

    /** The number of leading samples FIXED drops from n: C round(fraction·n), keeping at least one sample. */
    public int fixedBegin(int n) {
        int begin = (int) Math.floor(fraction * n + 0.5);
        return begin >= n && n > 0 ? n - 1 : begin;
    }

    @Override
    public String toString() {
        return method == Method.FIXED
                ? "fixed:" + Formats.number(fraction * 100) + "%"
                : method.name().toLowerCase(Locale.ROOT);
    }
}
