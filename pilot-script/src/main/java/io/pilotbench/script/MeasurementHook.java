package io.pilotbench.script;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A measurement hook (Auto-pilot §3.2): sampled just before and just after each EXEC, adding columns to the TEST's
 * runs. Counters record the difference after − before; levels (free memory) the value after.
 *
 * <p>Each reads Linux's {@code /proc} directly (the root is injectable for tests); a hook that cannot read its source
 * fails the TEST before its first run, with one line naming the file.
 */
interface MeasurementHook {
    /** The columns this hook adds, in order. */
    List<String> columns();

    /** The current readings, one per column. */
    double[] sample() throws IOException;

    /** A line about the last sample for the TEST's {@code hooks.log} (which processes used the CPU), or null. */
    default String note() {
        return null;
    }

    /** True: record after − before; false: record the value after. */
    default boolean counter() {
        return true;
    }

    /**
     * The hook of {@code MEASURE kind args}.
     *
     * @param env the campaign's exported variables ({@code ENV}): {@code PILOT_SSH} is the ssh command of
     *            {@code MEASURE remote} (e.g. {@code ssh -p 2222 -i key}); default {@code ssh}
     */
    static MeasurementHook of(String kind, List<String> args, Path proc, java.util.Map<String, String> env) {
        return switch (kind) {
            case "io" -> new DiskStats(proc, args.get(0));
            case "free-memory" -> new FreeMemory(proc);
            case "cpu-others" -> new CpuOthers(proc);
            case "net" -> new NetDev(proc, args.get(0));
            case "remote" ->
                new Remote(
                        args.get(0),
                        String.join(" ", args.subList(1, args.size())),
                        List.of(env.getOrDefault("PILOT_SSH", "ssh").trim().split("\\s+")));
            default -> throw new IllegalArgumentException("unknown MEASURE " + kind);
        };
    }

    /** {@code MEASURE io DEV}: reads and writes completed and sectors moved on DEV ({@code /proc/diskstats}). */
    record DiskStats(Path proc, String device) implements MeasurementHook {
        @Override
        public List<String> columns() {
            return List.of(device + "_reads", device + "_read_sectors", device + "_writes", device + "_write_sectors");
        }

        @Override
        public double[] sample() throws IOException {
            for (String line : Files.readAllLines(proc.resolve("diskstats"))) {
                String[] f = line.trim().split("\\s+");
                if (f.length >= 10 && f[2].equals(device)) {
                    return new double[] {
                        Double.parseDouble(f[3]),
                        Double.parseDouble(f[5]),
                        Double.parseDouble(f[7]),
                        Double.parseDouble(f[9])
                    };
                }
            }
            throw new IOException(proc.resolve("diskstats") + ": no device " + device
                    + " (MEASURE io names a partition listed there, e.g. sda1)");
        }
    }

    /** {@code MEASURE free-memory}: MemFree and MemAvailable after the run, in KiB ({@code /proc/meminfo}). */
    record FreeMemory(Path proc) implements MeasurementHook {
        @Override
        public List<String> columns() {
            return List.of("mem_free_kb", "mem_available_kb");
        }

        @Override
        public double[] sample() throws IOException {
            Map<String, Double> m = new HashMap<>();
            for (String line : Files.readAllLines(proc.resolve("meminfo"))) {
                String[] f = line.split(":\\s*|\\s+");
                if (f.length >= 2) {
                    m.put(f[0], Double.parseDouble(f[1]));
                }
            }
            return new double[] {m.getOrDefault("MemFree", Double.NaN), m.getOrDefault("MemAvailable", Double.NaN)};
        }

        @Override
        public boolean counter() {
            return false;
        }
    }

    /**
     * {@code MEASURE cpu-others}: CPU seconds (user + system) used during the run by processes other than Pilot and
     * the copies it ran — background daemons and kernel threads working on the benchmark's behalf, such as flushers
     * ({@code /proc/PID/stat} fields 14 and 15, at 100 ticks per second). Processes that existed at both samples count.
     */
    final class CpuOthers implements MeasurementHook {
        private static final double TICKS = 100;
        private final Path proc;
        private Map<String, Long> before = new HashMap<>();
        private final Map<String, String> names = new HashMap<>();
        private final long self = ProcessHandle.current().pid();
        private String note;

        CpuOthers(Path proc) {
            this.proc = proc;
        }

