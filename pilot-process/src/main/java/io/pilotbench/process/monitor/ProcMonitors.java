package io.pilotbench.process.monitor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Linux monitors, reading the kernel's cumulative counters (proc(5)): {@code /proc/stat} (CPU jiffies per core),
 * {@code /proc/meminfo} (memory in use, MemTotal − MemAvailable; swap in use), {@code /proc/diskstats} (field 13, the
 * milliseconds a device was busy: its utilisation as iostat's %util), {@code /proc/net/dev} with the link speed from
 * {@code /sys/class/net/IF/speed} (bytes per direction against what the link carries; a link that is up and whose
 * speed sysfs does not know, -1 or EINVAL, has its traffic only). Hand-written rather than OSHI:
 * these are a few lines of each file, read twice a round, and OSHI's objects re-read far more (the environment
 * snapshot moved off OSHI for the same reason).
 */
public final class ProcMonitors {
    private final Path root;
    private final Map<String, Double> linkMbits;
    private final Map<String, Double> readMbits;
    private final Map<String, Double> writeMbits;

    public ProcMonitors() {
        this(Path.of("/"), Map.of(), Map.of(), Map.of());
    }

    /** @param root where /proc and /sys are (tests pass fixtures) */
    ProcMonitors(Path root) {
        this(root, Map.of(), Map.of(), Map.of());
    }

    private ProcMonitors(
            Path root, Map<String, Double> linkMbits, Map<String, Double> readMbits, Map<String, Double> writeMbits) {
        this.root = root;
        this.linkMbits = Map.copyOf(linkMbits);
        this.readMbits = Map.copyOf(readMbits);
        this.writeMbits = Map.copyOf(writeMbits);
    }

    /**
     * These monitors with the bandwidth of disks given (Mb/s by device name, e.g. from a graph file's
     * {@code node disk:vda limit=500MB/s}, which {@code pilot graph --calibrate} measures): each disk then also has
     * its throughput as components, {@code disk:vda:read} and {@code disk:vda:write} (bytes moved against what the
     * limit allows), beside its busy time.
     */
    public ProcMonitors withDiskBandwidths(Map<String, Double> mbitsByDevice) {
        return withDiskBandwidths(mbitsByDevice, mbitsByDevice);
    }

    /**
     * These monitors with the bandwidth of disks given each way (a graph file's {@code node disk:vda read=600MB/s
     * write=450MB/s}, as {@code pilot graph --calibrate} writes it): {@code disk:vda:read} against the one,
     * {@code disk:vda:write} against the other.
     */
    public ProcMonitors withDiskBandwidths(
            Map<String, Double> readMbitsByDevice, Map<String, Double> writeMbitsByDevice) {
        return new ProcMonitors(root, linkMbits, readMbitsByDevice, writeMbitsByDevice);
    }

    /**
     * These monitors with the speed of network links given (Mb/s by interface name, e.g. from a graph file's
     * {@code node net:lo limit=10Gb/s}): for links whose speed sysfs does not know (loopback, virtual links), or
     * to measure against a limit other than the link's.
     */
    public ProcMonitors withLinkSpeeds(Map<String, Double> mbitsByInterface) {
        return new ProcMonitors(root, mbitsByInterface, readMbits, writeMbits);
    }

    /** Every monitor that can read this machine. */
    public List<Monitor> all() {
        return List.of(this::cpu, this::memory, this::disks, this::network);
    }

    Map<String, Usage> cpu(double nowMillis) {
        Map<String, Usage> out = new LinkedHashMap<>();
        for (String line : lines("proc/stat")) {
            if (!line.startsWith("cpu")) {
                continue;
            }
            String[] f = line.trim().split("\\s+");
            double total = 0;
            for (int i = 1; i < Math.min(f.length, 9); i++) { // user … steal; guest is inside user already
                total += Double.parseDouble(f[i]);
            }
            double idle = Double.parseDouble(f[4]) + (f.length > 5 ? Double.parseDouble(f[5]) : 0); // idle + iowait
            out.put(f[0], Usage.counter(total - idle, total));
        }
        return out;
    }

    Map<String, Usage> memory(double nowMillis) {
        Double total = null;
        Double available = null;
        Double swapTotal = null;
        Double swapFree = null;
        for (String line : lines("proc/meminfo")) {
            if (line.startsWith("MemTotal:")) {
                total = kb(line);
            } else if (line.startsWith("MemAvailable:")) {
                available = kb(line);
            } else if (line.startsWith("SwapTotal:")) {
                swapTotal = kb(line);
            } else if (line.startsWith("SwapFree:")) {
                swapFree = kb(line);
            }
        }
        Map<String, Usage> out = new LinkedHashMap<>();
        if (total != null && available != null) {
            out.put("memory", Usage.level(total - available, total));
        }
        if (swapTotal != null && swapFree != null && swapTotal > 0) {
            out.put("swap", Usage.level(swapTotal - swapFree, swapTotal));
        }
        return out;
    }

