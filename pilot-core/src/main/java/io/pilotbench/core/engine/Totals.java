package io.pilotbench.core.engine;

import io.pilotbench.core.model.Round;
import io.pilotbench.core.model.RoundStatus;

/**
 * Running totals over a session's rounds, kept as rounds are added so that planning and reporting after a round cost
 * O(PIs), not O(rounds).
 */
public final class Totals {
    private int rounds;
    private int ok;
    private int shortRounds;
    private int failed;
    private double okSeconds;
    private double okWork;
    private double allWork;
    private double allSeconds;
    private final long[] okUnits;
    private Round firstOk;
    private Round lastOk;
    private Round lastShort;

    Totals(int pis) {
        okUnits = new long[pis];
    }

    void add(Round r) {
        rounds++;
        allWork += r.workAmount();
        allSeconds += r.durationSeconds();
        switch (r.status()) {
            case OK -> {
                ok++;
                okSeconds += r.durationSeconds();
                okWork += r.workAmount();
                for (int pi = 0; pi < okUnits.length; pi++) {
                    okUnits[pi] += r.unitReadingCount(pi);
                }
                if (firstOk == null) {
                    firstOk = r;
                }
                lastOk = r;
            }
            case SHORT -> {
                shortRounds++;
                lastShort = r;
            }
            default -> failed++;
        }
    }

    /** Rounds recorded. */
    public int rounds() {
        return rounds;
    }

    /** Rounds that entered the analysis. */
    public int okRounds() {
        return ok;
    }

    /** Rounds left out as too short. */
    public int shortRounds() {
        return shortRounds;
    }

    /** Rounds that failed or timed out. */
    public int failedRounds() {
        return failed;
    }

    /** The sum of every round's duration, in seconds. */
    public double seconds() {
        return allSeconds;
    }

    /** Mean duration of an analysed round; NaN before the first. */
    public double secondsPerRound() {
        return ok == 0 ? Double.NaN : okSeconds / ok;
    }

    /** Seconds per unit reading of PI {@code pi} in analysed rounds; NaN without unit readings. */
    public double secondsPerUnitReading(int pi) {
        return okUnits[pi] == 0 ? Double.NaN : okSeconds / okUnits[pi];
    }

    /** Unit readings of PI {@code pi} per analysed round; 0 before the first. */
    public double unitReadingsPerRound(int pi) {
        return ok == 0 ? 0 : (double) okUnits[pi] / ok;
    }

    /** Work per unit reading of PI {@code pi}; 1 without unit readings. */
    public double workPerUnitReading(int pi) {
        return okUnits[pi] == 0 ? 1 : okWork / okUnits[pi];
    }

    /** The mean work amount over every round; NaN before the first. */
    public double meanWorkAmount() {
        return rounds == 0 ? Double.NaN : allWork / rounds;
    }

    /** The first analysed round, or null. */
    public Round firstOk() {
        return firstOk;
    }

    /** The last analysed round, or null. */
    public Round lastOk() {
        return lastOk;
    }

    /** The last short round, or null. */
    public Round lastShort() {
        return lastShort;
    }

    static boolean analysed(Round r) {
        return r.status() == RoundStatus.OK;
    }
}
