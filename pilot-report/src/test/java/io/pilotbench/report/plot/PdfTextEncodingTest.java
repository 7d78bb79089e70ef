package io.pilotbench.report.plot;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The PDF's text is in the standard fonts' WinAnsiEncoding, but every character above U+00FF was written as '?': a
 * label "gzip — level 6", quotes “ ”, "…" and "€" came out as "gzip ? level 6", "?", "?", "?". They are written as
 * their Windows-1252 bytes now; characters that encoding lacks get an ASCII stand-in or '?'.
 */
class PdfTextEncodingTest {
    private static final Charset WIN_ANSI = Charset.forName("windows-1252");

    /** The bytes the page's content stream holds for {@code text} ({@link PdfCanvas#finish} writes Latin-1). */
    private static byte[] written(String text) {
        return PdfCanvas.pdfString(text).getBytes(StandardCharsets.ISO_8859_1);
    }

    @Test
    void punctuationOfWindows1252IsWrittenAsItsOwnByte() {
        String label = "gzip — level 6 “fast” … 5 € ‘a’ – b • ™ µs ±2";
        assertThat(written(label)).isEqualTo(label.getBytes(WIN_ANSI));
        assertThat(new String(written(label), WIN_ANSI)).isEqualTo(label).doesNotContain("?");
    }

    @Test
    void whatWindows1252LacksGetsAStandInAndPdfSyntaxIsEscaped() {
        assertThat(new String(written("x ≤ 3 − 1 ≥ y ≈ z"), WIN_ANSI)).isEqualTo("x <= 3 - 1 >= y ~ z");
        assertThat(new String(written("(a\\b) 日本"), WIN_ANSI)).isEqualTo("\\(a\\\\b\\) ??");
    }
}
