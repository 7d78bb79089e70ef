package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * An output under /sys, where nobody may create files (root gets EPERM, others EACCES): {@code pilot run -o
 * /sys/kernel/x} said only "/sys/kernel/x: Operation not permitted", and {@code pilot plot -o /sys/x.svg} "cannot
 * write it (AccessDeniedException: /sys/.x.svg.q5qrapiwtkjw.tmp)" — a Java class and a temporary file the user never
 * named. Each now says what failed in the system's words and what to do.
 */
@EnabledOnOs(OS.LINUX)
class SystemDirectoryOutputTest {
    @TempDir
    Path tmp;

    @Test
    void aRunIntoSysSaysWhatToDo() {
        CliRun r = CliRun.run("run", "-q", "--max-rounds", "3", "-o", "/sys/kernel/pilot-test-session", "--", "true");
        assertThat(r.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(r.err())
                .hasLineCount(1)
                .contains("/sys/kernel/pilot-test-session")
                .containsAnyOf("operation not permitted", "permission denied")
                .contains("-o DIR");
    }

    @Test
    void aFigureOrReportIntoSysNamesNoJavaClassAndNoTemporaryFile() throws Exception {
        Path data = tmp.resolve("a.txt");
        Files.writeString(data, "1\n2\n3\n4\n5\n6\n");
        CliRun plot = CliRun.run("plot", data.toString(), "-o", "/sys/pilot-test.svg");
        assertThat(plot.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(plot.err())
                .hasLineCount(1)
                .startsWith("pilot: -o /sys/pilot-test.svg: cannot write it (")
                .containsAnyOf("operation not permitted", "permission denied", "Operation not permitted")
                .doesNotContain("Exception")
                .doesNotContain(".tmp");
    }
}
