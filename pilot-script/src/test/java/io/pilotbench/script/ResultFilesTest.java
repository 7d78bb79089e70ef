package io.pilotbench.script;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultFilesTest {
    @TempDir
    Path dir;

    @Test
    void aResultFileGetsThePermissionsOfAnyNewFileAndNothingIsLeftBeside() throws IOException {
        Path plain = Files.writeString(dir.resolve("plain.csv"), "x\n");
        Path file = dir.resolve(RunsCsv.FILE);
        ResultFiles.write(file, "run\n");
        ResultFiles.write(file, "run\n1\n");
        assertThat(Files.readString(file)).isEqualTo("run\n1\n");
        assertThat(Files.getPosixFilePermissions(file)).isEqualTo(Files.getPosixFilePermissions(plain));
        try (Stream<Path> s = Files.list(dir)) {
            assertThat(s.count()).isEqualTo(2);
        }
    }
}
