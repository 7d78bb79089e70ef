package io.pilotbench.core.input;

import ch.randelshofer.fastdoubleparser.JavaDoubleParser;
import io.pilotbench.core.model.Decimal;
import java.util.regex.Pattern;

/**
 * Decimal numbers in text: {@code [+-]digits[.digits][e[+-]digits]} (also {@code 5.} and {@code .5}), nothing else —
 * no hex, no {@code 1d}, no NaN or infinities. Checked by a scan of the characters and converted by FastDoubleParser
 * (correctly rounded, like {@link Double#parseDouble}, and several times faster on the 10⁶-line inputs
 * {@code pilot analyze} reads).
 */
final class Numbers {
    private static final Pattern NON_FINITE = Pattern.compile("[+-]?(nan|inf|infinity)", Pattern.CASE_INSENSITIVE);
    /** A number written with a decimal comma: "10,5", "-0,25". */
    private static final Pattern DECIMAL_COMMA = Pattern.compile("[+-]?\\d+,\\d+([eE][+-]?\\d+)?");
    /** Two integers joined by a comma: a decimal comma, or two columns? */
    private static final Pattern AMBIGUOUS_PAIR = Pattern.compile("[+-]?\\d+,\\d+");
    /** A number written with thousands separators: 1,234.5 or 1,234,567 (English), 1.234,5 (German). */
    private static final Pattern THOUSANDS =
            Pattern.compile("[+-]?\\d{1,3}(,\\d{3})+\\.\\d+|[+-]?\\d{1,3}(,\\d{3}){2,}|[+-]?\\d{1,3}(\\.\\d{3})+,\\d+");

    private Numbers() {}

    /** Whether {@code s} (stripped) is a decimal number ({@link Decimal#isDecimal}). */
    static boolean isDecimal(CharSequence s) {
        return Decimal.isDecimal(s);
    }

    /** Exact powers of ten as doubles: 10^0 .. 10^22 (10^22 is the largest exactly representable). */
    private static final double[] POWERS = {
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
        1e20, 1e21, 1e22
    };

    /**
     * Bytes {@code [from, to)} as a number when they are a plain decimal ({@code [+-]digits[.digits]}) of at most 15
     * significant digits and 22 decimals, else NaN (the caller then checks and converts them the general way). Such a
     * number is m / 10^k with m < 2^53 and k ≤ 22, both exact doubles, so one division gives the correctly rounded
     * value (Clinger, "How to read floating point numbers accurately", PLDI 1990, the fast path): the same double as
     * {@link Double#parseDouble}, in one pass over the bytes. The common case of measured data.
     */
    static double parseSimple(byte[] s, int from, int to) {
        int i = from;
        boolean negative = false;
        if (i < to && (s[i] == '+' || s[i] == '-')) {
            negative = s[i] == '-';
            i++;
        }
        long m = 0;
        int digits = 0;
        int decimals = 0;
        boolean point = false;
        for (; i < to; i++) {
            int c = s[i] - '0';
            if (c >= 0 && c <= 9) {
                m = m * 10 + c;
                digits++;
                if (point) {
                    decimals++;
                }
            } else if (s[i] == '.' && !point) {
                point = true;
            } else {
                return Double.NaN;
            }
        }
        if (digits == 0 || digits > 15 || decimals > 22) {
            return Double.NaN;
        }
        double x = decimals == 0 ? m : m / POWERS[decimals];
        return negative ? -x : x;
    }

    /** Whether bytes {@code [from, to)} are a decimal number (ASCII). */
    static boolean isDecimal(byte[] s, int from, int to) {
        int i = from;
        if (i < to && (s[i] == '+' || s[i] == '-')) {
            i++;
        }
        int digits = 0;
        while (i < to && s[i] >= '0' && s[i] <= '9') {
            i++;
            digits++;
        }
        if (i < to && s[i] == '.') {
            i++;
            while (i < to && s[i] >= '0' && s[i] <= '9') {
                i++;
                digits++;
            }
        }
        if (digits == 0) {
            return false;
        }
        if (i < to && (s[i] == 'e' || s[i] == 'E')) {
            i++;
            if (i < to && (s[i] == '+' || s[i] == '-')) {
                i++;
            }
            int exponent = 0;
            while (i < to && s[i] >= '0' && s[i] <= '9') {
                i++;
                exponent++;
            }
            if (exponent == 0) {
                return false;
            }
        }
        return i == to;
    }

    /** The value of bytes {@link #isDecimal(byte[], int, int)} accepted. */
    static double parse(byte[] s, int from, int to) {
        double v = JavaDoubleParser.parseDouble(s, from, to - from);
        return v == 0 ? notZero(new String(s, from, to - from, java.nio.charset.StandardCharsets.ISO_8859_1), v) : v;
    }

    /** The value of a string {@link #isDecimal} accepted (possibly ±∞ when it overflows). */
    static double parse(CharSequence s) {
        double v = JavaDoubleParser.parseDouble(s);
        return v == 0 ? notZero(s, v) : v;
    }

    /**
     * {@code zero} for a zero ("0", "-0.0e5"); for a number too small for a double ("1e-400", which parses to 0), the smallest
     * double of its sign, which the magnitude check then refuses as too small (it was read as 0, silently).
     */
    private static double notZero(CharSequence s, double zero) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == 'e' || c == 'E') {
                break;
            }
            if (c >= '1' && c <= '9') {
                return s.charAt(0) == '-' ? -Double.MIN_VALUE : Double.MIN_VALUE;
            }
        }
        return zero; // its sign kept: -0.0 as Double.parseDouble gives it
    }

    static boolean isNonFinite(String s) {
        return NON_FINITE.matcher(s).matches();
    }

    /** Whether {@code s} is a number with a decimal comma ("10,5"). */
    static boolean isDecimalComma(String s) {
        return DECIMAL_COMMA.matcher(s).matches();
    }

    /** Whether {@code line} is two integers joined by one comma ("10,5"): columns, or a decimal comma? */
    static boolean isAmbiguousPair(String line) {
        return AMBIGUOUS_PAIR.matcher(line).matches();
    }

    /**
     * The first field of {@code line} (split at ';', tabs, white space) that reads as a number with thousands
     * separators, or null: such a line split at its commas gave "1" for "1,234.5", silently.
     */
    static String thousands(String line) {
        for (String f : line.strip().split("[;\\t\\s]+")) {
            if (THOUSANDS.matcher(f).matches()) {
                return f;
            }
        }
        return null;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
