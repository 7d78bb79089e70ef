package io.pilotbench.script;

import java.util.Set;

/** IF and WHILE comparisons: {@code a OP b}, on numbers when both sides are numbers, else on strings. */
final class Conditions {
    private static final Set<String> OPS = Set.of("==", "!=", "<", ">", "<=", ">=");

    private Conditions() {}

    static boolean isOperator(String s) {
        return OPS.contains(s);
    }

    static boolean compare(String a, String op, String b) {
        int c;
        Double x = number(a);
        Double y = number(b);
        if (x != null && y != null) {
            c = Double.compare(x, y);
            if (x.doubleValue() == y.doubleValue()) {
                c = 0; // 0.0 == -0.0
            }
        } else {
            c = a.compareTo(b);
        }
        return switch (op) {
            case "==" -> c == 0;
            case "!=" -> c != 0;
            case "<" -> c < 0;
            case ">" -> c > 0;
            case "<=" -> c <= 0;
            case ">=" -> c >= 0;
            default -> throw new IllegalArgumentException("unknown comparison " + op);
        };
    }

    private static Double number(String s) {
        try {
            double d = Double.parseDouble(s.strip());
            return Double.isNaN(d) ? null : d;
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
