package io.pilotbench.core.env;

import static org.assertj.core.api.Assertions.assertThat;

import io.pilotbench.core.env.GitCommitReader.Head;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Repositories built by hand, file by file, in the layouts git writes (gitrepository-layout(5)). */
class GitCommitReaderTest {
    private static final String A = "0123456789abcdef0123456789abcdef01234567";
    private static final String B = "89abcdef0123456789abcdef0123456789abcdef";
    private static final String C = "fedcba9876543210fedcba9876543210fedcba98";
    private static final String SHA256 = "0123456789abcdef".repeat(4);

    @TempDir
    Path tmp;

    private static Path write(Path file, String content) throws IOException {
        Files.createDirectories(file.getParent());
        return Files.writeString(file, content);
    }

    @Test
    void branchFromALooseRefFoundFromASubdirectory() throws IOException {
        write(tmp.resolve("repo/.git/HEAD"), "ref: refs/heads/main\n");
        write(tmp.resolve("repo/.git/refs/heads/main"), A + "\n");
        Path deep = Files.createDirectories(tmp.resolve("repo/src/main/java"));

        assertThat(GitCommitReader.read(deep)).contains(new Head(A, "main"));
        assertThat(GitCommitReader.read(tmp.resolve("repo"))).contains(new Head(A, "main"));
    }

    @Test
    void branchFromPackedRefsSkippingHeaderPeeledLinesAndOtherRefs() throws IOException {
        write(tmp.resolve(".git/HEAD"), "ref: refs/heads/feature/x\n");
        write(tmp.resolve(".git/packed-refs"), """
                # pack-refs with: peeled fully-peeled sorted
                %s refs/heads/feature/xy
                %s refs/tags/v1
                ^%s
                %s refs/heads/feature/x
                """.formatted(B, C, A, A));

        assertThat(GitCommitReader.read(tmp)).contains(new Head(A, "feature/x"));
    }

    @Test
    void aLooseRefOverridesItsPackedLine() throws IOException {
        write(tmp.resolve(".git/HEAD"), "ref: refs/heads/main\n");
        write(tmp.resolve(".git/packed-refs"), B + " refs/heads/main\n");
        write(tmp.resolve(".git/refs/heads/main"), A + "\n");

        assertThat(GitCommitReader.read(tmp)).contains(new Head(A, "main"));
    }

    @Test
    void detachedHeadHasACommitAndNoBranch() throws IOException {
        write(tmp.resolve(".git/HEAD"), A + "\n");
        write(tmp.resolve(".git/refs/heads/main"), B + "\n");

        assertThat(GitCommitReader.read(tmp)).contains(new Head(A, null));
    }

    @Test
    void sha256RepositoriesHave64DigitIds() throws IOException {
        write(tmp.resolve(".git/HEAD"), "ref: refs/heads/main\n");
        write(tmp.resolve(".git/refs/heads/main"), SHA256 + "\n");

        assertThat(GitCommitReader.read(tmp)).contains(new Head(SHA256, "main"));
    }

    @Test
    void linkedWorktreeReadsItsOwnHeadAndTheSharedRefsOfItsCommondir() throws IOException {
        // git worktree add ../wt: the main repository keeps .git/worktrees/wt, the worktree a .git file
        write(tmp.resolve("repo/.git/HEAD"), "ref: refs/heads/main\n");
        write(tmp.resolve("repo/.git/refs/heads/main"), B + "\n");
        write(tmp.resolve("repo/.git/packed-refs"), A + " refs/heads/topic\n");
        Path admin = tmp.resolve("repo/.git/worktrees/wt");
        write(admin.resolve("HEAD"), "ref: refs/heads/topic\n");
        write(admin.resolve("commondir"), "../..\n");
        write(admin.resolve("gitdir"), tmp.resolve("wt/.git") + "\n");
        write(tmp.resolve("wt/.git"), "gitdir: " + admin + "\n");
        Path inside = Files.createDirectories(tmp.resolve("wt/module"));

        assertThat(GitCommitReader.read(inside)).contains(new Head(A, "topic"));
        assertThat(GitCommitReader.read(tmp.resolve("repo"))).contains(new Head(B, "main"));
    }

    @Test
    void linkedWorktreeFindsALooseSharedRef() throws IOException {
        write(tmp.resolve("repo/.git/refs/heads/topic"), C + "\n");
        write(tmp.resolve("repo/.git/worktrees/wt/HEAD"), "ref: refs/heads/topic\n");
        write(tmp.resolve("repo/.git/worktrees/wt/commondir"), "../..\n");
        write(
                tmp.resolve("wt/.git"),
                "gitdir: ../repo/.git/worktrees/wt\n"); // relative, as with worktree.useRelativePaths

        assertThat(GitCommitReader.read(tmp.resolve("wt"))).contains(new Head(C, "topic"));
    }

    @Test
    void submoduleGitFileWithoutCommondir() throws IOException {
        write(tmp.resolve("super/.git/HEAD"), "ref: refs/heads/main\n");
        write(tmp.resolve("super/.git/refs/heads/main"), A + "\n");
        write(tmp.resolve("super/.git/modules/lib/HEAD"), B + "\n");
        write(tmp.resolve("super/lib/.git"), "gitdir: ../.git/modules/lib\n");

        assertThat(GitCommitReader.read(tmp.resolve("super/lib"))).contains(new Head(B, null));
    }

    @Test
    void theNearestRepositoryWins() throws IOException {
        write(tmp.resolve(".git/HEAD"), A + "\n");
        write(tmp.resolve("vendored/.git/HEAD"), B + "\n");

        assertThat(GitCommitReader.read(tmp.resolve("vendored"))).contains(new Head(B, null));
    }

    @Test
    void aWorkingDirectoryThatDoesNotExistYetStillFindsItsRepository() throws IOException {
        write(tmp.resolve(".git/HEAD"), A + "\n");

        assertThat(GitCommitReader.read(tmp.resolve("not/created/yet"))).contains(new Head(A, null));
    }

    @Test
    void noRepositoryGivesNothing() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("plain/dir"));

        assertThat(GitCommitReader.read(dir)).isEmpty();
    }

    @Test
    void aBranchWithoutCommitsGivesNothing() throws IOException {
        write(tmp.resolve(".git/HEAD"), "ref: refs/heads/main\n"); // just after git init
        Files.createDirectories(tmp.resolve(".git/refs/heads"));

        assertThat(GitCommitReader.read(tmp)).isEmpty();
    }

    @Test
    void malformedFilesGiveNothing() throws IOException {
        write(tmp.resolve("a/.git/HEAD"), "not a head\n");
        write(tmp.resolve("b/.git/HEAD"), "ref: refs/heads/main\n");
        write(tmp.resolve("b/.git/refs/heads/main"), "0123\n");
        write(tmp.resolve("c/.git"), "this is not a gitdir line\n");
        write(tmp.resolve("d/.git"), "gitdir: ../nowhere\n");
        write(tmp.resolve("e/.git/HEAD"), "ref: ../../../outside\n");
        write(tmp.resolve("outside"), A + "\n");

        for (String dir : new String[] {"a", "b", "c", "d", "e"}) {
            assertThat(GitCommitReader.read(tmp.resolve(dir))).as(dir).isEmpty();
        }
    }
}
