package io.pilotbench.core.engine;

import java.util.List;

/**
 * The planner's answer after a round.
 *
 * @param more        whether another round is needed for the targets (limits are the runner's business)
 * @param workAmount  the next round's work amount (planned even when no more rounds are needed, for callers that
 *                    run on, such as a comparison)
 * @param moreRounds  predicted rounds still needed; 0 when done, −1 when unknown
 * @param moreSeconds predicted seconds still needed; 0 when done, NaN when unknown
 * @param waitingFor  what has not met its target yet, in words ("readings of 'latency'")
 */
public record Plan(boolean more, long workAmount, long moreRounds, double moreSeconds, List<String> waitingFor) {
    public Plan {
        waitingFor = List.copyOf(waitingFor);
    }
}
