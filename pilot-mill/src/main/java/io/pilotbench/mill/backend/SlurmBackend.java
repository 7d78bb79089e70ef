package io.pilotbench.mill.backend;

import io.pilotbench.core.model.InputException;
import io.pilotbench.experiment.Worker;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Slurm through its commands: {@code sbatch} submits, {@code squeue} tracks, {@code sacct} (or, without accounting,
 * {@code scontrol show job} and the job's exit file) says how a job ended, {@code scancel} cancels, and
 * {@code scontrol show node} lists the nodes. The commands read the cluster's configuration as usual; the
 * environment given here is added to theirs ({@code SLURM_CONF} points them at another cluster).
 *
 * <p>Each job is a batch script in {@code DIR/cluster/} that execs the launcher (the driver's own java and
 * class path, or {@code --pilot CMD}) with {@code experiment run-job}, submitted as
 * <pre>
 *   sbatch --parsable --exclusive --job-name=NAME --output=DIR/cluster/NNNN-aK.out [--partition=P]
 *          [--time=M] [--nodelist=NODE] [--mincpus=C] [--mem=MB] [--constraint=FEATURES] SCRIPT
 * </pre>
 * {@code --exclusive}: a job has its node to itself, as a benchmark must. The job directory is on the file system
 * the driver sees, so the nodes must share it (as Slurm clusters share home or scratch directories); the job writes
 * its row there and the driver reads it.
 *
 * <p>Without slurmdbd, {@code sacct} answers "accounting storage is disabled", and a job that left {@code squeue}
 * is known only to {@code scontrol} for MinJobAge (300 s by default) and to its exit file, which the script
 * writes when the launcher returns. A job absent from all three is {@link State#LOST}.
 */
public final class SlurmBackend implements ExecutionBackend {
    private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(60);

    private final List<String> launcher;
    private final String partition;
    private final Map<String, String> env;
    /** How the jobs that left the queue ended, by id, as {@link #poll} found out (for {@link #why}). */
    private final Map<String, String> whys = new java.util.concurrent.ConcurrentHashMap<>();

    private SlurmBackend(List<String> launcher, String partition, Map<String, String> env) {
        this.launcher = List.copyOf(launcher);
        this.partition = partition;
        this.env = Map.copyOf(env);
    }

    /**
     * A back-end for the cluster the Slurm commands reach.
     *
     * @param launcher  the command that runs pilot on a node (its words; {@code experiment run-job ...} is appended)
     * @param partition the partition to submit to, or null for the cluster's default
     * @param env       added to the commands' environment (e.g. {@code SLURM_CONF}); also exported to the jobs by
     *                  sbatch, as Slurm does with the submitter's environment
     */
    public static SlurmBackend create(List<String> launcher, String partition, Map<String, String> env) {
        if (launcher.isEmpty()) {
            throw new IllegalArgumentException("the pilot launcher command is empty");
        }
        // a SLURM_CONF naming no file makes every Slurm command wait about a minute on DNS before it fails
        String conf = env.containsKey("SLURM_CONF") ? env.get("SLURM_CONF") : System.getenv("SLURM_CONF");
        if (conf != null && !conf.isEmpty() && !Files.isRegularFile(Path.of(conf))) {
            throw new InputException("slurm: SLURM_CONF is " + conf + ", which is not a file; point it at the "
                    + "cluster's slurm.conf, or unset it");
        }
        return new SlurmBackend(launcher, partition, env);
    }

    @Override
    public String name() {
        return "slurm";
    }

    @Override
    public List<Worker> inventory() throws IOException {
        Result r = run(List.of("scontrol", "show", "node", "--oneliner"));
        if (r.code != 0) {
            throw unreachable("scontrol show node", r);
        }
        List<Worker> workers = new ArrayList<>();
        for (String line : r.out.split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            Worker w = node(line);
            Map<String, String> a = w.attributes();
            String state = a.getOrDefault("state", "").toUpperCase(Locale.ROOT);
            if (state.contains("DOWN")
                    || state.contains("DRAIN")
                    || state.contains("FAIL")
                    || state.contains("NOT_RESPONDING")) {
                continue;
            }
            if (partition != null
                    && !List.of(a.getOrDefault("partitions", "").split(",")).contains(partition)) {
                continue;
            }
            workers.add(w);
        }
        if (workers.isEmpty()) {
            throw new InputException("slurm: no node is up" + (partition == null ? "" : " in partition " + partition)
                    + " (scontrol show node lists none that is not down or drained); check sinfo");
        }
        return workers;
    }

    /** A node of {@code scontrol show node --oneliner}, as a worker. */
    static Worker node(String line) {
        Map<String, String> kv = new LinkedHashMap<>();
        for (String word : line.strip().split("\\s+")) {
            int eq = word.indexOf('=');
            if (eq > 0) {
                kv.put(word.substring(0, eq), word.substring(eq + 1));
            }
        }
        Map<String, String> a = new LinkedHashMap<>();
        put(a, "arch", kv.get("Arch"));
        put(a, "cores", kv.get("CPUTot"));
        String mem = kv.get("RealMemory");
        if (mem != null && mem.matches("\\d+")) {
            a.put("memory", Long.toString(Long.parseLong(mem) * 1024 * 1024));
        }
        String os = kv.get("OS");
        put(a, "os", os == null ? null : os.toLowerCase(Locale.ROOT));
        String features = kv.get("AvailableFeatures");
        put(a, "features", features == null || features.equals("(null)") ? "" : features);
        put(a, "host", kv.get("NodeHostName"));
        put(a, "state", kv.get("State"));
        put(a, "partitions", kv.get("Partitions"));
        return new Worker(kv.getOrDefault("NodeName", "?"), a);
    }

    private static void put(Map<String, String> a, String k, String v) {
        if (v != null) {
            a.put(k, v);
        }
    }

    @Override
    public String submit(ClusterJob job) throws IOException {
        Path dir = job.clusterDir();
        Files.createDirectories(dir);
        String stem = job.job().id() + "-a" + job.attempt();
        Path jobFile = dir.resolve(job.job().id() + ".job.csv");
        Files.writeString(jobFile, job.jobCsv(), StandardCharsets.UTF_8);
        Path exit = exitFile(job);
        Files.deleteIfExists(exit);
        Path script = dir.resolve(stem + ".sh");
        StringBuilder s = new StringBuilder(
                "#!/bin/sh\n# pilot experiment job " + job.job().id() + ", attempt " + job.attempt()
                        + " (written by pilot experiment run --backend slurm)\n");
        List<String> words = new ArrayList<>(launcher);
        words.addAll(List.of(
                "experiment",
                "run-job",
                "--experiment",
                job.experimentDir().toString(),
                "--job",
                jobFile.toString(),
                "--dir",
                job.jobDir().toString()));
        s.append(shell(words)).append('\n');
        s.append("code=$?\necho $code > ")
                .append(shell(List.of(exit.toString())))
                .append("\nexit $code\n");
        Files.writeString(script, s.toString(), StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        List<String> cmd = new ArrayList<>(List.of(
                "sbatch",
                "--parsable",
                "--exclusive",
                "--job-name=" + job.name(),
                "--output=" + dir.resolve(stem + ".out"),
                "--chdir=" + job.experimentDir()));
        cmd.addAll(options(job, partition));
        cmd.add(script.toString());
        Result r = run(cmd);
        if (r.code != 0) {
            String msg = lastLine(r.err);
            if (msg.contains("Invalid feature")
                    || msg.contains("Requested node configuration is not available")
                    || msg.contains("Invalid partition")) {
                throw new InputException(
                        "slurm: sbatch refused job " + job.job().id() + ": " + msg + "; check the "
                                + "experiment's constraints and --partition against sinfo");
            }
            throw unreachable("sbatch", r);
        }
        String id = r.out.strip().split(";")[0];
        if (!id.matches("\\d+(_\\d+)?")) {
            throw new IOException("sbatch printed no job id (" + r.out.strip() + ")");
        }
        return id;
    }

    /** sbatch's options for a job's node: partition, time, node, and the constraints Slurm can check itself. */
    static List<String> options(ClusterJob job, String partition) {
        List<String> o = new ArrayList<>();
        if (partition != null) {
            o.add("--partition=" + partition);
        }
        if (job.timeLimit() != null) {
            long minutes = Math.max(1, (job.timeLimit().toSeconds() + 59) / 60);
            o.add("--time=" + minutes);
        }
        if (job.node() != null) {
            o.add("--nodelist=" + job.node());
        }
        String cores = job.constraints().get("cores");
        if (cores != null) {
            o.add("--mincpus="
                    + (long)
                            Math.ceil(Double.parseDouble(cores.replace(">=", "").strip())));
        }
        String memory = job.constraints().get("memory");
        if (memory != null) {
            o.add("--mem=" + (long) Math.ceil(bytes(memory) / (1024.0 * 1024.0)) + "M");
        }
        String features = job.constraints().get("features");
        if (features != null && !features.isBlank()) {
            o.add("--constraint=" + String.join("&", features.strip().split("\\s*[,&]\\s*")));
        }
        return o;
    }

    static double bytes(String s) {
        String t = s.strip()
                .toUpperCase(Locale.ROOT)
                .replace(">=", "")
                .replace("IB", "")
                .replace("B", "")
                .strip();
        double mult = 1;
        if (!t.isEmpty() && "KMGT".indexOf(t.charAt(t.length() - 1)) >= 0) {
            mult = Math.pow(1024, "KMGT".indexOf(t.charAt(t.length() - 1)) + 1);
            t = t.substring(0, t.length() - 1).strip();
        }
        return Double.parseDouble(t) * mult;
    }

    @Override
    public Map<String, State> poll(Map<String, ClusterJob> jobs) throws IOException {
        Map<String, State> states = new LinkedHashMap<>();
        if (jobs.isEmpty()) {
            return states;
        }
        Map<String, String> queued = queue();
        List<String> gone = new ArrayList<>();
        for (String id : jobs.keySet()) {
            String st = queued.get(id);
            if (st == null) {
                gone.add(id);
            } else {
                states.put(
                        id,
                        switch (st) {
                            case "RUNNING", "COMPLETING", "STAGE_OUT" -> State.RUNNING;
                            case "COMPLETED" -> State.DONE;
                            case "PENDING",
                                    "CONFIGURING",
                                    "REQUEUED",
                                    "REQUEUE_HOLD",
                                    "REQUEUE_FED",
                                    "SUSPENDED",
                                    "RESIZING",
                                    "SIGNALING",
                                    "STOPPED" -> State.PENDING;
                            default -> State.FAILED; // CANCELLED, FAILED, TIMEOUT, NODE_FAIL, PREEMPTED, BOOT_FAIL, ...
                        });
            }
        }
        for (String id : gone) {
            states.put(id, ended(id, jobs.get(id)));
        }
        return states;
    }

    /** squeue's jobs of this user: id → state. */
    private Map<String, String> queue() throws IOException {
        Result r = run(List.of("squeue", "--me", "--noheader", "--format=%i|%T|%j"));
        if (r.code != 0) {
            throw unreachable("squeue", r);
        }
        Map<String, String> m = new LinkedHashMap<>();
        for (String line : r.out.split("\n")) {
            String[] p = line.strip().split("\\|", 3);
            if (p.length == 3) {
                m.put(p[0], p[1]);
            }
        }
        return m;
    }

    /**
     * How a job that left the queue ended: sacct, else scontrol (which forgets a job MinJobAge after it ended), else
     * the exit file its script writes when the launcher returns (none: the script was killed, or never ran), else
     * lost.
     */
    private State ended(String id, ClusterJob job) throws IOException {
        String state = endState(id);
        if (state == null && job != null) {
            Path exit = exitFile(job);
            if (Files.isRegularFile(exit)) {
                String code = Files.readString(exit).strip();
                state = code.equals("0") ? "COMPLETED" : "FAILED (exit file: " + code + ")";
            }
        }
        if (state == null) {
            return State.LOST;
        }
        whys.put(id, state);
        return state.startsWith("COMPLETED") ? State.DONE : State.FAILED;
    }

    static Path exitFile(ClusterJob job) {
        return job.clusterDir().resolve(job.job().id() + "-a" + job.attempt() + ".exit");
    }

    /** The end state word Slurm gives ({@code COMPLETED}, {@code CANCELLED}, ...), or null when none knows. */
    private String endState(String id) throws IOException {
        Result r = run(
                List.of("sacct", "--noheader", "--parsable2", "--allocations", "--jobs=" + id, "--format=JobID,State"));
        if (r.code == 0) {
            for (String line : r.out.split("\n")) {
                String[] p = line.strip().split("\\|");
                if (p.length == 2 && p[0].equals(id)) {
                    return p[1].split(" ")[0];
                }
            }
        }
        // no accounting (sacct: "Slurm accounting storage is disabled"): scontrol keeps ended jobs for MinJobAge
        Result s = run(List.of("scontrol", "show", "job", "--oneliner", id));
        if (s.code == 0) {
            for (String word : s.out.split("\\s+")) {
                if (word.startsWith("JobState=")) {
                    return word.substring("JobState=".length());
                }
            }
        }
        return null;
    }

    @Override
    public String why(String id) throws IOException {
        String s = whys.get(id);
        return s == null ? "not known to squeue, sacct or scontrol, and no exit file" : s;
    }

    @Override
    public Map<String, String> collect(ClusterJob job, String id) throws IOException {
        return JobRunner.rowFromDir(job.jobDir(), job.job().id());
    }

    @Override
    public void cancel(String id) throws IOException {
        Result r = run(List.of("scancel", id));
        if (r.code != 0 && !r.err.contains("Invalid job id")) {
            throw unreachable("scancel", r);
        }
    }

    @Override
    public Map<String, String> active(String prefix) throws IOException {
        Result r = run(List.of("squeue", "--me", "--noheader", "--format=%i|%T|%j"));
        if (r.code != 0) {
            throw unreachable("squeue", r);
        }
        Map<String, String> m = new LinkedHashMap<>();
        for (String line : r.out.split("\n")) {
            String[] p = line.strip().split("\\|", 3);
            if (p.length == 3 && p[2].startsWith(prefix)) {
                m.put(p[2], p[0]);
            }
        }
        return m;
    }

    private record Result(int code, String out, String err) {}

    private Result run(List<String> cmd) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().putAll(env);
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new InputException("slurm: cannot run " + cmd.get(0) + " (" + e.getMessage() + "); install "
                    + "Slurm's client commands (Debian: slurm-client) or run pilot on a node of the cluster");
        }
        CompletableFuture<String> out = read(p.getInputStream());
        CompletableFuture<String> err = read(p.getErrorStream());
        try {
            if (!p.waitFor(COMMAND_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new InputException("slurm: " + cmd.get(0) + " did not answer in " + COMMAND_TIMEOUT.toSeconds()
                        + " s; is slurmctld up (scontrol ping)?");
            }
            return new Result(p.exitValue(), out.join(), err.join());
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while running " + cmd.get(0));
        }
    }

    private static CompletableFuture<String> read(InputStream in) {
        return CompletableFuture.supplyAsync(() -> {
            try (in) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                return "";
            }
        });
    }

    private static InputException unreachable(String what, Result r) {
        return new InputException("slurm: " + what + " failed (" + lastLine(r.err.isBlank() ? r.out : r.err)
                + "); is slurmctld up and the configuration found (SLURM_CONF, scontrol ping)?");
    }

    private static String lastLine(String s) {
        String[] lines = s.strip().split("\n");
        return lines[lines.length - 1].strip();
    }

    /** Words as one POSIX shell command line, each single-quoted. */
    static String shell(List<String> words) {
        StringBuilder b = new StringBuilder();
        for (String w : words) {
            if (b.length() > 0) {
                b.append(' ');
            }
            b.append('\'').append(w.replace("'", "'\\''")).append('\'');
        }
        return b.toString();
    }
}
