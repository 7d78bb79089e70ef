package io.pilotbench.cli;

import io.pilotbench.simulate.Evaluation;

/** A line of {@code pilot simulate evaluate -o}'s replications.csv: one finished session or comparison. */
final class SimulationRows {
    private SimulationRows() {}

    static String row(Evaluation.Finished f, double truth) {
        var o = f.outcome();
        var c = f.comparison();
        return o != null
                ? cells(
                        f.strategy(),
                        f.replication(),
                        f.seed(),
                        o.estimate(),
                        o.low(),
                        o.high(),
                        o.covers(truth),
                        o.rounds(),
                        o.samples(),
                        o.seconds(),
                        o.converged(),
                        o.subsessionSize())
                : cells(
                        f.strategy(),
                        f.replication(),
                        f.seed(),
                        c.decision().label(),
                        c.p(),
                        c.ratioLow(),
                        c.ratioHigh(),
                        c.rounds(),
                        c.seconds());
    }

    /** A CSV row of values as {@link String#valueOf} writes them (the strategies' names hold no comma). */
    private static String cells(Object... values) {
        return java.util.Arrays.stream(values).map(String::valueOf).collect(java.util.stream.Collectors.joining(","));
    }
}
