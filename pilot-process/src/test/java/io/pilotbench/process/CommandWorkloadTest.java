package io.pilotbench.process;

import static org.assertj.core.api.Assertions.assertThat;

import io.pilotbench.core.model.RoundResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rounds' directories: each round's {@code %RESULT_DIR%} is {@code <rounds>/<round>/}, holding only its two empty
 * output files when the command starts; a round that leaves it so hands it on to the next (renamed, so no directory or
 * file is made between such rounds); one that leaves anything keeps it.
 */
@EnabledOnOs(OS.LINUX)
class CommandWorkloadTest {
    @TempDir
    Path tmp;

    /**
     * The command logs, outside the rounds, its round, its directory's path, that directory's inode and what it holds;
     * {@code ACTION} is run after that (with the round number in {@code $PILOT_ROUND}).
     */
    private CommandWorkload workload(Path rounds, String action) {
        return workload(rounds, action, false);
    }

    private CommandWorkload workload(Path rounds, String action, boolean keepEveryRound) {
        Path log = tmp.resolve("log.txt");
        String script = "d=\"$PILOT_RESULT_DIR\"; "
                + "echo \"$PILOT_ROUND $d $(stat -c %i \"$d\") $(ls -A \"$d\" | tr '\\n' ' ')\""
                + " >> " + log + "; " + action;
        return CommandWorkload.builder(
                        CommandTemplate.of(List.of("sh", "-c", script), null), List.of(PiSpec.wallTime()), rounds)
                .keepEveryRound(keepEveryRound)
                .build();
    }

    /** Each logged line: round, path, inode, listing. */
    private List<String[]> log() throws Exception {
        return Files.readAllLines(tmp.resolve("log.txt")).stream()
                .map(l -> l.split(" ", 4))
                .toList();
    }

