package io.pilotbench.core.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pilotbench.core.model.InputException;
import io.pilotbench.core.model.Series;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SeriesReaderTest {
    private static List<Series> read(
            String text, SeriesReader.Delimiter d, boolean decimalComma, ColumnSelector... columns) throws Exception {
        return new SeriesReader(d, List.of(columns), decimalComma)
                .read("in", new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), n -> {});
    }

    @Test
    void linesOfEveryShapeReadTheSameValues() throws Exception {
        String text = "\uFEFF# a comment\r\nname,\"other, quoted\"\r\n1.5,\"x, y\"\r\n\r\n  2.25 , 7\n-3e2,8\n+.5,9";
        List<Series> s = read(text, SeriesReader.Delimiter.AUTO, false, ColumnSelector.FIRST);
        assertThat(s.get(0).column()).isEqualTo("name");
        assertThat(s.get(0).values()).containsExactly(1.5, 2.25, -300, 0.5);
        assertThat(read("a\tb\n1,5\t2\n3,25\t4\n", SeriesReader.Delimiter.AUTO, true, ColumnSelector.FIRST)
                        .get(0)
                        .values())
                .containsExactly(1.5, 3.25);
        assertThat(read("1 2\n  3\t4  \n", SeriesReader.Delimiter.AUTO, false, ColumnSelector.parse("1"))
                        .get(0)
                        .values())
                .containsExactly(2, 4);
    }

    /**
     * Numbers written with thousands separators were split at their commas and read as their first group: "1,234.5"
     * … as 1, 1, 2, "1,234,567" as 1, "1.234,5;2.345,6" as 1.234 (a mean of 1.5 where it is 1,500), exit 0. Such
     * an input is refused now; an index column beside values of 100 to 999.9 ("7,105.3"), which reads the same line by
     * line, is still two columns.
     */
    @Test
    void numbersWithThousandsSeparatorsAreRefusedNotSplit() throws Exception {
        for (String text : List.of(
                "1,234.5\n1,250.1\n2,244.2\n1,238.0\n",
                "1,234,567\n1,240,000\n",
                "1.234,5;2.345,6\n1.240,5;2.340,6\n")) {
            assertThatThrownBy(() -> read(text, SeriesReader.Delimiter.AUTO, false, ColumnSelector.FIRST))
                    .as(text)
                    .isInstanceOf(InputException.class)
                    .hasMessageContaining("look like numbers with thousands separators")
                    .hasMessageContaining("--delimiter comma");
        }
        assertThat(read("0,105.3\n1,110.2\n2,120.9\n", SeriesReader.Delimiter.AUTO, false, ColumnSelector.parse("1"))
                        .get(0)
                        .values())
                .containsExactly(105.3, 110.2, 120.9);
        assertThat(read("1,234.5\n1,250.1\n", SeriesReader.Delimiter.COMMA, false, ColumnSelector.parse("1"))
                        .get(0)
                        .values())
                .as("--delimiter comma: the user says commas separate fields")
                .containsExactly(234.5, 250.1);
        assertThat(read("round,time\n1,234.5\n3,250.1\n", SeriesReader.Delimiter.AUTO, false, ColumnSelector.parse("1"))
                        .get(0)
                        .values())
                .as("a header shows the commas separate fields")
                .containsExactly(234.5, 250.1);
    }

    /**
     * "1e-400" parsed to 0 and was analysed as 0 ("mean 0 … width 0 = NaN% of mean"), while 1e-200 was refused as
     * too small: a number below a double's range is refused as too small now, and a true zero is still 0.
     */
    @Test
    void aNumberTooSmallForADoubleIsRefusedNotReadAsZero() throws Exception {
        assertThatThrownBy(() -> read("1e-400\n2e-400\n", SeriesReader.Delimiter.AUTO, false, ColumnSelector.FIRST))
                .isInstanceOf(InputException.class)
                .hasMessageContaining("smaller");
        assertThat(read("0e-400\n0.0\n1\n", SeriesReader.Delimiter.AUTO, false, ColumnSelector.FIRST)
                        .get(0)
                        .values())
                .containsExactly(0, 0, 1);
    }

    /**
     * A UTF-16 file was "a NUL byte: this looks like a binary file", with or without its byte order mark; it is named
     * UTF-16 now, with the conversion to make.
     */
    @Test
    void aUtf16FileIsToldToBeConvertedNotCalledBinary() {
        for (java.nio.charset.Charset cs : List.of(StandardCharsets.UTF_16, StandardCharsets.UTF_16LE)) {
            byte[] bytes = "1\n2\n3\n".getBytes(cs);
            assertThatThrownBy(() -> new SeriesReader(SeriesReader.Delimiter.AUTO, List.of(ColumnSelector.FIRST), false)
                            .read("in", new ByteArrayInputStream(bytes), n -> {}))
                    .as(cs.name())
                    .isInstanceOf(InputException.class)
                    .hasMessageContaining("is UTF-16 text; convert it to UTF-8");
        }
    }

    /**
     * With a header line, decimal commas were not detected ("x;y", then "10,5;9,8": '9,8' is not a number, exit 2),
     * though the same data without the header were read with a notice. The first data line decides now.
     */
    @Test
    void decimalCommasAreDetectedAfterAHeaderToo() throws Exception {
        List<String> notices = new ArrayList<>();
        List<Series> s = new SeriesReader(SeriesReader.Delimiter.AUTO, List.of(ColumnSelector.parse("y")), false)
                .read(
                        "in",
                        new ByteArrayInputStream("x;y\n10,5;9,8\n11,5;9,9\n".getBytes(StandardCharsets.UTF_8)),
                        notices::add);
        assertThat(s.get(0).values()).containsExactly(9.8, 9.9);
        assertThat(notices).anyMatch(n -> n.contains("read ',' as the decimal separator"));
    }

    /** Lines that cross the 64 KiB read buffer, values that need the general parser, against Double.parseDouble. */
    @Test
    void aLargeInputReadsBackExactly() throws Exception {
        SplittableRandom r = new SplittableRandom(5);
        StringBuilder sb = new StringBuilder();
        List<Double> expected = new ArrayList<>();
        for (int i = 0; i < 50_000; i++) {
            String v =
                    switch (i % 4) {
                        case 0 -> Double.toString(r.nextDouble(1e-9, 1e9));
                        case 1 -> String.format("%.3f", r.nextDouble(0, 1000));
                        case 2 -> r.nextInt(1_000_000) + "";
                        default -> r.nextInt(1000) + "." + r.nextInt(1000) + "e-" + r.nextInt(30);
                    };
            expected.add(Double.parseDouble(v));
            sb.append(v).append(",").append("x".repeat(i % 97)).append(i % 3 == 0 ? "\r\n" : "\n");
        }
        double[] got = read(sb.toString(), SeriesReader.Delimiter.AUTO, false, ColumnSelector.FIRST)
                .get(0)
                .values();
        assertThat(got).hasSize(expected.size());
        for (int i = 0; i < got.length; i++) {
            assertThat(got[i]).isEqualTo(expected.get(i));
        }
    }

    @Test
    void badLinesNameTheirLineWhateverThePath() {
        assertThatThrownBy(() -> read("1\n2\nabc\n", SeriesReader.Delimiter.AUTO, false, ColumnSelector.FIRST))
                .isInstanceOf(InputException.class)
                .hasMessageContaining("in:3: column 0: 'abc' is not a number");
        assertThatThrownBy(() -> read("1,2,3\n3\n", SeriesReader.Delimiter.AUTO, false, ColumnSelector.FIRST))
                .hasMessageContaining("in:2: 1 field where line 1 has 3");
        assertThatThrownBy(() -> read("1\n\u00e9\u00e9\n", SeriesReader.Delimiter.AUTO, false, ColumnSelector.FIRST))
                .hasMessageContaining("in:2");
        assertThatThrownBy(() -> read("1\n2e999\n", SeriesReader.Delimiter.AUTO, false, ColumnSelector.FIRST))
                .hasMessageContaining("in:2");
        assertThatThrownBy(() -> read("1;2\n1,5.0;3\n", SeriesReader.Delimiter.AUTO, true, ColumnSelector.FIRST))
                .hasMessageContaining("in:2")
                .hasMessageContaining("--decimal-comma");
    }
}
