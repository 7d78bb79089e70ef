package io.pilotbench.core.env;

import static org.assertj.core.api.Assertions.assertThat;

import io.pilotbench.core.model.EnvironmentSnapshot;
import io.pilotbench.testing.Circumstances;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcEnvironmentProbeTest {
    @TempDir
    Path tmp;

    /** OSHI, the library the probe replaces on Linux, is the reference: both must describe this machine alike. */
    @Test
    void agreesWithOshiOnThisMachine() {
        Circumstances.assumeTrue(ProcEnvironmentProbe.applies(), "not Linux with a readable /proc/cpuinfo");
        EnvironmentSnapshot proc = new ProcEnvironmentProbe().capture(tmp);
        EnvironmentSnapshot oshi = new OshiEnvironmentProbe().capture(tmp);
        assertThat(proc.osName()).isEqualTo(oshi.osName());
        assertThat(proc.osVersion()).isEqualTo(oshi.osVersion());
        assertThat(proc.kernel()).isEqualTo(oshi.kernel());
        assertThat(proc.cpuModel()).isEqualTo(oshi.cpuModel());
        assertThat(proc.physicalCores()).isEqualTo(oshi.physicalCores());
        assertThat(proc.machineLogicalCores()).isEqualTo(oshi.machineLogicalCores());
        assertThat(proc.totalMemoryBytes()).isEqualTo(oshi.totalMemoryBytes());
        assertThat(proc.hostname()).isEqualTo(oshi.hostname());
        assertThat(proc.logicalCores()).isEqualTo(oshi.logicalCores());
        if (proc.cpuMaxFrequencyHz() != null && oshi.cpuMaxFrequencyHz() != null) {
            assertThat((double) proc.cpuMaxFrequencyHz())
                    .isCloseTo(oshi.cpuMaxFrequencyHz(), org.assertj.core.data.Percentage.withPercentage(10));
        }
    }

    @Test
    void readsATwoSocketHyperThreadedMachineFromItsFiles() throws Exception {
        Files.createDirectories(tmp.resolve("etc"));
        Files.createDirectories(tmp.resolve("proc/sys/kernel"));
        Files.createDirectories(tmp.resolve("sys/devices/system/cpu/cpu0/cpufreq"));
        Files.writeString(
                tmp.resolve("etc/os-release"),
                "NAME=\"Ubuntu\"\nVERSION_ID=\"24.04\"\n" + "VERSION_CODENAME=noble\n# comment\n");
        StringBuilder cpuinfo = new StringBuilder();
        int processor = 0;
        for (int socket = 0; socket < 2; socket++) {
            for (int core = 0; core < 4; core++) {
                for (int thread = 0; thread < 2; thread++) {
                    cpuinfo.append("processor\t: ")
                            .append(processor++)
                            .append("\nmodel name\t: Test CPU @ 3.00GHz\n")
                            .append("cpu MHz\t\t: 2999.5\nphysical id\t: ")
                            .append(socket)
                            .append("\ncore id\t\t: ")
                            .append(core)
                            .append("\n\n");
                }
            }
        }
        Files.writeString(tmp.resolve("proc/cpuinfo"), cpuinfo);
        Files.writeString(tmp.resolve("proc/meminfo"), "MemTotal:       16384 kB\nMemFree: 1 kB\n");
        Files.writeString(tmp.resolve("proc/sys/kernel/hostname"), "bench-7\n");
        Files.writeString(tmp.resolve("sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq"), "3500000\n");
        Files.writeString(tmp.resolve("proc/self"), "");
        EnvironmentSnapshot s = new ProcEnvironmentProbe(tmp).capture(tmp);
        assertThat(s.osName()).isEqualTo("Ubuntu");
        assertThat(s.osVersion()).isEqualTo("24.04 (noble)");
        assertThat(s.cpuModel()).isEqualTo("Test CPU @ 3.00GHz");
        assertThat(s.physicalCores()).isEqualTo(8);
        assertThat(s.machineLogicalCores()).isEqualTo(16);
        assertThat(s.cpuMaxFrequencyHz()).isEqualTo(3_500_000_000L);
        assertThat(s.totalMemoryBytes()).isEqualTo(16384L * 1024);
        assertThat(s.hostname()).isEqualTo("bench-7");
    }

    @Test
    void missingFilesLeaveNullsAndTheJvmsFacts() {
        EnvironmentSnapshot s = new ProcEnvironmentProbe(tmp.resolve("nothing")).capture(tmp);
        assertThat(s.osName()).isEqualTo(System.getProperty("os.name"));
        assertThat(s.cpuModel()).isNull();
        assertThat(s.totalMemoryBytes()).isNull();
        assertThat(s.logicalCores()).isEqualTo(Runtime.getRuntime().availableProcessors());
    }

    @Test
    void jvmOptionsAreTheWordsBeforeTheMainClassOrJar() {
        assertThat(ProcEnvironmentProbe.jvmArguments(
                        List.of("java", "-Xmx1g", "-cp", "a.jar:b.jar", "-Dx=1", "io.Main", "-Xnot-ours")))
                .containsExactly("-Xmx1g", "-Dx=1");
        assertThat(ProcEnvironmentProbe.jvmArguments(List.of("java", "-XX:+UseSerialGC", "-jar", "pilot.jar", "run")))
                .containsExactly("-XX:+UseSerialGC");
    }
}
