package io.pilotbench.process.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import io.pilotbench.core.model.RoundResult;
import io.pilotbench.core.model.Workload;
import io.pilotbench.testing.Circumstances;
import io.pilotbench.testing.SystemTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

@SystemTest
class MonitoredWorkloadTest {
    @TempDir
    Path tmp;

    /** Counters that advance by a fixed amount per read: the utilisation over a round is their ratio. */
    @Test
    void aRoundsUtilisationIsTheCountersDeltaOverItsCapacity() throws Exception {
        double[] clock = {0};
        double[] busy = {0};
        Monitor disk = now -> Map.of("disk:x", Usage.counter(busy[0], now));
        Workload w = (round, work) -> {
            clock[0] += 100; // the round takes 100 ms, of which the disk is busy for 30 (round 0) or 90 (round 1)
            busy[0] += round == 0 ? 30 : 90;
            return RoundResult.ofReadings(1);
        };
        MonitoredWorkload m = new MonitoredWorkload(w, List.of(disk), tmp, () -> clock[0]);
        m.run(0, 0);
        m.run(1, 0);
        m.close();
        ComponentUtilization u = m.utilizations().get(0);
        assertThat(u.component()).isEqualTo("disk:x");
        assertThat(u.mean()).isCloseTo(0.6, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(u.peak()).isCloseTo(0.9, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(u.peakRound()).isEqualTo(1);
        assertThat(Files.readAllLines(tmp.resolve(MonitoredWorkload.FILE)))
                .containsExactly("round,component,utilization", "0,disk:x,0.3000", "1,disk:x,0.9000");
        assertThat(Bottlenecks.suspects(m.utilizations(), "cpu", 0.8)).isEmpty(); // 60% < 80%
        assertThat(Bottlenecks.suspects(m.utilizations(), "cpu", 0.5))
                .extracting(ComponentUtilization::component)
                .containsExactly("disk:x");
        assertThat(Bottlenecks.suspects(m.utilizations(), "disk:x", 0.5)).isEmpty();
    }

    @Test
    void theProcFilesAreReadAsTheKernelDocumentsThem() throws Exception {
        Files.createDirectories(tmp.resolve("proc/net"));
        Files.createDirectories(tmp.resolve("sys/block/sda"));
        Files.createDirectories(tmp.resolve("sys/class/net/eth0"));
        Files.writeString(
                tmp.resolve("proc/stat"),
                "cpu  100 0 50 800 50 0 0 0 0 0\ncpu0 60 0 20 400 20 0 0 0 0 0\n" + "intr 1 2 3\n");
        Files.writeString(
                tmp.resolve("proc/meminfo"),
                "MemTotal: 1000 kB\nMemFree: 100 kB\nMemAvailable: 250 kB\n" + "SwapTotal: 400 kB\nSwapFree: 300 kB\n");
        Files.writeString(
                tmp.resolve("proc/diskstats"),
                "   8       0 sda 1 2 3 4 5 6 7 8 9 1234 11\n"
                        + "   8       1 sda1 1 2 3 4 5 6 7 8 9 999 11\n   7       0 loop0 0 0 0 0 0 0 0 0 0 5 0\n");
        Files.writeString(
                tmp.resolve("proc/net/dev"),
                "Inter-| Receive | Transmit\n face |bytes …\n"
                        + "    lo: 10 1 0 0 0 0 0 0 10 1 0 0 0 0 0 0\n  eth0: 5000 9 0 0 0 0 0 0 7000 9 0 0 0 0 0 0\n");
        Files.writeString(tmp.resolve("sys/class/net/eth0/speed"), "1000\n");
        ProcMonitors p = new ProcMonitors(tmp);
        assertThat(p.cpu(0))
                .containsEntry("cpu", Usage.counter(150, 1000))
                .containsEntry("cpu0", Usage.counter(80, 500));
        assertThat(p.memory(0))
                .containsEntry("memory", Usage.level(750, 1000))
                .containsEntry("swap", Usage.level(100, 400));
        assertThat(p.disks(7)).containsOnlyKeys("disk:sda").containsEntry("disk:sda", Usage.counter(1234, 7));
        // with a bandwidth of 8 Mb/s (1,000 bytes a ms): sectors read (field 6) and written (field 10) of 512 bytes
        assertThat(p.withDiskBandwidths(java.util.Map.of("sda", 8.0)).disks(7))
                .containsEntry("disk:sda:read", Usage.counter(3 * 512, 7000))
                .containsEntry("disk:sda:write", Usage.counter(7 * 512, 7000));
        // 1000 Mb/s = 125,000 bytes per ms
        // lo has no speed file (reading the real one fails with EINVAL): its traffic only
        assertThat(p.network(2))
                .containsOnlyKeys("net:eth0:rx", "net:eth0:tx", "net:lo:rx", "net:lo:tx")
                .containsEntry("net:eth0:tx", Usage.counter(7000, 250_000))
                .containsEntry("net:lo:tx", Usage.traffic(10, 2));
    }

    /**
     * A virtual machine's eth0 reports its speed as -1: it is listed with its traffic in bytes a second and no
     * utilisation, is never a suspect, and the verdict says how to give its limit; a link that is down is left out.
     */
    @Test
    void aLinkOfUnknownSpeedIsListedWithItsTrafficAndNoUtilisation() throws Exception {
        Files.createDirectories(tmp.resolve("proc/net"));
        Files.createDirectories(tmp.resolve("sys/class/net/eth0"));
        Files.createDirectories(tmp.resolve("sys/class/net/ifb0"));
        Files.writeString(tmp.resolve("sys/class/net/eth0/speed"), "-1\n");
        Files.writeString(tmp.resolve("sys/class/net/eth0/operstate"), "up\n");
        Files.writeString(tmp.resolve("sys/class/net/ifb0/operstate"), "down\n");
        double[] clock = {0};
        long[] sent = {0};
        Path dev = tmp.resolve("proc/net/dev");
        java.util.function.LongFunction<String> table = tx -> "Inter-| Receive | Transmit\n face |bytes …\n"
                + "  ifb0: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n  eth0: 100 1 0 0 0 0 0 0 " + tx + " 9 0 0 0 0 0 0 0\n";
        Files.writeString(dev, table.apply(0));
        Workload w = (round, work) -> { // 500 ms a round, sending 1 MB (round 0) then 3 MB
            clock[0] += 500;
            sent[0] += round == 0 ? 1_000_000 : 3_000_000;
            Files.writeString(dev, table.apply(sent[0]));
            return RoundResult.ofReadings(1);
        };
        MonitoredWorkload m = new MonitoredWorkload(w, List.of(new ProcMonitors(tmp)::network), tmp, () -> clock[0]);
        m.run(0, 0);
        m.run(1, 0);
        m.close();
        assertThat(m.utilizations())
                .extracting(ComponentUtilization::component)
                .containsExactly("net:eth0:rx", "net:eth0:tx");
        ComponentUtilization tx = m.utilizations().get(1);
        assertThat(tx.isTraffic()).isTrue();
        assertThat(tx.mean()).isNaN();
        assertThat(tx.bytesPerSecond()).isEqualTo(4_000_000.0);
        assertThat(tx.peakRound()).isEqualTo(1);
        assertThat(Bottlenecks.suspects(m.utilizations(), null, 0.8)).isEmpty();
        assertThat(Bottlenecks.describe(m.utilizations(), null, 0.8))
                .containsExactly(
                        "no other component reached the 80% limit",
                        "net:eth0 carried 0 B/s in and 4 MB/s out over the rounds; its limit is unknown, so it has no "
                                + "utilisation: give it with --graph (node net:eth0 limit=1Gb/s)");
        assertThat(Files.readAllLines(tmp.resolve(MonitoredWorkload.FILE)))
                .containsExactly("round,component,utilization");
        // given a limit (a graph file's node net:eth0 limit=80Mb/s, 10 MB/s), it has a utilisation again
        MonitoredWorkload limited = new MonitoredWorkload(
                w, List.of(new ProcMonitors(tmp).withLinkSpeeds(Map.of("eth0", 80.0))::network), null, () -> clock[0]);
        limited.run(1, 0);
        assertThat(limited.utilizations().get(1).mean()).isCloseTo(0.6, org.assertj.core.data.Offset.offset(1e-9));
    }

    /** A real CPU-bound command measured as a disk benchmark: flagged CPU-bound by its own CPU time. */
    @Test
    @EnabledOnOs(OS.LINUX)
    void aCpuBoundCommandMeasuredAsADiskIsFlagged() throws Exception {
        io.pilotbench.process.CommandWorkload command = io.pilotbench.process.CommandWorkload.builder(
                        io.pilotbench.process.CommandTemplate.of(
                                List.of("sh", "-c", "i=0; while [ $i -lt 30000 ]; do i=$((i+1)); done"), null),
                        List.of(io.pilotbench.process.PiSpec.wallTime()),
                        tmp.resolve("rounds"))
                .build();
        MonitoredWorkload m = new MonitoredWorkload(command, new ProcMonitors().all(), tmp);
        for (int round = 0; round < 3; round++) {
            m.run(round, 0);
        }
        m.close();
        // on a quiet machine the command's own CPU time says it (cpu:command near 100%); on a machine busy with
        // other work the command gets less of a core, but at least half of one still makes it CPU-bound (and when
        // it gets less than that, the other processes' share is the interference that is flagged)
        List<ComponentUtilization> suspects = Bottlenecks.suspects(m.utilizations(), "disk:vda", 0.8);
        assertThat(suspects).extracting(ComponentUtilization::component).anyMatch(c -> c.startsWith("cpu"));
        assertThat(m.utilizations())
                .extracting(ComponentUtilization::component)
                .contains(MonitoredWorkload.COMMAND_CPU, MonitoredWorkload.OTHER_CPU, "cpu", "memory");
        assertThat(Bottlenecks.describe(m.utilizations(), "disk:vda", 0.8))
                .anyMatch(
                        l -> l.startsWith("cpu") && l.contains("the result may be CPU-bound, not a measure of disk:vda")
                                || l.startsWith("other processes used") && l.contains("interference"));
    }

    /**
     * The user's case: the CPU 90% busy while the command used 30% of a core of two and other processes the rest.
     * The machine's figures alone said "CPU-bound"; the split says interference.
     */
    @Test
    void aBusyCpuMostlyOtherProcessesIsInterferenceNotCpuBound() {
        List<ComponentUtilization> usage = List.of(
                new ComponentUtilization("cpu", 0.9, 1, 2),
                new ComponentUtilization("cpu0", 0.9, 1, 2),
                new ComponentUtilization("cpu1", 0.9, 1, 2),
                new ComponentUtilization(MonitoredWorkload.COMMAND_CPU, 0.3, 0.35, 4),
                new ComponentUtilization(MonitoredWorkload.OTHER_CPU, 0.75, 0.9, 2));
        assertThat(Bottlenecks.suspects(usage, "disk:vda", 0.8))
                .extracting(ComponentUtilization::component)
                .containsExactly(MonitoredWorkload.OTHER_CPU);
        assertThat(Bottlenecks.describe(usage, "disk:vda", 0.8))
                .containsExactly(
                        "the command used 30% of a core (its own CPU time), other processes 75% of the CPU's 2 cores while it "
                                + "ran",
                        "other processes used 75% of the CPU while the command ran (peak 90% in round 2; the command itself "
                                + "30% of a core); the CPU was 90% busy in all, above the 80% limit: interference, not the "
                                + "command's own load; the result may be slowed by them, not a measure of disk:vda");
        // the command's own core busy: CPU-bound, whatever the others do; with the CPU under test, only interference
        List<ComponentUtilization> own = List.of(
                new ComponentUtilization("cpu", 1, 1, 2),
                new ComponentUtilization("cpu0", 1, 1, 2),
                new ComponentUtilization("cpu1", 1, 1, 2),
                new ComponentUtilization(MonitoredWorkload.COMMAND_CPU, 0.97, 1, 4),
                new ComponentUtilization(MonitoredWorkload.OTHER_CPU, 0.55, 0.6, 2));
        assertThat(Bottlenecks.suspects(own, "disk:vda", 0.8))
                .extracting(ComponentUtilization::component)
                .containsExactly(MonitoredWorkload.COMMAND_CPU, MonitoredWorkload.OTHER_CPU);
        assertThat(Bottlenecks.describe(own, "disk:vda", 0.8))
                .anyMatch(l -> l.startsWith("cpu:command was 97% busy")
                        && l.endsWith("the result may be CPU-bound, not a measure of disk:vda"));
        assertThat(Bottlenecks.suspects(own, "cpu", 0.8))
                .extracting(ComponentUtilization::component)
                .containsExactly(MonitoredWorkload.OTHER_CPU);
    }

    /** A real sleeping command while busy loops of this test keep every core busy: interference, not CPU-bound. */
    @Test
    @EnabledOnOs(OS.LINUX)
    void aSleepingCommandBesideCpuHogsIsInterferenceNotCpuBound() throws Exception {
        long cores = Files.readAllLines(Path.of("/proc/stat")).stream()
                .filter(l -> l.matches("cpu\\d+ .*"))
                .count();
        List<Process> hogs = new java.util.ArrayList<>();
        try {
            for (long i = 0; i < Math.max(1, cores); i++) {
                hogs.add(new ProcessBuilder("sh", "-c", "while :; do :; done").start());
            }
            Thread.sleep(300);
            io.pilotbench.process.CommandWorkload command = io.pilotbench.process.CommandWorkload.builder(
                            io.pilotbench.process.CommandTemplate.of(List.of("sleep", "0.05"), null),
                            List.of(io.pilotbench.process.PiSpec.wallTime()),
                            tmp.resolve("rounds"))
                    .build();
            MonitoredWorkload m = new MonitoredWorkload(command, new ProcMonitors().all(), null);
            for (int round = 0; round < 8; round++) {
                m.run(round, 0);
            }
            List<ComponentUtilization> usage = m.utilizations();
            ComponentUtilization others = usage.stream()
                    .filter(u -> u.component().equals(MonitoredWorkload.OTHER_CPU))
                    .findFirst()
                    .orElseThrow();
            assertThat(others.mean()).as(usage.toString()).isGreaterThan(0.8);
            assertThat(Bottlenecks.suspects(usage, "disk:vda", 0.8))
                    .extracting(ComponentUtilization::component)
                    .containsExactly(MonitoredWorkload.OTHER_CPU);
            assertThat(Bottlenecks.describe(usage, "disk:vda", 0.8))
                    .noneMatch(l -> l.contains("CPU-bound"))
                    .anyMatch(l -> l.startsWith("other processes used") && l.contains("interference"));
        } finally {
            for (Process hog : hogs) {
                hog.destroyForcibly().waitFor();
            }
        }
    }

    /** Direct writes to the disk that holds the directory show that disk busy. */
    @Test
    @EnabledOnOs(OS.LINUX)
    void directWritesShowTheirDiskBusy() throws Exception {
        String disk = new ProcMonitors().diskOf(tmp);
        Circumstances.assumeTrue(disk != null, "the temporary directory is not on a block device");
        // a bandwidth of 8,000 Mb/s (1 GB/s), as a graph file would give it: the writes' throughput is measured too
        ProcMonitors monitors = new ProcMonitors().withDiskBandwidths(java.util.Map.of(disk.substring(5), 8000.0));
        io.pilotbench.process.CommandWorkload command = io.pilotbench.process.CommandWorkload.builder(
                        io.pilotbench.process.CommandTemplate.of(
                                List.of(
                                        "sh",
                                        "-c",
                                        "dd if=/dev/zero of=blob bs=1M count=32 "
                                                + "oflag=direct 2>/dev/null; rm -f blob"),
                                null),
                        List.of(io.pilotbench.process.PiSpec.wallTime()),
                        tmp.resolve("rounds"))
                .cwd(tmp)
                .build();
        MonitoredWorkload m = new MonitoredWorkload(command, monitors.all(), null);
        for (int round = 0; round < 3; round++) {
            m.run(round, 0);
        }
        ComponentUtilization u = m.utilizations().stream()
                .filter(c -> c.component().equals(disk))
                .findFirst()
                .orElseThrow();
        assertThat(u.mean()).as(disk + " busy during direct writes").isGreaterThan(0.2);
        ComponentUtilization writes = m.utilizations().stream()
                .filter(c -> c.component().equals(disk + ":write"))
                .findFirst()
                .orElseThrow();
        assertThat(writes.mean()).as("32 MiB a round against 1 GB/s").isGreaterThan(0.01);
    }

    /** Newton's search for the sampling rate, run for real on a command and the machine's monitors. */
    @Test
    @EnabledOnOs(OS.LINUX)
    void theSamplingRateSearchConvergesOnARealMonitor() throws Exception {
        io.pilotbench.process.CommandWorkload command = io.pilotbench.process.CommandWorkload.builder(
                        io.pilotbench.process.CommandTemplate.of(List.of("sleep", "0.02"), null),
                        List.of(io.pilotbench.process.PiSpec.wallTime()),
                        tmp.resolve("rounds"))
                .build();
        MonitoredWorkload m = new MonitoredWorkload(command, new ProcMonitors().all(), null);
        SamplingCalibration calibration = new SamplingCalibration(m, 3);
        io.pilotbench.stats.RateSearch.Result r = calibration.choose(0.05, 5);
        assertThat(r.evaluations()).isBetween(1, 5);
        io.pilotbench.stats.ConfidenceInterval ci = calibration.overheadCi(r.rate());
        if (ci != null) { // the chosen rate's overhead, with the interval of the ratio of its mean durations
            assertThat(ci.center()).isCloseTo(r.overhead(), org.assertj.core.data.Offset.offset(1e-12));
            assertThat(ci.low()).isLessThanOrEqualTo(ci.center());
            assertThat(ci.high()).isGreaterThanOrEqualTo(ci.center());
        }
        assertThat(calibration.overheadCi(12345)).as("a rate never measured").isNull();
        assertThat(r.rate()).isBetween(SamplingCalibration.LOWEST_HZ, SamplingCalibration.HIGHEST_HZ);
        if (r.withinLimit()) {
            assertThat(r.overhead()).isLessThanOrEqualTo(0.05);
        }
        // sampling at the chosen rate during real rounds records a peak at least the round's average
        m.sampleAt(Math.min(r.rate(), 200));
        for (int round = 0; round < 2; round++) {
            m.run(round, 0);
        }
        assertThat(m.utilizations()).allMatch(u -> u.isTraffic() || u.peak() >= u.mean() - 1e-12);
    }

    /**
     * A file system on a loop device (root only): direct writes into it show the loop device busy. A round writes
     * 64 MiB in 64 KiB requests, about 100 ms of busy device here: with 16 MiB in 1 MiB requests a round was 8 ms
     * busy, the kernel counts busy time in jiffies, and on a loaded CI machine the launch of the processes around
     * the writes made the device look busy 9.5% of the round.
     */
    @Test
    @EnabledOnOs(OS.LINUX)
    void aLoopDeviceShowsItsWritesBusy() throws Exception {
        Path image = tmp.resolve("disk.img");
        Path mount = java.nio.file.Files.createDirectory(tmp.resolve("mnt"));
        Circumstances.assumeTrue(
                io.pilotbench.core.files.Privileges.isRoot(), "mounting a loop file system needs root");
        org.junit.jupiter.api.Assumptions.assumeTrue(
                run("truncate", "-s", "128M", image.toString()) == 0
                        && run("mkfs.ext4", "-q", image.toString()) == 0
                        && run("mount", "-o", "loop", image.toString(), mount.toString()) == 0,
                "cannot make and mount a loop file system here (needs losetup and mkfs.ext4)");
        try {
            ProcMonitors monitors = new ProcMonitors();
            String disk = monitors.diskOf(mount);
            assertThat(disk).as("the mount's device").startsWith("disk:loop");
            io.pilotbench.process.CommandWorkload command = io.pilotbench.process.CommandWorkload.builder(
                            io.pilotbench.process.CommandTemplate.of(
                                    List.of(
                                            "sh",
                                            "-c",
                                            "dd if=/dev/zero of=blob bs=64k "
                                                    + "count=1024 oflag=direct 2>/dev/null; rm -f blob"),
                                    null),
                            List.of(io.pilotbench.process.PiSpec.wallTime()),
                            tmp.resolve("rounds"))
                    .cwd(mount)
                    .build();
            MonitoredWorkload m = new MonitoredWorkload(command, monitors.all(), null);
            for (int round = 0; round < 3; round++) {
                m.run(round, 0);
            }
            ComponentUtilization u = m.utilizations().stream()
                    .filter(c -> c.component().equals(disk))
                    .findFirst()
                    .orElseThrow();
            assertThat(u.mean()).as(disk + " busy during direct writes").isGreaterThan(0.1);
        } finally {
            run("umount", "-l", mount.toString());
        }
    }

    private static int run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        return p.waitFor();
    }
}
