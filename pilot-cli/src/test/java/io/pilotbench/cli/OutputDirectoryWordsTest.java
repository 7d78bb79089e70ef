package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -o ''} was refused as "pilot:  is not empty" (an empty name), and a non-empty directory that holds no
 * session was told to "resume the session in it with --resume". The empty name is named, and the advice to resume
 * is given only where there is a session.
 */
class OutputDirectoryWordsTest {
    @TempDir
    Path tmp;

    @Test
    void theRefusalNamesTheDirectoryAndOffersAResumeOnlyForASession() throws Exception {
        Path other = Files.createDirectories(tmp.resolve("other"));
        Files.writeString(other.resolve("notes.txt"), "mine");
        CliRun r = CliRun.run("run", "-q", "--max-rounds", "3", "-o", other.toString(), "--", "true");
        assertThat(r.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(r.err()).contains(other + " is not empty").doesNotContain("--resume");
        Path session = tmp.resolve("s");
        CliRun first = CliRun.run("run", "-q", "--max-rounds", "3", "-o", session.toString(), "--", "true");
        assertThat(first.code()).isNotEqualTo(ExitCode.USAGE.code());
        CliRun again = CliRun.run("run", "-q", "--max-rounds", "3", "-o", session.toString(), "--", "true");
        assertThat(again.err()).contains("resume the session in it with --resume");
    }
}
