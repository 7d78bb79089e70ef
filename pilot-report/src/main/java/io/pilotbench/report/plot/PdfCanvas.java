package io.pilotbench.report.plot;

import java.io.ByteArrayOutputStream;
import java.nio.charset.Charset;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A one-page vector PDF (PDF 1.4) written directly: lines, rectangles and text in the standard Helvetica fonts,
 * which every reader has, so nothing is embedded. A plot needs nothing more, and this keeps a PDF library (and its
 * megabytes) out of the jar. Text widths for centring use Helvetica's average advance (0.5 em), close enough for
 * labels.
 */
final class PdfCanvas implements Canvas {
    private final StringBuilder content = new StringBuilder();
    private final int width;
    private final int height;

    PdfCanvas(int width, int height) {
        this.width = width;
        this.height = height;
    }

    private double y(double v) {
        return height - v;
    }

    private void color(String hex, boolean fill) {
        int rgb = Integer.parseInt(hex.substring(1), 16);
        content.append(f(((rgb >> 16) & 255) / 255.0))
                .append(' ')
                .append(f(((rgb >> 8) & 255) / 255.0))
                .append(' ')
                .append(f((rgb & 255) / 255.0))
                .append(fill ? " rg\n" : " RG\n");
    }

    @Override
    public void line(double x1, double y1, double x2, double y2, String color, double width, String role, String data) {
        color(color, false);
        content.append(f(width))
                .append(" w ")
                .append(f(x1))
                .append(' ')
                .append(f(y(y1)))
                .append(" m ")
                .append(f(x2))
                .append(' ')
                .append(f(y(y2)))
                .append(" l S\n");
    }

    @Override
    public void rect(double x, double y, double w, double h, String fill, String role, String data) {
        color(fill, true);
        content.append(f(x))
                .append(' ')
                .append(f(y(y + h)))
                .append(' ')
                .append(f(w))
                .append(' ')
                .append(f(h))
                .append(" re f\n");
    }

    @Override
    public void polyline(double[] xs, double[] ys, String color, double width, String role, String data) {
        if (xs.length == 0) {
            return;
        }
        color(color, false);
        content.append(f(width))
                .append(" w ")
                .append(f(xs[0]))
                .append(' ')
                .append(f(y(ys[0])))
                .append(" m");
        for (int i = 1; i < xs.length; i++) {
            content.append(' ').append(f(xs[i])).append(' ').append(f(y(ys[i]))).append(" l");
        }
        content.append(" S\n");
    }

    @Override
    public void circle(double cx, double cy, double r, String fill, String role, String data) {
        // a square marker of the same area: PDF has no circle operator, and Bézier arcs are not worth it here
        double s = r * Math.sqrt(Math.PI) / 2;
        rect(cx - s, cy - s, 2 * s, 2 * s, fill, role, data);
    }

    @Override
    public void text(
            double x,
            double y,
            String text,
            double size,
            String anchor,
            double angle,
            boolean bold,
            String role,
            String data) {
        double w = 0.5 * size * text.length();
        double dx = anchor.equals("middle") ? -w / 2 : anchor.equals("end") ? -w : 0;
        double a = Math.toRadians(angle);
        double cos = Math.cos(a);
        double sin = Math.sin(a);
        double tx = x + dx * cos;
        double ty = y(y) + dx * sin;
        content.append("0.13 0.13 0.13 rg BT /")
                .append(bold ? "F2" : "F1")
                .append(' ')
                .append(f(size))
                .append(" Tf ")
                .append(f(cos))
                .append(' ')
                .append(f(sin))
                .append(' ')
                .append(f(-sin))
                .append(' ')
                .append(f(cos))
                .append(' ')
                .append(f(tx))
                .append(' ')
                .append(f(ty))
                .append(" Tm (")
                .append(pdfString(text))
                .append(") Tj ET\n");
    }

    /** The PDF file. */
    byte[] finish() {
        byte[] stream = content.toString().getBytes(StandardCharsets.ISO_8859_1);
        List<String> objects = new ArrayList<>();
        objects.add("<< /Type /Catalog /Pages 2 0 R >>");
        objects.add("<< /Type /Pages /Kids [3 0 R] /Count 1 >>");
        objects.add("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 " + width + " " + height + "] /Resources << /Font "
                + "<< /F1 5 0 R /F2 6 0 R >> >> /Contents 4 0 R >>");
        objects.add(null); // the content stream
        objects.add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
        objects.add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        write(out, "%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n");
        long[] offsets = new long[objects.size()];
        for (int i = 0; i < objects.size(); i++) {
            offsets[i] = out.size();
            write(out, (i + 1) + " 0 obj\n");
            if (objects.get(i) == null) {
                write(out, "<< /Length " + stream.length + " >>\nstream\n");
                out.writeBytes(stream);
                write(out, "\nendstream\n");
            } else {
                write(out, objects.get(i) + "\n");
            }
            write(out, "endobj\n");
        }
        long xref = out.size();
        write(out, "xref\n0 " + (objects.size() + 1) + "\n0000000000 65535 f \n");
        for (long o : offsets) {
            write(out, String.format(Locale.ROOT, "%010d 00000 n \n", o));
        }
        write(out, "trailer\n<< /Size " + (objects.size() + 1) + " /Root 1 0 R >>\nstartxref\n" + xref + "\n%%EOF\n");
        return out.toByteArray();
    }

    private static void write(ByteArrayOutputStream out, String s) {
        out.writeBytes(s.getBytes(StandardCharsets.ISO_8859_1));
    }

    /** Writes the standard fonts' WinAnsiEncoding (Windows-1252): Latin-1 and — – “ ” ‘ ’ … € • ™ among others. */
    private static final Charset WIN_ANSI = Charset.forName("windows-1252");

    /**
     * A PDF literal string in WinAnsi: backslash, parentheses escaped; each character as its Windows-1252 byte (held
     * here as the Latin-1 char of that value, which {@link #finish} writes as that byte). Before, every character
     * above U+00FF was '?', so "a — b", "“x”" and "…" came out as "a ? b", "?x?" and "?"; what Windows-1252 lacks
     * gets an ASCII stand-in where there is an obvious one (− ≤ ≥ ≈ → σ), else '?'.
     */
    static String pdfString(String s) {
        CharsetEncoder winAnsi = WIN_ANSI.newEncoder();
        StringBuilder b = new StringBuilder();
        for (char c : s.toCharArray()) {
            if (c == '\\' || c == '(' || c == ')') {
                b.append('\\').append(c);
            } else if (c < 32) {
                b.append(' ');
            } else if (c < 128) {
                b.append(c);
            } else if (winAnsi.canEncode(c)) {
                byte[] code = String.valueOf(c).getBytes(WIN_ANSI);
                b.append((char) (code[0] & 0xFF));
            } else {
                b.append(
                        switch (c) {
                            case '\u2212' -> "-";
                            case '\u2264' -> "<=";
                            case '\u2265' -> ">=";
                            case '\u2248' -> "~";
                            case '\u2192' -> "->";
                            case '\u03c3' -> "s";
                            default -> "?";
                        });
            }
        }
        return b.toString();
    }

    private static String f(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }
}
