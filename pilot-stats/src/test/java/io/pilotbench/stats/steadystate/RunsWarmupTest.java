package io.pilotbench.stats.steadystate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

/** False alarms and power of the across-runs warm-up test, on seeded runs with known truth (α = 1%). */
class RunsWarmupTest {
    private static final double ALPHA = 0.01;

    /** Sessions of {@code runs} runs of {@code n} readings each from {@code noise}; the fraction with a cut. */
    private static double cutRate(
            int sessions,
            int runs,
            int n,
            long seed,
            double step,
            int stepLength,
            BiFunction<SplittableRandom, double[], double[]> noise) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int cut = 0;
        for (int s = 0; s < sessions; s++) {
            List<double[]> list = new ArrayList<>();
            for (int r = 0; r < runs; r++) {
                double[] x = noise.apply(rnd, new double[n]);
                for (int i = 0; i < stepLength; i++) {
                    x[i] += step;
                }
                list.add(x);
            }
            if (RunsWarmup.warmup(list, n, ALPHA, 0.5).found()) {
                cut++;
            }
        }
        return cut / (double) sessions;
    }

    private static double[] normal(SplittableRandom rnd, double[] x) {
        for (int i = 0; i < x.length; i++) {
            x[i] = 10 + rnd.nextGaussian();
        }
        return x;
    }

    private static double[] ar1(SplittableRandom rnd, double[] x) {
        double e = rnd.nextGaussian();
        for (int i = 0; i < x.length; i++) {
            e = 0.6 * e + Math.sqrt(1 - 0.36) * rnd.nextGaussian();
            x[i] = 10 + e;
        }
        return x;
    }

    private static double[] logNormal(SplittableRandom rnd, double[] x) {
        for (int i = 0; i < x.length; i++) {
            x[i] = Math.exp(rnd.nextGaussian());
        }
        return x;
    }

    /** A level per run (the fork effect: JIT decisions, memory layout) twice the readings' noise. */
    private static double[] forkEffect(SplittableRandom rnd, double[] x) {
        double level = 2 * rnd.nextGaussian();
        for (int i = 0; i < x.length; i++) {
            x[i] = 10 + level + rnd.nextGaussian();
        }
        return x;
    }

    @Test
    void falseAlarmsStayUnderAlphaWhateverTheNoiseWithinARun() {
        int[][] shapes = {{6, 5}, {10, 5}, {20, 10}, {40, 10}};
        List<BiFunction<SplittableRandom, double[], double[]>> noises = List.of(
                RunsWarmupTest::normal, RunsWarmupTest::ar1, RunsWarmupTest::logNormal, RunsWarmupTest::forkEffect);
        double worst = 0;
        for (int s = 0; s < shapes.length; s++) {
            for (int k = 0; k < noises.size(); k++) {
                double rate = cutRate(1000, shapes[s][0], shapes[s][1], 100 * s + k, 0, 0, noises.get(k));
                System.out.printf(
                        "false alarms: %d runs of %d, noise %d: %.2f%%%n", shapes[s][0], shapes[s][1], k, 100 * rate);
                worst = Math.max(worst, rate);
            }
        }
        // α = 1% with Bonferroni over the candidates: at most 1% expected; 2% allows for 1,000 sessions' noise
        assertThat(worst).isLessThanOrEqualTo(0.02);
    }

    @Test
    void aWarmupOfTwoReadingsInRunsOfFiveIsFoundAndCutWhole() {
        double rate = cutRate(1000, 6, 5, 7, 3, 2, RunsWarmupTest::normal);
        System.out.printf("power, 6 runs of 5, +3 sigma for 2: %.1f%%%n", 100 * rate);
        assertThat(rate).isGreaterThanOrEqualTo(0.95);
        SplittableRandom rnd = new SplittableRandom(8);
        int exact = 0;
        for (int s = 0; s < 200; s++) {
            List<double[]> runs = new ArrayList<>();
            for (int r = 0; r < 8; r++) {
                double[] x = forkEffect(rnd, new double[10]);
                x[0] += 4;
                x[1] += 3;
                runs.add(x);
            }
            if (RunsWarmup.warmup(runs, 10, ALPHA, 0.5).cut() == 2) {
                exact++;
            }
        }
        assertThat(exact)
                .as("cut exactly the two warm readings, with a fork effect")
                .isGreaterThanOrEqualTo(190);
    }

    @Test
    void tooFewRunsOrPositionsAreNotTestedAndShorterRunsAreLeftOut() {
        List<double[]> four = new ArrayList<>();
        for (int r = 0; r < 4; r++) {
            four.add(new double[] {100, 1, 1, 1, 1});
        }
        assertThat(RunsWarmup.warmup(four, 5, ALPHA, 0.5).found()).isFalse();
        List<double[]> six = new ArrayList<>(four);
        six.add(new double[] {90, 1.1, 0.9, 1, 1});
        six.add(new double[] {110, 0.9, 1.1, 1, 1});
        six.add(new double[] {50, 1}); // too short for length 5: left out
        Truncation t = RunsWarmup.warmup(six, 5, ALPHA, 0.5);
        assertThat(t.cut()).isEqualTo(1);
        assertThat(t.meanBefore()).isEqualTo(100.0);
        assertThat(RunsWarmup.warmup(six, 1, ALPHA, 0.5).found()).isFalse();
    }
}
