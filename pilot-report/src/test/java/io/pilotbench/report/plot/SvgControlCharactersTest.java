package io.pilotbench.report.plot;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringReader;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.xml.sax.InputSource;

/** A series named with control characters ("ctl\x01\x1bname") made an SVG no XML parser reads. */
class SvgControlCharactersTest {
    @Test
    void controlCharactersInTextBecomeReplacementCharacters() throws Exception {
        String text = PlotLayout.escape("ctl\u0001\u001bname <&\"'> ok");
        assertThat(text).isEqualTo("ctl\uFFFD\uFFFDname &lt;&amp;&quot;&#39;&gt; ok");
        String svg =
                "<svg xmlns=\"http://www.w3.org/2000/svg\"><text data-x=\"" + text + "\">" + text + "</text></svg>";
        DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(new InputSource(new StringReader(svg)));
    }
}
