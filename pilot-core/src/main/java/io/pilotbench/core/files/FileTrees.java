package io.pilotbench.core.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import org.apache.commons.io.file.PathUtils;

/** Directory trees. */
public final class FileTrees {
    private FileTrees() {}

    /**
     * Deletes {@code dir} and everything in it; nothing when it is absent. Links are removed, never followed: a link a
     * job or a package left in its directory cannot make Pilot delete what it points to (commons-io's
     * {@code PathUtils.deleteDirectory}, which walks without following links).
     */
    public static void delete(Path dir) throws IOException {
        if (Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            PathUtils.deleteDirectory(dir);
        }
    }
}
