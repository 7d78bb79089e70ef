package io.pilotbench.script;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Auto-pilot's {@code chill} (Wright et al., USENIX ATC 2005, §3.3 and §3.5; docs/references.md#wright-2005; after
 * SunOS 4's chill(8)): a program that allocates and dirties as much memory as it can, so the kernel evicts cached pages
 * and unused kernel objects before the next run (a cold cache without a reboot; free memory measured after it is at its
 * floor).
 *
 * <p>The chill is a child JVM whose heap is {@code -Xms} = {@code -Xmx} = the size with {@code -XX:+AlwaysPreTouch}:
 * the JVM writes every page of it before {@code main} runs, and {@link #main} reports the peak resident size it
 * reached. Unlike the paper's, it does not run until the out-of-memory killer ends it: that killer may pick another
 * process (the system under test, a database, the CI runner). The default size is what {@code /proc/meminfo} calls
 * available (free plus reclaimable cache) less a 256 MiB reserve, which makes the kernel reclaim nearly all the page
 * cache. Needs no root.
 */
final class Chill {
    static final long RESERVE = 256L << 20;
    static final long SMALLEST = 16L << 20;

    private Chill() {}

    /** MemAvailable less the reserve, at least {@link #SMALLEST}. */
    static long defaultBytes(Path meminfo) throws IOException {
        for (String line : Files.readAllLines(meminfo)) {
            if (line.startsWith("MemAvailable:")) {
                long kb = Long.parseLong(line.replaceAll("[^0-9]", ""));
                return Math.max(SMALLEST, kb * 1024 - RESERVE);
            }
        }
        throw new IOException(meminfo + " has no MemAvailable line (a kernel before 3.14?); give COOL chill a SIZE");
    }

    private static final java.util.regex.Pattern SIZE =
            java.util.regex.Pattern.compile("([0-9]{1,15})\\s*(|b|k|kb|kib|m|mb|mib|g|gb|gib)");

    /**
     * "64M", "64MiB", "2G", "2GB", "1048576" → bytes, with the units the rest of pilot takes (k/KB/KiB, M/MB/MiB,
     * G/GB/GiB, all powers of 1024, as {@code --keep-output 64KiB}); null when malformed or not positive.
     */
    static Long parseSize(String text) {
        java.util.regex.Matcher m = SIZE.matcher(text.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            return null;
        }
        long n = Long.parseLong(m.group(1));
        int shift =
                switch (m.group(2).isEmpty() ? 'b' : m.group(2).charAt(0)) {
                    case 'k' -> 10;
                    case 'm' -> 20;
                    case 'g' -> 30;
                    default -> 0;
                };
        return n > 0 && n <= Long.MAX_VALUE >> shift ? n << shift : null;
    }

    /** The chill's command line: this JVM's java, a pre-touched heap of {@code bytes}, and {@link #main}. */
    static List<String> command(long bytes) throws IOException {
        String java = ProcessHandle.current()
                .info()
                .command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        String classPath;
        try {
            classPath = Path.of(Chill.class
                            .getProtectionDomain()
                            .getCodeSource()
                            .getLocation()
                            .toURI())
                    .toString();
        } catch (URISyntaxException | RuntimeException e) {
            throw new IOException("COOL chill: cannot locate pilot's own classes: " + e.getMessage(), e);
        }
        long mb = Math.max(SMALLEST, bytes) >> 20;
        return List.of(
                java,
                "-Xms" + mb + "m",
                "-Xmx" + mb + "m",
                "-XX:+AlwaysPreTouch",
                "-XX:+UseSerialGC",
                "-Xshare:auto",
                "-cp",
                classPath,
                Chill.class.getName());
    }

    /** In the chill JVM: the heap is already touched; prints the peak resident set ({@code VmHWM}) in KiB. */
    public static void main(String[] args) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"), StandardCharsets.US_ASCII)) {
            if (line.startsWith("VmHWM:")) {
                System.out.println("peak-resident-kb " + line.replaceAll("[^0-9]", ""));
            }
        }
    }
}
