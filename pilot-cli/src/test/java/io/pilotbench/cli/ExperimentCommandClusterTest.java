package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * pilot experiment run --backend and run-job, in process. The back-ends themselves are tested in pilot-mill against
 * a real Slurm and fabric8's API-server mock; here, the command line: what a cluster job runs, and that every bad
 * option or unreachable cluster is one line and exit code 2.
 */
class ExperimentCommandClusterTest {
    @TempDir
    Path tmp;

    private Path file;

    @BeforeEach
    void experiment() throws IOException {
        Path pkg = tmp.resolve("packages/echo");
        Files.createDirectories(pkg);
        Files.writeString(pkg.resolve("run.sh"), "#!/bin/sh\necho \"$LEVEL\" > level.txt\n");
        Files.writeString(pkg.resolve("collect.sh"), "#!/bin/sh\necho \"seen $(cat level.txt)\"\n");
        Files.createDirectories(tmp.resolve("factors"));
        Files.writeString(tmp.resolve("factors/level.sh"), "#!/bin/sh\nLEVEL=$1\nexport LEVEL\nshift\nexec \"$@\"\n");
        file = tmp.resolve("e.yaml");
        Files.writeString(
                file,
                String.join(
                        "\n",
                        "name: e",
                        "seed: 1",
                        "replications: 1",
                        "packages:",
                        "  echo: packages/echo",
                        "metrics: [seen]",
                        "precision: {ci-width: 50%, max-rounds: 2}",
                        "factors:",
                        "  level: {script: factors/level.sh, levels: [\"1\", \"2\"]}",
                        ""));
    }

    @Test
    void runJobRunsOneJobIntoItsDirectoryPrintsItsRowAndDoesNotRunItTwice() throws IOException {
        Path job = tmp.resolve("0002.job.csv");
        Files.writeString(job, "job,worker,replication,level\n0002,slurm,1,2\n");
        Path dir = tmp.resolve("jobs/0002");
        CliRun r = CliRun.run(
                "experiment",
                "run-job",
                "--file",
                file.toString(),
                "--job",
                job.toString(),
                "--dir",
                dir.toString(),
                "--print-row");
        assertThat(r.code()).as(r.err()).isZero();
        String line = r.out()
                .lines()
                .filter(l -> l.startsWith("pilot-row: "))
                .findFirst()
                .orElseThrow();
        String csv =
                new String(Base64.getDecoder().decode(line.substring("pilot-row: ".length())), StandardCharsets.UTF_8);
        assertThat(csv)
                .startsWith("job,worker,replication,package,level,level.observed,time,")
                .contains("\n0002,slurm,1,echo,2,");
        assertThat(csv.lines().skip(1).findFirst().orElseThrow()).contains(",2.0,"); // collect.sh's seen
        String table = Files.readString(dir.resolve("results.csv"));
        long rounds = Files.list(dir.resolve("jobs/0002/session/rounds")).count();
        CliRun again = CliRun.run(
                "experiment",
                "run-job",
                "--file",
                file.toString(),
                "--job",
                job.toString(),
                "--dir",
                dir.toString(),
                "--print-row");
        assertThat(again.code()).isZero();
        assertThat(again.out()).contains(line);
        assertThat(Files.readString(dir.resolve("results.csv"))).isEqualTo(table);
        assertThat(Files.list(dir.resolve("jobs/0002/session/rounds")).count()).isEqualTo(rounds);
    }

    @Test
    void aJobFileOfAnotherExperimentIsOneLineAndExitCode2() throws IOException {
        Path job = tmp.resolve("bad.job.csv");
        Files.writeString(job, "job,worker,replication,opt\n0001,slurm,1,-O2\n");
        CliRun r = CliRun.run(
                "experiment",
                "run-job",
                "--file",
                file.toString(),
                "--job",
                job.toString(),
                "--dir",
                tmp.resolve("j").toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip())
                .startsWith("pilot: " + job + ": factor 'opt' is not in the experiment file")
                .doesNotContain("\n")
                .doesNotContain("Exception");
    }

    @Test
    void badBackendOptionsAreOneLineAndExitCode2() {
        String out = tmp.resolve("o").toString();
        for (String[] args : new String[][] {
            {"--backend", "pbs"},
            {"--partition", "debug"},
            {"--backend", "slurm", "--image", "x:1"},
            {"--backend", "kubernetes", "--partition", "debug", "--image", "x:1"},
            {"--backend", "kubernetes"},
            {"--backend", "slurm", "--max-attempts", "0"},
            {"--backend", "slurm", "--poll", "soon"}
        }) {
            String[] all = java.util.stream.Stream.concat(
                            java.util.stream.Stream.of("experiment", "run", file.toString(), "-o", out),
                            java.util.Arrays.stream(args))
                    .toArray(String[]::new);
            CliRun r = CliRun.run(all);
            assertThat(r.code()).as(String.join(" ", args) + ": " + r.err()).isEqualTo(2);
            assertThat(r.err().strip())
                    .as(String.join(" ", args))
                    .startsWith("pilot: ")
                    .doesNotContain("\n")
                    .doesNotContain("Exception");
        }
        assertThat(tmp.resolve("o")).doesNotExist();
    }

    @Test
    void anUnreachableKubernetesApiServerIsOneLineAndExitCode2() {
        // fabric8 reads its configuration from these properties before kubeconfig; nothing listens on port 9
        String[][] props = {
            {"kubernetes.master", "http://127.0.0.1:9"},
            {"kubernetes.auth.tryKubeConfig", "false"},
            {"kubernetes.auth.tryServiceAccount", "false"},
            {"kubernetes.request.retry.backoffLimit", "0"}
        };
        try {
            for (String[] p : props) {
                System.setProperty(p[0], p[1]);
            }
            CliRun r = CliRun.run(
                    "experiment",
                    "run",
                    file.toString(),
                    "-o",
                    tmp.resolve("k").toString(),
                    "--backend",
                    "kubernetes",
                    "--image",
                    "registry.example/pilot:1",
                    "--namespace",
                    "bench");
            assertThat(r.code()).as(r.err()).isEqualTo(2);
            assertThat(r.err().strip())
                    .startsWith("pilot: kubernetes: cannot list the nodes in namespace bench (")
                    .doesNotContain("\n");
            assertThat(tmp.resolve("k")).doesNotExist();
        } finally {
            for (String[] p : props) {
                System.clearProperty(p[0]);
            }
        }
    }
}
