package io.pilotbench.experiment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The memory cgroups (v1) of jobs, which hold a job's processes to its memory cap together: this process's own
 * cgroup, found from mountinfo and /proc/self/cgroup; a job's, made under it with the cap; those of workers that are
 * gone, swept; and a job's usage read and the cgroup ended and removed when the job is over. Kept apart from
 * {@link JobConfinement}, which puts the job's commands into the cgroup: this is the kernel's file interface.
 */
final class MemoryCgroups {
    private static final Path MOUNTINFO = Path.of("/proc/self/mountinfo");
    private static final Path CGROUP = Path.of("/proc/self/cgroup");

    private MemoryCgroups() {}

    /**
     * A memory cgroup (v1) for the job under this process's own, with the cap; null where none can be made (no v1
     * memory hierarchy, or no right to write it).
     */
    static Path make(Path jobDir, long bytes) {
        try {
            Path base = own();
            if (base == null) {
                return null;
            }
            sweep(base);
            Path cg = base.resolve("pilot-" + ProcessHandle.current().pid() + "-job-" + jobDir.getFileName());
            if (Files.isDirectory(cg)) {
                killAndRemove(cg);
            }
            Files.createDirectory(cg);
            Files.writeString(cg.resolve("memory.limit_in_bytes"), Long.toString(bytes));
            Path memsw = cg.resolve("memory.memsw.limit_in_bytes");
            if (Files.exists(memsw)) {
                Files.writeString(memsw, Long.toString(bytes));
            }
            return cg;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * Removes the job cgroups of workers that are gone (killed with SIGKILL, they could not remove their own), with
     * whatever of their jobs still runs: that job was lost with its worker, and its lease goes to another.
     */
    private static void sweep(Path base) throws IOException {
        try (Stream<Path> children = Files.list(base)) {
            for (Path c : children.toList()) {
                var m = java.util.regex.Pattern.compile("pilot-(\\d+)-job-.*")
                        .matcher(c.getFileName().toString());
                if (m.matches()
                        && Files.isDirectory(c)
                        && ProcessHandle.of(Long.parseLong(m.group(1)))
                                .map(h -> !h.isAlive())
                                .orElse(true)) {
                    try {
                        killAndRemove(c);
                    } catch (IOException e) {
                        // another worker sweeping at the same moment, or still busy: the next job tries again
                    }
                }
            }
        }
    }

    /** This process's cgroup in the v1 memory hierarchy, from mountinfo and /proc/self/cgroup; null if none. */
    static Path own() throws IOException {
        if (!Files.isReadable(MOUNTINFO) || !Files.isReadable(CGROUP)) {
            return null;
        }
        Path mount = null;
        String mountRoot = null;
        for (String line : Files.readAllLines(MOUNTINFO)) {
            String[] halves = line.split(" - ", 2);
            String[] left = halves[0].split(" ");
            String[] right = halves.length == 2 ? halves[1].split(" ") : new String[0];
            if (right.length >= 3
                    && right[0].equals("cgroup")
                    && List.of(right[2].split(",")).contains("memory")) {
                mountRoot = left[3];
                mount = Path.of(left[4]);
            }
        }
        if (mount == null) {
            return null;
        }
        for (String line : Files.readAllLines(CGROUP)) {
            String[] f = line.split(":", 3);
            if (f.length == 3 && List.of(f[1].split(",")).contains("memory")) {
                String path = f[2];
                if (!mountRoot.equals("/") && path.startsWith(mountRoot)) {
                    path = path.substring(mountRoot.length());
                }
                Path own = mount.resolve(path.replaceFirst("^/+", ""));
                return Files.isDirectory(own) ? own : null;
            }
        }
        return null;
    }

    /** Kills the processes in {@code cg} (a few tries while they exit) and removes it. */
    static void killAndRemove(Path cg) throws IOException {
        for (int attempt = 0; attempt < 50; attempt++) {
            List<String> pids = Files.readAllLines(cg.resolve("cgroup.procs"));
            if (pids.isEmpty()) {
                break;
            }
            for (String pid : pids) {
                ProcessHandle.of(Long.parseLong(pid.strip())).ifPresent(ProcessHandle::destroyForcibly);
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        Files.delete(cg); // rmdir: the kernel's files inside go with it
    }

    /**
     * What the job in {@code cg} used: its peak memory and how many of its processes the kernel killed at the cap
     * (memory.oom_control's oom_kill, where the kernel reports it), as lines of the job's limits.txt.
     */
    static String usage(Path cg) throws IOException {
        String oom = "unknown";
        for (String line : Files.readAllLines(cg.resolve("memory.oom_control"))) {
            if (line.startsWith("oom_kill ")) {
                oom = line.substring("oom_kill ".length()).strip();
            }
        }
        return "memory peak "
                + Files.readString(cg.resolve("memory.max_usage_in_bytes")).strip()
                + " bytes\nprocesses killed at the cap " + oom + "\n";
    }
}
