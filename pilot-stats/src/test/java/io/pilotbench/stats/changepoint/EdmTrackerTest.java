package io.pilotbench.stats.changepoint;

import static io.pilotbench.stats.changepoint.Series.runs;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pilotbench.stats.changepoint.EdmSettings.Mode;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Incremental tracking equals a batch run on the whole series, after every round. */
class EdmTrackerTest {

    @Test
    void everyRoundEqualsBatchOnSeededData() {
        SplittableRandom rnd = new SplittableRandom(31);
        int rounds = 0;
        int nonEmpty = 0;
        for (int c = 0; c < 24; c++) {
            int n = 150 + rnd.nextInt(450);
            double[] data = ExactVersusReferenceTest.randomSeries(rnd, n);
            int minSize = new int[] {2, 5, 10, 30}[rnd.nextInt(4)];
            EdmSettings settings = new EdmSettings(
                    minSize,
                    rnd.nextBoolean() ? Penalty.percent(0.25) : Penalty.beta(0.008 * (1 + rnd.nextInt(5))),
                    rnd.nextInt(3),
                    false,
                    Mode.EXACT);
            EdmTracker tracker = EdmTracker.start(settings);
            int at = 0;
            while (at < n) {
                int k = Math.min(n - at, 1 + rnd.nextInt(60)); // rounds of 1..60 samples
                EdmTracker before = tracker;
                EdmResult beforeResult = before.result();
                tracker = tracker.append(Arrays.copyOfRange(data, at, at + k));
                at += k;
                EdmResult batch = Edm.detect(Arrays.copyOf(data, at), settings);
                assertThat(tracker.result())
                        .as("case %d at %d %s", c, at, settings)
                        .isEqualTo(batch);
                assertThat(tracker.size()).isEqualTo(at);
                // the previous tracker is untouched (immutability)
                assertThat(before.result()).isEqualTo(beforeResult);
                rounds++;
                nonEmpty += batch.changePoints().isEmpty() ? 0 : 1;
            }
        }
        assertThat(rounds).isGreaterThan(200);
        assertThat(nonEmpty).isGreaterThan(50);
    }

    /** Branching: two different rounds appended to the same tracker do not disturb each other. */
    @Test
    void appendsFromOneTrackerAreIndependent() {
        EdmTracker base = EdmTracker.start(EdmSettings.pilot()).append(runs(30, 1.1, 30, 5.1));
        EdmTracker same = base.append(runs(30, 5.1));
        EdmTracker back = base.append(runs(30, 1.1));
        assertThat(base.result().changePoints()).containsExactly(30);
        assertThat(same.result()).isEqualTo(Edm.detect(runs(30, 1.1, 60, 5.1), EdmSettings.pilot()));
        assertThat(same.result().changePoints()).containsExactly(45); // the balanced-split pull of the median
        assertThat(back.result().changePoints()).containsExactly(30, 60);
        assertThat(back.result().last()).hasValue(60);
    }

    @Test
    void betaRangeWideningRecomputesAndStillMatchesBatch() {
        EdmSettings beta = EdmSettings.breakout().withMode(Mode.EXACT);
        double[] a = runs(40, 1.0, 40, 2.0);
        double[] b = runs(40, 9.0); // widens the range: every rescaled value changes
        EdmTracker t = EdmTracker.start(beta).append(runs(10, 3.0)).append(a).append(b);
        double[] all = Series.concat(runs(10, 3.0), a, b);
        assertThat(t.result()).isEqualTo(Edm.detect(all, beta));
        assertThat(t.result().changePoints()).isNotEmpty();
        assertThat(EdmTracker.start(beta).append(runs(70, 4.0)).result().changePoints())
                .isEmpty();
    }

    @Test
    void emptyAndValidation() {
        EdmTracker empty = EdmTracker.start(EdmSettings.pilot());
        assertThat(empty.size()).isZero();
        assertThat(empty.result().changePoints()).isEmpty();
        assertThat(empty.result().stableSegment().status()).isEqualTo(StableSegment.Status.NOT_ENOUGH_DATA);
        assertThat(empty.append()).isSameAs(empty);
        assertThatThrownBy(() -> empty.append(1, Double.NaN))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("data[1] is NaN; EDM needs finite values");
        assertThatThrownBy(() -> EdmTracker.start(EdmSettings.pilot().withAmoc(true)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("amoc");
        assertThatThrownBy(() -> EdmTracker.start(EdmSettings.pilot().withMode(Mode.SCALABLE)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("SCALABLE");
        assertThatThrownBy(() -> EdmTracker.start(null)).isInstanceOf(IllegalArgumentException.class);
    }
}
