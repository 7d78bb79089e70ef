package io.pilotbench.core.model;

import java.math.BigDecimal;
import java.math.MathContext;

/** Number formatting shared by reports and messages. */
public final class Formats {
    /** A duration as written: a number and ms, s (sec), m (min) or h, or a bare number of seconds. */
    private static final java.util.regex.Pattern DURATION =
            java.util.regex.Pattern.compile("([0-9]*\\.?[0-9]+)\\s*(ms|s|sec|m|min|h)?");

    private Formats() {}

    /**
     * The nanoseconds of a duration as written ("500ms", "1.5s", "5m", "1min", "1h", "90"), read alike by the
     * command line's options and a campaign's OPTIONs; NaN when the text is none (its range is the caller's to check).
     */
    public static double durationNanos(String text) {
        java.util.regex.Matcher m = DURATION.matcher(text.strip().toLowerCase(java.util.Locale.ROOT));
        if (!m.matches()) {
            return Double.NaN;
        }
        return Double.parseDouble(m.group(1))
                * switch (m.group(2) == null ? "s" : m.group(2)) {
                    case "ms" -> 1e6;
                    case "m", "min" -> 60e9;
                    case "h" -> 3600e9;
                    default -> 1e9;
                };
    }

    /** A number with up to 4 significant digits and no trailing zeros: 0.1 → "0.1", 1234.5678 → "1235". */
    public static String number(double x) {
        return significant(x, 4);
    }

    /** A number with up to {@code digits} significant digits, no exponent for everyday magnitudes. */
    public static String significant(double x, int digits) {
        if (Double.isNaN(x) || Double.isInfinite(x)) {
            return Double.toString(x);
        }
        if (x == 0) {
            return "0";
        }
        BigDecimal d = new BigDecimal(x).round(new MathContext(digits)).stripTrailingZeros();
        double abs = Math.abs(x);
        return abs >= 1e-4 && abs < 1e12 ? d.toPlainString() : d.toString();
    }

    /**
     * A confidence level as a percentage: 0.95 → "95%", 0.999 → "99.9%", with as many digits as it takes not to round
     * a level below 100% up to "100%" (0.999999 → "99.9999%").
     */
    public static String confidenceLevel(double fraction) {
        double x = fraction * 100;
        String s = significant(x, 4);
        for (int digits = 5; digits <= 12 && x < 100 && Double.parseDouble(s) >= 100; digits++) {
            s = significant(x, digits);
        }
        return s + "%";
    }

    /** {@code "p < 0.001"}, {@code "p = 0.042"}; {@code "p unknown"} for NaN. */
    public static String pValue(double p) {
        if (Double.isNaN(p)) {
            return "p unknown";
        }
        return p < 0.001 ? "p < 0.001" : "p = " + significant(p, 3);
    }

    private static final String[] TIME_UNITS = {"ns", "µs", "ms", "s"};

    /**
     * A value with its unit, for people: a time in s, ms, µs (or us) or ns is rescaled so that {@code reference}
     * (usually the mean it belongs with) reads between 1 and 1000 — 0.01231 s → "12.31 ms" — and other units are
     * appended as they are ("56.13 MB/s"). An empty unit gives the bare number.
     */
    public static String quantity(double x, String unit, double reference) {
        int from = timeUnit(unit);
        if (from < 0 || !Double.isFinite(x) || !Double.isFinite(reference)) {
            return unit == null || unit.isEmpty() ? number(x) : number(x) + " " + unit;
        }
        double seconds = Math.abs(reference) * Math.pow(1000, from - 3);
        int to = seconds == 0 ? from : seconds >= 1 ? 3 : seconds >= 1e-3 ? 2 : seconds >= 1e-6 ? 1 : 0;
        return number(x * Math.pow(1000, from - to)) + " " + TIME_UNITS[to];
    }

    /** {@link #quantity(double, String, double)} scaled by the value itself. */
    public static String quantity(double x, String unit) {
        return quantity(x, unit, x);
    }

    private static int timeUnit(String unit) {
        if (unit == null) {
            return -1;
        }
        return switch (unit) {
            case "ns" -> 0;
            case "us", "µs", "μs" -> 1;
            case "ms" -> 2;
            case "s" -> 3;
            default -> -1;
        };
    }

    /** "75.89 ms", "12.5 s", "3 min 5 s", "2 h 10 min"; "unknown" when not finite. */
    public static String duration(double seconds) {
        if (!Double.isFinite(seconds)) {
            return "unknown";
        }
        if (seconds < 1) {
            return Formats.number(seconds * 1000) + " ms";
        }
        if (seconds < 120) {
            return Formats.number(seconds) + " s";
        }
        long t = Math.round(seconds);
        return t < 7200 ? t / 60 + " min " + t % 60 + " s" : t / 3600 + " h " + t % 3600 / 60 + " min";
    }
}
