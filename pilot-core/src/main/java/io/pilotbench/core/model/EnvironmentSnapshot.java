package io.pilotbench.core.model;

import java.util.List;

/**
 * The machine, operating system, JVM and source revision a benchmark session ran on, as recorded in the session's
 * {@code session.json}. Immutable; plain JDK types only, so it serialises with any JSON mapper (Jackson writes the
 * component names below as the JSON keys, and reads them back through the canonical constructor).
 *
 * <p><b>Unknown values are {@code null}.</b> Every component except {@code logicalCores} may be {@code null}: the
 * probe could not learn it on this platform (no {@code /proc}, a container without {@code /sys}, native access
 * refused, no repository). A {@code null} never means zero. Counts and sizes that are known are at least 1.
 *
 * <p>JSON contract (stable; fields may be added, never renamed): the keys are exactly the component names, in
 * camelCase; an unknown value is written as {@code null}.
 *
 * <p>Example (Debian 12 VM, 2 vCPUs; the hypervisor publishes no frequency):
 * {@code osName="Debian GNU/Linux", osVersion="12 (bookworm)", kernel="Linux 6.1.0-18-amd64", architecture="amd64",
 * cpuModel="AMD EPYC", physicalCores=2, logicalCores=2, machineLogicalCores=2, cpuMaxFrequencyHz=null,
 * totalMemoryBytes=25276514304, jvmVendor="Debian", jvmVersion="17.0.15+6-Debian-1deb12u1",
 * jvmName="OpenJDK 64-Bit Server VM", jvmInputArguments=["-XX:+UseSerialGC"], hostname="vm",
 * gitCommit="a6ea0f3…" (40 hex digits), gitBranch="main"}.
 *
 * @param osName the operating system's distribution or product name ("Debian GNU/Linux", "macOS", "Microsoft
 *     Windows"); falls back to the JVM's {@code os.name} ("Linux") when the distribution cannot be identified
 * @param osVersion the operating system's version, with its code name when it has one ("12 (bookworm)"); falls back
 *     to the JVM's {@code os.version} (on Linux that is the kernel release)
 * @param kernel the kernel as the JVM reports it: {@code os.name} and {@code os.version} ("Linux 6.1.0-18-amd64",
 *     like {@code uname -sr}; macOS and Windows report their product release here)
 * @param architecture the JVM's {@code os.arch} ("amd64", "aarch64")
 * @param cpuModel the processor's marketing name ("Intel(R) Core(TM) i7-9750H CPU @ 2.60GHz"); {@code null} if
 *     unknown
 * @param physicalCores physical cores of the whole machine, all sockets; {@code null} if unknown
 * @param logicalCores the processors this JVM may use ({@link Runtime#availableProcessors()}): honours CPU affinity
 *     and container CPU limits, so it can be fewer than {@code machineLogicalCores}; always known, at least 1
 * @param machineLogicalCores hardware threads of the whole machine, ignoring affinity and container limits;
 *     {@code null} if unknown
 * @param cpuMaxFrequencyHz the processor's maximum (turbo) frequency in hertz, or its rated frequency when no maximum
 *     is published; {@code null} if unknown (common in virtual machines)
 * @param totalMemoryBytes the machine's physical memory in bytes (in a container it may be the host's or the
 *     container's limit, whichever the platform reports); {@code null} if unknown
 * @param jvmVendor the JVM's {@code java.vendor} ("Eclipse Adoptium", "Debian")
 * @param jvmVersion the full runtime version, {@link Runtime#version()} ("17.0.15+6-Debian-1deb12u1")
 * @param jvmName the JVM's {@code java.vm.name} ("OpenJDK 64-Bit Server VM")
 * @param jvmInputArguments the options the JVM was started with, in order (heap size, GC, {@code -D} properties;
 *     not the program's own arguments), unmodifiable; {@code null} if unknown. Beware: they are recorded verbatim, so
 *     a secret passed as {@code -Dpassword=…} ends up in the session file
 * @param hostname the machine's host name; {@code null} if unknown
 * @param gitCommit the commit checked out in the git repository enclosing the session's working directory, as 40
 *     (SHA-1) or 64 (SHA-256) lowercase hex digits; {@code null} when there is no repository or it has no commit yet.
 *     Uncommitted changes are not detected
 * @param gitBranch the branch checked out ("main"); {@code null} when HEAD is detached or {@code gitCommit} is
 *     {@code null}
 */
public record EnvironmentSnapshot(
        String osName,
        String osVersion,
        String kernel,
        String architecture,
        String cpuModel,
        Integer physicalCores,
        int logicalCores,
        Integer machineLogicalCores,
        Long cpuMaxFrequencyHz,
        Long totalMemoryBytes,
        String jvmVendor,
        String jvmVersion,
        String jvmName,
        List<String> jvmInputArguments,
        String hostname,
        String gitCommit,
        String gitBranch) {

    /** Copies {@code jvmInputArguments} so the snapshot stays immutable; no other checks (old files must load). */
    public EnvironmentSnapshot {
        jvmInputArguments = jvmInputArguments == null ? null : List.copyOf(jvmInputArguments);
    }
}
