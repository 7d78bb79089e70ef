package io.pilotbench.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pilotbench.core.model.InputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.apache.commons.compress.archivers.tar.TarConstants;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SafeExtractorTest {
    @TempDir
    Path tmp;

    private Path archive(ThrowingBuild build) throws IOException {
        Path a = tmp.resolve("pkg.tar.gz");
        try (Archives t = new Archives(a)) {
            build.accept(t);
        }
        return a;
    }

    interface ThrowingBuild {
        void accept(Archives a) throws IOException;
    }

    @Test
    void extractsAValidPackageAndDropsSpecialModeBits() throws IOException {
        Path a = archive(t -> t.dir("./data")
                .file("./data/in.txt", "hello", 0106666)
                .file("run.sh", "true", 0104755)
                .file("collect.sh", "echo x 1", 0100600));
        Path out = tmp.resolve("out");
        new SafeExtractor().extract(a, out);
        assertThat(out.resolve("data/in.txt")).hasContent("hello");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(out.resolve("run.sh"))))
                .isEqualTo("rwxr-xr-x"); // setuid dropped
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(out.resolve("data/in.txt"))))
                .isEqualTo("rw-r--r--"); // setgid and world-write dropped
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(out.resolve("collect.sh"))))
                .isEqualTo("rw-r--r--");
    }

    @ParameterizedTest
    @CsvSource({
        "/tmp/evil, absolute name",
        "../evil, climbs out",
        "a/../../evil, climbs out",
        "data/../../../etc/x, climbs out"
    })
    void refusesNamesOutsideThePackage(String name, String why) throws IOException {
        Path a = archive(t -> t.scripts().file(name, "pwned"));
        Path out = tmp.resolve("out");
        assertThatThrownBy(() -> new SafeExtractor().extract(a, out))
                .isInstanceOf(InputException.class)
                .hasMessageContaining(why)
                .hasMessageContaining(name);
        assertThat(tmp.resolve("evil")).doesNotExist();
    }

    @ParameterizedTest
    @CsvSource({"50, symbolic link", "49, hard link", "51, device", "52, device", "54, FIFO"})
    void refusesLinksDevicesAndFifos(int type, String why) throws IOException {
        Path a = archive(t -> t.scripts().special("thing", (byte) type, type <= 50 ? "/etc/passwd" : null));
        assertThatThrownBy(() -> new SafeExtractor().extract(a, tmp.resolve("out")))
                .isInstanceOf(InputException.class)
                .hasMessageContaining(why);
        assertThat(tmp.resolve("out/thing")).doesNotExist();
        assertThat((byte) type)
                .isIn(
                        TarConstants.LF_SYMLINK,
                        TarConstants.LF_LINK,
                        TarConstants.LF_CHR,
                        TarConstants.LF_BLK,
                        TarConstants.LF_FIFO);
    }

    @Test
    void capsTheEntryCount() throws IOException {
        Path a = archive(t -> {
            for (int i = 0; i < 20; i++) {
                t.file("f" + i, "x");
            }
        });
        assertThatThrownBy(() -> new SafeExtractor(10, 1 << 20).extract(a, tmp.resolve("out")))
                .isInstanceOf(InputException.class)
                .hasMessageContaining("more than 10 entries");
        new SafeExtractor(20, 1 << 20).extract(a, tmp.resolve("ok")); // the cap, not the archive, refused it
    }

    @Test
    void capsTheDecompressedSizeOfAGzipBomb() throws IOException {
        Path a = archive(t -> t.scripts().zeros("bomb", 8L << 20));
        assertThat(Files.size(a)).isLessThan(64 << 10); // 8 MiB in under 64 KiB
        Path out = tmp.resolve("out");
        assertThatThrownBy(() -> new SafeExtractor(100, 1 << 20).extract(a, out))
                .isInstanceOf(InputException.class)
                .hasMessageContaining("gzip bomb");
        assertThat(Files.exists(out.resolve("bomb")) ? Files.size(out.resolve("bomb")) : 0L)
                .isLessThanOrEqualTo(1 << 20);
    }

    @Test
    void neverWritesThroughAnExistingSymlink() throws IOException {
        Path outside = Files.createDirectory(tmp.resolve("outside"));
        Path out = Files.createDirectory(tmp.resolve("out"));
        Files.createSymbolicLink(out.resolve("sub"), outside);
        Files.createSymbolicLink(out.resolve("run.sh"), outside.resolve("run.sh"));
        Path a = archive(t -> t.file("sub/file", "pwned"));
        assertThatThrownBy(() -> new SafeExtractor().extract(a, out))
                .isInstanceOf(InputException.class)
                .hasMessageContaining("symbolic link");
        Path b = archive(t -> t.file("run.sh", "pwned"));
        assertThatThrownBy(() -> new SafeExtractor().extract(b, out)).isInstanceOf(InputException.class);
        try (var s = Files.list(outside)) {
            assertThat(s).isEmpty();
        }
    }

    @Test
    void refusesAnEntryGivenTwice() throws IOException {
        Path a = archive(t -> t.scripts().file("run.sh", "rm -rf ~", 0100755));
        assertThatThrownBy(() -> new SafeExtractor().extract(a, tmp.resolve("out")))
                .isInstanceOf(InputException.class)
                .hasMessageContaining("given twice");
    }

    @Test
    void refusesAFileThatIsNotATarGz() throws IOException {
        Path a = Files.writeString(tmp.resolve("pkg.tar.gz"), "not gzip at all");
        assertThatThrownBy(() -> new SafeExtractor().extract(a, tmp.resolve("out")))
                .isInstanceOf(InputException.class)
                .hasMessageContaining("not a readable .tar.gz");
    }
}
