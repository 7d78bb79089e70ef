package io.pilotbench.core.input;

import io.pilotbench.core.model.Magnitude;

/**
 * The fast path of a data line: its fields found in the byte buffer and the selected ones parsed in place, no
 * String made. It declines (returns false) whatever needs more than that — quotes, non-ASCII bytes, a field count
 * other than the first line's, a value that is not a plain decimal number in range — and the caller reads that
 * line as text, which gives the error message where there is one.
 */
final class FastLine {
    private final byte separator;
    private final boolean whitespace;
    private final boolean decimalComma;
    private final int width;
    private final int[] indices;
    private final int[] from;
    private final int[] to;
    private final double[] parsed;
    private byte[] scratch = new byte[64];

    FastLine(SeriesReader.Delimiter delimiter, boolean decimalComma, int width, int[] indices) {
        this.whitespace = delimiter == SeriesReader.Delimiter.WHITESPACE;
        this.separator = switch (delimiter) {
            case TAB -> (byte) '\t';
            case SEMICOLON -> (byte) ';';
            default -> (byte) ',';
        };
        this.decimalComma = decimalComma;
        this.width = width;
        this.indices = indices;
        this.from = new int[width];
        this.to = new int[width];
        this.parsed = new double[indices.length];
    }

    double value(int k) {
        return parsed[k];
    }

    boolean read(ByteLines lines) {
        if (!lines.ascii()) {
            return false;
        }
        byte[] b = lines.buffer();
        int end = lines.end();
        int n = whitespace ? whitespaceFields(b, lines.start(), end) : separatedFields(b, lines.start(), end);
        if (n != width) {
            return false;
        }
        for (int k = 0; k < indices.length; k++) {
            int f = from[indices[k]];
            int t = to[indices[k]];
            while (f < t && (b[f] == ' ' || b[f] == '\t')) {
                f++;
            }
            while (t > f && (b[t - 1] == ' ' || b[t - 1] == '\t')) {
                t--;
            }
            byte[] number = b;
            if (decimalComma) {
                number = commaToPoint(b, f, t);
                if (number == null) {
                    return false;
                }
                t -= f;
                f = 0;
            }
            double x = Numbers.parseSimple(number, f, t);
            if (Double.isNaN(x)) {
                if (!Numbers.isDecimal(number, f, t)) {
                    return false;
                }
                x = Numbers.parse(number, f, t);
            }
            if (!Magnitude.inRange(x)) {
                return false;
            }
            parsed[k] = x;
        }
        return true;
    }

    /** Fields between separators (empty ones count); -1 when there are more than the first line's, or a quote. */
    private int separatedFields(byte[] b, int start, int end) {
        int n = 0;
        int f = start;
        for (int i = start; i < end; i++) {
            byte c = b[i];
            if (c == separator) {
                if (n == width) {
                    return -1;
                }
                from[n] = f;
                to[n++] = i;
                f = i + 1;
            } else if (c == '"') {
                return -1;
            }
        }
        if (n == width) {
            return -1;
        }
        from[n] = f;
        to[n++] = end;
        return n;
    }

    private int whitespaceFields(byte[] b, int start, int end) {
        int n = 0;
        int i = start;
        while (i < end) {
            while (i < end && (b[i] == ' ' || b[i] == '\t' || b[i] == '\f' || b[i] == 0x0B)) {
                i++;
            }
            if (i == end) {
                break;
            }
            if (n == width) {
                return -1;
            }
            from[n] = i;
            while (i < end && b[i] != ' ' && b[i] != '\t' && b[i] != '\f' && b[i] != 0x0B) {
                i++;
            }
            to[n++] = i;
        }
        return n;
    }

    /** The field with ',' as '.', in a scratch array; null when it has a '.' (refused, with a message, as text). */
    private byte[] commaToPoint(byte[] b, int f, int t) {
        if (scratch.length < t - f) {
            scratch = new byte[t - f];
        }
        for (int i = f; i < t; i++) {
            byte c = b[i];
            if (c == '.') {
                return null;
            }
            scratch[i - f] = c == ',' ? (byte) '.' : c;
        }
        return scratch;
    }
}
