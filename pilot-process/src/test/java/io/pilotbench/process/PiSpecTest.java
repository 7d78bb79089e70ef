package io.pilotbench.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pilotbench.core.model.PerformanceIndex.Kind;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PiSpecTest {
    @Test
    void originalFormIsNameUnitColumnTypeMustSatisfy() {
        PiSpec p = PiSpec.parse("response time,ms,0,0,1").get(0);
        assertThat(p.pi().name()).isEqualTo("response time");
        assertThat(p.pi().unit()).isEqualTo("ms");
        assertThat(p.pi().kind()).isEqualTo(Kind.ORDINARY);
        assertThat(p.pi().readingsMustSatisfy()).isTrue();
        assertThat(p.readings()).isEqualTo(new PiSpec.Column(0));
        assertThat(p.unitReadings()).isNull();
    }

    @Test
    void originalListJoinedByColonsKeepsMustSatisfyPerPi() {
        List<PiSpec> l = PiSpec.parse("rate,,0,2,1:delay,ms,1,1");
        assertThat(l).hasSize(2);
        assertThat(l.get(0).pi().kind()).isEqualTo(Kind.BINARY);
        assertThat(l.get(1).pi().kind()).isEqualTo(Kind.RATIO);
        assertThat(l.get(1).pi().readingsMustSatisfy()).isFalse();
        assertThat(l.get(1).readings()).isEqualTo(new PiSpec.Column(1));
    }

    @Test
    void withoutAnyMustSatisfyEveryPiIsATarget() {
        // the original refused such a list ("at least one PI needs to have must_satisfy set"); we make all targets
        assertThat(PiSpec.parse("a,ms,0,0").get(0).pi().readingsMustSatisfy()).isTrue();
    }

    @Test
    void keyFormWithRegexTakesTheRestOfTheTextCommasIncluded() {
        PiSpec p = PiSpec.parse("name=tput,unit=MB/s,kind=ratio,regex=copied, ([0-9.]+) MB/s")
                .get(0);
        assertThat(p.pi().kind()).isEqualTo(Kind.RATIO);
        assertThat(((PiSpec.Regex) p.readings()).pattern().pattern()).isEqualTo("copied, ([0-9.]+) MB/s");
    }

    @Test
    void unitReadingsFromAFileAreTheTargetByDefault() {
        PiSpec p = PiSpec.parse("name=op,unit=us,unit-readings=ops.csv,ur-column=latency")
                .get(0);
        assertThat(p.readings()).isNull();
        assertThat(p.unitReadings().file()).isEqualTo("ops.csv");
        assertThat(p.unitReadings().column().name()).isEqualTo("latency");
        assertThat(p.pi().unitReadingsMustSatisfy()).isTrue();
        assertThat(p.pi().readingsMustSatisfy()).isFalse();
    }

    @Test
    void mustChoosesTheTargets() {
        PiSpec p = PiSpec.parse("name=x,column=1,unit-readings=u.txt,must=both").get(0);
        assertThat(p.pi().readingsMustSatisfy()).isTrue();
        assertThat(p.pi().unitReadingsMustSatisfy()).isTrue();
        assertThat(PiSpec.parse("name=x,column=1,must=none").get(0).pi().readingsMustSatisfy())
                .isFalse();
    }

    @Test
    void wallIsTheRoundsWallTimeInSeconds() {
        PiSpec p = PiSpec.parse("wall").get(0);
        assertThat(p.readings()).isInstanceOf(PiSpec.WallTime.class);
        assertThat(p.pi().unit()).isEqualTo("s");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {"$.a.b[0]|/a/b/0", "a.b|/a/b", "$['a b'].c|/a b/c", "/x/1|/x/1", "$.a/b|/a~1b"})
    void jsonPathsBecomePointers(String path, String pointer) {
        assertThat(PiSpec.jsonPointer(path, path)).isEqualTo(pointer);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "latency,ms,0|4 or 5 comma-separated fields",
                "latency,ms,x,0|column must be a 0-based index, got 'x'",
                "latency,ms,-1,0|column must be a 0-based index, got '-1'",
                "latency,ms,0,7|is not ordinary (0), ratio (1) or binary (2)",
                "latency,ms,0,0,2|must_satisfy is 0 or 1",
                "name=x|no source",
                "name=x,colum=1|unknown key 'colum'",
                "unit=ms,column=1|needs a name",
                "name=x,column=1,regex=(a)|one source of readings",
                "name=x,regex=[0-9|bad regex",
                "name=x,regex=[0-9.]+|exactly one capturing group",
                "name=x,json=$.a[x]|is not of the form",
                "name=x,must=always,column=1|must= is readings, unit-readings, both or none",
                "name=x,column=1,must=unit-readings|names a source the PI does not have",
                "name=x,unit-readings=/etc/passwd|a file inside %RESULT_DIR%",
                "name=x,ur-column=2,column=1|ur-column= needs unit-readings"
            })
    void malformedPisGetOneLineMessages(String text, String message) {
        assertThatThrownBy(() -> PiSpec.parse(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(message)
                .message()
                .doesNotContain("\n");
    }
}
