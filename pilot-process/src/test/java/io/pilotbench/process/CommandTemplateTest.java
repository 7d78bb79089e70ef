package io.pilotbench.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class CommandTemplateTest {
    @Test
    void placeholdersAreSubstitutedInsideWords() {
        CommandTemplate t = CommandTemplate.of(List.of("dd", "count=%WORK_AMOUNT%", "of=%RESULT_DIR%/out"), null);
        assertThat(t.usesWorkAmount()).isTrue();
        assertThat(t.usesResultDir()).isTrue();
        assertThat(t.argv(0, 42, Path.of("/s/r/3"))).containsExactly("dd", "count=42", "of=/s/r/3/out");
    }

    @Test
    void theRoundNumberIsAPlaceholderToo() {
        CommandTemplate t = CommandTemplate.of(List.of("sim", "--round=%ROUND%", "%ROUND%-%WORK_AMOUNT%"), null);
        assertThat(t.argv(7, 3, Path.of("d"))).containsExactly("sim", "--round=7", "7-3");
    }

    @Test
    void wordsArePassedAsTheyAreWithoutAShell() {
        CommandTemplate t = CommandTemplate.of(List.of("echo", "$HOME", "a b", "*"), null);
        assertThat(t.argv(0, 0, Path.of("d"))).containsExactly("echo", "$HOME", "a b", "*");
        assertThat(t).hasToString("echo '$HOME' 'a b' '*'");
    }

    @Test
    void aShellGetsTheWordsJoinedAsItsScript() {
        CommandTemplate t = CommandTemplate.of(List.of("seq %WORK_AMOUNT% | wc -l"), "bash");
        assertThat(t.argv(0, 5, Path.of("d"))).containsExactly("bash", "-c", "seq 5 | wc -l");
    }

    @Test
    void dateFormatsAreNotPlaceholders() {
        assertThat(CommandTemplate.of(List.of("date", "+%Y%m%d"), null).usesWorkAmount())
                .isFalse();
    }

    @Test
    void unknownPlaceholdersAndMissingCommandsAreRefused() {
        assertThatThrownBy(() -> CommandTemplate.of(List.of("run", "--n=%WORKAMOUNT%"), null))
                .hasMessage("unknown placeholder %WORKAMOUNT% in word 2 of the command ('--n=%WORKAMOUNT%'); the "
                        + "placeholders are %WORK_AMOUNT%, %RESULT_DIR% and %ROUND%");
        assertThatThrownBy(() -> CommandTemplate.of(List.of(), null)).hasMessageContaining("no command to run");
    }
}
