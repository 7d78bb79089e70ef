package io.pilotbench.core.model;

import io.pilotbench.stats.ConfidenceInterval;

/**
 * The work-per-second regression (Pilot paper §III-A, eq. 4): the round duration t = α + w/v, fitted by least squares
 * on subsession means of (work amount, duration), so that the setup, warm-up and cool-down phases fall into α and v
 * is the stable speed.
 *
 * @param status              whether v could be estimated, and if not, why
 * @param roundsUsed          rounds in the regression (long enough, and not below the work floor)
 * @param subsessionSize      q: consecutive rounds averaged into one regression point so that residuals are
 *                            uncorrelated; 0 when none
 * @param subsessions         h, the regression points
 * @param alpha               α in seconds: the time of the non-stable phases beyond what their work would take at v
 * @param v                   the stable speed, work units per second
 * @param vCi                 the CI of v, from the t-interval of the slope 1/v with h − 2 degrees of freedom (upper
 *                            bound +∞ when the slope's interval reaches 0); null without an estimate
 * @param naiveV              Σw / Σt over the rounds used: the speed if non-stable phases are ignored
 * @param rSquared            R² of the fit
 * @param workFloor           rounds below this work amount were dropped: the work α·v that the non-stable phases
 *                            stand for (paper §III-A); 0 when α ≤ 0
 * @param targetWidth         the CI full width the target asks for, work units per second
 * @param requiredSubsessions the regression points the target needs; −1 when unknown
 * @param targetMet           whether the CI of v meets the target on enough points
 */
public record WpsResult(
        Status status,
        int roundsUsed,
        int subsessionSize,
        int subsessions,
        double alpha,
        double v,
        ConfidenceInterval vCi,
        double naiveV,
        double rSquared,
        long workFloor,
        double targetWidth,
        long requiredSubsessions,
        boolean targetMet) {

    /** Why v is (not) available. */
    public enum Status {
        /** v and its CI were estimated. */
        OK,
        /** Fewer than 3 regression points, or fewer than 2 distinct work amounts. */
        NOT_ENOUGH_DATA,
        /** No subsession size brings the residual autocorrelation under the limit. */
        TOO_AUTOCORRELATED,
        /** The fitted slope is ≤ 0: duration does not grow with work, so the model does not apply. */
        NOT_LINEAR
    }

    /** Rounds still needed to meet the target; 0 when met, −1 when unknown. */
    public long moreRounds() {
        if (targetMet) {
            return 0;
        }
        return requiredSubsessions < 0 ? -1 : Math.max(1, (requiredSubsessions - subsessions) * subsessionSize);
    }
}