    private static List<String> names(Path dir) throws Exception {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void roundsThatLeaveNothingShareOneDirectoryRenamedAlong() throws Exception {
        Path rounds = tmp.resolve("rounds");
        CommandWorkload w = workload(rounds, "true");
        for (int r = 0; r < 5; r++) {
            RoundResult result = w.run(r, 0);
            assertThat(result.message()).isNull();
            assertThat(names(rounds)).containsExactly(Integer.toString(r)); // the last round's, nothing else
        }
        List<String[]> log = log();
        assertThat(log).hasSize(5);
        for (int r = 0; r < 5; r++) {
            assertThat(log.get(r)[1])
                    .isEqualTo(rounds.resolve(Integer.toString(r)).toString());
            assertThat(log.get(r)[3].strip()).as("what round " + r + " found").isEqualTo("stderr.txt stdout.txt");
            assertThat(log.get(r)[2]).as("inode of round " + r + "'s directory").isEqualTo(log.get(0)[2]);
        }
        w.tidyRounds();
        assertThat(names(rounds)).isEmpty();
    }

    /** With every round's output kept (--keep-output SIZE or all). */
    @Test
    void aRoundThatLeavesAFileOrOutputKeepsItsDirectory() throws Exception {
        Path rounds = tmp.resolve("rounds");
        // round 1 writes a file in its directory, round 3 prints; the others leave nothing
        CommandWorkload w = workload(
                rounds,
                "case $PILOT_ROUND in 1) echo x > \"$PILOT_RESULT_DIR/x.txt\";; " + "3) echo printed;; esac",
                true);
        for (int r = 0; r < 5; r++) {
            assertThat(w.run(r, 0).message()).isNull();
        }
        List<String[]> log = log();
        assertThat(log.get(1)[2]).as("round 1 got round 0's directory").isEqualTo(log.get(0)[2]);
        assertThat(log.get(2)[2])
                .as("round 2: a new directory, round 1's stays")
                .isNotEqualTo(log.get(1)[2]);
        assertThat(log.get(3)[2]).as("round 3 got round 2's").isEqualTo(log.get(2)[2]);
        assertThat(log.get(4)[2]).as("round 4: a new one, round 3's stays").isNotEqualTo(log.get(3)[2]);
        for (String[] line : log) {
            assertThat(line[3].strip()).isEqualTo("stderr.txt stdout.txt");
        }
        w.tidyRounds();
        assertThat(names(rounds)).containsExactly("1", "3");
        assertThat(names(rounds.resolve("1"))).containsExactly("x.txt");
        assertThat(names(rounds.resolve("3"))).containsExactly("stdout.txt");
        assertThat(Files.readString(rounds.resolve("3/stdout.txt"))).isEqualTo("printed\n");
    }

    /**
     * 30 s of {@code gzip -1 -c} made a 17 MB session of 1,384 round directories: by default only the latest
     * successful round's output and the failed rounds' are kept, as hyperfine discards output; files a command
     * writes in its directory are its results and stay.
     */
    @Test
    void byDefaultOnlyTheLatestAndTheFailedRoundsOutputIsKept() throws Exception {
        Path rounds = tmp.resolve("rounds");
        Path script = tmp.resolve("print.sh");
        Files.writeString(
                script,
                "echo \"round $PILOT_ROUND\"; echo \"noise $PILOT_ROUND\" >&2\n"
                        + "[ \"$PILOT_ROUND\" = 3 ] && echo kept > \"$PILOT_RESULT_DIR/result.txt\"\n"
                        + "[ \"$PILOT_ROUND\" != 5 ]\n");
        CommandWorkload w = CommandWorkload.builder(
                        CommandTemplate.of(List.of("sh", script.toString()), null), List.of(PiSpec.wallTime()), rounds)
                .build();
        for (int r = 0; r < 10; r++) {
            RoundResult result = w.run(r, 0);
            assertThat(result.failed()).as("round " + r).isEqualTo(r == 5);
        }
        w.tidyRounds();
        assertThat(names(rounds)).containsExactly("3", "5", "9");
        assertThat(names(rounds.resolve("3")))
                .as("what the command wrote stays")
                .containsExactly("result.txt");
        assertThat(Files.readString(rounds.resolve("5/stdout.txt"))).isEqualTo("round 5\n");
        assertThat(Files.readString(rounds.resolve("5/stderr.txt"))).isEqualTo("noise 5\n");
        assertThat(Files.readString(rounds.resolve("9/stdout.txt"))).isEqualTo("round 9\n");
    }

    /** With no output kept, a round that printed leaves its directory as it found it, and hands it on. */
    @Test
    void withNoOutputKeptARoundThatPrintedHandsItsDirectoryOn() throws Exception {
        Path rounds = tmp.resolve("rounds");
        Path log = tmp.resolve("log.txt");
        String script =
                "echo \"$PILOT_ROUND $(stat -c %i \"$PILOT_RESULT_DIR\")\" >> " + log + "; echo out; echo err >&2";
        CommandWorkload w = CommandWorkload.builder(
                        CommandTemplate.of(List.of("sh", "-c", script), null), List.of(PiSpec.wallTime()), rounds)
                .keepOutputBytes(0)
                .build();
        for (int r = 0; r < 3; r++) {
            assertThat(w.run(r, 0).message()).isNull();
        }
        List<String> inodes =
                Files.readAllLines(log).stream().map(l -> l.split(" ")[1]).toList();
        assertThat(inodes).hasSize(3).containsOnly(inodes.get(0));
        w.tidyRounds();
        assertThat(names(rounds)).isEmpty();
    }

    /** A resumed session: the cut-off round's directory is there, with its output; the round runs in it again. */
    @Test
    void aCutOffRoundsDirectoryIsUsedAgainAndTheHandedOnOneTidied() throws Exception {
        Path rounds = tmp.resolve("rounds");
        Files.createDirectories(rounds.resolve("2"));
        Files.writeString(rounds.resolve("2/stdout.txt"), "from the killed run\n");
        CommandWorkload w = workload(rounds, "true");
        for (int r = 0; r < 3; r++) {
            assertThat(w.run(r, 0).message()).isNull();
        }
        List<String[]> log = log();
        assertThat(log.get(2)[1]).isEqualTo(rounds.resolve("2").toString());
        assertThat(log.get(2)[2])
                .as("round 2 ran in the cut-off round's directory")
                .isNotEqualTo(log.get(1)[2]);
        assertThat(log.get(2)[3].strip()).isEqualTo("stderr.txt stdout.txt");
        assertThat(Files.readString(rounds.resolve("2/stdout.txt")))
                .as("truncated for the new round")
                .isEmpty();
        assertThat(names(rounds))
                .as("round 1's, which could not be handed on, waits for the tidy")
                .containsExactly("1", "2");
        assertThat(w.run(3, 0).message()).isNull();
        assertThat(log().get(3)[2]).as("round 3 got round 2's directory").isEqualTo(log.get(2)[2]);
        w.tidyRounds();
        assertThat(names(rounds)).isEmpty();
    }

    /** The variables and the placeholder name the same directory. */
    @Test
    void thePlaceholderAndTheVariableNameTheRoundsDirectory() throws Exception {
        Path rounds = tmp.resolve("rounds");
        Path log = tmp.resolve("dirs.txt");
        CommandWorkload w = CommandWorkload.builder(
                        CommandTemplate.of(
                                List.of(
                                        "sh",
                                        "-c",
                                        "echo \"$0 $PILOT_RESULT_DIR\" >> " + log,
                                        CommandTemplate.RESULT_DIR),
                                null),
                        List.of(PiSpec.wallTime()),
                        rounds)
                .env(Map.of("EXTRA", "1"))
                .build();
        for (int r = 0; r < 3; r++) {
            w.run(r, 0);
        }
        List<String> lines = Files.readAllLines(log);
        for (int r = 0; r < 3; r++) {
            String dir = rounds.resolve(Integer.toString(r)).toString();
            assertThat(lines.get(r)).isEqualTo(dir + " " + dir);
        }
    }
}
