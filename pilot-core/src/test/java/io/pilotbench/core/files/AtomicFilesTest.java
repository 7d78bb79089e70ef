package io.pilotbench.core.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {
    @TempDir
    Path dir;

    private long filesIn(Path d) throws IOException {
        try (Stream<Path> s = Files.list(d)) {
            return s.count();
        }
    }

    @Test
    void writesAndReplacesAFileLeavingNothingBeside() throws IOException {
        Path f = dir.resolve("session.json");
        AtomicFiles.write(f, "{\"a\": 1}\n");
        AtomicFiles.write(f, "{\"a\": 2}\n");
        assertThat(Files.readString(f)).isEqualTo("{\"a\": 2}\n");
        assertThat(filesIn(dir)).isEqualTo(1);
    }

    @Test
    void aFailedCopyKeepsThePreviousVersionAndLeavesNoTemporaryFile() throws IOException {
        Path f = dir.resolve("state.json");
        AtomicFiles.write(f, "old");
        InputStream failing = new InputStream() {
            private int n;

            @Override
            public int read() throws IOException {
                if (n++ > 3) {
                    throw new IOException("disk full");
                }
                return 'x';
            }
        };
        assertThatThrownBy(() -> AtomicFiles.copy(failing, f)).hasMessage("disk full");
        assertThat(Files.readString(f)).isEqualTo("old");
        assertThat(filesIn(dir)).isEqualTo(1);
        AtomicFiles.copy(new ByteArrayInputStream("new".getBytes(StandardCharsets.UTF_8)), f);
        assertThat(Files.readString(f)).isEqualTo("new");
    }

    @Test
    void aSecretIsWrittenWithTheGivenPermissionsFromTheStart() throws IOException {
        Path f = dir.resolve("identity.json");
        AtomicFiles.write(
                f,
                "secret".getBytes(StandardCharsets.UTF_8),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(f)))
                .isEqualTo("rw-------");
    }

    @Test
    void aTreeIsDeletedWithoutFollowingItsLinks() throws IOException {
        Path outside = Files.writeString(dir.resolve("outside.txt"), "keep");
        Path tree = Files.createDirectories(dir.resolve("job/a/b"));
        Files.writeString(tree.resolve("f"), "x");
        Files.createSymbolicLink(tree.resolve("link"), outside);
        Files.createSymbolicLink(dir.resolve("job/up"), dir);
        FileTrees.delete(dir.resolve("job"));
        assertThat(dir.resolve("job")).doesNotExist();
        assertThat(Files.readString(outside)).isEqualTo("keep");
        FileTrees.delete(dir.resolve("job")); // absent: nothing
    }

    /** The temporary file the content goes through must not make the file owner-only (createTempFile would). */
    @Test
    void aNewFileGetsTheUsualPermissionsNotOwnerOnly() throws IOException {
        Path f = dir.resolve("result.json");
        AtomicFiles.write(f, "{}");
        Path plain = Files.writeString(dir.resolve("plain.json"), "{}");
        assertThat(Files.getPosixFilePermissions(f)).isEqualTo(Files.getPosixFilePermissions(plain));
    }
}
