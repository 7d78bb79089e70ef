package io.pilotbench.examples;

import io.pilotbench.core.api.Pilot;
import io.pilotbench.core.model.CiTarget;
import io.pilotbench.core.model.MetricResult;
import io.pilotbench.core.model.PerformanceIndex;
import io.pilotbench.core.model.RoundResult;
import io.pilotbench.core.model.SessionResult;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.stats.SampleStats;
import io.pilotbench.stats.TTest;
import io.pilotbench.stats.TTestResult;
import java.time.Duration;
import java.util.Locale;

/**
 * The Pilot paper's own example of the first kind of benchmark (§IV): is it faster to walk a large matrix row by row
 * or column by column? Pilot runs each variant until the 95% CI of its time per element is narrower than 5% of the
 * mean (warm-up rounds, such as those before the JIT compiles the loop, are cut by change-point detection), then a
 * Welch t-test on the subsession means says whether, and by how much, one is faster.
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

        MetricResult r = report(rows);
        MetricResult c = report(columns);
        if (r.ci() != null && c.ci() != null) {
            TTestResult t = TTest.welch(stats(r), stats(c), 0.95);
            System.out.printf(
                    Locale.ROOT,
                    "column-major / row-major = %.2f; Welch t = %.2f, df = %.1f, p = %.3g%n",
                    c.mean() / r.mean(),
                    t.t(),
                    t.df(),
                    t.pTwoSided());
        }
        if (sink == 42) {
            System.out.println(); // keeps the JIT from removing the loops
        }
    }

    /** The Welch test wants independent samples: use the subsession means, whose autocorrelation is under 0.1. */
    private static SampleStats stats(MetricResult m) {
        long h = m.n() / m.subsessionSize();
        return new SampleStats(m.mean(), m.subsessionVariance(), h);
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
                                Locale.ROOT, "%.3f ± %.3f ns per element (95%% CI)", m.mean(), m.ci().halfWidth()),
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
