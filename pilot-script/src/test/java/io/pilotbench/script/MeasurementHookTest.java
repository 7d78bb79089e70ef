package io.pilotbench.script;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The hooks read /proc files; here a fake /proc with the kernel's formats. */
class MeasurementHookTest {
    @TempDir
    Path proc;

    @Test
    void diskStatsCountsRequestsAndSectorsOfOnePartition() throws IOException {
        Files.writeString(proc.resolve("diskstats"), """
                   8       0 sda 100 5 2000 30 50 7 800 40 0 60 70
                   8       1 sda1 90 4 1800 25 45 6 700 35 0 55 60
                """);
        MeasurementHook h = MeasurementHook.of("io", List.of("sda1"), proc, Map.of());
        assertThat(h.columns()).containsExactly("sda1_reads", "sda1_read_sectors", "sda1_writes", "sda1_write_sectors");
        assertThat(h.sample()).containsExactly(90, 1800, 45, 700);
        assertThat(h.counter()).isTrue();
        assertThatThrownBy(() ->
                        MeasurementHook.of("io", List.of("sdz"), proc, Map.of()).sample())
                .hasMessageContaining("no device sdz");
    }

    @Test
    void freeMemoryIsALevelInKilobytes() throws IOException {
        Files.writeString(
                proc.resolve("meminfo"),
                "MemTotal:       16000000 kB\nMemFree:         1234567 kB\n" + "MemAvailable:    7654321 kB\n");
        MeasurementHook h = MeasurementHook.of("free-memory", List.of(), proc, Map.of());
        assertThat(h.sample()).containsExactly(1234567, 7654321);
        assertThat(h.counter()).isFalse();
    }

    @Test
    void networkBytesAndPacketsOfOneInterface() throws IOException {
        Files.createDirectories(proc.resolve("net"));
        Files.writeString(proc.resolve("net/dev"), """
                Inter-|   Receive                                                |  Transmit
                 face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed
                    lo:    1000      10    0    0    0     0          0         0     1000      10    0    0    0     0       0          0
                  eth0: 5000000    4000    0    0    0     0          0         0  3000000    2500    0    0    0     0       0          0
                """);
        assertThat(MeasurementHook.of("net", List.of("eth0"), proc, Map.of()).sample())
                .containsExactly(5000000, 4000, 3000000, 2500);
    }

    @Test
    void cpuOfOtherProcessesIsTheTicksTheyUsedBetweenTwoSamples() throws IOException {
        writeStat(101, "kworker/0:1", 10, 5);
        writeStat(102, "flush (8:0)", 100, 50);
        MeasurementHook h = MeasurementHook.of("cpu-others", List.of(), proc, Map.of());
        assertThat(h.sample()).containsExactly(0);
        writeStat(101, "kworker/0:1", 30, 5); // +20 ticks
        writeStat(102, "flush (8:0)", 100, 80); // +30 ticks; the name has a space and parentheses
        writeStat(103, "new", 500, 500); // not there before: not counted
        assertThat(h.sample()).containsExactly(0.5);
        assertThat(h.note()).isEqualTo("cpu-others: flush (8:0) (pid 102) 0.3 s, kworker/0:1 (pid 101) 0.2 s");
    }

    private void writeStat(int pid, String comm, long utime, long stime) throws IOException {
        Files.createDirectories(proc.resolve(Integer.toString(pid)));
        Files.writeString(
                proc.resolve(pid + "/stat"),
                pid + " (" + comm + ") S 2 0 0 0 -1 69238880 0 0 0 0 " + utime + " " + stime
                        + " 0 0 20 0 1 0 12 0 0\n");
    }
}
