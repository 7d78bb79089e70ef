package io.pilotbench.core.store;

import io.pilotbench.core.api.Round;
import io.pilotbench.core.api.SessionSettings;
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
 */
public record StoredSession(Path directory, String name, SessionSettings settings, Instant started, Instant ended,
        List<Round> rounds, int discarded) {
    public StoredSession {
        rounds = List.copyOf(rounds);
    }
}
