package io.pilotbench.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OutputParserTest {
    private static double read(String pi, String stdout) throws Exception {
        return OutputParser.reading(PiSpec.parse(pi).get(0).readings(), stdout);
    }

    @Test
    void columnsSplitAsTheOriginalEmptyFieldsCount() throws Exception {
        // docs/original.md#csv-fields: "665.921,57.1027,0.134727,14,,,,11.4436" has 11.4436 in field 7
        assertThat(read("x,,7,0,1", "665.921,57.1027,0.134727,14,,,,11.4436\n")).isEqualTo(11.4436);
        assertThat(read("x,,2,0,1", "1, 2\n")).isEqualTo(2); // "1, 2" is 1, "", 2
        assertThatThrownBy(() -> read("x,,1,0,1", "1, 2\n"))
                .hasMessage("column 1 of '1, 2' is '', not a finite " + "number");
    }

    @Test
    void theLastNonEmptyLineHoldsTheResult() throws Exception {
        assertThat(read("x,,1,0,1", "warming up...\nresult 12.5,3\n\n  \n")).isEqualTo(12.5);
    }

    @Test
    void regexUsesTheLastMatch() throws Exception {
        assertThat(read("name=t,regex=took ([0-9.]+) ms", "took 1 ms\ntook 2.5 ms\nbye\n"))
                .isEqualTo(2.5);
    }

    @Test
    void jsonWholeOutputOrLastLine() throws Exception {
        assertThat(read("name=p,json=$.lat.p99", "{\"lat\": {\"p99\": 7.25}}")).isEqualTo(7.25);
        assertThat(read("name=p,json=$.v", "{\"v\": 1}\n{\"v\": \"2.5\"}\n")).isEqualTo(2.5);
        assertThat(read("name=p,json=/a/1", "{\"a\": [1, 3]}")).isEqualTo(3);
    }

    /**
     * A JSON number beyond a double's range ({"a": 1e400}) became an infinite reading, which the engine refuses: the
     * session ended with exit 2, --max-failures unheeded, and every --resume ended the same way. It is the round's
     * bad output now, a failed round, as the same value through a column or a regex is.
     */
    @Test
    void aJsonNumberBeyondADoubleIsBadOutputNotAnInfiniteReading() {
        assertThatThrownBy(() -> read("name=x,json=$.a", "{\"a\": 1e400}"))
                .isInstanceOf(OutputParser.BadOutputException.class)
                .hasMessage("json path '$.a' holds a number beyond a double's range (magnitude over 1.8e308)");
        assertThatThrownBy(() -> read("name=x,json=$.a", "{\"a\": -1e400}"))
                .isInstanceOf(OutputParser.BadOutputException.class);
    }

    @Test
    void garbageGivesOneLineSayingWhatWasFound() {
        assertThatThrownBy(() -> read("x,ms,0,0,1", "hello world\n"))
                .hasMessage("column 0 of 'hello world' is 'hello', not a finite number");
        assertThatThrownBy(() -> read("x,ms,3,0,1", "1,2\n"))
                .hasMessage("the output line has 2 fields, so there is no column 3 (0-based): '1,2'");
        assertThatThrownBy(() -> read("x,ms,0,0,1", "")).hasMessageContaining("printed nothing");
        assertThatThrownBy(() -> read("name=t,regex=took ([0-9]+)", "done\n"))
                .hasMessage("no match for regex 'took ([0-9]+)' in the output (last line: 'done')");
        assertThatThrownBy(() -> read("name=p,json=$.a", "not json")).hasMessageContaining("the output is not JSON");
        assertThatThrownBy(() -> read("name=p,json=$.b", "{\"a\": 1}"))
                .hasMessage("json path '$.b' is not in the " + "output");
        assertThatThrownBy(() -> read("name=p,json=$.a", "{\"a\": [1]}"))
                .hasMessage("json path '$.a' holds array, " + "not a number");
        assertThatThrownBy(() -> read("x,ms,0,0,1", "NaN\n")).hasMessageContaining("not a finite number");
    }

    private static double[] unitReadings(String pi, Path dir) throws OutputParser.BadOutputException {
        PiSpec spec = PiSpec.parse(pi).get(0);
        return OutputParser.unitReadings(spec.unitReadings(), dir, spec.pi());
    }

    /**
     * JMH's throughput (ops/s, higher is better) read into a PI whose unit is a bare "score" or a time was ranked and
     * gated backwards: a 2.2× slower build first, through --fail-if-slower. A result whose unit says the other way is
     * better than the PI's is a failed round that says which unit to give.
     */
    @Test
    void aToolResultWhoseUnitReversesThePisDirectionIsRefused(@TempDir Path dir) throws Exception {
        Files.copy(Path.of(OutputParserTest.class.getResource("/jmh-thrpt.json").toURI()), dir.resolve("jmh.json"));
        assertThatThrownBy(() -> unitReadings("name=b,unit=score,unit-readings=jmh.json", dir))
                .hasMessageContaining("jmh.json gives its values in ops/s (higher is better), but the PI's unit is "
                        + "'score' (lower is better): give the PI unit=ops/s");
        assertThatThrownBy(() -> unitReadings("name=b,unit=us/op,unit-readings=jmh.json", dir))
                .hasMessageContaining("give the PI unit=ops/s");
        assertThat(unitReadings("name=b,unit=ops/s,unit-readings=jmh.json", dir))
                .hasSize(3);
    }

    @Test
    void unitReadingsFromLinesOrAColumn(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("u.txt"), "1.5\n2.5\n\n3\n");
        Files.writeString(dir.resolve("u.csv"), "op,latency\na,10\nb,20\n");
        assertThat(unitReadings("name=o,unit-readings=u.txt", dir)).containsExactly(1.5, 2.5, 3);
        assertThat(unitReadings("name=o,unit-readings=u.csv,ur-column=latency", dir))
                .containsExactly(10, 20);
        assertThatThrownBy(() -> unitReadings("name=o,unit-readings=none.txt", dir))
                .hasMessage("the command did not write its unit readings to " + "%RESULT_DIR%/none.txt");
    }

    /**
     * A command's stderr quoted in a failed round's message kept its escape sequences ("\033[2J\033]0;pwned\007"):
     * printed in the report, they cleared the terminal and set its title. Control characters are shown as \xNN.
     */
    @Test
    void controlCharactersOfACommandsOutputAreShownNotSentToTheTerminal() {
        assertThat(OutputParser.quote("\033[2J\033]0;pwned\007\033(0boom"))
                .isEqualTo("\\x1b[2J\\x1b]0;pwned\\x07\\x1b(0boom")
                .doesNotContain("\033");
        assertThat(OutputParser.quote("plain text, tab\there")).isEqualTo("plain text, tab\there");
    }

    /** "1e-400" parsed to 0 and was recorded as a reading of 0, silently; 1e-200 was refused as too small. */
    @Test
    void aNumberTooSmallForADoubleIsBadOutputNotZero() throws Exception {
        assertThatThrownBy(() -> read("x,ms,0,0,1", "1e-400\n")).hasMessageContaining("too small for a double");
        assertThat(read("x,ms,0,0,1", "0.000e-400\n")).isZero();
    }
}
