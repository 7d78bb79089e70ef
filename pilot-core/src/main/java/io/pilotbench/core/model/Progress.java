package io.pilotbench.core.model;

/**
 * What a progress listener sees after each round.
 *
 * @param round   the round just recorded
 * @param result  the session's state after it ({@link StopReason#RUNNING}), with the prediction of what is left
 */
public record Progress(Round round, SessionResult result) {}