        @Override
        public List<String> columns() {
            return List.of("cpu_others_s");
        }

        @Override
        public double[] sample() throws IOException {
            Map<String, Long> now = new LinkedHashMap<>();
            try (var dirs = Files.list(proc)) {
                for (Path d : dirs.toList()) {
                    String name = d.getFileName().toString();
                    if (!name.chars().allMatch(Character::isDigit) || Long.parseLong(name) == self) {
                        continue;
                    }
                    try {
                        String stat = Files.readString(d.resolve("stat"));
                        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                        now.put(name, Long.parseLong(f[11]) + Long.parseLong(f[12]));
                        names.put(name, stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')')));
                    } catch (IOException | RuntimeException e) {
                        // it exited while we looked
                    }
                }
            }
            long sum = 0;
            List<Map.Entry<String, Long>> used = new ArrayList<>();
            for (Map.Entry<String, Long> e : now.entrySet()) {
                Long b = before.get(e.getKey());
                if (b != null && e.getValue() > b) {
                    sum += e.getValue() - b;
                    used.add(Map.entry(e.getKey(), e.getValue() - b));
                }
            }
            boolean first = before.isEmpty();
            before = now;
            used.sort(Map.Entry.<String, Long>comparingByValue().reversed());
            StringBuilder n = new StringBuilder();
            for (Map.Entry<String, Long> e : used.subList(0, Math.min(5, used.size()))) {
                n.append(n.length() == 0 ? "" : ", ")
                        .append(names.getOrDefault(e.getKey(), "?"))
                        .append(" (pid ")
                        .append(e.getKey())
                        .append(") ")
                        .append(e.getValue() / TICKS)
                        .append(" s");
            }
            note = first || used.isEmpty() ? null : "cpu-others: " + n;
            // before the run the column is 0; after, the ticks others used in between: after − before = that sum
            return new double[] {first ? 0 : sum / TICKS};
        }

        @Override
        public String note() {
            return note;
        }

        @Override
        public boolean counter() {
            return false;
        }
    }

    /** {@code MEASURE net IFACE}: bytes and packets received and sent on IFACE ({@code /proc/net/dev}). */
    record NetDev(Path proc, String iface) implements MeasurementHook {
        @Override
        public List<String> columns() {
            return List.of(iface + "_rx_bytes", iface + "_rx_packets", iface + "_tx_bytes", iface + "_tx_packets");
        }

        @Override
        public double[] sample() throws IOException {
            for (String line : Files.readAllLines(proc.resolve("net/dev"))) {
                int colon = line.indexOf(':');
                if (colon > 0 && line.substring(0, colon).trim().equals(iface)) {
                    String[] f = line.substring(colon + 1).trim().split("\\s+");
                    return new double[] {
                        Double.parseDouble(f[0]),
                        Double.parseDouble(f[1]),
                        Double.parseDouble(f[8]),
                        Double.parseDouble(f[9])
                    };
                }
            }
            throw new IOException(proc.resolve("net/dev") + ": no interface " + iface);
        }
    }

    /**
     * {@code MEASURE remote HOST CMD}: runs CMD on HOST over ssh (batch mode: keys, no password prompt) before and
     * after; the number it prints last is the reading and the difference is recorded.
     *
     * @param ssh the ssh command and its options ({@code ENV PILOT_SSH=...} in the script; like git's
     *            GIT_SSH_COMMAND), to which {@code -o BatchMode=yes HOST CMD} is added
     */
    record Remote(String host, String command, List<String> ssh) implements MeasurementHook {
        @Override
        public List<String> columns() {
            return List.of("remote_" + host.replaceAll("[^A-Za-z0-9]", "_"));
        }

        @Override
        public double[] sample() throws IOException {
            List<String> argv = new ArrayList<>(ssh);
            argv.addAll(List.of("-o", "BatchMode=yes", host, command));
            Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes()).strip();
            try {
                if (p.waitFor() != 0) {
                    throw new IOException("MEASURE remote " + host + ": ssh failed: " + out);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted", e);
            }
            String[] words = out.split("\\s+");
            try {
                return new double[] {Double.parseDouble(words[words.length - 1])};
            } catch (NumberFormatException e) {
                throw new IOException(
                        "MEASURE remote " + host + ": expected a number last in the output, got '" + out + "'");
            }
        }
    }
}
