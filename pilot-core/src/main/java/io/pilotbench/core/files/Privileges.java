package io.pilotbench.core.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** What this process may do to the machine. */
public final class Privileges {
    private Privileges() {}

    /**
     * Whether this process runs with user id 0 (its effective uid, from {@code /proc/self/status}): the account name
     * says nothing (a renamed root, or "root" in a container's passwd for another uid). Where {@code /proc} cannot be
     * read, false: Pilot then refuses what needs root rather than trying it.
     */
    public static boolean isRoot() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Uid:")) {
                    return line.split("\\s+")[2].equals("0"); // real, effective, saved, file-system uid
                }
            }
        } catch (IOException | RuntimeException e) {
            return false;
        }
        return false;
    }
}
