package io.pilotbench.script;

import java.util.ArrayList;
import java.util.List;

/**
 * One logical line of a script: physical lines joined where one ends in a backslash, split into words. Single quotes
 * keep everything (spaces, {@code $}, {@code %}) literal; double quotes keep spaces. Positions point into the
 * physical lines, so an error in a continued line names the line it is on.
 */
record Line(List<Word> words) {
    /** The words after the first, as written (quotes kept): the command text of SETUP, EXEC, ... */
    String restAfter(int n) {
        if (words.size() <= n) {
            return "";
        }
        StringBuilder b = new StringBuilder();
        for (int i = n; i < words.size(); i++) {
            if (i > n) {
                b.append(' ');
            }
            b.append(words.get(i).raw());
        }
        return b.toString();
    }

    Pos pos() {
        return words.get(0).pos();
    }

    /**
     * Splits the script text into logical lines. Blank lines and lines whose first word starts with {@code #} are
     * dropped.
     *
     * @throws ScriptException for an unterminated quote
     */
    static List<Line> split(String file, String text) {
        List<Line> out = new ArrayList<>();
        String[] physical = text.split("\r?\n", -1);
        List<Word> words = new ArrayList<>();
        StringBuilder cur = null;
        StringBuilder raw = null;
        Pos start = null;
        char quote = 0;
        Pos quoteAt = null;
        for (int ln = 0; ln < physical.length; ln++) {
            String s = physical[ln];
            boolean continued = false;
            int end = s.length();
            if (s.endsWith("\\") && !s.endsWith("\\\\")) {
                continued = true;
                end--;
            }
            if (quote == 0 && words.isEmpty() && cur == null && s.strip().startsWith("#")) {
                continue;
            }
            for (int i = 0; i < end; i++) {
                char c = s.charAt(i);
                Pos here = new Pos(file, ln + 1, i + 1);
                if (quote != 0) {
                    raw.append(c);
                    if (c == quote) {
                        quote = 0;
                    } else {
                        cur.append(c);
                    }
                    continue;
                }
                if (c == ' ' || c == '\t') {
                    if (cur != null) {
                        words.add(new Word(cur.toString(), raw.toString(), start));
                        cur = null;
                    }
                    continue;
                }
                if (cur == null) {
                    cur = new StringBuilder();
                    raw = new StringBuilder();
                    start = here;
                }
                raw.append(c);
                if (c == '\'' || c == '"') {
                    quote = c;
                    quoteAt = here;
                } else {
                    cur.append(c);
                }
            }
            if (continued) {
                if (quote != 0) {
                    cur.append(' ');
                    raw.append(' ');
                } else if (cur != null) {
                    words.add(new Word(cur.toString(), raw.toString(), start));
                    cur = null;
                }
                continue;
            }
            if (quote != 0) {
                throw new ScriptException(quoteAt, "expected a closing " + quote + " before the end of the line");
            }
            if (cur != null) {
                words.add(new Word(cur.toString(), raw.toString(), start));
                cur = null;
            }
            if (!words.isEmpty()) {
                out.add(new Line(List.copyOf(words)));
                words.clear();
            }
        }
        if (quote != 0) {
            throw new ScriptException(quoteAt, "expected a closing " + quote + " before the end of the file");
        }
        if (cur != null) {
            words.add(new Word(cur.toString(), raw.toString(), start));
        }
        if (!words.isEmpty()) {
            out.add(new Line(List.copyOf(words)));
        }
        return out;
    }
}
