package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a scan's values may do to the file system and to the scan: -L values as users give them, paths included. */
class ParameterScanValuesTest {
    @TempDir
    Path tmp;

    /**
     * A value with '/' or '..' named a session directory outside -o: -L v ok,../../../escaped made a directory three
     * levels up, then failed on its lock with exit 2 after the first value's session had run, and -L f /etc/hostname
     * nested directories. Each value's session is now one directory inside the scan's, its '/' written %2F.
     */
    @Test
    void aValueWithSlashesOrDotsStaysInsideTheScansDirectory() throws Exception {
        Path scan = tmp.resolve("a/b/scan");
        CliRun r = CliRun.run(
                "run",
                "-q",
                "--max-rounds",
                "2",
                "-L",
                "v",
                "ok,../../../escaped,/etc/hostname,50%",
                "-o",
                scan.toString(),
                "--",
                "echo",
                "{v}");
        assertThat(r.code()).as(r.err()).isIn(0, ExitCode.LIMIT.code());
        assertThat(tmp.resolve("escaped")).doesNotExist();
        try (Stream<Path> inside = Files.list(scan)) {
            assertThat(inside.filter(Files::isDirectory)
                            .map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder("v=ok", "v=..%2F..%2F..%2Fescaped", "v=%2Fetc%2Fhostname", "v=50%25");
        }
        assertThat(scan.resolve("scan.csv")).exists();
        assertThat(Files.readString(scan.resolve("scan.csv"))).contains("/etc/hostname");
    }

    /**
     * A value given twice ran its session once, then stopped with "v=3 is not empty", exit 2, and no scan table. It
     * is one line before anything runs.
     */
    @Test
    void aValueGivenTwiceIsRefusedBeforeAnythingRuns() {
        Path scan = tmp.resolve("scan");
        CliRun r = CliRun.run(
                "run", "-q", "--max-rounds", "2", "-L", "n", "3,3", "-o", scan.toString(), "--", "echo", "{n}");
        assertThat(r.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(r.err()).isEqualTo("pilot: -L n: '3' is given twice; give each value once (a session per value)\n");
        assertThat(scan).doesNotExist();
    }

    /**
     * -P v 1 3 -D 0.1 gave the values 1, 1.1, …, 2.0, 3.0: the first without decimals, the rest with, so the command
     * got "1" but "2.0". Every value now has the decimals of the finest of MIN, MAX and the step.
     */
    @Test
    void aRangeWithADecimalStepWritesEveryValueWithItsDecimals() throws Exception {
        Path scan = tmp.resolve("p");
        Path seen = tmp.resolve("seen.txt");
        CliRun r = CliRun.run(
                "run",
                "-q",
                "--max-rounds",
                "2",
                "-P",
                "v",
                "1",
                "2",
                "-D",
                "0.5",
                "-o",
                scan.toString(),
                "--",
                "sh",
                "-c",
                "echo {v} >> '" + seen + "'");
        assertThat(r.code()).as(r.err()).isNotEqualTo(ExitCode.USAGE.code());
        assertThat(Files.readAllLines(seen).stream().distinct().toList()).containsExactly("1.0", "1.5", "2.0");
    }
}
