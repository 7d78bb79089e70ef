package io.pilotbench.script;

import com.ezylang.evalex.EvaluationException;
import com.ezylang.evalex.Expression;
import com.ezylang.evalex.parser.ASTNode;
import com.ezylang.evalex.parser.ParseException;
import com.ezylang.evalex.parser.Token;
import java.math.BigDecimal;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Getstats predicate such as {@code ($delta < 0.05 * $mean) || ($count > 30)} (the paper's Figure 1), evaluated by
 * EvalEx: arithmetic, comparisons, {@code && || !} and a few math functions, nothing that can run code or touch
 * files. The paper handed predicates to Perl's {@code eval}; here {@code $name} and {@code "$name"} (Perl's quoted
 * interpolation, as in the figure) both mean the variable, and {@code $hw%} the half-width in percent.
 *
 * <p>A variable that is NaN (e.g. {@code $delta} with one run) makes the predicate false: not enough is known yet.
 *
 * <p>A predicate that held may have held only through a <em>run cap</em>: a comparison on {@code $count} alone, on
 * its own or joined by {@code ||} (the paper's {@code || ($count > 30)}). {@link #precisionHolds} tells whether the
 * rest held too; a comparison on {@code $count} joined by {@code &&} is a minimum, not a cap.
 */
final class Predicate {
    private static final Pattern VAR = Pattern.compile("\"?\\$([A-Za-z_][A-Za-z0-9_]*)(%?)\"?");

    private final String text;
    private final String translated;

    private Predicate(String text, String translated) {
        this.text = text;
        this.translated = translated;
    }

    /**
     * Checks and compiles {@code text}.
     *
     * @throws IllegalArgumentException naming the predicate and what is wrong with it
     */
    static Predicate parse(String text) {
        String t = translate(text);
        try {
            Expression e = new Expression(t);
            e.validate();
            for (String v : variables(e.getAbstractSyntaxTree())) {
                if (!KNOWN.contains(v)) {
                    throw new IllegalArgumentException("predicate '" + text + "': no variable $"
                            + v.substring(2).replace("_pct", "%") + "; expected one of " + NAMES);
                }
            }
        } catch (ParseException e) {
            throw new IllegalArgumentException("predicate '" + text + "': " + e.getMessage());
        }
        return new Predicate(text, t);
    }

    /** The Getstats variables ({@link ColumnStats#variables()}), as {@code $name}. */
    static final String NAMES = "$mean $median $delta $hw% $sdev $sdev% $count $slope $min $max $low $high";

    private static final Set<String> KNOWN = Set.of(translate(NAMES).split(" "));

    /**
     * Whether {@code word} is one Getstats variable ({@code $count}, {@code "$mean"}, {@code $hw%}) and nothing else.
     */
    static boolean isVariable(String word) {
        return VAR.matcher(word).matches();
    }

    static String translate(String text) {
        Matcher m = VAR.matcher(text);
        StringBuilder b = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(
                    b, Matcher.quoteReplacement("v_" + m.group(1) + (m.group(2).isEmpty() ? "" : "_pct")));
        }
        m.appendTail(b);
        return b.toString();
    }

    private static final String COUNT = "v_count";

    /** Whether the predicate asks anything but a number of runs (a variable other than {@code $count}). */
    boolean asksPrecision() {
        try {
            return variables(new Expression(translated).getAbstractSyntaxTree()).stream()
                    .anyMatch(v -> !v.equals(COUNT));
        } catch (ParseException e) {
            throw new IllegalArgumentException("predicate '" + text + "': " + e.getMessage());
        }
    }

    /**
     * True when the predicate holds with its run caps taken as false: the TEST reached the precision it asks for,
     * rather than a number of runs.
     */
    boolean precisionHolds(Map<String, Double> values) {
        Expression e = new Expression(translated);
        Set<String> unknown = new HashSet<>();
        for (Map.Entry<String, Double> v : values.entrySet()) {
            String name = "v_" + v.getKey().replace("%", "_pct");
            if (v.getValue().isNaN() || v.getValue().isInfinite()) {
                unknown.add(name);
            } else {
                e.with(name, new BigDecimal(v.getValue()));
            }
        }
        try {
            return precision(e, e.getAbstractSyntaxTree(), false, unknown);
        } catch (EvaluationException | ParseException ex) {
            throw new IllegalArgumentException("predicate '" + text + "': " + ex.getMessage());
        }
    }

    private static boolean precision(Expression e, ASTNode n, boolean inAnd, Set<String> unknown)
            throws EvaluationException {
        Token t = n.getToken();
        if (t.getType() == Token.TokenType.INFIX_OPERATOR
                && (t.getValue().equals("&&") || t.getValue().equals("||"))) {
            boolean and = t.getValue().equals("&&");
            boolean left = precision(e, n.getParameters().get(0), and, unknown);
            if (and != left) {
                return left; // false && ..., true || ...
            }
            return precision(e, n.getParameters().get(1), and, unknown);
        }
        Set<String> vars = variables(n);
        if (!inAnd && vars.equals(Set.of(COUNT))) {
            return false; // a run cap, not precision
        }
        if (vars.stream().anyMatch(unknown::contains)) {
            return false;
        }
        var r = e.evaluateSubtree(n);
        return r.isBooleanValue() && r.getBooleanValue();
    }

    /** The predicate variables ({@code v_...}) a subtree uses. */
    private static Set<String> variables(ASTNode n) {
        Set<String> out = new HashSet<>();
        if (n.getToken().getType() == Token.TokenType.VARIABLE_OR_CONSTANT
                && n.getToken().getValue().startsWith("v_")) {
            out.add(n.getToken().getValue());
        }
        for (ASTNode p : n.getParameters()) {
            out.addAll(variables(p));
        }
        return out;
    }

    /**
     * True when the predicate holds with these values ({@code name} without {@code $}; {@code hw%} for
     * {@code $hw%}).
     *
     * @throws IllegalArgumentException when it uses an unknown variable or does not give true or false
     */
    boolean holds(Map<String, Double> values) {
        Expression e = new Expression(translated);
        for (Map.Entry<String, Double> v : values.entrySet()) {
            String name = "v_" + v.getKey().replace("%", "_pct");
            if (v.getValue().isNaN() || v.getValue().isInfinite()) {
                if (translated.contains(name)) {
                    return false;
                }
                continue;
            }
            e.with(name, new BigDecimal(v.getValue()));
        }
        try {
            var r = e.evaluate();
            if (!r.isBooleanValue()) {
                throw new IllegalArgumentException(
                        "predicate '" + text + "' gives " + r.getValue() + ", not true or false");
            }
            return r.getBooleanValue();
        } catch (EvaluationException ex) {
            throw new IllegalArgumentException("predicate '" + text + "': " + ex.getMessage()
                    + " (variables: $mean $median $delta $hw% $sdev $sdev% $count $slope $min $max $low $high)");
        } catch (ParseException ex) {
            throw new IllegalArgumentException("predicate '" + text + "': " + ex.getMessage());
        }
    }

    @Override
    public String toString() {
        return text;
    }
}
