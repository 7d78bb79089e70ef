package io.pilotbench.core.model;

import java.nio.file.Path;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A session read back from its directory.
 *
 * @param directory   where it is
 * @param name        the workload's name or command line
 * @param settings    the settings it ran with
 * @param started     when it started
 * @param ended       when it ended, or null when it did not finish (killed, or still running)
 * @param rounds      every completely recorded round, in order
 * @param discarded   rows of a round that was being written when the session stopped, left out
 * @param stopReason  why it ended, as recorded, or null when it did not finish
 * @param elapsed     the session's time as last recorded when it ended (over all its runs, resumed ones included),
 *                    or null when it never ended or was recorded before this was
 * @param environment the machine, system and JVM it ran on as recorded (the {@code environment} object of its
 *                    session file, see {@link EnvironmentSnapshot}), as plain values: maps, lists, strings, numbers
 *                    and booleans, in the recorded order; empty when none was recorded
 * @param stoppedBy   what ended it when that was not Pilot's own stop rule (a campaign TEST's stop program), in
 *                    words; null otherwise
 */
public record StoredSession(
        Path directory,
        String name,
        SessionSettings settings,
        Instant started,
        Instant ended,
        List<Round> rounds,
        int discarded,
        StopReason stopReason,
        Elapsed elapsed,
        Map<String, Object> environment,
        String stoppedBy) {
    public StoredSession {
        rounds = List.copyOf(rounds);
        environment = environment == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(environment));
    }

    /** A session with no environment recorded. */
    public StoredSession(
            Path directory,
            String name,
            SessionSettings settings,
            Instant started,
            Instant ended,
            List<Round> rounds,
            int discarded,
            StopReason stopReason,
            Elapsed elapsed) {
        this(directory, name, settings, started, ended, rounds, discarded, stopReason, elapsed, null, null);
    }

    /** A session with no elapsed time recorded. */
    public StoredSession(
            Path directory,
            String name,
            SessionSettings settings,
            Instant started,
            Instant ended,
            List<Round> rounds,
            int discarded,
            StopReason stopReason) {
        this(directory, name, settings, started, ended, rounds, discarded, stopReason, null, null, null);
    }

    /**
     * The session's elapsed time when it last ended, and how many rounds it had then: rounds added after (by a run
     * that was killed) count by their own durations.
     */
    public record Elapsed(double seconds, int rounds) {}

    /**
     * The session's time: the elapsed time recorded at its last end plus the durations of the rounds recorded after
     * it, or, without such a record, the sum of the rounds' durations.
     */
    public double seconds() {
        int from = elapsed == null || elapsed.rounds() > rounds.size() ? 0 : elapsed.rounds();
        double s = from == 0 ? 0 : elapsed.seconds();
        for (int i = from; i < rounds.size(); i++) {
            s += rounds.get(i).durationSeconds();
        }
        return s;
    }

    /** The same session analysed with other settings (the PIs must stay). */
    public StoredSession withSettings(SessionSettings value) {
        if (value.pis().size() != settings.pis().size()) {
            throw new IllegalArgumentException(
                    "a recorded session must keep its " + settings.pis().size() + " PIs");
        }
        return new StoredSession(
                directory, name, value, started, ended, rounds, discarded, stopReason, elapsed, environment, stoppedBy);
    }
}
