package io.pilotbench.core.model;

/**
 * Decimal numbers in text as Pilot reads them: {@code [+-]digits[.digits][e[+-]digits]} (also {@code 5.} and
 * {@code .5}), nothing else — no hex ({@code 0x1p3}), no Java suffixes ({@code 1.5f}, {@code 2d}), no NaN or
 * infinities, which {@link Double#parseDouble} would all take. The one definition for every reader of numbers:
 * {@code pilot analyze}'s (which converts them faster itself) and Getstats'.
 */
public final class Decimal {
    private Decimal() {}

    /** Whether {@code s} (stripped) is a decimal number. */
    public static boolean isDecimal(CharSequence s) {
        int n = s.length();
        int i = 0;
        if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
            i++;
        }
        int digits = 0;
        while (i < n && isDigit(s.charAt(i))) {
            i++;
            digits++;
        }
        if (i < n && s.charAt(i) == '.') {
            i++;
            while (i < n && isDigit(s.charAt(i))) {
                i++;
                digits++;
            }
        }
        if (digits == 0) {
            return false;
        }
        if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            i++;
            if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
                i++;
            }
            int exponent = 0;
            while (i < n && isDigit(s.charAt(i))) {
                i++;
                exponent++;
            }
            if (exponent == 0) {
                return false;
            }
        }
        return i == n;
    }

    /** The value of {@code s} (stripped) when it is a decimal number and finite, else NaN. */
    public static double finiteOrNaN(String s) {
        if (!isDecimal(s)) {
            return Double.NaN;
        }
        double x = Double.parseDouble(s);
        return Double.isFinite(x) ? x : Double.NaN;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
