package io.pilotbench.mill.testing;

import io.pilotbench.core.files.Privileges;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A real single-node Slurm for tests, from Debian's packages (slurm-wlm, munge): munged with a key of its own,
 * slurmctld and slurmd, all in the foreground as children of the test JVM, configured by a generated slurm.conf in a
 * temporary directory (ports chosen free, state and spool in the directory, the node being this host with the CPUs and
 * memory {@code slurmd -C} finds). Slurm's commands reach it through {@link #env()} ({@code SLURM_CONF}); nothing of
 * the machine's own Slurm or munge configuration is read or changed.
 *
 * <p>It needs root (slurmd starts jobs as their submitter, and munged's key must be private) and the binaries:
 * {@link #unavailable()} says why not, for {@code Assumptions}. {@link #close()} cancels the jobs left and stops the
 * three daemons it started (by their process handles).
 */
public final class SlurmCluster implements AutoCloseable {
    private static final List<String> BINARIES = List.of(
            "/usr/sbin/munged",
            "/usr/sbin/slurmctld",
            "/usr/sbin/slurmd",
            "/usr/bin/sbatch",
            "/usr/bin/squeue",
            "/usr/bin/sinfo",
            "/usr/bin/scontrol",
            "/usr/bin/scancel");

    private final Path dir;
    private final String node;
    private final Map<String, String> env;
    private final List<Process> daemons = new ArrayList<>();

    private SlurmCluster(Path dir, String node) {
        this.dir = dir;
        this.node = node;
        this.env = Map.of("SLURM_CONF", dir.resolve("slurm.conf").toString());
    }

    /** Why no cluster can start here (not root, a binary missing), or null when it can. */
    public static String unavailable() {
        if (!Privileges.isRoot()) {
            return "the Slurm tests start slurmd and munged, which need root";
        }
        for (String b : BINARIES) {
            if (!Files.isExecutable(Path.of(b))) {
                return b + " is missing (apt-get install slurm-wlm munge)";
            }
        }
        return null;
    }

    /** Starts a cluster in {@code dir} (a new temporary directory) and waits until its node is idle. */
    public static SlurmCluster start(Path dir) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx--x--x"));
        String probe = output(List.of("/usr/sbin/slurmd", "-C"), Map.of())
                .lines()
                .filter(l -> l.startsWith("NodeName="))
                .findFirst()
                .orElseThrow(() -> new IOException("slurmd -C printed no NodeName line"));
        Map<String, String> hw = new LinkedHashMap<>();
        for (String w : probe.split("\\s+")) {
            int eq = w.indexOf('=');
            if (eq > 0) {
                hw.put(w.substring(0, eq), w.substring(eq + 1));
            }
        }
        String node = hw.get("NodeName");
        SlurmCluster c = new SlurmCluster(dir, node);
        try {
            c.boot(hw);
        } catch (IOException | InterruptedException | RuntimeException e) {
            c.close();
            throw e;
        }
        return c;
    }

    private void boot(Map<String, String> hw) throws IOException, InterruptedException {
        Path munge = dir.resolve("munge");
        Files.createDirectories(munge);
        Files.setPosixFilePermissions(munge, PosixFilePermissions.fromString("rwx--x--x"));
        Path key = munge.resolve("munge.key");
        byte[] bytes = new byte[1024];
        new SecureRandom().nextBytes(bytes);
        Files.write(key, bytes);
        Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("r--------"));
        Path socket = munge.resolve("munge.socket");
        daemons.add(daemon(
                List.of(
                        "/usr/sbin/munged",
                        "--foreground",
                        "--force",
                        "--key-file=" + key,
                        "--socket=" + socket,
                        "--pid-file=" + munge.resolve("munged.pid"),
                        "--log-file=" + munge.resolve("munged.log"),
                        "--seed-file=" + munge.resolve("munged.seed")),
                munge.resolve("munged.out")));
        waitFor(() -> Files.exists(socket), Duration.ofSeconds(10), "munged's socket");
        int ctld;
        int slurmd;
        try (ServerSocket a = new ServerSocket(0);
                ServerSocket b = new ServerSocket(0)) {
            ctld = a.getLocalPort();
            slurmd = b.getLocalPort();
        }
        Files.createDirectories(dir.resolve("state"));
        Files.createDirectories(dir.resolve("spool"));
        String conf = String.join(
                "\n",
                "# generated by the pilot tests (SlurmCluster): one node, this host",
                "ClusterName=pilottest",
                "SlurmctldHost=" + node,
                "SlurmctldPort=" + ctld,
                "SlurmdPort=" + slurmd,
                "AuthType=auth/munge",
                "AuthInfo=socket=" + socket,
                "CredType=cred/munge",
                "StateSaveLocation=" + dir.resolve("state"),
                "SlurmdSpoolDir=" + dir.resolve("spool"),
                "SlurmctldPidFile=" + dir.resolve("slurmctld.pid"),
                "SlurmdPidFile=" + dir.resolve("slurmd.pid"),
                "SlurmctldLogFile=" + dir.resolve("slurmctld.log"),
                "SlurmdLogFile=" + dir.resolve("slurmd.log"),
                "SlurmUser=root",
                "SlurmdUser=root",
                "ProctrackType=proctrack/linuxproc",
                "TaskPlugin=task/none",
                "SelectType=select/cons_tres",
                "SelectTypeParameters=CR_Core_Memory",
                "ReturnToService=2",
                "MpiDefault=none",
                "JobAcctGatherType=jobacct_gather/none",
                "AccountingStorageType=accounting_storage/none",
                // the next job starts as soon as the last one ends: tests do not wait for the periodic scheduler
                "SchedulerParameters=sched_min_interval=100000",
                "MinJobAge=300",
                "NodeName=" + node + " CPUs=" + hw.get("CPUs") + " Boards=" + hw.getOrDefault("Boards", "1")
                        + " SocketsPerBoard=" + hw.getOrDefault("SocketsPerBoard", "1") + " CoresPerSocket="
                        + hw.getOrDefault("CoresPerSocket", hw.get("CPUs")) + " ThreadsPerCore="
                        + hw.getOrDefault("ThreadsPerCore", "1") + " RealMemory=" + hw.get("RealMemory")
                        + " Feature=pilottest State=UNKNOWN",
                "PartitionName=pilot Nodes=ALL Default=YES MaxTime=INFINITE State=UP",
                "");
        Files.writeString(dir.resolve("slurm.conf"), conf, StandardCharsets.UTF_8);
        daemons.add(daemon(
                List.of(
                        "/usr/sbin/slurmctld",
                        "-D",
                        "-c",
                        "-f",
                        dir.resolve("slurm.conf").toString()),
                dir.resolve("slurmctld.out")));
        daemons.add(daemon(
                List.of(
                        "/usr/sbin/slurmd",
                        "-D",
                        "-N",
                        node,
                        "-f",
                        dir.resolve("slurm.conf").toString()),
                dir.resolve("slurmd.out")));
        waitFor(
                () -> {
                    String s = output(List.of("sinfo", "--noheader", "--format=%T", "--nodes=" + node), env)
                            .strip();
                    return s.equals("idle");
                },
                Duration.ofSeconds(30),
                "the node to be idle in sinfo (see " + dir + "/slurmctld.log)");
    }

    /** The environment Slurm's commands need to reach this cluster. */
    public Map<String, String> env() {
        return env;
    }

    /** The node's name (this host's). */
    public String node() {
        return node;
    }

    /** The cluster's directory (configuration, logs, state). */
    public Path dir() {
        return dir;
    }

    /** Runs a Slurm command against this cluster and returns its standard output. */
    public String command(String... words) throws IOException, InterruptedException {
        return output(List.of(words), env);
    }

    @Override
    public void close() throws IOException, InterruptedException {
        if (daemons.size() == 3) {
            output(List.of("scancel", "--me"), env);
            waitFor(
                    () -> output(List.of("squeue", "--me", "--noheader"), env).isBlank(),
                    Duration.ofSeconds(15),
                    "the jobs to leave the queue");
        }
        for (int i = daemons.size() - 1; i >= 0; i--) {
            Process p = daemons.get(i);
            p.destroy();
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                p.waitFor(5, TimeUnit.SECONDS);
            }
        }
        daemons.clear();
    }

    private static Process daemon(List<String> cmd, Path log) throws IOException {
        return new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
    }

    interface Condition {
        boolean holds() throws IOException, InterruptedException;
    }

    static void waitFor(Condition c, Duration limit, String what) throws IOException, InterruptedException {
        long end = System.nanoTime() + limit.toNanos();
        while (!c.holds()) {
            if (System.nanoTime() > end) {
                throw new IOException("waited " + limit.toSeconds() + " s for " + what);
            }
            Thread.sleep(100);
        }
    }

    static String output(List<String> cmd, Map<String, String> env) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor();
        return out;
    }
}
