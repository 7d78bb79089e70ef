package io.pilotbench.experiment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A machine that can run jobs, with the attributes constraints and hardware factors speak of ({@code arch},
 * {@code cores}, {@code memory} in bytes, {@code os}, {@code cpu}, {@code host}).
 *
 * @param name       unique in an inventory
 * @param attributes attribute → value
 */
public record Worker(String name, Map<String, String> attributes) {
    /** Attributes compared as numbers: a constraint on them is a minimum. */
    static final List<String> NUMERIC = List.of("cores", "memory");

    public Worker {
        attributes = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(attributes));
    }

    /** This machine, the inventory of a single-machine experiment. */
    public static Worker local() {
        Map<String, String> a = new LinkedHashMap<>();
        String arch = System.getProperty("os.arch");
        a.put(
                "arch",
                switch (arch) {
                    case "amd64" -> "x86_64";
                    case "arm64" -> "aarch64";
                    default -> arch;
                });
        a.put("cores", Integer.toString(Runtime.getRuntime().availableProcessors()));
        Long memory = meminfo();
        if (memory != null) {
            a.put("memory", Long.toString(memory));
        }
        a.put("os", System.getProperty("os.name").toLowerCase(Locale.ROOT));
        a.put("kernel", System.getProperty("os.version"));
        String cpu = cpuModel();
        if (cpu != null) {
            a.put("cpu", cpu);
        }
        String host = System.getenv("HOSTNAME");
        if (host == null) {
            try {
                host = java.net.InetAddress.getLocalHost().getHostName();
            } catch (IOException e) {
                host = "localhost";
            }
        }
        a.put("host", host);
        return new Worker("local", a);
    }

    /**
     * Whether this worker meets every constraint: equality for text attributes, a minimum for numeric ones
     * ({@code memory: 2G} means at least 2 GiB; suffixes K, M, G, T are powers of 1024).
     */
    public boolean meets(Map<String, String> constraints) {
        return unmet(constraints) == null;
    }

    /** The first constraint this worker does not meet, in words, or null. */
    public String unmet(Map<String, String> constraints) {
        for (Map.Entry<String, String> c : constraints.entrySet()) {
            String have = attributes.get(c.getKey());
            if (have == null) {
                return c.getKey() + " (the worker does not report it)";
            }
            if (NUMERIC.contains(c.getKey())) {
                if (bytesOrCount(have) < bytesOrCount(c.getValue())) {
                    return c.getKey() + " ≥ " + c.getValue() + " (it has " + have + ")";
                }
            } else if (!have.equalsIgnoreCase(c.getValue().strip())) {
                return c.getKey() + " = " + c.getValue() + " (it has " + have + ")";
            }
        }
        return null;
    }

    /** "2G" → 2·1024³; "4" → 4. */
    static double bytesOrCount(String s) {
        String t = s.strip()
                .toUpperCase(Locale.ROOT)
                .replace(">=", "")
                .replace("IB", "")
                .replace("B", "")
                .strip();
        double mult = 1;
        if (!t.isEmpty() && "KMGT".indexOf(t.charAt(t.length() - 1)) >= 0) {
            mult = Math.pow(1024, "KMGT".indexOf(t.charAt(t.length() - 1)) + 1);
            t = t.substring(0, t.length() - 1).strip();
        }
        try {
            return Double.parseDouble(t) * mult;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + s + "' is not a number (with K, M, G or T for memory)");
        }
    }

    private static Long meminfo() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
                if (line.startsWith("MemTotal:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        return null;
    }

    private static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).strip();
                }
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        return null;
    }
}
