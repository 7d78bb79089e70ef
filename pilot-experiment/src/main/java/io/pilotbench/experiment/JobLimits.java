package io.pilotbench.experiment;

import io.pilotbench.core.files.Privileges;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;

/**
 * What a job may use, for a worker that runs other people's experiments (a mill worker, DataMill's §4.2): the
 * account its commands run as, a memory cap over all of its processes, and a wall-clock cap over the whole job
 * (setup, probe, session, collect). {@link ExperimentRunner#runJob(ExperimentSpec, Job, java.nio.file.Path,
 * JobLimits, java.io.PrintWriter)} applies them with {@link JobConfinement}.
 *
 * @param user        the account the job's commands run as (through {@code setpriv}, which needs root), or null
 *                    for this process's own
 * @param memoryBytes the cap on the job's processes together (a memory cgroup), 0 for none
 * @param time        the cap on the job's wall time, or null for none beyond the experiment's {@code max-time}
 */
public record JobLimits(String user, long memoryBytes, Duration time) {
    /** No limits: the job runs as this process's user, with the experiment's own max-time. */
    public static final JobLimits NONE = new JobLimits(null, 0, null);

    public JobLimits {
        if (memoryBytes < 0) {
            throw new IllegalArgumentException("memory cap must be >= 0, got " + memoryBytes);
        }
        if (time != null && (time.isNegative() || time.isZero())) {
            throw new IllegalArgumentException("time cap must be positive, got " + time);
        }
        if (user != null && !user.matches("[A-Za-z0-9_][A-Za-z0-9_.-]{0,31}")) {
            throw new IllegalArgumentException("not a user name: " + user);
        }
    }

    /** A job's time cap beyond its experiment's max-time, for setup.sh, the probe and collect.sh. */
    public static final Duration SETUP_ALLOWANCE = Duration.ofMinutes(10);

    /**
     * A job's time cap when none is given, on every back-end: the experiment's max-time plus
     * {@link #SETUP_ALLOWANCE}; without a max-time, none (then setup.sh, the probe and collect.sh are each capped at
     * {@link #SETUP_ALLOWANCE}, {@link JobConfinement}).
     */
    public static Duration defaultTime(ExperimentSpec spec) {
        Duration max = spec.precision().maxTime();
        return max == null ? null : max.plus(SETUP_ALLOWANCE);
    }

    /** These limits with {@code time} as the time cap. */
    public JobLimits withTime(Duration value) {
        return new JobLimits(user, memoryBytes, value);
    }

    /**
     * Checks, before any job, that the limits can be applied here: the user exists, can be switched to (root), and
     * can enter {@code dir}, where the job directories will be made.
     *
     * @throws io.pilotbench.core.model.InputException saying what is wrong and how to fix it
     */
    public void check(Path dir) throws IOException {
        JobConfinement.check(this, dir);
    }

    /** How a memory cap would be applied on this machine: "memory cgroup" or "rlimit per process". */
    public static String memoryMethod() {
        try {
            return Privileges.isRoot() && MemoryCgroups.own() != null ? "memory cgroup" : "rlimit per process";
        } catch (IOException e) {
            return "rlimit per process";
        }
    }
}
