package io.pilotbench.core.api;

import io.pilotbench.core.model.Phases;
import io.pilotbench.core.model.Round;
import io.pilotbench.core.model.RoundStatus;
import io.pilotbench.core.model.SessionResult;
import io.pilotbench.core.model.SessionSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
    static double[] readings(List<Round> all, List<Integer> rounds, SessionResult r, int pi) {
        int warmup = r.pis().get(pi).readingsPhases().warmup();
        return of(all, rounds, round -> round.index() >= warmup ? round.reading(pi) : Double.NaN);
    }

    /**
     * The mean of PI {@code pi}'s unit readings each cycle's round keeps (within the cut the session's tested removal
     * found; all of them with another removal): NaN where the workload did not run, its round failed or measured none.
     */
    static double[] unitMeans(
            List<Round> all, SessionSettings settings, List<Integer> rounds, SessionResult r, int pi) {
        Phases phases = settings.warmupRemoval().tested() ? r.pis().get(pi).unitReadingsPhases() : Phases.NONE;
        return of(all, rounds, round -> {
            double[] units = round.unitReadings(pi);
            int[] kept = phases.kept(units.length);
            double sum = 0;
            for (int k = kept[0]; k < kept[1]; k++) {
                sum += units[k];
            }
            return kept[1] > kept[0] ? sum / (kept[1] - kept[0]) : Double.NaN;
        });
    }

    /** The index of the PI named {@code name} among the session's; the first PI when it is null or not there. */
    static int piIndex(SessionSettings s, String name) {
        for (int p = 0; name != null && p < s.pis().size(); p++) {
            if (s.pis().get(p).name().equals(name)) {
                return p;
            }
        }
        return 0;
    }

    /** A PI's samples by cycle: {@link #unitMeans} for unit readings, else {@link #readings}. */
    static double[] of(
            List<Round> all, SessionSettings settings, List<Integer> rounds, SessionResult r, int pi, boolean units) {
        return units ? unitMeans(all, settings, rounds, r, pi) : readings(all, rounds, r, pi);
    }

    /**
     * The round each workload ran in each cycle, from a schedule file of {@code cycle,workload,round} lines (−1 where
     * it did not run); a line cut short by a kill is left out: that round is simply not paired.
     */
    static Map<String, List<Integer>> schedule(Path file) throws IOException {
        Map<String, List<Integer>> out = new HashMap<>();
        if (!Files.exists(file)) {
            return out;
        }
        try (var reader = de.siegmar.fastcsv.reader.CsvReader.builder()
                .allowMissingFields(true)
                .allowExtraFields(true)
                .ofCsvRecord(file)) {
            for (de.siegmar.fastcsv.reader.CsvRecord rec : reader) {
                if (rec.getStartingLineNumber() == 1 || rec.getFieldCount() < 3) {
                    continue;
                }
                try {
                    int cycle = Integer.parseInt(rec.getField(0));
                    int round = Integer.parseInt(rec.getField(2));
                    if (cycle >= 0 && round >= 0) {
                        List<Integer> rounds = out.computeIfAbsent(rec.getField(1), k -> new ArrayList<>());
                        while (rounds.size() <= cycle) {
                            rounds.add(-1);
                        }
                        rounds.set(cycle, round);
                    }
                } catch (NumberFormatException e) {
                    // a line cut short by a kill
                }
            }
        }
        return out;
    }

    private static double[] of(List<Round> all, List<Integer> rounds, ToDoubleFunction<Round> value) {
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
