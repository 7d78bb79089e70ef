package io.pilotbench.script;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A campaign's {@code COOL} lines (Wright et al., Auto-pilot, USENIX ATC 2005, §3.2 and §3.5;
 * docs/references.md#wright-2005): how caches are cooled before every run of a TEST, and the checks made before its
 * first run. drop-caches and remount need root; chill ({@link Chill}) does not.
 */
final class Cooling {
    private static final Path MOUNTINFO = Path.of("/proc/self/mountinfo");

    private final List<Stmt.Cool> cools;
    private final Campaign campaign;

    Cooling(List<Stmt.Cool> cools, Campaign campaign) {
        this.cools = cools;
        this.campaign = campaign;
    }

    /** Refuses, with the line's position, what cannot work: root-only kinds without root, a remount of a directory
     *  that is not a mount point, a chill size that is not one. */
    void check(boolean root) {
        for (Stmt.Cool c : cools) {
            if (!root && !c.kind().equals("chill")) {
                throw new ScriptException(
                        c.pos(),
                        "COOL " + c.kind() + " needs root (drop caches, remount) and "
                                + "pilot runs as " + System.getProperty("user.name")
                                + "; run pilot script as root, use "
                                + "COOL chill (no root needed), or remove the COOL line");
            }
            if (c.kind().equals("remount")) {
                try {
                    Remount.find(MOUNTINFO, directory(c));
                } catch (IOException e) {
                    throw new ScriptException(c.args().get(0).pos(), e.getMessage());
                }
            }
            if (c.kind().equals("chill") && !c.args().isEmpty()) {
                checkSize(c.args().get(0), campaign.sub(c.args().get(0).text()));
            }
        }
    }

    /** Refuses a chill size that is not one, at its word. */
    static void checkSize(Word size, String value) {
        if (Chill.parseSize(value) == null) {
            throw new ScriptException(
                    size.pos(),
                    "expected COOL chill [SIZE] with a size such as 512MiB, 512M or 2GiB "
                            + "(powers of 1024), found '" + value + "'"
                            + (value.equals(size.text()) ? "" : " (from " + size.text() + ")"));
        }
    }

    private Path directory(Stmt.Cool c) {
        return campaign.scriptDir().resolve(campaign.sub(c.args().get(0).text()));
    }

    /** Cools, in the order of the lines; what each did is appended to {@code log}. */
    void apply(Path log) throws IOException, InterruptedException {
        for (Stmt.Cool c : cools) {
            if (c.kind().equals("chill")) {
                chill(c, log);
                continue;
            }
            String cmd = c.kind().equals("remount")
                    ? Remount.command(Remount.find(MOUNTINFO, directory(c)))
                    : "sync && echo 3 > /proc/sys/vm/drop_caches";
            int code = campaign.shell(cmd, log, Map.of());
            if (code != 0) {
                throw new IOException("COOL " + c.kind() + " '" + cmd + "' exited with " + code);
            }
        }
    }

    private void chill(Stmt.Cool c, Path log) throws IOException, InterruptedException {
        long bytes = c.args().isEmpty()
                ? Chill.defaultBytes(Path.of("/proc/meminfo"))
                : Chill.parseSize(campaign.sub(c.args().get(0).text()));
        long start = System.nanoTime();
        Process p = new ProcessBuilder(Chill.command(bytes))
                .redirectErrorStream(true)
                .start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        int code = p.waitFor();
        double seconds = (System.nanoTime() - start) / 1e9;
        if (code != 0 || !text.startsWith("peak-resident-kb ")) {
            throw new IOException("COOL chill of " + (bytes >> 20) + " MiB failed (exit " + code + "): " + text
                    + "; give it a smaller SIZE");
        }
        long peakKb =
                Long.parseLong(text.substring("peak-resident-kb ".length()).strip());
        Files.writeString(
                log,
                String.format(
                        Locale.ROOT,
                        "chill: dirtied %d MiB (peak resident %d MiB) in %.2f s%n",
                        bytes >> 20,
                        peakKb >> 10,
                        seconds),
                StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
    }
}
