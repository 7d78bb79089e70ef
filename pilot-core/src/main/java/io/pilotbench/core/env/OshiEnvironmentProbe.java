package io.pilotbench.core.env;

import io.pilotbench.core.model.EnvironmentSnapshot;
import java.lang.System.Logger.Level;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.function.Supplier;
import oshi.SystemInfo;
import oshi.hardware.CentralProcessor;
import oshi.hardware.HardwareAbstractionLayer;
import oshi.software.os.OperatingSystem;

/**
 * {@link EnvironmentProbe#system()}: OSHI for what only the operating system knows, the JVM for the rest and as the
 * fallback.
 *
 * <p>OSHI stays inside this class (its API changes between major versions; docs/design.md#dependencies). Every OSHI
 * call goes through {@link #attempt}: OSHI reports "don't know" in several ways (an exception, {@code
 * UnsatisfiedLinkError} when JNA cannot load, {@code "unknown"}, {@code ""}, {@code 0}, {@code -1}), and each becomes
 * {@code null} for that one field. A fresh {@link SystemInfo} per capture: OSHI memoises inside it, and a probe that
 * keeps nothing needs no locking.
 */
final class OshiEnvironmentProbe implements EnvironmentProbe {
    private static final System.Logger LOG = System.getLogger(OshiEnvironmentProbe.class.getName());

    private final Supplier<SystemInfo> systemInfo;

    OshiEnvironmentProbe() {
        this(SystemInfo::new);
    }

    /** @param systemInfo where OSHI comes from; tests pass one that fails */
    OshiEnvironmentProbe(Supplier<SystemInfo> systemInfo) {
        this.systemInfo = Objects.requireNonNull(systemInfo, "systemInfo");
    }

    @Override
    public EnvironmentSnapshot capture(Path workingDirectory) {
        Objects.requireNonNull(workingDirectory, "workingDirectory");
        SystemInfo si = attempt("OSHI", systemInfo::get);
        OperatingSystem os = from("operating system", si, SystemInfo::getOperatingSystem);
        HardwareAbstractionLayer hardware = from("hardware", si, SystemInfo::getHardware);
        CentralProcessor cpu = from("processor", hardware, HardwareAbstractionLayer::getProcessor);

        String osName = known(from("OS name", os, OperatingSystem::getFamily));
        String osVersion = osName == null ? null : from("OS version", os, OshiEnvironmentProbe::version);
        if (osName == null || osVersion == null) { // both from one source, or they would not match
            osName = System.getProperty("os.name");
            osVersion = System.getProperty("os.version");
        }
        Long maxFrequency = positive(from("CPU max frequency", cpu, CentralProcessor::getMaxFreq));
        if (maxFrequency == null) {
            maxFrequency = positive(from(
                    "CPU rated frequency", cpu, p -> p.getProcessorIdentifier().getVendorFreq()));
        }
        Long totalMemory =
                positive(from("total memory", hardware, h -> h.getMemory().getTotal()));
        if (totalMemory == null) {
            totalMemory = positive(attempt("total memory (JVM)", () -> ((com.sun.management.OperatingSystemMXBean)
                            ManagementFactory.getOperatingSystemMXBean())
                    .getTotalMemorySize()));
        }
        String hostname = known(from("host name", os, o -> o.getNetworkParams().getHostName()));
        if (hostname == null) {
            hostname = known(
                    attempt("host name (JVM)", () -> InetAddress.getLocalHost().getHostName()));
        }
        GitCommitReader.Head git = attempt(
                "git commit", () -> GitCommitReader.read(workingDirectory).orElse(null));

        return new EnvironmentSnapshot(
                osName,
                osVersion,
                System.getProperty("os.name") + " " + System.getProperty("os.version"),
                System.getProperty("os.arch"),
                known(from("CPU model", cpu, p -> p.getProcessorIdentifier().getName())),
                positiveInt(from("physical cores", cpu, CentralProcessor::getPhysicalProcessorCount)),
                Runtime.getRuntime().availableProcessors(),
                positiveInt(from("logical cores", cpu, CentralProcessor::getLogicalProcessorCount)),
                maxFrequency,
                totalMemory,
                System.getProperty("java.vendor"),
                Runtime.version().toString(),
                System.getProperty("java.vm.name"),
                attempt("JVM input arguments", () -> ManagementFactory.getRuntimeMXBean()
                        .getInputArguments()),
                hostname,
                git == null ? null : git.commit(),
                git == null ? null : git.branch());
    }

    /** "12 (bookworm)": OSHI's version and code name, without its build number (that is the kernel, recorded apart). */
    private static String version(OperatingSystem os) {
        OperatingSystem.OSVersionInfo info = os.getVersionInfo();
        String version = known(info.getVersion());
        String codeName = known(info.getCodeName());
        return version == null || codeName == null ? version : version + " (" + codeName + ")";
    }

    /** {@code fn} applied to {@code source}, or {@code null} if {@code source} is {@code null} or {@code fn} fails. */
    private static <S, T> T from(String what, S source, Function<? super S, ? extends T> fn) {
        return source == null ? null : attempt(what, () -> fn.apply(source));
    }

    /**
     * What {@code call} returns, or {@code null} if it throws anything but a {@link VirtualMachineError} (a JVM out
     * of memory should not go on benchmarking): a {@code LinkageError} when JNA cannot load, an
     * {@code UnsupportedOperationException} on an unknown platform, whatever else OSHI throws.
     */
    private static <T> T attempt(String what, Callable<? extends T> call) {
        try {
            return call.call();
        } catch (VirtualMachineError e) {
            throw e;
        } catch (Throwable t) {
            LOG.log(Level.DEBUG, () -> "environment: " + what + " unknown", t);
            return null;
        }
    }

    /** {@code null} for OSHI's and the JDK's ways of saying "don't know". */
    private static String known(String value) {
        if (value == null
                || value.isBlank()
                || value.strip().toLowerCase(Locale.ROOT).equals("unknown")) {
            return null;
        }
        return value.strip();
    }

    private static Long positive(Long value) {
        return value == null || value <= 0 ? null : value;
    }

    private static Integer positiveInt(Integer value) {
        return value == null || value <= 0 ? null : value;
    }
}
