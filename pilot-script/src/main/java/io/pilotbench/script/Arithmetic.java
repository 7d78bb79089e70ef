package io.pilotbench.script;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The value of {@code VAR NAME=$((EXPR))}: arithmetic on integers and decimals with {@code + - * /} (also written
 * {@code × −}), unary minus and parentheses, on numbers and {@code %VAR%} / {@code $VAR$} references, as the shell's
 * {@code $((…))} but with decimals: {@code VAR I=$((%I% + 1))}, {@code VAR HALF=$((%SIZE% / 2))}.
 *
 * <p>The expression is checked when the script is parsed (every reference taken as a number), so a syntax mistake is
 * one line before anything runs; a reference that is not a number, or a division by zero, is one line when the VAR is
 * reached. Results are exact for {@code + - *}; a quotient has 16 significant digits. Integers print without a
 * decimal point ({@code 3}, not {@code 3.0}), decimals without trailing zeros ({@code 2.5}).
 */
final class Arithmetic {
    /** How an arithmetic value starts and ends. */
    static final String OPEN = "$((";

    static final String CLOSE = "))";
    private static final String HOW = "write e.g. VAR I=$((%I% + 1))";

    private record Token(String text, Pos pos) {
        boolean is(String s) {
            return text.equals(s);
        }

        boolean isReference() {
            return text.length() > 2 && (text.charAt(0) == '%' || text.charAt(0) == '$');
        }
    }

    private final List<Token> tokens;
    private final String shown;
    private final Pos end;
    private int next;
    private UnaryOperator<String> sub;
    private boolean checking;

    private Arithmetic(List<Token> tokens, String shown, Pos end) {
        this.tokens = tokens;
        this.shown = shown;
        this.end = end;
    }

    /** Whether a value word starts an arithmetic value. */
    static boolean starts(Word w) {
        return w.raw().startsWith(OPEN);
    }

    /**
     * Reads and checks the arithmetic value spread over {@code words} (the first starts with {@code $((}, the last
     * ends with {@code ))}).
     *
     * @throws ScriptException at the first mistake, with what was expected and how to write it
     */
    static Arithmetic parse(List<Word> words) {
        List<Token> tokens = new ArrayList<>();
        StringBuilder shown = new StringBuilder();
        Word last = words.get(words.size() - 1);
        Pos end = at(last.pos(), last.raw().length());
        if (!last.raw().endsWith(CLOSE) || words.size() == 1 && last.raw().length() < OPEN.length() + CLOSE.length()) {
            throw new ScriptException(
                    end, "expected " + CLOSE + " to close " + OPEN + " at the end of the line (" + HOW + ")");
        }
        for (int k = 0; k < words.size(); k++) {
            Word w = words.get(k);
            String raw = w.raw();
            int from = k == 0 ? OPEN.length() : 0;
            int to = k == words.size() - 1 ? raw.length() - CLOSE.length() : raw.length();
            shown.append(k == 0 ? "" : " ").append(raw);
            tokenize(raw, from, to, w.pos(), tokens);
        }
        Arithmetic a = new Arithmetic(
                List.copyOf(tokens), shown.toString(), at(last.pos(), last.raw().length() - CLOSE.length()));
        a.sub = s -> "1"; // every reference is some number: only the syntax is checked now
        a.checking = true;
        a.evaluate();
        return a;
    }

    private static Pos at(Pos p, int offset) {
        return new Pos(p.file(), p.line(), p.column() + offset);
    }

    private static void tokenize(String s, int from, int to, Pos pos, List<Token> out) {
        int i = from;
        while (i < to) {
            char c = s.charAt(i);
            Pos here = at(pos, i);
            if (c == ' ' || c == '\t') {
                i++;
            } else if (Character.isDigit(c) || c == '.') {
                int j = i;
                while (j < to && (Character.isDigit(s.charAt(j)) || s.charAt(j) == '.')) {
                    j++;
                }
                out.add(new Token(s.substring(i, j), here));
                i = j;
            } else if (c == '%' || c == '$') {
                int j = i + 1;
                while (j < to && (Character.isLetterOrDigit(s.charAt(j)) || s.charAt(j) == '_')) {
                    j++;
                }
                if (j == i + 1 || j >= to || s.charAt(j) != c) {
                    throw new ScriptException(
                            here,
                            "expected a variable reference (" + c + "NAME" + c + ") in " + OPEN + "…" + CLOSE
                                    + ", found '" + s.substring(i, Math.min(to, j + 1)) + "'; " + HOW);
                }
                out.add(new Token(s.substring(i, j + 1), here));
                i = j + 1;
            } else if ("+-*/()×−".indexOf(c) >= 0) {
                out.add(new Token(c == '×' ? "*" : c == '−' ? "-" : String.valueOf(c), here));
                i++;
            } else {
                throw new ScriptException(
                        here,
                        "expected a number, %VAR%, + - * / or parentheses in " + OPEN + "…" + CLOSE + ", found '" + c
                                + "'; " + HOW);
            }
        }
    }

