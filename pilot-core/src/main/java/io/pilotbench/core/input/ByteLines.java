package io.pilotbench.core.input;

import io.pilotbench.core.model.InputException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The lines of a UTF-8 text stream, read as a stream of bytes (never the whole input at once) and handed out in place:
 * {@link #buffer()}, {@link #start()} and {@link #end()} delimit the current line, so that a file of 10⁶ numbers is
 * parsed without a String per line (parsing went from 15 to over 100 MB/s). Limits keep a wrong input from
 * exhausting memory: a line longer than {@value #MAX_LINE_BYTES} bytes, a NUL byte (a binary file, or
 * {@code /dev/zero}) and a line that is not UTF-8 each end the read with one {@link InputException}. Lines end at
 * {@code \n}; a {@code \r} before it is dropped, and so is a byte-order mark at the start.
 */
public final class ByteLines {
    /** The longest line read: 1 MiB (no file of numbers has longer ones). */
    static final int MAX_LINE_BYTES = 1 << 20;

    private final String source;
    private final InputStream in;
    private byte[] buffer = new byte[1 << 16];
    private int filled;
    private int next;
    private int start;
    private int end;
    private boolean ascii;
    private long number;
    private boolean eof;
    private boolean terminated;
    /** The input's first bytes (up to 4), to tell UTF-16 from a binary file in messages. */
    private byte[] firstBytes = new byte[0];

    public ByteLines(String source, InputStream in) {
        this.source = source;
        this.in = in;
    }

    public byte[] buffer() {
        return buffer;
    }

    /** Where the current line starts in {@link #buffer()}. */
    public int start() {
        return start;
    }

    /** Where the current line ends (exclusive, without its line end). */
    public int end() {
        return end;
    }

    /** Whether the current line is all ASCII (no multi-byte UTF-8 character). */
    public boolean ascii() {
        return ascii;
    }

    /** Whether the current line ended with a line end (the last line of a file cut mid-write does not). */
    public boolean terminated() {
        return terminated;
    }

    /** The 1-based number of the current line. */
    public long number() {
        return number;
    }

    /** The current line as text (UTF-8, checked). */
    public String text() {
        if (ascii) {
            return new String(buffer, start, end - start, StandardCharsets.ISO_8859_1);
        }
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(buffer, start, end - start))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new InputException(source + ":" + number
                    + (utf16()
                            ? UTF16
                            : ": is not UTF-8 text (Latin-1, or a binary file?); convert it to UTF-8 (e.g. iconv -f latin1 -t "
                                    + "utf-8) or give one number per line or delimited columns"));
        }
    }

    /** What a UTF-16 input is told ("a NUL byte: … binary" said nothing of the cause). */
    private static final String UTF16 = ": is UTF-16 text; convert it to UTF-8 (e.g. iconv -f utf-16 -t utf-8)";

    /** Whether the input began with a UTF-16 byte order mark, or its first bytes alternate with NULs. */
    private boolean utf16() {
        if (firstBytes.length >= 2
                && (firstBytes[0] == (byte) 0xFF && firstBytes[1] == (byte) 0xFE
                        || firstBytes[0] == (byte) 0xFE && firstBytes[1] == (byte) 0xFF)) {
            return true;
        }
        return firstBytes.length >= 4
                && (firstBytes[1] == 0 && firstBytes[3] == 0 && firstBytes[0] != 0 && firstBytes[2] != 0
                        || firstBytes[0] == 0 && firstBytes[2] == 0 && firstBytes[1] != 0 && firstBytes[3] != 0);
    }

    /** Moves to the next line; false at the end of the input. */
    public boolean next() throws IOException {
        if (eof) {
            return false;
        }
        int scan = next;
        boolean high = false;
        while (true) {
            for (; scan < filled; scan++) {
                byte b = buffer[scan];
                if (b == '\n') {
                    terminated = true;
                    return line(next, scan, scan + 1, high);
                }
                if (b == 0) {
                    throw new InputException(source + ":" + (number + 1)
                            + (utf16()
                                    ? UTF16
                                    : ": a NUL byte: this looks like a binary file; expected text with one number per line or "
                                            + "delimited columns"));
                }
                if (b < 0) {
                    high = true;
                }
            }
            if (scan - next > MAX_LINE_BYTES) {
                throw new InputException(source + ":" + (number + 1) + ": the line is longer than " + MAX_LINE_BYTES
                        + " bytes, so this is not a file of numbers (one per line, or a few columns)");
            }
            int consumed = scan - next;
            if (!fill()) {
                eof = true;
                terminated = false;
                return consumed > 0 && line(next, filled, filled, high);
            }
            scan = next + consumed;
        }
    }

    /** Keeps the unread part of the buffer (the line so far) and reads more after it; false at the end. */
    private boolean fill() throws IOException {
        if (next > 0) {
            System.arraycopy(buffer, next, buffer, 0, filled - next);
            filled -= next;
            next = 0;
        }
        if (filled == buffer.length) {
            buffer = Arrays.copyOf(buffer, buffer.length * 2);
        }
        int n = in.read(buffer, filled, buffer.length - filled);
        if (n <= 0) {
            return false;
        }
        filled += n;
        if (firstBytes.length < 4 && number == 0) {
            firstBytes = Arrays.copyOf(buffer, Math.min(4, filled));
        }
        return true;
    }

    private boolean line(int from, int to, int after, boolean high) {
        number++;
        start = from;
        end = to > from && buffer[to - 1] == '\r' ? to - 1 : to;
        if (number == 1
                && end - start >= 3
                && buffer[start] == (byte) 0xEF
                && buffer[start + 1] == (byte) 0xBB
                && buffer[start + 2] == (byte) 0xBF) {
            start += 3;
        }
        next = after;
        ascii = !high;
        return true;
    }
}
