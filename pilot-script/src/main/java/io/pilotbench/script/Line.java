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
        Splitter s = new Splitter(file);
        // a UTF-8 byte order mark (an editor on Windows writes one) was read as part of the first word: "found 'TEST'"
        String body = text.startsWith("\uFEFF") ? text.substring(1) : text;
        String[] physical = body.split("\r?\n", -1);
        for (int ln = 0; ln < physical.length; ln++) {
            s.physical(ln + 1, physical[ln]);
        }
        return s.end();
    }

    /**
     * What {@link #split} keeps from one character to the next: the lines so far, the words of the logical line being
     * read, and the word and quote open. A class of its own so that each step of the reading has a name.
     */
    private static final class Splitter {
        final String file;
        final List<Line> out = new ArrayList<>();
        final List<Word> words = new ArrayList<>();
        /** The word being read (quotes removed) and as written; null between words. */
        StringBuilder cur;

        StringBuilder raw;
        Pos start;
        /** The quote open, 0 for none, and where it opened. */
        char quote;

        Pos quoteAt;

        Splitter(String file) {
            this.file = file;
        }

        /** Reads physical line {@code number} (1-based). */
        void physical(int number, String s) {
            boolean continued = false;
            int end = s.length();
            if (s.endsWith("\\") && !s.endsWith("\\\\")) {
                continued = true;
                end--;
            }
            if (quote == 0 && words.isEmpty() && cur == null && s.strip().startsWith("#")) {
                return;
            }
            for (int i = 0; i < end; i++) {
                character(s.charAt(i), new Pos(file, number, i + 1));
            }
            if (continued) {
                if (quote != 0) {
                    cur.append(' ');
                    raw.append(' ');
                } else {
                    endWord();
                }
                return;
            }
            if (quote != 0) {
                throw new ScriptException(quoteAt, "expected a closing " + quote + " before the end of the line");
            }
            endWord();
            endLine();
        }

        private void character(char c, Pos here) {
            if (quote != 0) {
                raw.append(c);
                if (c == quote) {
                    quote = 0;
                } else {
                    cur.append(c);
                }
                return;
            }
            if (c == ' ' || c == '\t') {
                endWord();
                return;
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

        private void endWord() {
            if (cur != null) {
                words.add(new Word(cur.toString(), raw.toString(), start));
                cur = null;
            }
        }

        private void endLine() {
            if (!words.isEmpty()) {
                out.add(new Line(List.copyOf(words)));
                words.clear();
            }
        }

        /** The lines, once the text has ended. */
        List<Line> end() {
            if (quote != 0) {
                throw new ScriptException(quoteAt, "expected a closing " + quote + " before the end of the file");
            }
            endWord();
            endLine();
            return out;
        }
    }
}
