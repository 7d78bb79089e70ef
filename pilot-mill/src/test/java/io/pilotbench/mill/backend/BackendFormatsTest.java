package io.pilotbench.mill.backend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pilotbench.core.model.InputException;
import io.pilotbench.experiment.ExperimentFile;
import io.pilotbench.experiment.ExperimentSpec;
import io.pilotbench.experiment.Job;
import io.pilotbench.experiment.Worker;
import io.pilotbench.mill.testing.TinyExperiment;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The formats the back-ends read and write, without a cluster. */
class BackendFormatsTest {
    @TempDir
    Path tmp;

    @Test
    void aJobFileRoundTripsAndAForeignOneIsRefused() throws Exception {
        ExperimentSpec spec = ExperimentFile.read(TinyExperiment.write(tmp, 1, "0"));
        Job job = new Job(12, "node-a", 3, Map.of("work", "4"));
        String csv = JobRunner.jobCsv(spec, job);
        assertThat(csv).isEqualTo("job,worker,replication,work\n0012,node-a,3,4\n");
        assertThat(JobRunner.readJob(spec, csv, "f")).isEqualTo(job);
        assertThatThrownBy(() -> JobRunner.readJob(spec, "job,worker\n1,a\n", "f.csv"))
                .isInstanceOf(InputException.class)
                .hasMessageStartingWith("f.csv: not a job file");
        assertThatThrownBy(() -> JobRunner.readJob(spec, "job,worker,replication,work\nx,a,1,4\n", "f.csv"))
                .isInstanceOf(InputException.class)
                .hasMessageContaining("must be whole numbers from 1");
    }

    @Test
    void aRowSurvivesTheLogWithCommasQuotesAndNewlinesAndADamagedLineIsIgnored() {
        Map<String, String> row = new LinkedHashMap<>();
        row.put("job", "0001");
        row.put("time", "0.25");
        row.put("error", "setup.sh said \"no\",\nthen exited 1");
        String log = "job 1/1: ...\n" + JobRunner.ROW_PREFIX + "!!!not base64\n" + JobRunner.rowLine(row) + "\n";
        assertThat(JobRunner.rowFromLog(log)).isEqualTo(row);
        assertThat(JobRunner.rowLine(row)).doesNotContain("\n");
        assertThat(JobRunner.rowFromLog("no row here\n")).isNull();
    }

    @Test
    void aSlurmNodeLineIsAWorker() {
        String line = "NodeName=vm Arch=x86_64 CoresPerSocket=2  CPUAlloc=0 CPUEfctv=2 CPUTot=2 CPULoad=0.70 "
                + "AvailableFeatures=avx2,ssd ActiveFeatures=avx2,ssd Gres=(null) NodeAddr=vm NodeHostName=vm "
                + "Version=22.05.8 OS=Linux 6.1.0 #1 SMP  RealMemory=24105 AllocMem=0 FreeMem=23459 Sockets=1 "
                + "State=IDLE ThreadsPerCore=1 Partitions=debug,bench";
        Worker w = SlurmBackend.node(line);
        assertThat(w.name()).isEqualTo("vm");
        assertThat(w.attributes())
                .containsEntry("arch", "x86_64")
                .containsEntry("cores", "2")
                .containsEntry("memory", Long.toString(24105L * 1024 * 1024))
                .containsEntry("os", "linux")
                .containsEntry("features", "avx2,ssd")
                .containsEntry("partitions", "debug,bench");
    }

    @Test
    void sbatchOptionsCarryTheTimeTheNodeAndTheConstraints() {
        Job job = new Job(1, "vm", 1, Map.of());
        ClusterJob t = new ClusterJob(
                "pilot-00000000-0001-a1",
                job,
                "",
                1,
                tmp,
                "vm",
                Duration.ofSeconds(610),
                Map.of("cores", "2", "memory", "1.5G", "features", "avx2, ssd"));
        assertThat(SlurmBackend.options(t, "bench"))
                .containsExactlyInAnyOrder(
                        "--partition=bench",
                        "--time=11",
                        "--nodelist=vm",
                        "--mincpus=2",
                        "--mem=1536M",
                        "--constraint=avx2&ssd");
        ClusterJob free = new ClusterJob(t.name(), job, "", 1, tmp, null, null, Map.of());
        assertThat(SlurmBackend.options(free, null)).isEmpty();
    }

    @Test
    void shellQuotingKeepsEveryWordWhole() throws Exception {
        List<String> words = List.of("printf", "[%s]", "it's", "a b", "$HOME", "\"q\"");
        Process p = new ProcessBuilder("sh", "-c", SlurmBackend.shell(words)).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor();
        assertThat(out).isEqualTo("[it's][a b][$HOME][\"q\"]");
    }

    @Test
    void aMissingConfigurationIsOneClearLineAtOnce() {
        Map<String, String> env =
                Map.of("SLURM_CONF", tmp.resolve("no-such.conf").toString());
        assertThatThrownBy(() -> SlurmBackend.create(List.of("pilot"), null, env))
                .isInstanceOf(InputException.class)
                .hasMessageStartingWith("slurm: SLURM_CONF is ")
                .hasMessageEndingWith("or unset it")
                .hasMessageNotContaining("\n");
    }
}
