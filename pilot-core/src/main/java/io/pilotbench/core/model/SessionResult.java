package io.pilotbench.core.model;

import java.nio.file.Path;
import java.util.List;

/**
 * The outcome of a session (or its state so far, for a user-driven session that is still running).
 *
 * @param name           the workload's name or command line
 * @param settings       the settings it ran with
 * @param rounds         rounds recorded
 * @param analysedRounds rounds that entered the analysis (status OK)
 * @param shortRounds    rounds left out as too short
 * @param failedRounds   rounds that failed or timed out
 * @param seconds        the session's duration in seconds (monotonic clock), or the sum of the round durations for
 *                       a user-driven session
 * @param stopReason     why it ended ({@link StopReason#RUNNING} while it has not)
 * @param pis            per PI: readings and unit readings, stable and raw
 * @param wps            the WPS regression, or null when WPS is off
 * @param moreRounds     predicted rounds still needed for every target; 0 when met, −1 when unknown
 * @param moreSeconds    predicted seconds still needed; 0 when met, NaN when unknown
 * @param waitingFor     the targets not met, in words
 * @param directory      the session directory, or null for a session kept in memory
 * @param stoppedBy      what ended it when that was not Pilot's own stop rule (a campaign TEST's stop program), in
 *                       words; null otherwise
 */
public record SessionResult(
        String name,
        SessionSettings settings,
        int rounds,
        int analysedRounds,
        int shortRounds,
        int failedRounds,
        double seconds,
        StopReason stopReason,
        List<PiResult> pis,
        WpsResult wps,
        long moreRounds,
        double moreSeconds,
        List<String> waitingFor,
        Path directory,
        String stoppedBy) {

    public SessionResult {
        pis = List.copyOf(pis);
        waitingFor = List.copyOf(waitingFor);
    }

    /**
     * Why a session that ended without converging shows no steady state in a PI it had to satisfy — a warm-up found
     * and not yet cut, readings that still trend, level shifts — or null when it converged or its readings look
     * steady (then only more rounds were missing).
     */
    public String steadyStateProblem() {
        if (converged()) {
            return null;
        }
        for (PiResult p : pis) {
            String problem = p.pi().readingsMustSatisfy() ? p.readingsPhases().steadyStateProblem() : null;
            if (problem == null && p.pi().unitReadingsMustSatisfy()) {
                problem = p.unitReadingsPhases().trendPValue() < Defaults.DRIFT_ALPHA
                        ? "the unit readings still move within every round ("
                                + Formats.pValue(p.unitReadingsPhases().trendPValue())
                                + "): the rounds are shorter than the warm-up"
                        : null;
            }
            if (problem != null) {
                return (pis.size() > 1 ? p.pi().name() + ": " : "") + problem;
            }
        }
        return null;
    }

    /** Whether every target was met. */
    public boolean converged() {
        return stopReason.converged();
    }

    /** The result of the PI named {@code name}. */
    public PiResult pi(String piName) {
        return pis.stream()
                .filter(p -> p.pi().name().equals(piName))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no PI named '" + piName + "'"));
    }
}
