package io.pilotbench.script;

import io.pilotbench.core.files.AtomicFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;

/**
 * A systemd unit that resumes a campaign after boot (the paper's checkpoint across reboots, §3.5): a oneshot service
 * run by the user who installs it, that runs {@code pilot script --resume RESULTS_DIR} and disables itself once the
 * campaign has ended (exit 0).
 */
public final class ResumeUnit {
    /** Where systemd reads system units. */
    public static final Path SYSTEM_UNITS = Path.of("/etc/systemd/system");

    private ResumeUnit() {}

    /** The unit's file name for a results directory: {@code pilot-resume-<8 hex digits of its path>.service}. */
    public static String name(Path results) {
        String abs = results.toAbsolutePath().normalize().toString();
        return "pilot-resume-" + HexFormat.of().toHexDigits(abs.hashCode()) + ".service";
    }

    /**
     * The unit's text.
     *
     * @param command the command that runs pilot, e.g. {@code [/usr/bin/java, -jar, /opt/pilot/pilot.jar]}
     */
    public static String text(Path results, List<String> command, String user) {
        Path abs = results.toAbsolutePath().normalize();
        StringBuilder exec = new StringBuilder();
        for (String w : command) {
            exec.append(quote(w)).append(' ');
        }
        exec.append("script --resume ").append(quote(abs.toString()));
        return "[Unit]\n"
                + "Description=Resume the pilot script campaign in " + abs + "\n"
                + "After=multi-user.target\n"
                + "\n"
                + "[Service]\n"
                + "Type=oneshot\n"
                + "User=" + user + "\n"
                + "WorkingDirectory=" + abs + "\n" // taken literally by systemd: no quotes
                + "ExecStart=" + exec + "\n"
                + "ExecStartPost=/bin/systemctl disable " + name(results) + "\n"
                + "\n"
                + "[Install]\n"
                + "WantedBy=multi-user.target\n";
    }

    /** Writes the unit into {@code unitDir} (atomically) and returns its path. */
    public static Path write(Path unitDir, Path results, List<String> command, String user) throws IOException {
        if (!Files.isRegularFile(results.resolve(CampaignState.FILE))) {
            throw new IllegalArgumentException(
                    results + ": no campaign here to resume (expected " + CampaignState.FILE + ")");
        }
        Path unit = unitDir.resolve(name(results));
        AtomicFiles.write(unit, text(results, command, user));
        return unit;
    }

    /** systemd's quoting: words with spaces, quotes or backslashes in double quotes. */
    private static String quote(String w) {
        if (w.matches("[A-Za-z0-9_@%+=:,./-]+")) {
            return w;
        }
        return "\"" + w.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
