package io.pilotbench.core.input;

import ch.randelshofer.fastdoubleparser.JavaDoubleParser;
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

    private Numbers() {
    }

    /** Whether {@code s} (stripped) is a decimal number. */
    static boolean isDecimal(CharSequence s) {
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

    /** The value of a string {@link #isDecimal} accepted (possibly ±∞ when it overflows). */
    static double parse(CharSequence s) {
        return JavaDoubleParser.parseDouble(s);
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

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
