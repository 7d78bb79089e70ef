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
     * <p>Cost: reads a few dozen small files and, the first time, loads a native library. On a busy 2-core Linux VM the
     * first capture in a JVM took 0.65 to 0.9 s, about 0.5 s of it OSHI's first call (JNA extracting and loading its
     * native library, class loading); a later capture in the same JVM took 10 to 60 ms. Capture once per session, not
     * per round, and not inside a timed region.
     *
     * @param workingDirectory the session's working directory: the git repository is searched for from here upwards;
     *     need not exist (then there is no commit)
     * @return the snapshot, never {@code null}
     * @throws NullPointerException if {@code workingDirectory} is {@code null}
     */
    EnvironmentSnapshot capture(Path workingDirectory);

    /**
     * The probe of the running machine: operating system and hardware facts from OSHI, falling back to what the JVM
     * itself knows (system properties, {@link Runtime#availableProcessors()}, the local host name); the git revision
     * read from the repository's files (no {@code git} process is started). Thread-safe; holds no state between
     * captures.
     */
    static EnvironmentProbe system() {
        return new OshiEnvironmentProbe();
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
