package io.pilotbench.core.api;

import io.pilotbench.core.model.Phases;
import io.pilotbench.core.model.Round;
import io.pilotbench.core.model.RoundStatus;
import io.pilotbench.core.model.SessionResult;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * One workload's sample in each cycle of an interleaved comparison, for the comparison cycle by cycle ({@code
 * PairedCycles}): a round is one sample. For a PI of unit readings that is the round's mean of the units kept — a
 * JMH fork is a new JVM that settles at a level of its own, which its iterations' spread does not show (see {@code
 * BetweenRounds}).
 */
final class CycleSamples {
    private CycleSamples() {}

    /**
     * The reading of PI {@code pi} in each cycle: NaN where the workload did not run, its round failed, or the round
     * lies in the warm-up its session cut.
     *
     * @param rounds the workload's round in each cycle (−1 where it did not run)
     */
    static double[] readings(Session session, List<Integer> rounds, SessionResult r, int pi) {
        int warmup = r.pis().get(pi).readingsPhases().warmup();
        return of(session, rounds, round -> round.index() >= warmup ? round.reading(pi) : Double.NaN);
    }

    /**
     * The mean of PI {@code pi}'s unit readings each cycle's round keeps (within the cut the session's tested removal
     * found; all of them with another removal): NaN where the workload did not run, its round failed or measured none.
     */
    static double[] unitMeans(Session session, List<Integer> rounds, SessionResult r, int pi) {
        Phases phases =
                session.settings().warmupRemoval().tested() ? r.pis().get(pi).unitReadingsPhases() : Phases.NONE;
        return of(session, rounds, round -> {
            double[] units = round.unitReadings(pi);
            int[] kept = phases.kept(units.length);
            double sum = 0;
            for (int k = kept[0]; k < kept[1]; k++) {
                sum += units[k];
            }
            return kept[1] > kept[0] ? sum / (kept[1] - kept[0]) : Double.NaN;
        });
    }

    private static double[] of(Session session, List<Integer> rounds, ToDoubleFunction<Round> value) {
        List<Round> all = session.rounds();
        double[] out = new double[rounds.size()];
        for (int k = 0; k < out.length; k++) {
            int index = rounds.get(k);
            Round round = index >= 0 && index < all.size() ? all.get(index) : null;
            out[k] = round != null && round.index() == index && round.status() == RoundStatus.OK
                    ? value.applyAsDouble(round)
                    : Double.NaN;
        }
        return out;
    }
}