    Map<String, Usage> disks(double nowMillis) {
        Map<String, Usage> out = new LinkedHashMap<>();
        for (String line : lines("proc/diskstats")) {
            String[] f = line.trim().split("\\s+");
            Path block = root.resolve("sys/block").resolve(f[2]);
            if (f.length < 13
                    || f[2].startsWith("ram")
                    || !Files.isDirectory(block)
                    || f[2].startsWith("loop") && !Files.exists(block.resolve("loop/backing_file"))) {
                continue; // partitions are not in /sys/block: whole devices only; loop devices only when attached
            }
            out.put("disk:" + f[2], Usage.counter(Double.parseDouble(f[12]), nowMillis));
            Double read = readMbits.get(f[2]);
            Double write = writeMbits.get(f[2]);
            // sectors of 512 bytes (fields 6 and 10), against the bandwidth given (1 Mb/s is 125 bytes a ms)
            if (read != null) {
                out.put(
                        "disk:" + f[2] + ":read",
                        Usage.counter(Double.parseDouble(f[5]) * 512, nowMillis * read * 125));
            }
            if (write != null) {
                out.put(
                        "disk:" + f[2] + ":write",
                        Usage.counter(Double.parseDouble(f[9]) * 512, nowMillis * write * 125));
            }
        }
        return out;
    }

    Map<String, Usage> network(double nowMillis) {
        Map<String, Usage> out = new LinkedHashMap<>();
        for (String line : lines("proc/net/dev")) {
            int colon = line.indexOf(':');
            if (colon < 0) {
                continue;
            }
            String name = line.substring(0, colon).trim();
            Double mbits = speedMbits(name);
            String[] f = line.substring(colon + 1).trim().split("\\s+");
            if (mbits == null) { // loopback and virtual links have no speed to be measured against: their traffic only
                if (!"down".equals(first("sys/class/net/" + name + "/operstate"))) {
                    out.put("net:" + name + ":rx", Usage.traffic(Double.parseDouble(f[0]), nowMillis));
                    out.put("net:" + name + ":tx", Usage.traffic(Double.parseDouble(f[8]), nowMillis));
                }
                continue;
            }
            double bytesPerMs = mbits * 1e6 / 8 / 1000;
            out.put("net:" + name + ":rx", Usage.counter(Double.parseDouble(f[0]), nowMillis * bytesPerMs));
            out.put("net:" + name + ":tx", Usage.counter(Double.parseDouble(f[8]), nowMillis * bytesPerMs));
        }
        return out;
    }

    /**
     * The disk that holds {@code path}, as a component name ("disk:vda"), or null when it is not on a block device (a
     * tmpfs, an overlay of several) or the platform cannot say: the device number of the file
     * ({@code unix:dev}), its entry in {@code /sys/dev/block}, and for a partition the whole disk above it.
     */
    public String diskOf(Path path) {
        try {
            long dev = ((Number) Files.getAttribute(path, "unix:dev")).longValue();
            long major = ((dev >>> 32) & 0xfffff000L) | ((dev >>> 8) & 0xfffL); // glibc's gnu_dev_major
            long minor = ((dev >>> 12) & 0xffffff00L) | (dev & 0xffL);
            Path device = root.resolve("sys/dev/block/" + major + ":" + minor).toRealPath();
            Path whole = Files.exists(device.resolve("partition")) ? device.getParent() : device;
            return Files.isDirectory(root.resolve("sys/block")
                            .resolve(whole.getFileName().toString()))
                    ? "disk:" + whole.getFileName()
                    : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private String first(String relative) {
        List<String> l = lines(relative);
        return l.isEmpty() ? null : l.get(0).strip();
    }

    private Double speedMbits(String name) {
        if (linkMbits.containsKey(name)) {
            return linkMbits.get(name);
        }
        List<String> s = lines("sys/class/net/" + name + "/speed");
        try {
            double v = s.isEmpty() ? -1 : Double.parseDouble(s.get(0).trim());
            return v > 0 ? v : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static double kb(String line) {
        return Double.parseDouble(line.substring(line.indexOf(':') + 1).trim().split("\\s+")[0]);
    }

    private List<String> lines(String relative) {
        try {
            return Files.readAllLines(root.resolve(relative));
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }
}
