package io.pilotbench.core.model;

import java.util.Locale;

/**
 * How the confidence interval of a mean is built from autocorrelated samples.
 *
 * <ul>
 *   <li>{@code ar} (default): the long-run variance of the samples from an autoregressive model of their batch means
 *       (Burg, order by BIC), with the degrees of freedom its own uncertainty leaves and Willink's skewness
 *       adjustment; a session stops only when the CI is narrow enough <em>and</em> rests on at least
 *       {@value io.pilotbench.core.model.Defaults#MIN_SAMPLES} samples and {@value io.pilotbench.core.model.Defaults#MIN_DEGREES_OF_FREEDOM}
 *       degrees of freedom. Coverage measured with {@code pilot simulate}: bench/README.md.</li>
 *   <li>{@code pilot}: the original Pilot's subsessions (paper §III-D): the smallest block size q whose block means have
 *       |lag-1 autocorrelation| ≤ the limit, a Student-t CI on the block means, at least the minimum number of
 *       subsessions. Reproduces the original's numbers (docs/original.md#subsessions); with {@code --warmup-removal
 *       edm} a session behaves as the original's.</li>
 * </ul>
 */
public enum CiMethod {
    /** Autoregressive long-run variance (default). */
    AR,
    /** The original Pilot's subsession method. */
    PILOT;

    /**
     * Parses {@code ar} or {@code pilot}.
     *
     * @throws IllegalArgumentException naming the accepted values
     */
    public static CiMethod parse(String text) {
        for (CiMethod m : values()) {
            if (m.toString().equals(text.strip().toLowerCase(Locale.ROOT))) {
                return m;
            }
        }
        throw new IllegalArgumentException(
                "'" + text + "' is not a CI method: use ar (default) or pilot (the " + "original's subsessions)");
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
