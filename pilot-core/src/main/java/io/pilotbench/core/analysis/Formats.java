package io.pilotbench.core.analysis;

import java.math.BigDecimal;
import java.math.MathContext;

/** Number formatting shared by reports and messages. */
public final class Formats {
    private Formats() {
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
}
