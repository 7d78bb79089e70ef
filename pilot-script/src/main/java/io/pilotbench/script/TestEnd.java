package io.pilotbench.script;

import io.pilotbench.core.model.Round;
import io.pilotbench.core.model.StopReason;
import java.util.List;
import java.util.Locale;

/**
 * Why a TEST ended: the reason its Pilot session records, what campaign.json says ({@code stop}) and a phrase for
 * people. Separate from {@link TestStep}, which runs the TEST: this record is the report of its end, the one place
 * where a stop program's verdict is told apart from a run cap (docs/script.md, "Why a TEST ended").
 *
 * @param limit whether a limit ended it before its target (exit code 3)
 * @param byProgram whether its stop program ended it (then {@code why} is recorded with its session: its reason
 *     alone would read as Pilot's own rule)
 */
record TestEnd(StopReason reason, String stop, String why, boolean limit, boolean byProgram) {
    TestEnd(StopReason reason, String stop, String why, boolean limit) {
        this(reason, stop, why, limit, false);
    }

    static TestEnd of(StopReason r) {
        return switch (r) {
            case TARGET_MET -> new TestEnd(r, r.name(), "target met (Pilot's precision target)", false);
            case ROUND_LIMIT -> new TestEnd(r, r.name(), "OPTION max-runs reached before the target", true);
            case TIME_LIMIT -> new TestEnd(r, r.name(), "OPTION max-time reached before the target", true);
            case WORKLOAD_FAILED -> new TestEnd(r, r.name(), "a run failed", false);
            default ->
                new TestEnd(r, r.name(), r.name().toLowerCase(Locale.ROOT).replace('_', ' '), false);
        };
    }

    /** Why a stop program's verdict ends the TEST, with the precision of each column it tests reached by then. */
    static TestEnd of(StopProgram.Verdict v, List<Round> rounds, StopProgram program) {
        String reached = program.reached(rounds);
        return switch (v) {
            case PRECISION ->
                new TestEnd(
                        StopReason.TARGET_MET,
                        "TARGET_MET",
                        "target met: its stop program's " + "precision held (" + reached + ")",
                        false,
                        true);
            case RUN_CAP ->
                new TestEnd(
                        StopReason.ROUND_LIMIT,
                        "RUN_CAP",
                        "ended by the run cap of its stop " + "program ($count), not by its precision (" + reached
                                + "); the target was not met",
                        true,
                        true);
            case RUNS_ASKED ->
                new TestEnd(
                        StopReason.ROUND_LIMIT,
                        "RUNS_ASKED",
                        "the runs its stop program asks " + "for (it asks no precision; " + reached + ")",
                        false,
                        true);
            case PROGRAM ->
                new TestEnd(
                        StopReason.TARGET_MET,
                        "PROGRAM_SAID_STOP",
                        "its stop program said stop (" + reached + ")",
                        false,
                        true);
            case GO_ON -> throw new IllegalStateException();
        };
    }
}
