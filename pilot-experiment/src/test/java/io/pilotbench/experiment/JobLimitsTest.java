package io.pilotbench.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pilotbench.core.files.Privileges;
import io.pilotbench.core.model.InputException;
import io.pilotbench.testing.Circumstances;
import io.pilotbench.testing.SystemTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A worker's limits on the jobs it runs for others ({@link JobLimits}), with real processes: the user (root only:
 * setpriv), the memory cap (a real memory cgroup where this process may make one, root on a cgroup v1 host) and the
 * time cap.
 */
@SystemTest
class JobLimitsTest {
    @TempDir
    Path tmp;

    @BeforeEach
    void openToOtherUsers() throws IOException {
        // JUnit makes its temporary directory 700; a job run as another user must be able to enter it
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private ExperimentSpec experiment(String run, String collect, String setup) throws IOException {
        Path p = Files.createDirectories(tmp.resolve("src/packages/p"));
        Files.writeString(p.resolve("run.sh"), run);
        Files.writeString(p.resolve("collect.sh"), collect);
        if (setup != null) {
            Files.writeString(p.resolve("setup.sh"), setup);
        }
        return ExperimentFile.read(Files.writeString(tmp.resolve("src/exp.yaml"), """
                seed: 3
                packages: {p: packages/p}
                metrics: [uid]
                precision: {max-rounds: 3}
                factors:
                  env-padding: {levels: [0]}
                """));
    }

    private Map<String, String> run(ExperimentSpec spec, String dir, JobLimits limits) throws IOException {
        Job job = ExperimentPlan.of(spec, List.of(Worker.local()), false).jobs().get(0);
        return ExperimentRunner.runJob(spec, job, tmp.resolve(dir), limits, null);
    }

    private static boolean userExists(String name) {
        try {
            return new ProcessBuilder("id", name).start().waitFor() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    @Test
    void theJobsCommandsRunAsTheGivenUserAndItsResultsStayTheWorkers() throws IOException {
        Circumstances.assumeTrue(Privileges.isRoot() && userExists("nobody"), "needs root and the user nobody");
        String uid = new String(new ProcessBuilder("id", "-u", "nobody")
                        .start()
                        .getInputStream()
                        .readAllBytes())
                .strip();
        // every round fails unless it runs as nobody, after setup.sh wrote into the job's copy of the package as
        // nobody (a build would)
        ExperimentSpec spec = experiment(
                "test \"$(id -u)\" = " + uid + " && test \"$(cat built.txt)\" = " + uid + " || exit 3\n",
                "echo uid $(id -u)\n",
                "id -u > built.txt\n");
        Map<String, String> row = run(spec, "job", new JobLimits("nobody", 0, null));
        assertThat(row.get("error")).isEmpty();
        assertThat(row.get("uid")).isEqualTo(uid + ".0");
        assertThat(row.get("rounds")).isEqualTo("3");
        Path jobDir = tmp.resolve("job/jobs").resolve(row.get("job"));
        assertThat(Files.readString(jobDir.resolve("limits.txt"))).startsWith("user nobody\n");
        // what Pilot recorded was written by the worker, not by the job: the job cannot rewrite its own results
        assertThat(Files.getOwner(jobDir.resolve("session/rounds.csv")).getName())
                .isEqualTo("root");
        // the job built in its own copy, not in the experiment's (which stays as shipped)
        assertThat(tmp.resolve("job/packages/p/built.txt")).doesNotExist();
    }

    @Test
    void aJobOverItsMemoryCapIsKilledAndOneUnderItRuns() throws IOException, InterruptedException {
        Circumstances.assumeTrue(
                Privileges.isRoot() && MemoryCgroups.own() != null, "needs root and a v1 memory cgroup");
        // the cgroup of a worker killed with SIGKILL (here: of a process that has ended) is swept by the next job
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Path stale = Files.createDirectory(MemoryCgroups.own().resolve("pilot-" + gone.pid() + "-job-0009"));
        // tail -n 1 keeps a line without newline whole: 300 MB
        ExperimentSpec spec = experiment("head -c 300000000 /dev/zero | tail -n 1 > /dev/null\n", "echo uid 0\n", null);
        Map<String, String> capped = run(spec, "capped", new JobLimits(null, 64L << 20, null));
        assertThat(capped.get("error")).contains("no successful round").contains("memory cap");
        String limits = Files.readString(
                tmp.resolve("capped/jobs").resolve(capped.get("job")).resolve("limits.txt"));
        assertThat(limits).contains("memory cap 67108864 bytes, memory cgroup");
        assertThat(limits).containsPattern("processes killed at the cap [1-9]");

        Map<String, String> roomy = run(spec, "roomy", new JobLimits(null, 1L << 30, null));
        assertThat(roomy.get("error")).isEmpty();
        String peak = Files.readString(
                tmp.resolve("roomy/jobs").resolve(roomy.get("job")).resolve("limits.txt"));
        long bytes = Long.parseLong(peak.replaceAll("(?s).*memory peak (\\d+) bytes.*", "$1"));
        assertThat(bytes).as("the cgroup saw the job's 300 MB").isGreaterThan(250_000_000L);
        assertThat(stale).as("a dead worker's cgroup is removed").doesNotExist();
        String mine = "pilot-" + ProcessHandle.current().pid() + "-";
        try (var s = Files.list(MemoryCgroups.own())) {
            assertThat(s.map(p -> p.getFileName().toString()))
                    .as("the jobs' cgroups are removed")
                    .noneMatch(n -> n.startsWith(mine));
        }
    }

    @Test
    void theTimeCapEndsAHungSetupAndAHungSession() throws IOException {
        ExperimentSpec hungSetup = experiment("true\n", "echo uid 0\n", "sleep 60\n");
        long start = System.nanoTime();
        Map<String, String> row = run(hungSetup, "setup", new JobLimits(null, 0, Duration.ofSeconds(2)));
        assertThat(row.get("error")).startsWith("setup.sh exited with 137").contains("time cap (2 s)");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(20));

        ExperimentSpec hungRun = experiment("sleep 60\n", "echo uid 0\n", null);
        Files.delete(tmp.resolve("src/packages/p/setup.sh"));
        start = System.nanoTime();
        row = run(hungRun, "session", new JobLimits(null, 0, Duration.ofSeconds(2)));
        assertThat(row.get("error")).contains("time cap (2 s) was reached in run.sh's session");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(20));
    }

    @Test
    void anUnknownUserIsOneLine() throws IOException {
        Circumstances.assumeTrue(
                Privileges.isRoot(), "as another user, switching is refused before the name is looked up");
        ExperimentSpec spec = experiment("true\n", "echo uid 0\n", null);
        assertThatThrownBy(() -> run(spec, "job", new JobLimits("no-such-user-x", 0, null)))
                .isInstanceOf(InputException.class)
                .hasMessageContaining("no such user");
    }
}
