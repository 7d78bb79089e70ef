package io.pilotbench.experiment;

import io.pilotbench.core.files.Privileges;
import io.pilotbench.core.model.InputException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.GroupPrincipal;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.UserPrincipal;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Applies a job's {@link JobLimits} to each of its commands, as a prefix of words (Linux):
 * <ol>
 *   <li>memory: the job's own memory cgroup ({@link MemoryCgroups}: v1, {@code memory.limit_in_bytes} and, where
 *       swap is accounted, {@code memory.memsw.limit_in_bytes}), which every command enters first, so the cap holds
 *       for all of the job's processes together and the kernel's OOM killer ends the job's largest, not the worker;
 *       where no memory cgroup can be made (not root, or a cgroup v2 host, where a process may not make children of
 *       the cgroup it is in), {@code prlimit --as} caps each process's address space instead, and
 *       {@link #memoryMethod()} says so;</li>
 *   <li>time: {@code timeout -s KILL} with what is left of the job's time around setup.sh, the probe and
 *       collect.sh (without a time cap, {@link JobLimits#SETUP_ALLOWANCE} each, so a hung script always ends);
 *       the session itself is bounded by the same deadline through its max-time;</li>
 *   <li>user: {@code setpriv --reuid --regid --init-groups} (root only), after the job's work directory (its copy
 *       of the package, where its scripts run) was given to that user: the job writes there and nowhere else of the
 *       worker's. The job's directory, the experiment directory and what Pilot records in them (the session,
 *       results.csv, plan.csv, the logs) stay the worker's, in directories the job's user can enter but not write,
 *       so a job can neither replace its session nor add a row;</li>
 *   <li>processes (when asked): each command first leaves its pid in {@code pids/} of the job's directory (an empty
 *       file named by the pid, made as the worker's user before the switch), so that what is left of the job is
 *       killed when it ends, and a worker restarted after a SIGKILL can kill what its lost job left running
 *       ({@link #killRecorded}).</li>
 * </ol>
 * The commands of a Pilot round also run in a process group of their own (the launcher's), which a time limit kills
 * whole. Written by hand: no library confines a child process from Java.
 */
final class JobConfinement implements AutoCloseable {
    /** The directory of a job's pid records, in the job's directory. */
    static final String PIDS = "pids";
    /** The logs the link wrapper writes as the job's user, in the job's directory. */
    static final List<String> JOB_LOGS = List.of("link-order.log", "symbol-names.log");

    private final JobLimits limits;
    private final Path jobDir;
    private final List<String> asUser = new ArrayList<>();
    private final Path cgroup;
    private final long deadline;
    private final Path pids;

    private JobConfinement(JobLimits limits, Path jobDir, Path cgroup, Path pids) {
        this.limits = limits;
        this.jobDir = jobDir;
        this.cgroup = cgroup;
        this.pids = pids;
        this.deadline = limits.time() == null
                ? Long.MAX_VALUE
                : System.nanoTime() + limits.time().toNanos();
    }

    /**
     * Confines the job in {@code jobDir} of the experiment directory {@code dir}: gives its work directory
     * {@code work} (and nothing else) to the job's user and checks that user can write it, and makes the job's
     * memory cgroup.
     *
     * @param recordPids whether each command leaves its pid in the job's {@code pids/} (see the class comment)
     * @throws InputException when the user does not exist, cannot be switched to, or cannot reach {@code work}
     */
    static JobConfinement open(JobLimits limits, Path dir, Path jobDir, Path work, boolean recordPids)
            throws IOException {
        Path cgroup = null;
        if (limits.memoryBytes() > 0) {
            cgroup = MemoryCgroups.make(jobDir, limits.memoryBytes());
        }
        Path pids = null;
        if (recordPids) {
            pids = jobDir.resolve(PIDS);
            killRecorded(pids);
            Files.createDirectories(pids);
        }
        JobConfinement c = new JobConfinement(limits, jobDir, cgroup, pids);
        try {
            if (limits.user() != null && !limits.user().equals(currentUser())) {
                c.switchUser(dir, work);
            }
            if (!limits.equals(JobLimits.NONE)) {
                c.record("user " + (limits.user() == null ? currentUser() : limits.user()) + "\nmemory cap "
                        + (limits.memoryBytes() == 0 ? "none" : limits.memoryBytes() + " bytes, " + c.memoryMethod())
                        + "\ntime cap "
                        + (limits.time() == null ? "none" : limits.time().toSeconds() + " s") + "\n");
            }
        } catch (IOException | RuntimeException e) {
            c.close();
            throw e;
        }
        return c;
    }

    /** How the memory cap is applied: "memory cgroup" (all processes together), "rlimit" (per process), "none". */
    String memoryMethod() {
        return limits.memoryBytes() == 0
                ? "none"
                : cgroup != null ? "memory cgroup" : "rlimit (per process: no memory cgroup could be made)";
    }

    /**
     * The words before a command of the job.
     *
     * @param timed whether to bound it by what is left of the job's time ({@code timeout}); the session is bounded
     *              by its max-time instead ({@link #remaining()})
     */
    List<String> prefix(boolean timed) {
        List<String> words = new ArrayList<>();
        if (cgroup != null && pids != null) {
            words.addAll(List.of(
                    "sh",
                    "-c",
                    "echo $$ > \"$0\" && : > \"$1/$$\" && shift && exec \"$@\"",
                    cgroup.resolve("cgroup.procs").toString(),
                    pids.toString()));
        } else if (cgroup != null) {
            words.addAll(List.of(
                    "sh",
                    "-c",
                    "echo $$ > \"$0\" && exec \"$@\"",
                    cgroup.resolve("cgroup.procs").toString()));
        } else if (pids != null) {
            words.addAll(List.of("sh", "-c", ": > \"$0/$$\" && exec \"$@\"", pids.toString()));
        }
        if (cgroup == null && limits.memoryBytes() > 0) {
            words.addAll(List.of("prlimit", "--as=" + limits.memoryBytes()));
        }
        if (timed) {
            long millis = deadline == Long.MAX_VALUE
                    ? JobLimits.SETUP_ALLOWANCE.toMillis()
                    : Math.max(1, remaining().toMillis());
            words.addAll(
                    List.of("timeout", "-s", "KILL", String.format(java.util.Locale.ROOT, "%.3fs", millis / 1000.0)));
        }
        words.addAll(asUser);
        return words;
    }

    /** What is left of the job's time, or null without a time cap. */
    Duration remaining() {
        return deadline == Long.MAX_VALUE ? null : Duration.ofNanos(Math.max(0, deadline - System.nanoTime()));
    }

    /** Whether the job's time is up (within the 0.1 s a kill takes to be seen). */
    boolean expired() {
        return deadline != Long.MAX_VALUE && System.nanoTime() >= deadline - 100_000_000L;
    }

    /** The cap's message for a command that the time or memory cap may have ended, or null. */
    String capNote(int exitCode) {
        if (expired()) {
            return "the job's time cap (" + limits.time().toSeconds() + " s) was reached";
        }
        if (exitCode == 137 && limits.memoryBytes() > 0) {
            return "killed: possibly by the job's memory cap (" + limits.memoryBytes() + " bytes)";
        }
        return null;
    }

    /** See {@link JobLimits#check}. */
    static void check(JobLimits limits, Path dir) throws IOException {
        if (limits.user() == null || limits.user().equals(currentUser())) {
            return;
        }
        requireRoot(limits);
        List<String> probe = new ArrayList<>(setpriv(limits.user()));
        probe.addAll(List.of("sh", "-c", "test -x \"$0\"", dir.toAbsolutePath().toString()));
        if (run(probe) != 0) {
            throw new InputException(dir.toAbsolutePath() + ": user " + limits.user() + " cannot enter it (a parent "
                    + "directory is closed to it?); give a directory whose parents that user can enter (mode 755)");
        }
    }

    private static void requireRoot(JobLimits limits) {
        if (!Privileges.isRoot()) {
            throw new InputException("run jobs as " + limits.user() + ": switching user needs the worker to run as "
                    + "root; start it as root, or drop the option to run jobs as " + currentUser());
        }
    }

    private static List<String> setpriv(String user) throws IOException {
        return List.of("setpriv", "--reuid=" + id(user, "-u"), "--regid=" + id(user, "-g"), "--init-groups", "--");
    }

    private void switchUser(Path dir, Path work) throws IOException {
        requireRoot(limits);
        String group = id(limits.user(), "-gn");
        UserPrincipalLookupService users = dir.getFileSystem().getUserPrincipalLookupService();
        UserPrincipal owner = users.lookupPrincipalByName(limits.user());
        GroupPrincipal gp = users.lookupPrincipalByGroupName(group);
        // the job's user may enter and read the experiment (its scripts, the link wrapper), write nothing of it
        for (Path d : List.of(dir, dir.resolve("jobs"), jobDir)) {
            openUp(d);
        }
        for (String part : List.of("bin", "factors")) {
            if (Files.isDirectory(dir.resolve(part), LinkOption.NOFOLLOW_LINKS)) {
                try (Stream<Path> all = Files.walk(dir.resolve(part))) {
                    for (Path p : all.toList()) {
                        openUp(p);
                    }
                }
            }
        }
        // what it may write: its work directory, and the logs the link wrapper keeps for Pilot
        List<Path> given = new ArrayList<>();
        try (Stream<Path> all = Files.walk(work)) {
            given.addAll(all.toList());
        }
        for (String log : JOB_LOGS) {
            Path l = jobDir.resolve(log);
            Files.deleteIfExists(l);
            Files.createFile(l);
            given.add(l);
        }
        for (Path p : given) {
            PosixFileAttributeView v =
                    Files.getFileAttributeView(p, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS);
            v.setOwner(owner);
            v.setGroup(gp);
        }
        asUser.addAll(setpriv(limits.user()));
        List<String> probe = new ArrayList<>(asUser);
        probe.addAll(List.of(
                "sh",
                "-c",
                "test -w \"$0\" && test -x \"$0\"",
                work.toAbsolutePath().toString()));
        int code = run(probe);
        if (code != 0) {
            throw new InputException(jobDir.toAbsolutePath() + ": user " + limits.user() + " cannot write the job's "
                    + "work directory (a parent directory is closed to it?); give the worker a data directory whose "
                    + "parents that user can enter (mode 755)");
        }
    }

    /** Adds read for all to {@code p} (and enter, for a directory): no write. */
    private static void openUp(Path p) throws IOException {
        if (Files.isSymbolicLink(p)) {
            return;
        }
        java.util.Set<java.nio.file.attribute.PosixFilePermission> perms =
                new java.util.HashSet<>(Files.getPosixFilePermissions(p, LinkOption.NOFOLLOW_LINKS));
        perms.add(java.nio.file.attribute.PosixFilePermission.GROUP_READ);
        perms.add(java.nio.file.attribute.PosixFilePermission.OTHERS_READ);
        if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
            perms.add(java.nio.file.attribute.PosixFilePermission.GROUP_EXECUTE);
            perms.add(java.nio.file.attribute.PosixFilePermission.OTHERS_EXECUTE);
        }
        perms.remove(java.nio.file.attribute.PosixFilePermission.GROUP_WRITE);
        perms.remove(java.nio.file.attribute.PosixFilePermission.OTHERS_WRITE);
        Files.setPosixFilePermissions(p, perms);
    }

    /**
     * Kills what is left of the processes recorded in {@code pids} (a directory of empty files named by pid), each
     * with the process group it leads and its descendants, and removes the records. A record whose process started
     * more than 5 s away from the record's time is of a process that ended, its pid now another's: left alone.
     *
     * @return how many recorded processes were still running
     */
    static int killRecorded(Path pids) throws IOException {
        if (!Files.isDirectory(pids, LinkOption.NOFOLLOW_LINKS)) {
            return 0;
        }
        int killed = 0;
        List<Path> records;
        try (Stream<Path> all = Files.list(pids)) {
            records = all.toList();
        }
        for (Path r : records) {
            String name = r.getFileName().toString();
            if (name.matches("[0-9]{1,9}")) {
                long pid = Long.parseLong(name);
                java.time.Instant made =
                        Files.getLastModifiedTime(r, LinkOption.NOFOLLOW_LINKS).toInstant();
                ProcessHandle h = ProcessHandle.of(pid).orElse(null);
                java.time.Instant started =
                        h == null ? null : h.info().startInstant().orElse(null);
                if (h != null
                        && h.isAlive()
                        && started != null
                        && pid != ProcessHandle.current().pid()
                        && Duration.between(started, made).abs().compareTo(Duration.ofSeconds(5)) < 0) {
                    List<ProcessHandle> below = h.descendants().toList();
                    run(List.of("kill", "-KILL", "--", "-" + pid)); // the group it leads: a round of run.sh
                    h.destroyForcibly();
                    below.forEach(ProcessHandle::destroyForcibly);
                    killed++;
                }
            }
            Files.deleteIfExists(r);
        }
        return killed;
    }

    private static String id(String user, String option) throws IOException {
        Process p =
                new ProcessBuilder("id", option, user).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        try {
            if (p.waitFor() != 0) {
                throw new InputException("run jobs as " + user + ": no such user on this machine (" + out + "); "
                        + "create it (useradd --system " + user + ") or name another");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
        return out;
    }

    private static int run(List<String> words) throws IOException {
        try {
            return new ProcessBuilder(words)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start()
                    .waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    static String currentUser() {
        return System.getProperty("user.name");
    }

    private void record(String text) throws IOException {
        Files.createDirectories(jobDir);
        Files.writeString(
                jobDir.resolve("limits.txt"),
                text,
                StandardCharsets.UTF_8,
                java.nio.file.StandardOpenOption.CREATE,
                java.nio.file.StandardOpenOption.APPEND);
    }

    /**
     * Records the job's peak memory and how many of its processes the kernel killed at the cap (memory.oom_control's
     * oom_kill, where the kernel reports it), ends what is left in its cgroup, removes it.
     */
    @Override
    public void close() throws IOException {
        if (pids != null) {
            killRecorded(pids);
            Files.deleteIfExists(pids);
        }
        if (cgroup == null || !Files.isDirectory(cgroup)) {
            return;
        }
        try {
            record(MemoryCgroups.usage(cgroup));
        } finally {
            MemoryCgroups.killAndRemove(cgroup);
        }
    }
}
