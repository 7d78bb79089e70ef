package io.pilotbench.core.env;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Reads the commit checked out in the git repository enclosing a directory, from the repository's files: no
 * {@code git} process (git may not be installed, and a spawn costs milliseconds).
 *
 * <p>Follows git's own layout (gitrepository-layout(5)): the nearest {@code .git} directory, or {@code .git} file
 * ({@code gitdir: …}, as in linked worktrees and submodules) upwards from the start; {@code HEAD} holds either a
 * commit (detached) or {@code ref: refs/heads/…}; a ref is a loose file or a line of {@code packed-refs}; a linked
 * worktree's shared refs live in the directory its {@code commondir} file names. Not supported (the result is then
 * empty): the reftable ref backend, {@code GIT_DIR}-style environment overrides.
 */
final class GitCommitReader {
    /** A commit checked out; {@code branch} is {@code null} when HEAD is detached. */
    record Head(String commit, String branch) {}

    private static final Pattern OBJECT_ID = Pattern.compile("[0-9a-f]{40}|[0-9a-f]{64}");
    private static final String REF_PREFIX = "ref:";
    private static final String BRANCH_PREFIX = "refs/heads/";
    /** Symbolic refs pointing at symbolic refs: git itself gives up after 5. */
    private static final int MAX_REF_DEPTH = 5;

    private GitCommitReader() {}

    /**
     * The checked-out commit of the repository enclosing {@code start} (or {@code start} itself).
     *
     * @return empty when there is no repository, the branch has no commit yet, or the files are unreadable or
     *     malformed; never throws for I/O
     */
    static Optional<Head> read(Path start) {
        try {
            Optional<Path> gitDir = findGitDir(start);
            return gitDir.isEmpty() ? Optional.empty() : readHead(gitDir.get());
        } catch (IOException | UncheckedIOException | InvalidPathException | SecurityException e) {
            return Optional.empty();
        }
    }

    private static Optional<Path> findGitDir(Path start) throws IOException {
        Path dir = start.toAbsolutePath().normalize();
        if (Files.exists(dir)) {
            dir = dir.toRealPath(); // as git does: a symlinked directory belongs to the repository of its target
        }
        for (; dir != null; dir = dir.getParent()) {
            Path dotGit = dir.resolve(".git");
            if (Files.isDirectory(dotGit)) {
                return Optional.of(dotGit);
            }
            if (Files.isRegularFile(dotGit)) {
                String line = firstLine(dotGit);
                if (!line.startsWith("gitdir:")) {
                    return Optional.empty(); // not a git file: git would stop with an error here too
                }
                return Optional.of(
                        dir.resolve(line.substring("gitdir:".length()).strip()).normalize());
            }
        }
        return Optional.empty();
    }

    private static Optional<Head> readHead(Path gitDir) throws IOException {
        Path commonDir = gitDir;
        Path commonDirFile = gitDir.resolve("commondir");
        if (Files.isRegularFile(commonDirFile)) {
            commonDir = gitDir.resolve(firstLine(commonDirFile)).normalize();
        }
        String head = firstLine(gitDir.resolve("HEAD"));
        if (OBJECT_ID.matcher(head).matches()) {
            return Optional.of(new Head(head, null));
        }
        if (!head.startsWith(REF_PREFIX)) {
            return Optional.empty();
        }
        String ref = head.substring(REF_PREFIX.length()).strip();
        Optional<String> commit = resolve(ref, gitDir, commonDir, 0);
        String branch = ref.startsWith(BRANCH_PREFIX) ? ref.substring(BRANCH_PREFIX.length()) : null;
        return commit.map(c -> new Head(c, branch));
    }

    /** The commit {@code ref} names: its loose file (worktree's own, then shared), else its packed-refs line. */
    private static Optional<String> resolve(String ref, Path gitDir, Path commonDir, int depth) throws IOException {
        if (depth > MAX_REF_DEPTH || ref.isEmpty() || ref.contains("..")) {
            return Optional.empty();
        }
        for (Path dir : gitDir.equals(commonDir) ? List.of(gitDir) : List.of(gitDir, commonDir)) {
            Path loose = dir.resolve(ref);
            if (Files.isRegularFile(loose)) {
                String value = firstLine(loose);
                if (value.startsWith(REF_PREFIX)) {
                    return resolve(value.substring(REF_PREFIX.length()).strip(), gitDir, commonDir, depth + 1);
                }
                return OBJECT_ID.matcher(value).matches() ? Optional.of(value) : Optional.empty();
            }
        }
        return packed(ref, commonDir.resolve("packed-refs"));
    }

    /** packed-refs: "# pack-refs with: …" header, "&lt;id&gt; &lt;ref&gt;" lines, "^&lt;id&gt;" peeled-tag lines. */
    private static Optional<String> packed(String ref, Path packedRefs) throws IOException {
        if (!Files.isRegularFile(packedRefs)) {
            return Optional.empty();
        }
        for (String line : Files.readAllLines(packedRefs, StandardCharsets.UTF_8)) {
            int space = line.indexOf(' ');
            if (space > 0
                    && !line.startsWith("#")
                    && !line.startsWith("^")
                    && line.substring(space + 1).equals(ref)) {
                String id = line.substring(0, space);
                return OBJECT_ID.matcher(id).matches() ? Optional.of(id) : Optional.empty();
            }
        }
        return Optional.empty();
    }

    private static String firstLine(Path file) throws IOException {
        try (var lines = Files.lines(file, StandardCharsets.UTF_8)) {
            return lines.findFirst().orElse("").strip();
        }
    }
}
