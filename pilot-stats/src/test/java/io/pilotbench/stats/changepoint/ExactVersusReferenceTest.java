package io.pilotbench.stats.changepoint;

import static org.assertj.core.api.Assertions.assertThat;

import io.pilotbench.stats.changepoint.EdmSettings.Mode;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** EXACT mode against the plain O(n² log n) reference on seeded random series, many with ties. */
class ExactVersusReferenceTest {
    private static final int[] MIN_SIZES = {2, 3, 5, 8, 12, 20, 30};
    private static final double[] PERCENTS = {0, 0.05, 0.25, 1, 30};
    private static final double[] BETAS = {0, 0.008, 0.05, 0.3};

    /** A series with up to 4 shifts, Gaussian or heavy-tailed noise, often quantised so values repeat. */
    static double[] randomSeries(SplittableRandom rnd, int n) {
        double[] z = new double[n];
        int shifts = rnd.nextInt(5);
        int[] at = rnd.ints(shifts, 0, n).sorted().toArray();
        double level = 0;
        int next = 0;
        double sigma = 0.2 + rnd.nextDouble() * 2;
        int style = rnd.nextInt(4); // 0 gaussian, 1 heavy tail, 2 quantised (ties), 3 few distinct values
        for (int i = 0; i < n; i++) {
            while (next < at.length && at[next] == i) {
                level += (rnd.nextBoolean() ? 1 : -1) * rnd.nextDouble() * 4;
                next++;
            }
            double v = level + (style == 1 ? Series.heavyTail(rnd, sigma) : sigma * Series.gaussian(rnd));
            if (style == 2) {
                v = Math.rint(v * 2) / 2;
            } else if (style == 3) {
                v = Math.rint(level) + rnd.nextInt(3);
            }
            z[i] = v;
        }
        return z;
    }

    @Test
    void exactEqualsReferenceOnSeededRandomSeries() {
        SplittableRandom rnd = new SplittableRandom(20240611L);
        int cases = 0;
        int withChangePoints = 0;
        int[] byFamily = new int[2];
        for (int c = 0; c < 240; c++) {
            int n = 60 + rnd.nextInt(341);
            int minSize = MIN_SIZES[rnd.nextInt(MIN_SIZES.length)];
            int degree = rnd.nextInt(3);
            boolean beta = rnd.nextInt(3) == 0;
            Penalty penalty = beta
                    ? Penalty.beta(BETAS[rnd.nextInt(BETAS.length)])
                    : Penalty.percent(PERCENTS[rnd.nextInt(PERCENTS.length)]);
            double[] data = randomSeries(rnd, n);
            EdmSettings settings = new EdmSettings(minSize, penalty, degree, false, Mode.EXACT);
            double[] z = Edm.prepare(data, penalty, false);
            List<Integer> expected = ReferenceEdm.multi(z, minSize, beta, penalty.value(), degree);
            List<Integer> actual = Edm.detect(data, settings).changePoints();
            assertThat(actual).as("case %d: n=%d %s", c, n, settings).isEqualTo(expected);
            cases++;
            byFamily[beta ? 1 : 0]++;
            withChangePoints += expected.isEmpty() ? 0 : 1;
        }
        assertThat(cases).isEqualTo(240);
        // The sample must exercise both families and real change points, or it proves little.
        assertThat(byFamily[0]).isGreaterThan(100);
        assertThat(byFamily[1]).isGreaterThan(50);
        assertThat(withChangePoints).isGreaterThan(120);
    }

    /** Two or three distinct values only: every median is a tie, the hardest case for the median pointer. */
    @Test
    void exactEqualsReferenceOnHeavilyTiedSeries() {
        SplittableRandom rnd = new SplittableRandom(7);
        for (int c = 0; c < 60; c++) {
            int n = 60 + rnd.nextInt(200);
            double[] data = new double[n];
            int distinct = 2 + rnd.nextInt(2);
            for (int i = 0; i < n; i++) {
                data[i] = rnd.nextInt(distinct) + (i > n / 2 && rnd.nextBoolean() ? 1 : 0);
            }
            int minSize = MIN_SIZES[rnd.nextInt(MIN_SIZES.length)];
            EdmSettings settings = EdmSettings.pilot()
                    .withMinSize(minSize)
                    .withDegree(rnd.nextInt(3))
                    .withPercent(PERCENTS[rnd.nextInt(PERCENTS.length)])
                    .withMode(Mode.EXACT);
            assertThat(Edm.detect(data, settings).changePoints())
                    .as("case %d %s", c, settings)
                    .isEqualTo(ReferenceEdm.multi(
                            data, minSize, false, settings.penalty().value(), settings.degree()));
        }
    }

    @Test
    void amocEqualsReference() {
        SplittableRandom rnd = new SplittableRandom(99);
        int found = 0;
        for (int c = 0; c < 60; c++) {
            int n = 40 + rnd.nextInt(160);
            int minSize = MIN_SIZES[rnd.nextInt(5)];
            double[] data = randomSeries(rnd, n);
            double[] ref = ReferenceEdm.amoc(data, minSize);
            List<Integer> actual = Edm.detect(
                            data,
                            EdmSettings.pilot()
                                    .withMinSize(minSize)
                                    .withAmoc(true)
                                    .withMode(Mode.EXACT))
                    .changePoints();
            if (ref[1] > 0) {
                assertThat(actual).as("case %d", c).containsExactly((int) ref[0]);
                found++;
            } else {
                assertThat(actual).as("case %d", c).isEmpty();
            }
        }
        assertThat(found).isGreaterThan(50);
    }
}
