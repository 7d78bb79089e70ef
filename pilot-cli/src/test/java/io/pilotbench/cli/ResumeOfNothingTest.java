package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-C in the first quarter second of {@code pilot run -o early} left an empty directory, and {@code --resume early}
 * said "not a Pilot session (no session.json)" although exit code 130 promises a resume. It now says nothing was
 * recorded and how to start again; and that works.
 */
class ResumeOfNothingTest {
    @TempDir
    Path tmp;

    @Test
    void anEmptyDirectoryLeftByAnEarlyInterruptIsNamedAndCanBeStartedAgain() throws Exception {
        Path early = Files.createDirectories(tmp.resolve("early"));
        CliRun resume = CliRun.run("run", "--resume", early.toString());
        assertThat(resume.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(resume.err()).contains("holds no session, it is empty").contains("start it anew with -o " + early);
        CliRun again = CliRun.run("run", "-q", "--max-rounds", "3", "-o", early.toString(), "--", "true");
        assertThat(again.code()).as(again.err()).isNotEqualTo(ExitCode.USAGE.code());
    }
}
