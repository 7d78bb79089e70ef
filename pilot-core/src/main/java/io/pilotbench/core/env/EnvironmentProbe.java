package io.pilotbench.core.env;

import io.pilotbench.core.model.EnvironmentSnapshot;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Captures the {@link EnvironmentSnapshot} recorded with every benchmark session.
 *
 * <p>Sessions take their probe as a parameter: production code passes {@link #system()}, tests pass
 * {@link #fixed(EnvironmentSnapshot)} so their output is deterministic.
 */
public interface EnvironmentProbe {

    /**
     * Describes this machine, this JVM, and the git revision of {@code workingDirectory}.
     *
     * <p>Never fails for want of information: whatever cannot be learnt (unsupported platform, missing
     * {@code /proc}, native library refused, unreadable repository) is {@code null} in the snapshot, and the benchmark
     * goes on. Only a {@link VirtualMachineError} (out of memory) propagates.
     *
     * <p>Cost: on Linux a few small files (about a millisecond). Elsewhere OSHI's: on a busy 2-core Linux VM its first
     * capture in a JVM took 0.65 to 0.9 s (JNA loading its native library, five helper processes, class loading), a
     * later one 10 to 60 ms. Capture once per session, not per round, and not inside a timed region.
     *
     * @param workingDirectory the session's working directory: the git repository is searched for from here upwards;
     *     need not exist (then there is no commit)
     * @return the snapshot, never {@code null}
     * @throws NullPointerException if {@code workingDirectory} is {@code null}
     */
    EnvironmentSnapshot capture(Path workingDirectory);

    /**
     * The probe of the running machine: on Linux, operating system and hardware facts read from /etc, /proc and /sys
     * (about a millisecond, no process started); elsewhere from OSHI; falling back to what the JVM itself knows (system properties, {@link Runtime#availableProcessors()}, the local host name); the git revision
     * read from the repository's files (no {@code git} process is started). Thread-safe; holds no state between
     * captures.
     */
    static EnvironmentProbe system() {
        return ProcEnvironmentProbe.applies() ? new ProcEnvironmentProbe() : new OshiEnvironmentProbe();
    }

    /**
     * A probe that always returns {@code snapshot}, whatever the working directory: for tests of code that records
     * the environment.
     *
     * @throws NullPointerException if {@code snapshot} is {@code null}
     */
    static EnvironmentProbe fixed(EnvironmentSnapshot snapshot) {
        Objects.requireNonNull(snapshot, "snapshot");
        return workingDirectory -> {
            Objects.requireNonNull(workingDirectory, "workingDirectory");
            return snapshot;
        };
    }
}