    /**
     * The value, with every reference substituted by {@code sub} ({@code %I%} → its value).
     *
     * @throws ScriptException when a reference is not a number, or for a division by zero
     */
    String evaluate(UnaryOperator<String> substitute) {
        Arithmetic a = new Arithmetic(tokens, shown, end);
        a.sub = substitute;
        BigDecimal v = a.evaluate().stripTrailingZeros();
        return (v.scale() < 0 ? v.setScale(0) : v).toPlainString();
    }

    private BigDecimal evaluate() {
        next = 0;
        if (tokens.isEmpty()) {
            throw new ScriptException(end, "expected an expression between " + OPEN + " and " + CLOSE + "; " + HOW);
        }
        BigDecimal v = sum();
        if (next < tokens.size()) {
            Token t = tokens.get(next);
            throw new ScriptException(
                    t.pos(),
                    "expected + - * / or the end of " + shown + ", found '" + t.text() + "'"
                            + (t.is(")") ? " (more ) than (: remove one)" : "; " + HOW));
        }
        return v;
    }

    private BigDecimal sum() {
        BigDecimal v = product();
        while (next < tokens.size() && (peek().is("+") || peek().is("-"))) {
            boolean plus = tokens.get(next++).is("+");
            BigDecimal w = product();
            v = plus ? v.add(w) : v.subtract(w);
        }
        return v;
    }

    private BigDecimal product() {
        BigDecimal v = factor();
        while (next < tokens.size() && (peek().is("*") || peek().is("/"))) {
            Token op = tokens.get(next++);
            BigDecimal w = factor();
            if (op.is("*")) {
                v = v.multiply(w);
            } else if (w.signum() == 0) {
                if (checking) {
                    continue; // every reference is 1 while checking: (%A% - %B%) is not known to be 0
                }
                throw new ScriptException(
                        op.pos(), "division by zero in " + shown + "; check the values of its " + "%VAR%s");
            } else {
                v = v.divide(w, MathContext.DECIMAL64);
            }
        }
        return v;
    }

    private BigDecimal factor() {
        if (next >= tokens.size()) {
            throw new ScriptException(
                    end, "expected a number, %VAR% or ( before " + CLOSE + " in " + shown + "; " + HOW);
        }
        Token t = tokens.get(next++);
        if (++depth > MAX_DEPTH) {
            // recursive descent: thousands of nested ( or signs would overflow the stack (a StackOverflowError)
            throw new ScriptException(
                    t.pos(),
                    shown.length() > 40
                            ? "$((…)) nests more than " + MAX_DEPTH + " parentheses or signs; " + HOW
                            : shown + " nests more than " + MAX_DEPTH + " deep; " + HOW);
        }
        try {
            return factor(t);
        } finally {
            depth--;
        }
    }

    /** How deep parentheses and signs may nest in one expression. */
    private static final int MAX_DEPTH = 200;

    private int depth;

    private BigDecimal factor(Token t) {
        if (t.is("-") || t.is("+")) {
            BigDecimal v = factor();
            return t.is("-") ? v.negate() : v;
        }
        if (t.is("(")) {
            BigDecimal v = sum();
            if (next >= tokens.size() || !peek().is(")")) {
                throw new ScriptException(
                        next >= tokens.size() ? end : peek().pos(),
                        "expected ) to close the ( at " + "column " + t.pos().column() + " in " + shown);
            }
            next++;
            return v;
        }
        if (t.isReference()) {
            String v = sub.apply(t.text());
            BigDecimal n = number(v);
            if (n == null) {
                throw new ScriptException(
                        t.pos(),
                        v.equals(t.text())
                                ? t.text() + " is not set, so " + shown + " has no value; set it before (e.g. VAR "
                                        + t.text().substring(1, t.text().length() - 1) + "=0)"
                                : "expected " + t.text() + " to be a number in " + shown + ", but it is '" + v + "'");
            }
            return n;
        }
        BigDecimal n = number(t.text());
        if (n == null) {
            throw new ScriptException(
                    t.pos(), "expected a number, %VAR% or ( in " + shown + ", found '" + t.text() + "'; " + HOW);
        }
        return n;
    }

    private Token peek() {
        return tokens.get(next);
    }

    private static BigDecimal number(String s) {
        try {
            return new BigDecimal(s.strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    @Override
    public String toString() {
        return shown;
    }
}
