package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code pilot script --check /tmp} and {@code --check /dev/zero} both said "no such script file". */
class ScriptFileKindTest {
    @TempDir
    Path tmp;

    @Test
    void aDirectoryOrADeviceIsNamedForWhatItIs() {
        CliRun dir = CliRun.run("script", "--check", tmp.toString());
        assertThat(dir.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(dir.err()).contains("is a directory, not a script").hasLineCount(1);
        CliRun device = CliRun.run("script", "--check", "/dev/zero");
        assertThat(device.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(device.err()).contains("is not a regular file").hasLineCount(1);
        CliRun missing =
                CliRun.run("script", "--check", tmp.resolve("nope.pilot").toString());
        assertThat(missing.err()).contains("no such script file");
    }
}
