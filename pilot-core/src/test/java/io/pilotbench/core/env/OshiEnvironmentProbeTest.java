package io.pilotbench.core.env;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pilotbench.core.model.EnvironmentSnapshot;
import java.io.IOException;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import oshi.SystemInfo;
import oshi.hardware.CentralProcessor;
import oshi.hardware.GlobalMemory;
import oshi.hardware.HardwareAbstractionLayer;
import oshi.software.os.NetworkParams;
import oshi.software.os.OperatingSystem;

class OshiEnvironmentProbeTest {
    private static final String COMMIT = "0123456789abcdef0123456789abcdef01234567";

    @TempDir
    Path tmp;

    @Test
    void theRealProbeDescribesThisMachine() {
        EnvironmentSnapshot s = EnvironmentProbe.system().capture(tmp);

        assertThat(s.osName()).isNotBlank();
        assertThat(s.osVersion()).isNotBlank();
        assertThat(s.kernel()).startsWith(System.getProperty("os.name"));
        assertThat(s.architecture()).isEqualTo(System.getProperty("os.arch"));
        assertThat(s.logicalCores()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(s.totalMemoryBytes()).isPositive();
        assertThat(s.jvmVersion()).isEqualTo(Runtime.version().toString());
        assertThat(s.jvmVendor()).isEqualTo(System.getProperty("java.vendor"));
        assertThat(s.jvmName()).isEqualTo(System.getProperty("java.vm.name"));
        assertThat(s.jvmInputArguments()).isNotNull();
        assertThat(s.hostname()).isNotBlank();
        // null means unknown, never zero or negative
        if (s.physicalCores() != null) {
            assertThat(s.physicalCores()).isPositive();
        }
        if (s.machineLogicalCores() != null) {
            assertThat(s.machineLogicalCores()).isGreaterThanOrEqualTo(s.logicalCores());
        }
        if (s.cpuMaxFrequencyHz() != null) {
            assertThat(s.cpuMaxFrequencyHz()).isGreaterThan(1_000_000L); // hertz, not megahertz
        }
    }

    @Test
    void theRealProbeOutsideARepositoryRecordsNoCommit() {
        EnvironmentSnapshot s = EnvironmentProbe.system().capture(tmp);

        assertThat(s.gitCommit()).isNull();
        assertThat(s.gitBranch()).isNull();
    }

    @Test
    void theRealProbeRecordsTheCommitOfTheWorkingDirectory() throws IOException {
        Files.createDirectories(tmp.resolve(".git/refs/heads"));
        Files.writeString(tmp.resolve(".git/HEAD"), "ref: refs/heads/main\n");
        Files.writeString(tmp.resolve(".git/refs/heads/main"), COMMIT + "\n");

        EnvironmentSnapshot s = EnvironmentProbe.system().capture(tmp);

        assertThat(s.gitCommit()).isEqualTo(COMMIT);
        assertThat(s.gitBranch()).isEqualTo("main");
    }

    @Test
    void withoutOshiTheJvmFactsRemain() {
        var probe = new OshiEnvironmentProbe(() -> {
            throw new UnsatisfiedLinkError("JNA could not load its native library");
        });

        EnvironmentSnapshot s = probe.capture(tmp);

        assertThat(s.osName()).isEqualTo(System.getProperty("os.name"));
        assertThat(s.osVersion()).isEqualTo(System.getProperty("os.version"));
        assertThat(s.logicalCores()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(s.totalMemoryBytes()).isPositive(); // from the JVM's OperatingSystemMXBean
        assertThat(s.hostname()).isNotBlank(); // from InetAddress
        assertThat(s.jvmVersion()).isEqualTo(Runtime.version().toString());
        assertThat(s.cpuModel()).isNull();
        assertThat(s.physicalCores()).isNull();
        assertThat(s.machineLogicalCores()).isNull();
        assertThat(s.cpuMaxFrequencyHz()).isNull();
    }

    @Test
    void eachFailingOrUnknownOshiFactIsNullAloneAndTheOthersAreKept() {
        CentralProcessor.ProcessorIdentifier id =
                new CentralProcessor.ProcessorIdentifier("AuthenticAMD", "AMD EPYC", "25", "1", "1", "", true, -1L);
        CentralProcessor cpu = stub(
                CentralProcessor.class,
                Map.of(
                        "getProcessorIdentifier",
                        id,
                        "getPhysicalProcessorCount",
                        0, // OSHI's "don't know"
                        "getLogicalProcessorCount",
                        64,
                        "getMaxFreq",
                        3_500_000_000L));
        GlobalMemory memory = stub(GlobalMemory.class, Map.of("getTotal", 8L << 30));
        HardwareAbstractionLayer hardware = stub(
                HardwareAbstractionLayer.class,
                Map.of(
                        "getProcessor", cpu,
                        "getMemory", memory));
        OperatingSystem os = stub(
                OperatingSystem.class,
                Map.of(
                        "getFamily",
                        "Debian GNU/Linux",
                        "getVersionInfo",
                        new OperatingSystem.OSVersionInfo("12", "bookworm", "6.1.0"),
                        "getNetworkParams",
                        stub(NetworkParams.class, Map.of("getHostName", "unknown"))));
        var probe = new OshiEnvironmentProbe(() -> new SystemInfo() {
            @Override
            public OperatingSystem getOperatingSystem() {
                return os;
            }

            @Override
            public HardwareAbstractionLayer getHardware() {
                return hardware;
            }
        });

        EnvironmentSnapshot s = probe.capture(tmp);

        assertThat(s.osName()).isEqualTo("Debian GNU/Linux");
        assertThat(s.osVersion()).isEqualTo("12 (bookworm)");
        assertThat(s.cpuModel()).isEqualTo("AMD EPYC");
        assertThat(s.physicalCores()).isNull();
        assertThat(s.machineLogicalCores()).isEqualTo(64);
        assertThat(s.cpuMaxFrequencyHz()).isEqualTo(3_500_000_000L);
        assertThat(s.totalMemoryBytes()).isEqualTo(8L << 30);
        assertThat(s.hostname()).isNotBlank().isNotEqualTo("unknown"); // fell back to the JVM's host name
    }

    @Test
    void hardwareThatThrowsLeavesTheOperatingSystem() {
        OperatingSystem os = stub(
                OperatingSystem.class,
                Map.of(
                        "getFamily",
                        "Debian GNU/Linux",
                        "getVersionInfo",
                        new OperatingSystem.OSVersionInfo("12", null, "6.1.0")));
        var probe = new OshiEnvironmentProbe(() -> new SystemInfo() {
            @Override
            public OperatingSystem getOperatingSystem() {
                return os;
            }

            @Override
            public HardwareAbstractionLayer getHardware() {
                throw new UnsupportedOperationException("Operating system not supported");
            }
        });

        EnvironmentSnapshot s = probe.capture(tmp);

        assertThat(s.osName()).isEqualTo("Debian GNU/Linux");
        assertThat(s.osVersion()).isEqualTo("12");
        assertThat(s.cpuModel()).isNull();
        assertThat(s.cpuMaxFrequencyHz()).isNull();
        assertThat(s.totalMemoryBytes()).isPositive(); // JVM fallback
    }

    @Test
    void anOutOfMemoryErrorIsNotSwallowed() {
        var probe = new OshiEnvironmentProbe(() -> {
            throw new OutOfMemoryError("test");
        });

        assertThatThrownBy(() -> probe.capture(tmp)).isInstanceOf(OutOfMemoryError.class);
    }

    @Test
    void aNullWorkingDirectoryIsRejected() {
        assertThatThrownBy(() -> EnvironmentProbe.system().capture(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessageContaining("workingDirectory");
    }

    /** An implementation of an OSHI interface answering only {@code answers}; any other call throws. */
    private static <T> T stub(Class<T> type, Map<String, Object> answers) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (proxy, method, args) -> {
            if (answers.containsKey(method.getName())) {
                return answers.get(method.getName());
            }
            throw new IllegalStateException("not stubbed: " + method.getName());
        }));
    }
}
