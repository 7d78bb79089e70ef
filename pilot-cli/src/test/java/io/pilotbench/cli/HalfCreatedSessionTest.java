package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A session cut off while it was being created (a full disk, a kill): its session.json is written, its tables are
 * not, or are empty. It is a session with zero rounds: pilot run --resume and pilot experiment resume go on from it
 * (they used to refuse it, with exit 2, until the directory was deleted by hand); a missing table beside one that
 * holds rows is still refused, so that nothing recorded is lost.
 */
@EnabledOnOs(OS.LINUX)
class HalfCreatedSessionTest {
    private static final List<String> TABLES = List.of("rounds.csv", "readings.csv", "unit_readings.csv");

    @TempDir
    Path tmp;

    /** What a session directory holds when the disk filled up right after its session.json was written. */
    private static void cutOffAtCreation(Path session, boolean emptyTables) throws IOException {
        for (String t : TABLES) {
            if (emptyTables) {
                Files.writeString(session.resolve(t), "");
            } else {
                Files.delete(session.resolve(t));
            }
        }
        Files.deleteIfExists(session.resolve("result.json"));
        Path json = session.resolve("session.json");
        Files.writeString(
                json,
                Files.readString(json)
                        .replaceAll("\"ended\" : \"[^\"]*\"", "\"ended\" : null")
                        .replaceAll("\"stopReason\" : \"[^\"]*\"", "\"stopReason\" : null"));
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aHalfCreatedSessionResumesAsOneWithZeroRounds(boolean emptyTables) throws IOException {
        Path dir = tmp.resolve("s");
        CliRun first =
                CliRun.run("run", "--progress", "never", "--max-rounds", "1", "-o", dir.toString(), "--", "true");
        assertThat(first.code()).as(first.err()).isIn(ExitCode.LIMIT.code(), ExitCode.OK.code());
        cutOffAtCreation(dir, emptyTables);
        CliRun more = CliRun.run("run", "--progress", "never", "--resume", dir.toString(), "--max-rounds", "3");
        assertThat(more.code())
                .as(more.out() + more.err())
                .isIn(ExitCode.LIMIT.code(), ExitCode.NO_STEADY_STATE.code());
        assertThat(Files.readAllLines(dir.resolve("rounds.csv")))
                .as("a header and the three rounds run now")
                .hasSize(4);
        assertThat(more.out()).contains("rounds    3 recorded");
    }

    @Test
    void aMissingTableBesideRecordedRoundsIsStillRefused() throws IOException {
        Path dir = tmp.resolve("s");
        CliRun first =
                CliRun.run("run", "--progress", "never", "--max-rounds", "2", "-o", dir.toString(), "--", "true");
        assertThat(first.code()).as(first.err()).isIn(ExitCode.LIMIT.code(), ExitCode.OK.code());
        List<String> readings = Files.readAllLines(dir.resolve("readings.csv"));
        Files.delete(dir.resolve("rounds.csv"));
        CliRun more = CliRun.run("run", "--progress", "never", "--resume", dir.toString(), "--max-rounds", "3");
        assertThat(more.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(more.err())
                .contains("rounds.csv: missing from the session directory")
                .hasLineCount(1);
        assertThat(Files.readAllLines(dir.resolve("readings.csv")))
                .as("nothing recorded is lost")
                .isEqualTo(readings);
    }

    @Test
    void anExperimentJobWithAHalfCreatedSessionResumes() throws IOException {
        Path pkg = Files.createDirectories(tmp.resolve("packages/p"));
        Files.writeString(pkg.resolve("run.sh"), "true\n");
        Files.writeString(pkg.resolve("collect.sh"), "echo n 1\n");
        Path file = Files.writeString(tmp.resolve("exp.yaml"), """
                seed: 3
                replications: 1
                packages: {p: packages/p}
                precision: {max-rounds: 3}
                factors: {aslr: 100%}
                """);
        Path dir = tmp.resolve("out");
        CliRun run = CliRun.run("experiment", "run", "-o", dir.toString(), file.toString());
        assertThat(run.code()).as(run.out() + run.err()).isZero();
        // the last job as if the disk filled up while its session was created: no row, session.json alone
        Path results = dir.resolve("results.csv");
        List<String> rows = Files.readAllLines(results);
        assertThat(rows).hasSize(3);
        String job = rows.get(2).split(",", 2)[0];
        Files.write(results, rows.subList(0, 2));
        cutOffAtCreation(dir.resolve("jobs").resolve(job).resolve("session"), false);
        CliRun resume = CliRun.run("experiment", "resume", dir.toString());
        assertThat(resume.code()).as(resume.out() + resume.err()).isZero();
        List<String> now = Files.readAllLines(results);
        assertThat(now).hasSize(3);
        assertThat(now.get(2)).startsWith(job + ",");
        assertThat(Files.readAllLines(dir.resolve("jobs").resolve(job).resolve("session/rounds.csv")))
                .hasSize(4);
    }
}
