package io.pilotbench.core.model;

import java.util.Locale;

/**
 * The required CI full width: a fraction of the mean ("10%") or an absolute value in the data's unit ("0.5").
 *
 * @param value    the fraction (0.1 = 10%) or the absolute width, &gt; 0
 * @param relative whether {@code value} is a fraction of the mean
 */
public record CiTarget(double value, boolean relative) {
    public CiTarget {
        if (!(value > 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException("CI width must be a finite number > 0, got " + value);
        }
    }

    /** A width relative to the mean: {@code ofMean(0.1)} is "10% of the mean". */
    public static CiTarget ofMean(double fraction) {
        return new CiTarget(fraction, true);
    }

    /** An absolute width in the data's unit. */
    public static CiTarget absolute(double width) {
        return new CiTarget(width, false);
    }

    /**
     * Parses "10%" (of the mean) or "0.5" (absolute).
     *
     * @throws IllegalArgumentException with a message that says what is accepted
     */
    public static CiTarget parse(String text) {
        String s = text.strip();
        try {
            if (s.endsWith("%")) {
                return ofMean(Double.parseDouble(s.substring(0, s.length() - 1)) / 100);
            }
            return absolute(Double.parseDouble(s));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("CI width '" + text
                    + "' is neither a percentage of the mean (e.g. 10%) nor an absolute width (e.g. 0.5)");
        }
    }

    /** The absolute full width for a sample with this mean. */
    public double widthFor(double mean) {
        return relative ? value * Math.abs(mean) : value;
    }

    @Override
    public String toString() {
        return relative
                ? String.format(Locale.ROOT, "%s%% of mean", Formats.number(value * 100))
                : Formats.number(value);
    }
}
