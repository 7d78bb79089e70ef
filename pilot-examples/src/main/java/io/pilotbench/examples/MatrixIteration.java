package io.pilotbench.examples;

import io.pilotbench.core.api.Pilot;
import io.pilotbench.core.compare.CompareSettings;
import io.pilotbench.core.compare.Comparison;
import io.pilotbench.core.compare.Contender;
import io.pilotbench.core.compare.Direction;
import io.pilotbench.core.compare.PairComparison;
import io.pilotbench.core.model.CiTarget;
import io.pilotbench.core.model.MetricResult;
import io.pilotbench.core.model.PerformanceIndex;
import io.pilotbench.core.model.RoundResult;
import io.pilotbench.core.model.SessionResult;
import io.pilotbench.core.model.SessionSettings;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * The Pilot paper's own example of the first kind of benchmark (§IV): is it faster to walk a large matrix row by row
 * or column by column? Pilot runs each variant until the 95% CI of its time per element is narrower than 5% of the
 * mean (warm-up rounds, such as those before the JIT compiles the loop, are cut by the warm-up test), then the
 * comparison pilot compare makes of stored sessions says whether, and by how much, one is faster: the ratio of the
 * means with its CI, and Welch's test on each session's standard error and degrees of freedom.
 *
 * <pre>
 * java -cp … io.pilotbench.examples.MatrixIteration [SIZE [MAX_SECONDS_PER_VARIANT]]
 * </pre>
 */
public final class MatrixIteration {
    private static long sink;

    private MatrixIteration() {}

    public static void main(String[] args) throws Exception {
        int size = args.length > 0 ? Integer.parseInt(args[0]) : 2048;
        int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 30;
        int[][] matrix = new int[size][size];
        for (int i = 0; i < size; i++) {
            for (int j = 0; j < size; j++) {
                matrix[i][j] = i ^ j;
            }
        }
        SessionSettings settings = SessionSettings.builder()
                .pi(PerformanceIndex.of("time per element", "ns"))
                .ciTarget(CiTarget.ofMean(0.05))
                .maxDuration(Duration.ofSeconds(seconds))
                .build();
        double elements = (double) size * size;

        SessionResult rows = Pilot.of(settings, (round, work) -> {
                    long t0 = System.nanoTime();
                    sink += rowMajor(matrix);
                    return RoundResult.ofReadings((System.nanoTime() - t0) / elements);
                })
                .name("row-major")
                .run();
        SessionResult columns = Pilot.of(settings, (round, work) -> {
                    long t0 = System.nanoTime();
                    sink += columnMajor(matrix);
                    return RoundResult.ofReadings((System.nanoTime() - t0) / elements);
                })
                .name("column-major")
                .run();

        report(rows);
        report(columns);
        // the comparison on what each session's CI rests on (its standard error and degrees of freedom, from the
        // autocorrelation-aware analysis): the raw readings' variance over their count would make the test several
        // times too sure of itself
        PairComparison pair = Comparison.of(
                        List.of(
                                Contender.of("column-major", columns, null, false),
                                Contender.of("row-major", rows, null, false)),
                        CompareSettings.DEFAULTS,
                        Direction.LOWER_IS_BETTER)
                .pairs()
                .get(0);
        if (pair.ratio() != null && pair.welch() != null) {
            System.out.printf(
                    Locale.ROOT,
                    "column-major / row-major = %.2f (95%% CI %.2f to %.2f); Welch t = %.2f, df = %.1f, p = %.3g%n",
                    pair.ratio().center(),
                    pair.ratio().low(),
                    pair.ratio().high(),
                    pair.welch().t(),
                    pair.welch().df(),
                    pair.welch().pTwoSided());
        }
        if (sink == 42) {
            System.out.println(); // keeps the JIT from removing the loops
        }
    }

    private static MetricResult report(SessionResult s) {
        MetricResult m = s.pis().get(0).readings();
        System.out.printf(
                Locale.ROOT,
                "%-13s %s after %d rounds (%.1f s): %s%n",
                s.name(),
                m.ci() == null
                        ? "no CI yet"
                        : String.format(
                                Locale.ROOT,
                                "%.3f ± %.3f ns per element (95%% CI; standard error %.3g, %.1f df)",
                                m.mean(),
                                m.ci().halfWidth(),
                                m.error().standardError(),
                                m.error().degreesOfFreedom()),
                s.rounds(),
                s.seconds(),
                s.converged() ? "target met" : "stopped: " + s.stopReason() + ", waiting for " + s.waitingFor());
        return m;
    }

    static long rowMajor(int[][] m) {
        long sum = 0;
        for (int[] row : m) {
            for (int v : row) {
                sum += v;
            }
        }
        return sum;
    }

    static long columnMajor(int[][] m) {
        long sum = 0;
        int n = m.length;
        for (int j = 0; j < n; j++) {
            for (int[] row : m) {
                sum += row[j];
            }
        }
        return sum;
    }
}
