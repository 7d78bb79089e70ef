package io.pilotbench.report;

/**
 * Text made safe for HTML and XML (SVG), as element content or a quoted attribute: one escape for the HTML report and
 * the plots.
 */
public final class Markup {
    private Markup() {}

    /**
     * {@code s} with &lt; &gt; &amp; " and ' escaped, and the control characters XML 1.0 forbids (a name with \x01
     * or an escape sequence) as U+FFFD, where they made an SVG no parser reads.
     */
    public static String escape(String s) {
        StringBuilder out = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default ->
                    out.append(
                            c < 0x20 && c != '\t' && c != '\n' && c != '\r' || c == 0xFFFE || c == 0xFFFF
                                    ? '\uFFFD'
                                    : c);
            }
        }
        return out.toString();
    }
}
