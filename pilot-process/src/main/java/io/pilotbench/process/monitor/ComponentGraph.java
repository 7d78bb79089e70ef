package io.pilotbench.process.monitor;

import io.pilotbench.core.model.InputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The devices a benchmark's data passes through and how they connect (Pilot paper §III-B, step 1): components with
 * their theoretical limits, and directed links. Built for the local machine from /proc and /sys ({@link #local}), or
 * read from a small file the user writes ({@link #parse}):
 *
 * <pre>
 * # nodes: a name (as --monitor reports it), then key=value facts; links: one per direction
 * node cpu cores=16
 * node disk:nvme0n1 limit=3GB/s
 * node net:eth0 limit=10Gb/s
 * link cpu -> disk:nvme0n1
 * link disk:nvme0n1 -> cpu
 * </pre>
 *
 * @param nodes the components, in order
 * @param links directed links, each {from, to}
 */
public record ComponentGraph(List<Node> nodes, List<String[]> links) {
    /** A component: its name ("disk:vda"), its facts ("cores=2", "size=256GiB", "limit=1Gb/s") and a note. */
    public record Node(String name, Map<String, String> facts, String note) {}

    public ComponentGraph {
        nodes = List.copyOf(nodes);
        links = List.copyOf(links);
    }

    /**
     * This machine's graph: the CPU (cores, model), memory (size), every whole block device (size, rotational or
     * not; the one holding {@code workingDirectory} noted), every network link that is up (with its speed, when
     * known); data flows between the CPU and memory, and between memory and each disk and link, both ways.
     */
    public static ComponentGraph local(Path workingDirectory) {
        return local(Path.of("/"), new ProcMonitors(), workingDirectory);
    }

    static ComponentGraph local(Path root, ProcMonitors monitors, Path workingDirectory) {
        List<Node> nodes = new ArrayList<>();
        List<String[]> links = new ArrayList<>();
        int cores = (int) monitors.cpu(0).keySet().stream()
                .filter(k -> k.matches("cpu\\d+"))
                .count();
        Map<String, String> cpu = new LinkedHashMap<>();
        cpu.put("cores", Integer.toString(cores));
        nodes.add(new Node(
                "cpu",
                cpu,
                "cpu0.." + (cores - 1) + " each a component of --monitor, cpu:command "
                        + "the command's own CPU time and cpu:others other processes'"));
        Usage memory = monitors.memory(0).get("memory");
        if (memory != null) {
            nodes.add(new Node("memory", Map.of("size", bytes(memory.capacity() * 1024)), ""));
            link(links, "cpu", "memory");
        }
        String home = workingDirectory == null ? null : monitors.diskOf(workingDirectory);
        for (String disk : monitors.disks(0).keySet()) {
            String device = disk.substring("disk:".length());
            Map<String, String> facts = new LinkedHashMap<>();
            String sectors = first(root.resolve("sys/block").resolve(device).resolve("size"));
            if (sectors != null) {
                facts.put("size", bytes(Double.parseDouble(sectors) * 512));
            }
            String rotational = first(root.resolve("sys/block").resolve(device).resolve("queue/rotational"));
            if (rotational != null) {
                facts.put("rotational", rotational.equals("1") ? "yes" : "no");
            }
            nodes.add(new Node(disk, facts, disk.equals(home) ? "holds the working directory" : ""));
            link(links, memory != null ? "memory" : "cpu", disk);
        }
        String remote = null;
        if (home == null && workingDirectory != null) {
            remote = remoteInterface(
                    text(root.resolve("proc/self/mountinfo")),
                    text(root.resolve("proc/net/route")),
                    workingDirectory.toAbsolutePath().normalize(),
                    host -> {
                        try {
                            return java.net.InetAddress.getByName(host);
                        } catch (java.net.UnknownHostException e) {
                            return null;
                        }
                    });
        }
        for (Map.Entry<String, Usage> link : monitors.network(0).entrySet()) {
            if (!link.getKey().endsWith(":rx")) {
                continue;
            }
            String name = link.getKey().substring(0, link.getKey().length() - 3);
            String speed = first(
                    root.resolve("sys/class/net").resolve(name.substring(4)).resolve("speed"));
            boolean known = !link.getValue().traffic();
            nodes.add(new Node(
                    name,
                    known ? Map.of("limit", speed + "Mb/s") : Map.of(),
                    "rx and tx each a component"
                            + (known
                                    ? ""
                                    : ", their traffic only: the speed is unknown; give it with --graph (node " + name
                                            + " limit=1Gb/s)")
                            + (name.equals(remote) ? "; carries the working directory's remote mount" : "")));
            link(links, memory != null ? "memory" : "cpu", name);
        }
        return new ComponentGraph(nodes, links);
    }

    /**
     * The network link ("net:eth0") that carries the remote file system holding {@code dir} (NFS, CIFS, sshfs), or
     * null: the mount with the longest mount point above {@code dir} in {@code mountinfo} (proc(5)), its server's
     * IPv4 address, and the interface of the most specific route to it in {@code route} (/proc/net/route).
     */
    static String remoteInterface(
            String mountinfo,
            String route,
            Path dir,
            java.util.function.Function<String, java.net.InetAddress> resolve) {
        if (mountinfo == null || route == null) {
            return null;
        }
        String best = null;
        String source = null;
        String type = null;
        for (String line : mountinfo.lines().toList()) {
            String[] f = line.split(" ");
            int dash = java.util.Arrays.asList(f).indexOf("-");
            if (f.length < 5 || dash < 0 || dash + 2 >= f.length) {
                continue;
            }
            String point = f[4];
            if (dir.startsWith(point) && (best == null || point.length() > best.length())) {
                best = point;
                type = f[dash + 1];
                source = f[dash + 2];
            }
        }
        if (type == null
                || !(type.startsWith("nfs")
                        || type.equals("cifs")
                        || type.equals("smb3")
                        || type.startsWith("fuse.sshfs"))) {
            return null;
        }
        String host = source.startsWith("//")
                ? source.substring(2).split("/")[0]
                : source.contains(":") ? source.substring(0, source.indexOf(':')) : source;
        if (host.contains("@")) {
            host = host.substring(host.indexOf('@') + 1);
        }
        java.net.InetAddress address = resolve.apply(host);
        if (!(address instanceof java.net.Inet4Address)) {
            return null;
        }
        byte[] a = address.getAddress();
        long ip = ((a[3] & 0xffL) << 24) | ((a[2] & 0xffL) << 16) | ((a[1] & 0xffL) << 8) | (a[0] & 0xffL);
        String iface = null;
        int bestBits = -1;
        for (String line : route.lines().skip(1).toList()) {
            String[] f = line.trim().split("\\s+");
            if (f.length < 8) {
                continue;
            }
            long destination = Long.parseLong(f[1], 16);
            long mask = Long.parseLong(f[7], 16);
            if ((ip & mask) == (destination & mask) && Long.bitCount(mask) > bestBits) {
                bestBits = Long.bitCount(mask);
                iface = f[0];
            }
        }
        return iface == null ? null : "net:" + iface;
    }

    private static String text(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static void link(List<String[]> links, String a, String b) {
        links.add(new String[] {a, b});
        links.add(new String[] {b, a});
    }

    /**
     * Reads a graph file: {@code node NAME [key=value…]}, {@code link FROM -> TO}; blank lines and # comments are
     * skipped.
     *
     * @throws InputException naming the file and line of the first mistake
     */
    public static ComponentGraph parse(Path file) {
        return GraphFile.read(file);
    }

    static final java.util.regex.Pattern RATE =
            java.util.regex.Pattern.compile("([0-9]*\\.?[0-9]+)\\s*([kMG]?)([bB])(?:it|yte)?(?:ps|/s)");

    /**
     * The {@code limit} of every network link node ({@code net:IF}), in Mb/s by interface name: for the monitors of
     * links whose speed the system does not know.
     *
     * @throws InputException for a limit that is not a rate such as 10Gb/s, 400Mb/s or 1GB/s
     */
    public Map<String, Double> linkSpeedsMbits() {
        Map<String, Double> out = new LinkedHashMap<>();
        for (Node n : nodes) {
            String limit = n.facts().get("limit");
            if (n.name().startsWith("net:") && limit != null) {
                out.put(n.name().substring(4), megabits(n.name(), limit));
            }
        }
        return out;
    }

    /** The {@code limit} of every disk node ({@code disk:DEV}), in Mb/s by device name. */
    public Map<String, Double> diskBandwidthsMbits() {
        return diskBandwidthsMbits("limit");
    }

    /**
     * The bandwidth of every disk node one way, in Mb/s by device name: its {@code read} or {@code write} fact (as
     * {@link #withDiskBandwidth} measures them), else its {@code limit}.
     *
     * @param direction "read" or "write" ("limit": the limit only)
     */
    public Map<String, Double> diskBandwidthsMbits(String direction) {
        Map<String, Double> out = new LinkedHashMap<>();
        for (Node n : nodes) {
            String given = n.facts().get(direction);
            String limit = given != null ? given : n.facts().get("limit");
            if (n.name().startsWith("disk:") && limit != null) {
                out.put(n.name().substring(5), megabits(n.name(), limit));
            }
        }
        return out;
    }

    /** "10Gb/s" → 10000, "400Mb/s" → 400, "1GB/s" → 8000 (bits b, bytes B; k, M, G powers of 1000). */
    static double megabits(String node, String rate) {
        var m = RATE.matcher(rate.strip());
        if (!m.matches()) {
            throw new InputException(node + ": limit '" + rate + "' is not a rate (e.g. 10Gb/s, 400Mb/s, 1GB/s)");
        }
        double x = Double.parseDouble(m.group(1))
                * switch (m.group(2)) {
                    case "k" -> 1e-3;
                    case "G" -> 1e3;
                    case "M" -> 1;
                    default -> 1e-6;
                };
        return m.group(3).equals("B") ? x * 8 : x;
    }

    /**
     * This graph with the bandwidth of the disk holding {@code directory} measured (a static plug-in of the paper's
     * §III-B: the component's theoretical limit): 64 MiB written and read back with direct I/O by {@code dd}, which
     * bypasses the page cache, in a file removed afterwards. The facts gain {@code write} and {@code read} in MB/s,
     * and {@code limit}, the faster of the two: {@code pilot run --monitor --graph} measures the disk's reads and
     * writes against them.
     *
     * @throws IOException when dd cannot run or fails (direct I/O is not supported on every file system: a tmpfs
     *                     refuses it)
     */
    public ComponentGraph withDiskBandwidth(Path directory) throws IOException, InterruptedException {
        String disk = new ProcMonitors().diskOf(directory);
        if (disk == null) {
            throw new IOException(directory + " is not on a block device, so there is no disk to calibrate");
        }
        Path file = directory.resolve(
                ".pilot-calibration-" + ProcessHandle.current().pid());
        try {
            double write = dd(List.of("dd", "if=/dev/zero", "of=" + file, "bs=1M", "count=64", "oflag=direct"));
            double read = dd(List.of("dd", "if=" + file, "of=/dev/null", "bs=1M", "iflag=direct"));
            List<Node> out = new ArrayList<>();
            for (Node n : nodes) {
                if (n.name().equals(disk)) {
                    Map<String, String> facts = new LinkedHashMap<>(n.facts());
                    facts.put("limit", String.format(Locale.ROOT, "%.0fMB/s", 64 * 1.048576 / Math.min(write, read)));
                    facts.put("write", String.format(Locale.ROOT, "%.0fMB/s", 64 * 1.048576 / write));
                    facts.put("read", String.format(Locale.ROOT, "%.0fMB/s", 64 * 1.048576 / read));
                    out.add(new Node(n.name(), facts, n.note()));
                } else {
                    out.add(n);
                }
            }
            return new ComponentGraph(out, links);
        } finally {
            Files.deleteIfExists(file);
        }
    }

    /** Seconds the dd command took. */
    private static double dd(List<String> command) throws IOException, InterruptedException {
        long t0 = System.nanoTime();
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes());
        if (p.waitFor() != 0) {
            String last = output.strip().lines().reduce((a, b) -> b).orElse("");
            throw new IOException("calibration: " + String.join(" ", command) + " failed: " + last);
        }
        return (System.nanoTime() - t0) / 1e9;
    }

    /** The graph as text: one line per node with its facts and note, then the links. */
    public List<String> describe() {
        List<String> out = new ArrayList<>();
        int width = nodes.stream().mapToInt(n -> n.name().length()).max().orElse(4);
        for (Node n : nodes) {
            StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "  %-" + width + "s", n.name()));
            n.facts().forEach((k, v) -> b.append("  ").append(k).append(' ').append(v));
            if (!n.note().isEmpty()) {
                b.append("  (").append(n.note()).append(')');
            }
            out.add(b.toString());
        }
        out.add("links:");
        for (String[] l : links) {
            out.add("  " + l[0] + " -> " + l[1]);
        }
        return out;
    }

    /**
     * The graph as a file {@link #parse} reads back ({@code pilot graph -o FILE}, for {@code pilot run --monitor
     * --graph FILE}): a line per node with its facts, its note as a comment above it, then the links.
     */
    public List<String> format() {
        List<String> out = new ArrayList<>();
        out.add("# a component graph: node NAME key=value..., link FROM -> TO (pilot run --monitor --graph reads it)");
        for (Node n : nodes) {
            if (!n.note().isEmpty()) {
                out.add("# " + n.name() + ": " + n.note());
            }
            StringBuilder b = new StringBuilder("node ").append(n.name());
            n.facts()
                    .forEach((k, v) ->
                            b.append(' ').append(k).append('=').append(v.strip().replaceAll("\\s+", "")));
            out.add(b.toString());
        }
        for (String[] l : links) {
            out.add("link " + l[0] + " -> " + l[1]);
        }
        return out;
    }

    private static String bytes(double b) {
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
        int u = 0;
        while (b >= 1024 && u < units.length - 1) {
            b /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, b >= 100 || u == 0 ? "%.0f%s" : "%.1f%s", b, units[u]);
    }

    private static String first(Path file) {
        try {
            List<String> l = Files.readAllLines(file);
            return l.isEmpty() ? null : l.get(0).strip();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
