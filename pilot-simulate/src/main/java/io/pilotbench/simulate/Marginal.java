package io.pilotbench.simulate;

import java.util.Locale;
import org.hipparchus.special.Erf;

/**
 * The stable distribution of a simulated workload's samples, with a known mean and standard deviation. A sample is
 * made from a standard normal variate {@code z} (the latent AR(1) process of {@link WorkloadModel}) through the
 * distribution's quantile function, so that autocorrelation can be added without changing the distribution (a
 * Gaussian copula): the samples have exactly this marginal whatever φ is.
 *
 * @param shape the family
 * @param mean  the mean, &gt; 0
 * @param cv    the coefficient of variation σ/mean, ≥ 0 (for the bimodal mixture: of each mode)
 * @param tail  the Pareto shape α, &gt; 2 so that the variance is finite (the third moment is infinite below 3);
 *              ignored by the other shapes
 * @param upper the bimodal mixture's share of samples in its upper mode, in [0, 1]; ignored by the other shapes
 * @param gap   the distance between the bimodal modes as a fraction of the mean, ≥ 0; ignored by the other shapes
 */
public record Marginal(Shape shape, double mean, double cv, double tail, double upper, double gap) {

    /** The families. */
    public enum Shape {
        /** Normal: mean + σ·z. */
        NORMAL,
        /** Log-normal with the given mean and CV: exp(μ + s·z), s² = ln(1 + cv²), μ = ln(mean) − s²/2. */
        LOGNORMAL,
        /**
         * A shifted Pareto (type I) with shape α, its scale and shift chosen so that mean and σ are as given: a
         * floor with a long right tail, as latencies have.
         */
        PARETO,
        /**
         * Two normal modes of equal σ = cv·mean, a share {@code upper} of the samples in the upper one, the modes
         * {@code gap}·mean apart around the mean. The mode of each sample is drawn independently; the latent z
         * (and so φ) drives the noise within a mode.
         */
        BIMODAL;

        static Shape parse(String text) {
            try {
                return valueOf(text.strip().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(
                        "distribution '" + text + "' is not normal, lognormal, pareto or bimodal");
            }
        }
    }

    public Marginal {
        if (shape == null) {
            throw new IllegalArgumentException("a distribution is required");
        }
        if (!(mean > 0) || Double.isInfinite(mean)) {
            throw new IllegalArgumentException("mean must be > 0, got " + mean);
        }
        if (!(cv >= 0) || Double.isInfinite(cv)) {
            throw new IllegalArgumentException("cv must be >= 0, got " + cv);
        }
        if (shape == Shape.PARETO && (!(tail > 2) || Double.isInfinite(tail))) {
            throw new IllegalArgumentException("the Pareto tail index must be > 2 (finite variance), got " + tail);
        }
        if (shape == Shape.PARETO && cv == 0) {
            throw new IllegalArgumentException("a Pareto distribution needs cv > 0");
        }
        if (!(upper >= 0 && upper <= 1) || !(gap >= 0) || Double.isInfinite(gap)) {
            throw new IllegalArgumentException(
                    "bimodal modes need a share in [0, 1] and a gap >= 0, got " + upper + ":" + gap);
        }
    }

    /** A normal distribution with this mean and CV. */
    public static Marginal normal(double mean, double cv) {
        return new Marginal(Shape.NORMAL, mean, cv, 2.5, 0.3, 0.3);
    }

    /** This distribution with another mean (the same CV and shape parameters). */
    public Marginal withMean(double value) {
        return new Marginal(shape, value, cv, tail, upper, gap);
    }

    /** The standard deviation of the samples. */
    public double sd() {
        double s = cv * mean;
        if (shape == Shape.BIMODAL) {
            double d = gap * mean;
            return Math.sqrt(s * s + upper * (1 - upper) * d * d);
        }
        return s;
    }

    /**
     * The sample for latent standard normal {@code z}; {@code u} is an independent uniform in [0, 1) that picks the
     * bimodal mode (unused by the other shapes).
     */
    public double sample(double z, double u) {
        switch (shape) {
            case NORMAL:
                return mean + cv * mean * z;
            case LOGNORMAL: {
                double s2 = Math.log1p(cv * cv);
                return Math.exp(Math.log(mean) - s2 / 2 + Math.sqrt(s2) * z);
            }
            case PARETO: {
                // X = shift + xm · P^(−1/α) with P = 1 − Φ(z) = Φ(−z), computed directly so the tail keeps its
                // precision: sd = xm·sqrt(α/(α−2))/(α−1), mean = shift + α·xm/(α−1)
                double xm = cv * mean * (tail - 1) / Math.sqrt(tail / (tail - 2));
                double shift = mean - tail * xm / (tail - 1);
                double p = 0.5 * Erf.erfc(z / Math.sqrt(2));
                return shift + xm * Math.pow(p, -1 / tail);
            }
            case BIMODAL: {
                double low = mean - upper * gap * mean;
                return (u < upper ? low + gap * mean : low) + cv * mean * z;
            }
            default:
                throw new IllegalStateException(shape.toString());
        }
    }

    @Override
    public String toString() {
        String s = shape.name().toLowerCase(Locale.ROOT) + "(mean " + num(mean) + ", cv " + num(cv);
        if (shape == Shape.PARETO) {
            s += ", tail " + num(tail);
        } else if (shape == Shape.BIMODAL) {
            s += ", upper share " + num(upper) + ", gap " + num(gap);
        }
        return s + ")";
    }

    static String num(double x) {
        return x == Math.rint(x) && Math.abs(x) < 1e15 ? Long.toString((long) x) : Double.toString(x);
    }
}
