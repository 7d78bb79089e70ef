package io.pilotbench.script;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ScriptParserTest {
    @TempDir
    Path dir;

    static Stream<Arguments> mistakes() {
        return Stream.of(
                Arguments.of("FOO bar", "t.pilot:1:1: expected a directive (TEST"),
                Arguments.of("TEST", "t.pilot:1:6: expected a name after TEST"),
                Arguments.of("TEST a x\n  EXEC true\nDONE", "t.pilot:1:8: expected a minimum number of runs"),
                Arguments.of("TEST a 3 0 prog\n  EXEC true\nDONE", "t.pilot:1:10: expected a batch size"),
                Arguments.of("TEST a 3 2\n  EXEC true\nDONE", "t.pilot:1:12: expected a stop program"),
                Arguments.of(
                        "TEST a 3 1 getstats --predicate '$mean <'\n  EXEC true\nDONE",
                        "t.pilot:1:12: expected a stop program: predicate '$mean <'"),
                Arguments.of(
                        "TEST a 3 1 pilot getstats --column elapsed\n  EXEC true\nDONE",
                        "t.pilot:1:12: expected a stop program: TEST program"),
                Arguments.of("SETUP ./mount.sh", "t.pilot:1:1: SETUP belongs inside a TEST"),
                Arguments.of("VAR X=1\nDONE", "t.pilot:2:1: DONE without a TEST, WHILE, FOREACH or FOR"),
                Arguments.of("FI", "t.pilot:1:1: FI without an IF"),
                Arguments.of("IF %X% = 1\nFI", "t.pilot:1:8: expected a comparison (== != < > <= >=), found '='"),
                Arguments.of("IF %X% ~ 1\nFI", "t.pilot:1:8: expected a comparison"),
                Arguments.of("IF 1 == 1\nELSE\nELSE\nFI", "t.pilot:3:1: expected FI after ELSE"),
                Arguments.of("IF 1 == 1\n  VAR A=1\n", "t.pilot:1:1: expected FI to end this IF"),
                Arguments.of("FOR I=1 TO\nDONE", "t.pilot:1:9: expected FOR VAR=FROM TO LAST"),
                Arguments.of("FOR I=1 TO 8 FACTOR 1\nDONE", "t.pilot:1:21: expected a FACTOR greater than 1"),
                Arguments.of("FOR I=1 TO 8 STEP 0\nDONE", "t.pilot:1:19: expected a STEP other than 0"),
                Arguments.of("FOR I=x TO 8\nDONE", "t.pilot:1:7: expected a number to start FOR at"),
                Arguments.of("FOREACH X\nDONE", "t.pilot:1:11: expected FOREACH VAR value"),
                Arguments.of("FOREACH X a b\n  VAR Y=1\n", "t.pilot:1:1: expected DONE to end this FOREACH"),
                Arguments.of("WHILE %I% < 3\n", "t.pilot:1:1: expected DONE to end this WHILE"),
                Arguments.of("TEST a\nDONE", "t.pilot:1:1: expected an EXEC inside this TEST"),
                Arguments.of("TEST a\n  EXEC true\n", "t.pilot:1:1: expected DONE to end this TEST"),
                Arguments.of("TEST a\n  TEST b\n", "t.pilot:2:3: expected DONE to end the TEST before another"),
                Arguments.of("TEST a\n  FOREACH X 1 2\n  DONE\nDONE", "t.pilot:2:3: expected SETUP, EXEC"),
                Arguments.of("VAR 1X=2", "t.pilot:1:5: expected a variable name"),
                Arguments.of("VAR X", "t.pilot:1:7: expected VAR NAME=VALUE or VAR NAME VALUE"),
                Arguments.of("ENV A=1 2", "t.pilot:1:9: expected the end of the line"),
                Arguments.of(
                        "VAR I=$((%I% +* 2))",
                        "t.pilot:1:15: expected a number, %VAR% or ( in $((%I% +* 2)), "
                                + "found '*'; write e.g. VAR I=$((%I% + 1))"),
                Arguments.of("VAR I = $(( %I% + 1 )", "t.pilot:1:22: expected )) to close $(("),
                Arguments.of("VAR I=$((%I% + 1", "t.pilot:1:17: expected )) to close $(("),
                Arguments.of("VAR I=$(((%I% + 1))", "t.pilot:1:18: expected ) to close the ( at column 10"),
                Arguments.of("VAR I=$((%I% + 1)))", "t.pilot:1:17: expected + - * / or the end of"),
                Arguments.of("VAR I=$((%I + 1))", "t.pilot:1:10: expected a variable reference (%NAME%)"),
                Arguments.of("VAR I=$((2 ^ 3))", "t.pilot:1:12: expected a number, %VAR%, + - * / or parentheses"),
                Arguments.of("VAR I=$(())", "t.pilot:1:10: expected an expression between $(( and ))"),
                Arguments.of("THREADS=zero", "t.pilot:1:9: expected a thread count of at least 1"),
                Arguments.of("THREADS 0", "t.pilot:1:9: expected a thread count of at least 1"),
                Arguments.of("EXEC 'unterminated", "t.pilot:1:6: expected a closing ' before the end of the line"),
                Arguments.of("EXEC", "t.pilot:1:6: expected a command after EXEC"),
                Arguments.of("OPTION ci-width 5%", "t.pilot:1:1: OPTION belongs inside a TEST"),
                Arguments.of("TEST a\n  OPTION speed 5\n  EXEC true\nDONE", "t.pilot:2:10: expected an option"),
                Arguments.of("MEASURE disk", "t.pilot:1:9: expected one of cpu-others, free-memory, io, net, remote"),
                Arguments.of("MEASURE io", "t.pilot:1:12: expected MEASURE io DEVICE"),
                Arguments.of("COOL freeze", "t.pilot:1:6: expected one of chill, drop-caches, remount"),
                Arguments.of("CHECKPOINT a b", "t.pilot:1:14: expected at most one file name"),
                Arguments.of("INCLUDE missing.inc", "t.pilot:1:9: expected an existing file to INCLUDE"),
                Arguments.of("INCLUDE %X%.inc", "t.pilot:1:9: expected a literal file name after INCLUDE"),
                Arguments.of(
                        "# fine\n\n   FOREACH X a \\\n   b\n DONE x", "t.pilot:5:7: expected the end of the line"));
    }

    @ParameterizedTest
    @MethodSource("mistakes")
    void everyMistakeIsOneLineWithFileLineAndColumn(String script, String expected) throws IOException {
        Path f = dir.resolve("t.pilot");
        Files.writeString(f, script + "\n");
        assertThatThrownBy(
                        () -> ScriptParser.parse(dir.relativize(f).getFileName().toString(), script, dir))
                .isInstanceOf(ScriptException.class)
                .hasMessageStartingWith(expected)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        // the same through the file, as the command reads it
        assertThatThrownBy(() -> ScriptParser.parse(f)).hasMessageContaining(expected.substring("t.pilot".length()));
    }

    @Test
    void includeCyclesAreFoundBeforeAnythingRuns() throws IOException {
        Files.writeString(dir.resolve("main.pilot"), "VAR X=1\nINCLUDE a.inc\n");
        Files.writeString(dir.resolve("a.inc"), "# a\nINCLUDE sub/b.inc\n");
        Files.createDirectories(dir.resolve("sub"));
        Files.writeString(dir.resolve("sub/b.inc"), "VAR Y=2\n  INCLUDE ../a.inc\n");
        assertThatThrownBy(() -> ScriptParser.parse(dir.resolve("main.pilot")))
                .isInstanceOf(ScriptException.class)
                .hasMessage("sub/b.inc:2:11: INCLUDE cycle: ../a.inc is already being included "
                        + "(main.pilot -> a.inc -> b.inc -> a.inc)");
    }

    @Test
    void aFileIncludingItselfIsACycle() throws IOException {
        Files.writeString(dir.resolve("self.pilot"), "INCLUDE self.pilot\n");
        assertThatThrownBy(() -> ScriptParser.parse(dir.resolve("self.pilot")))
                .hasMessageContaining(":1:9: INCLUDE cycle");
    }

    @Test
    void theSameFileMayBeIncludedTwiceWhenNotInACycle() throws IOException {
        Files.writeString(dir.resolve("main.pilot"), "INCLUDE v.inc\nINCLUDE v.inc\n");
        Files.writeString(dir.resolve("v.inc"), "VAR X=1\n");
        assertThat(ScriptParser.parse(dir.resolve("main.pilot"))).hasSize(2);
    }

    @Test
    void thePapersFigureOneParses() throws IOException, URISyntaxException {
        Path figure = Path.of(getClass().getResource("/figure1/postmark.pilot").toURI());
        List<Stmt> program = ScriptParser.parse(figure);
        // INCLUDE common.inc (EXEC, then local.inc's VAR), FOREACH, INCLUDE ok.inc (EXEC)
        assertThat(program).hasSize(4);
        assertThat(program.get(0)).isInstanceOf(Stmt.Command.class);
        assertThat(program.get(1)).isInstanceOf(Stmt.Assign.class);
        Stmt.Foreach fs = (Stmt.Foreach) program.get(2);
        assertThat(fs.values()).extracting(Word::text).containsExactly("ext2", "ext3", "reiserfs");
        Stmt.For threads = (Stmt.For) fs.body().get(0);
        assertThat(threads.var()).isEqualTo("THREADCOUNT");
        assertThat(threads.factor()).isTrue();
        assertThat(threads.to().text()).isEqualTo("32");
        assertThat(threads.body().get(0)).isInstanceOf(Stmt.Threads.class);
        Stmt.Test test = (Stmt.Test) threads.body().get(1);
        assertThat(test.name().text()).isEqualTo("%FS%:%THREADS%");
        assertThat(test.minRuns().text()).isEqualTo("10");
        assertThat(test.batch().text()).isEqualTo("1");
        assertThat(test.program()).isEqualTo("getstats --predicate '(\"$delta\" < 0.05 * $mean)  || ($count > 30)'");
        assertThat(test.body())
                .extracting(s -> ((Stmt.Command) s).kind())
                .containsExactly(Stmt.CommandKind.SETUP, Stmt.CommandKind.EXEC, Stmt.CommandKind.CLEANUP);
        // the predicate of the figure is one the stop program accepts as written
        StopProgram stop = new StopProgram(test.program(), figure.getParent());
        assertThat(stop.toString()).contains("$count > 30");
        assertThat(program.get(3)).isInstanceOf(Stmt.Command.class);
    }

    @Test
    void continuedLinesKeepTheirOwnLineNumbers() {
        List<Line> lines = Line.split("c.pilot", "EXEC a \\\n   b 'c \\\nd'\n# note\nVAR X=1\n");
        assertThat(lines).hasSize(2);
        assertThat(lines.get(0).words()).extracting(Word::text).containsExactly("EXEC", "a", "b", "c  d");
        assertThat(lines.get(0).words().get(2).pos()).isEqualTo(new Pos("c.pilot", 2, 4));
        assertThat(lines.get(1).pos()).isEqualTo(new Pos("c.pilot", 5, 1));
    }

    /**
     * A getstats stop program skipped words it did not know: {@code --column=elapsed} was ignored (the stop then
     * waited on elapsed, user and system, and a TEST ran to its cap), as were {@code --colum} and {@code --bogus}.
     */
    @Test
    void aStopProgramTakesOptionsWithEqualsAndRefusesOthers() {
        Path here = Path.of(".");
        StopProgram eq = new StopProgram("getstats --predicate='$count >= 6' --column=elapsed --confidence=99%", here);
        assertThat(eq.confidence()).isEqualTo(0.99);
        assertThat(eq.columns()).containsExactly("elapsed");
        assertThat(eq.toString()).contains("$count >= 6");
        assertThat(new StopProgram("getstats --predicate '$count >= 6' --column elapsed,user", here).confidence())
                .isEqualTo(0.95);
        for (String bad : new String[] {"--colum elapsed", "--bogus", "--confidence 2"}) {
            org.assertj.core.api.Assertions.assertThatThrownBy(
                            () -> new StopProgram("getstats --predicate '$count >= 6' " + bad, here))
                    .as(bad)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("TEST program");
        }
    }

    /** A script saved with a UTF-8 byte order mark was refused: "found '\uFEFFTEST'", the mark invisible. */
    @Test
    void aByteOrderMarkBeforeTheFirstLineIsNotPartOfItsFirstWord() throws Exception {
        java.util.List<Stmt> body = ScriptParser.parse("t.pilot", "\uFEFFTEST a 3\n  EXEC true\nDONE\n", dir);
        org.assertj.core.api.Assertions.assertThat(body).hasSize(1);
    }
}
