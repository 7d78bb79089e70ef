package io.pilotbench.core.model;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

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
 */
public record StoredSession(Path directory, String name, SessionSettings settings, Instant started, Instant ended,
        List<Round> rounds, int discarded, StopReason stopReason) {
    public StoredSession {
        rounds = List.copyOf(rounds);
    }

    /** The same session analysed with other settings (the PIs must stay). */
    public StoredSession withSettings(SessionSettings value) {
        if (value.pis().size() != settings.pis().size()) {
            throw new IllegalArgumentException("a recorded session must keep its " + settings.pis().size() + " PIs");
        }
        return new StoredSession(directory, name, value, started, ended, rounds, discarded, stopReason);
    }
}
