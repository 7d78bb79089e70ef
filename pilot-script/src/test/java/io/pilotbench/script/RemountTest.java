package io.pilotbench.script;

import static org.assertj.core.api.Assertions.assertThat;

import io.pilotbench.testing.SystemTest;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading a mount back from mountinfo: optional fields, octal escapes, stacked mounts, quoting for the shell. */
@SystemTest
class RemountTest {
    @TempDir
    Path tmp;

    @Test
    void theLastMountAtThePointIsRemountedAsItWas() throws Exception {
        Path point = Files.createDirectories(tmp.resolve("my disk"));
        String p = point.toRealPath().toString().replace(" ", "\\040");
        Path info = Files.writeString(
                tmp.resolve("mountinfo"),
                String.join(
                        "\n",
                        "22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw",
                        "40 22 7:0 / " + p + " rw,noatime shared:12 - ext4 /dev/loop0 rw",
                        "41 40 7:1 / " + p + " ro,nosuid master:3 - xfs /dev/it's\\040here rw,attr2",
                        ""));
        Remount.MountEntry m = Remount.find(info, point);
        assertThat(m)
                .isEqualTo(new Remount.MountEntry(point.toRealPath().toString(), "/dev/it's here", "xfs", "ro,nosuid"));
        assertThat(Remount.command(m))
                .isEqualTo("umount '" + m.point() + "' && mount -t 'xfs' -o 'ro,nosuid' " + "'/dev/it'\\''s here' '"
                        + m.point() + "'");
    }
}
