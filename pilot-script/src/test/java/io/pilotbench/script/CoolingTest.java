package io.pilotbench.script;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.pilotbench.core.files.Privileges;
import io.pilotbench.testing.Circumstances;
import io.pilotbench.testing.SystemTest;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * COOL drop-caches and COOL remount on a real file system (ext4 on a loop device, as root): a file read at the end
 * of every run is no longer in the page cache when the next run starts ({@code fincore} counts its resident pages).
 * Without cooling it would be: the last test shows that, so the check can fail.
 */
@SystemTest
class CoolingTest {
    @TempDir
    Path tmp;

    private String loop;
    private Path mnt;

    private static String run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes()).strip();
        if (p.waitFor() != 0) {
            throw new IOException(String.join(" ", command) + ": " + out);
        }
        return out;
    }

    @BeforeEach
    void mountAFileSystem() throws Exception {
        Circumstances.assumeTrue(Privileges.isRoot(), "needs root (mount, drop_caches)");
        for (String tool : List.of("/usr/sbin/mkfs.ext4", "/usr/sbin/losetup", "/usr/bin/fincore")) {
            assumeTrue(Files.isExecutable(Path.of(tool)), "needs " + tool);
        }
        Path image = tmp.resolve("fs.img");
        run("truncate", "-s", "64M", image.toString());
        run("/usr/sbin/mkfs.ext4", "-q", "-F", image.toString());
        loop = run("/usr/sbin/losetup", "--find", "--show", image.toString());
        mnt = Files.createDirectories(tmp.resolve("mnt"));
        run("mount", loop, mnt.toString());
        run("dd", "if=/dev/urandom", "of=" + mnt.resolve("data"), "bs=1M", "count=8", "status=none");
        run("sync");
    }

    @AfterEach
    void unmount() throws Exception {
        if (mnt != null) {
            new ProcessBuilder("umount", mnt.toString()).start().waitFor();
        }
        if (loop != null) {
            new ProcessBuilder("/usr/sbin/losetup", "-d", loop).start().waitFor();
        }
    }

    /** Resident pages of the data file at the start of each of 3 runs; each run then reads the file whole. */
    private List<Long> residentAtEachStart(String cool) throws Exception {
        Path script = tmp.resolve("c.pilot");
        Path pages = tmp.resolve("pages");
        Files.writeString(
                script,
                (cool.isEmpty() ? "" : cool + "\n")
                        + "TEST t 3 1 getstats --predicate '$count >= 3'\n"
                        + "  EXEC fincore --raw --noheadings --output PAGES " + mnt.resolve("data") + " >> " + pages
                        + " && cat " + mnt.resolve("data") + " > /dev/null\n"
                        + "DONE\n");
        Path results = Files.createDirectories(
                tmp.resolve("results-" + cool.replace(' ', '-').replace('/', '_')));
        Files.deleteIfExists(pages);
        StringWriter log = new StringWriter();
        Campaign c = Campaign.start(script, Map.of(), results, new PrintWriter(log), () -> null);
        assertThat(c.run()).as(log.toString()).isEqualTo(Campaign.OK);
        return Files.readAllLines(pages).stream()
                .map(String::strip)
                .map(Long::parseLong)
                .toList();
    }

    @Test
    void remountEmptiesTheFileSystemsCacheBeforeEveryRun() throws Exception {
        assertThat(residentAtEachStart("COOL remount " + mnt)).containsExactly(0L, 0L, 0L);
        assertThat(run("findmnt", "-n", "-o", "SOURCE", mnt.toString())).isEqualTo(loop); // mounted again, as it was
    }

    @Test
    void dropCachesEmptiesThePageCacheBeforeEveryRun() throws Exception {
        assertThat(residentAtEachStart("COOL drop-caches")).containsExactly(0L, 0L, 0L);
    }

    @Test
    void withoutCoolingTheFileStaysCached() throws Exception {
        List<Long> pages = residentAtEachStart("");
        assertThat(pages.subList(1, 3)).allSatisfy(p -> assertThat(p).isEqualTo(8L * 1024 * 1024 / 4096));
    }

    @Test
    void remountOfADirectoryThatIsNotAMountPointIsOneLineBeforeAnyRun() throws Exception {
        Path notMounted = Files.createDirectories(tmp.resolve("plain"));
        Path script = Files.writeString(
                tmp.resolve("bad.pilot"),
                "COOL remount " + notMounted + "\nTEST t 1\n  EXEC touch " + tmp.resolve("ran") + "\nDONE\n");
        Campaign c = Campaign.start(
                script,
                Map.of(),
                Files.createDirectories(tmp.resolve("r")),
                new PrintWriter(new StringWriter()),
                () -> null);
        org.assertj.core.api.Assertions.assertThatThrownBy(c::run)
                .isInstanceOf(ScriptException.class)
                .hasMessageEndingWith("bad.pilot:1:14: " + notMounted + " is not a mount point (COOL remount needs "
                        + "the directory a file system is mounted on)");
        assertThat(tmp.resolve("ran")).doesNotExist();
    }
}
