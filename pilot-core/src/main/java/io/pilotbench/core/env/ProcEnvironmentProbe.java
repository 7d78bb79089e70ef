package io.pilotbench.core.env;

import io.pilotbench.core.model.EnvironmentSnapshot;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * {@link EnvironmentProbe#system()} on Linux: the same facts as {@link OshiEnvironmentProbe}, read straight from the
 * files the kernel and the distribution publish ({@code /etc/os-release}, {@code /proc/cpuinfo}, {@code /proc/meminfo},
 * {@code /sys/devices/system/cpu}, {@code /proc/sys/kernel/hostname}). Why not OSHI here: its first capture started
 * five processes ({@code ldconfig -p}, {@code uname}, {@code id}, {@code lshw} three times) and took about 0.5 s of
 * every {@code pilot run}'s start-up, with JNA's native library loaded for it; these reads take about a
 * millisecond and start nothing. {@code OshiEnvironmentProbeTest} checks the two probes agree on this machine. A file
 * that is missing or unreadable leaves its fields null.
 */
final class ProcEnvironmentProbe implements EnvironmentProbe {
    private final Path root;

    ProcEnvironmentProbe() {
        this(Path.of("/"));
    }

    /** @param root where /etc, /proc and /sys are found (tests pass a directory of fixtures) */
    ProcEnvironmentProbe(Path root) {
        this.root = root;
    }

    /** Whether this probe can describe the running machine (Linux with a readable /proc/cpuinfo). */
    static boolean applies() {
        return System.getProperty("os.name", "").equals("Linux") && Files.isReadable(Path.of("/proc/cpuinfo"));
    }

    @Override
    public EnvironmentSnapshot capture(Path workingDirectory) {
        Objects.requireNonNull(workingDirectory, "workingDirectory");
        Map<String, String> release = keyValues(read("etc/os-release"), '=');
        String osName = release.get("NAME");
        String osVersion = release.get("VERSION_ID") == null
                ? null
                : release.get("VERSION_ID")
                        + (release.get("VERSION_CODENAME") == null ? "" : " (" + release.get("VERSION_CODENAME") + ")");
        if (osName == null || osVersion == null) {
            osName = System.getProperty("os.name");
            osVersion = System.getProperty("os.version");
        }
        Cpu cpu = cpu(read("proc/cpuinfo"));
        Long maxFrequency = maxFrequencyHz();
        if (maxFrequency == null && cpu.mhz != null) {
            maxFrequency = Math.round(cpu.mhz * 1e6);
        }
        String hostname = blankToNull(read("proc/sys/kernel/hostname"));
        GitCommitReader.Head git = gitHead(workingDirectory);
        return new EnvironmentSnapshot(
                osName,
                osVersion,
                System.getProperty("os.name") + " " + System.getProperty("os.version"),
                System.getProperty("os.arch"),
                cpu.model,
                cpu.physicalCores,
                Runtime.getRuntime().availableProcessors(),
                cpu.logicalCores,
                maxFrequency,
                memTotalBytes(read("proc/meminfo")),
                System.getProperty("java.vendor"),
                Runtime.version().toString(),
                System.getProperty("java.vm.name"),
                jvmArguments(),
                hostname,
                git == null ? null : git.commit(),
                git == null ? null : git.branch());
    }

    private record Cpu(String model, Integer physicalCores, Integer logicalCores, Double mhz) {}

    /** Model, physical cores (distinct physical id/core id pairs), logical cores (processor entries), MHz. */
    static Cpu cpu(String cpuinfo) {
        if (cpuinfo == null) {
            return new Cpu(null, null, null, null);
        }
        String model = null;
        Double mhz = null;
        int logical = 0;
        Set<String> cores = new HashSet<>();
        String physicalId = "0";
        for (String line : cpuinfo.lines().toList()) {
            int colon = line.indexOf(':');
            if (colon < 0) {
                continue;
            }
            String key = line.substring(0, colon).strip();
            String value = line.substring(colon + 1).strip();
            switch (key) {
                case "processor" -> logical++;
                case "model name", "Model", "cpu model" -> model = model == null ? blankToNull(value) : model;
                case "cpu MHz" -> mhz = mhz == null ? parseDouble(value) : mhz;
                case "physical id" -> physicalId = value;
                case "core id" -> cores.add(physicalId + "/" + value);
                default -> {}
            }
        }
        return new Cpu(model, cores.isEmpty() ? null : cores.size(), logical == 0 ? null : logical, mhz);
    }

    /** cpuinfo_max_freq of cpu0, kHz in the file. */
    private Long maxFrequencyHz() {
        String khz = read("sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq");
        Double v = khz == null ? null : parseDouble(khz.strip());
        return v == null || v <= 0 ? null : Math.round(v * 1000);
    }

    static Long memTotalBytes(String meminfo) {
        if (meminfo == null) {
            return null;
        }
        for (String line : meminfo.lines().toList()) {
            if (line.startsWith("MemTotal:")) {
                String[] parts = line.substring(9).strip().split("\\s+");
                Double kb = parseDouble(parts[0]);
                return kb == null ? null : Math.round(kb * 1024);
            }
        }
        return null;
    }

    /** KEY=VALUE lines (os-release(5)), values unquoted. */
    static Map<String, String> keyValues(String text, char separator) {
        Map<String, String> m = new LinkedHashMap<>();
        if (text == null) {
            return m;
        }
        for (String line : text.lines().toList()) {
            int eq = line.indexOf(separator);
            if (eq <= 0 || line.startsWith("#")) {
                continue;
            }
            String value = line.substring(eq + 1).strip();
            if (value.length() >= 2
                    && (value.startsWith("\"") && value.endsWith("\"")
                            || value.startsWith("'") && value.endsWith("'"))) {
                value = value.substring(1, value.length() - 1);
            }
            if (!value.isEmpty()) {
                m.put(line.substring(0, eq).strip(), value);
            }
        }
        return m;
    }

    private String read(String relative) {
        try {
            return Files.readString(root.resolve(relative), StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * The JVM's options from {@code /proc/self/cmdline}: the words after the launcher up to the main class or
     * {@code -jar} (what {@code RuntimeMXBean.getInputArguments()} returns for a command line, without loading the
     * management classes, about 40 ms of start-up).
     */
    private List<String> jvmArguments() {
        String cmdline = read("proc/self/cmdline");
        return cmdline == null ? null : jvmArguments(List.of(cmdline.split("\0")));
    }

    static List<String> jvmArguments(List<String> words) {
        List<String> out = new java.util.ArrayList<>();
        for (int i = 1; i < words.size(); i++) {
            String w = words.get(i);
            if (w.equals("-jar") || w.equals("-m") || w.equals("--module") || !w.startsWith("-")) {
                break;
            }
            if (WITH_VALUE.contains(w) && i + 1 < words.size()) {
                i++; // the class path or module option's value is not a JVM option of its own
                continue;
            }
            out.add(w);
        }
        return out;
    }

    /** Launcher options whose value is the next word. */
    private static final Set<String> WITH_VALUE = Set.of(
            "-cp",
            "-classpath",
            "--class-path",
            "-p",
            "--module-path",
            "--add-modules",
            "--add-opens",
            "--add-exports",
            "--add-reads",
            "--patch-module",
            "--limit-modules",
            "--upgrade-module-path");

    private static GitCommitReader.Head gitHead(Path workingDirectory) {
        try {
            return GitCommitReader.read(workingDirectory).orElse(null);
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static Double parseDouble(String s) {
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() || s.strip().toLowerCase(Locale.ROOT).equals("unknown") ? null : s.strip();
    }
}
