package io.pilotbench.mill;

import io.pilotbench.experiment.ExperimentRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

/**
 * A worker's data directory and who may reach what in it: {@code experiments/} (the package cache, one directory per
 * experiment) and {@code jobs/} (one directory per job). With {@code --run-as}, a job's commands run as another user,
 * who must pass through the data and jobs directories to its own job's directory and see nothing else: they may be
 * entered but not listed, the cache is the worker's alone, and every job directory but the running one is closed.
 * Before this, a job could read the packages of other users' private experiments in the cache, and every earlier
 * job's files (docs/mill.md, "Workers").
 */
final class WorkerDirectories {
    private WorkerDirectories() {}

    /** Sets the modes above on {@code data}; returns its jobs directory. */
    static Path confine(Path data) throws IOException {
        Path jobs = Files.createDirectories(data.resolve("jobs"));
        Path cache = Files.createDirectories(data.resolve("experiments"));
        for (Path d : List.of(data, jobs)) {
            Files.setPosixFilePermissions(d, PosixFilePermissions.fromString("rwx--x--x"));
        }
        Files.setPosixFilePermissions(cache, PosixFilePermissions.fromString("rwx------"));
        try (var all = Files.list(jobs)) {
            for (Path j : all.toList()) {
                close(j);
            }
        }
        return jobs;
    }

    /** Makes a job's directory the worker's alone (it is opened to the job's user again if the job runs again). */
    static void close(Path jobDir) throws IOException {
        if (Files.isDirectory(jobDir, LinkOption.NOFOLLOW_LINKS)) {
            Files.setPosixFilePermissions(jobDir, PosixFilePermissions.fromString("rwx------"));
        }
    }

    /** Kills what the jobs in {@code data} left running; returns how many processes. */
    static int killLeftovers(Path data) throws IOException {
        Path jobs = data.resolve("jobs");
        if (!Files.isDirectory(jobs)) {
            return 0;
        }
        int n = 0;
        try (var all = Files.list(jobs)) {
            for (Path j : all.toList()) {
                n += ExperimentRunner.killLeftovers(j);
            }
        }
        return n;
    }
}
