package io.pilotbench.script;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code COOL remount DIR}: unmounts the file system at DIR and mounts it again as it was, which empties its inode,
 * dentry and page caches (Auto-pilot's REMOUNT: Wright et al., USENIX ATC 2005, §3.5;
 * docs/references.md#wright-2005). "As it was" comes from {@code /proc/self/mountinfo} (source, type and options of the
 * mount at DIR), so DIR needs no {@code /etc/fstab} entry.
 */
final class Remount {
    private Remount() {}

    /** The mount at a mount point: what {@code mount -t type -o options source point} needs. */
    record MountEntry(String point, String source, String type, String options) {}

    /**
     * The mount whose mount point is {@code dir} (the last one: mounts stack), from a mountinfo file.
     *
     * @throws IOException when nothing is mounted exactly there
     */
    static MountEntry find(Path mountinfo, Path dir) throws IOException {
        String point = dir.toRealPath().toString();
        MountEntry found = null;
        for (String line : Files.readAllLines(mountinfo)) {
            // id parent major:minor root point options [optional fields...] - type source super-options
            String[] f = line.split(" ");
            int dash = List.of(f).indexOf("-");
            if (f.length < 7 || dash < 6 || dash + 2 >= f.length) {
                continue;
            }
            if (unescape(f[4]).equals(point)) {
                found = new MountEntry(point, unescape(f[dash + 2]), f[dash + 1], f[5]);
            }
        }
        if (found == null) {
            throw new IOException(
                    dir + " is not a mount point (COOL remount needs the directory a file system is " + "mounted on)");
        }
        return found;
    }

    /** mountinfo escapes space, tab, newline and backslash as octal (\040 ...). */
    static String unescape(String s) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 3 < s.length() && s.substring(i + 1, i + 4).matches("[0-7]{3}")) {
                b.append((char) Integer.parseInt(s.substring(i + 1, i + 4), 8));
                i += 3;
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    /** The shell command that remounts {@code m} (arguments single-quoted). */
    static String command(MountEntry m) {
        return "umount " + quote(m.point()) + " && mount -t " + quote(m.type()) + " -o " + quote(m.options()) + " "
                + quote(m.source()) + " " + quote(m.point());
    }

    private static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }
}
