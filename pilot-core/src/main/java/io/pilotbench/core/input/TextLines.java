package io.pilotbench.core.input;

import io.pilotbench.core.model.InputException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * The lines of a UTF-8 text stream, read as a stream (never the whole input at once), with the limits that keep a
 * wrong input from exhausting memory: a line longer than {@value #MAX_LINE_CHARS} characters, a NUL character (a
 * binary file, or {@code /dev/zero}) and bytes that are not UTF-8 each end the read with one {@link InputException}.
 * Lines end at {@code \n}; a {@code \r} before it is dropped, and so is a byte-order mark at the start.
 */
final class TextLines {
    /** The longest line read: 1 Mi characters (no file of numbers has longer ones). */
    static final int MAX_LINE_CHARS = 1 << 20;

    private final String source;
    private final Reader in;
    private final char[] buffer = new char[1 << 16];
    private final StringBuilder line = new StringBuilder();
    private int pos;
    private int end;
    private long number;
    private boolean eof;

    TextLines(String source, InputStream in) {
        this.source = source;
        this.in = new InputStreamReader(in, StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT));
    }

    /** The 1-based number of the line last returned by {@link #next()}. */
    long number() {
        return number;
    }

    /** The next line, without its end, or null at the end of the input. */
    String next() throws IOException {
        if (eof) {
            return null;
        }
        line.setLength(0);
        while (true) {
            if (pos == end && !fill()) {
                eof = true;
                if (line.length() == 0) {
                    return null; // the input ended with a line end (or is empty)
                }
                return finish();
            }
            int start = pos;
            while (pos < end) {
                char c = buffer[pos];
                if (c == '\n') {
                    line.append(buffer, start, pos - start);
                    pos++;
                    return finish();
                }
                if (c == 0) {
                    throw new InputException(source + ":" + (number + 1) + ": a NUL character: this looks like a "
                            + "binary file; expected text with one number per line or delimited columns");
                }
                pos++;
            }
            line.append(buffer, start, pos - start);
            if (line.length() > MAX_LINE_CHARS) {
                throw new InputException(source + ":" + (number + 1) + ": the line is longer than " + MAX_LINE_CHARS
                        + " characters, so this is not a file of numbers (one per line, or a few columns)");
            }
        }
    }

    private boolean fill() throws IOException {
        try {
            int n = in.read(buffer, 0, buffer.length);
            pos = 0;
            end = Math.max(n, 0);
            return n > 0;
        } catch (CharacterCodingException e) {
            throw new InputException(source + ":" + (number + 1) + ": is not UTF-8 text (a binary file?); expected "
                    + "one number per line or delimited columns");
        }
    }

    private String finish() {
        number++;
        int n = line.length();
        if (n > 0 && line.charAt(n - 1) == '\r') {
            line.setLength(n - 1);
        }
        if (number == 1 && line.length() > 0 && line.charAt(0) == '\uFEFF') {
            line.deleteCharAt(0);
        }
        return line.toString();
    }
}
