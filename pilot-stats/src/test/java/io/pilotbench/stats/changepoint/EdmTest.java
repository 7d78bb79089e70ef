package io.pilotbench.stats.changepoint;

import static io.pilotbench.stats.changepoint.Series.concat;
import static io.pilotbench.stats.changepoint.Series.runs;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pilotbench.stats.RefData;
import io.pilotbench.stats.changepoint.EdmSettings.Mode;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The original Pilot's vectors (docs/original.md#vectors-statistics, #vectors-edm), edge cases and validation. */
class EdmTest {
    private static final EdmSettings PILOT = EdmSettings.pilot();

    @ParameterizedTest
    @EnumSource(value = Mode.class)
    void changeInMean1(Mode mode) {
        EdmResult r = Edm.detect(runs(30, 1.1, 30, 5.1, 30, 1.1), PILOT.withMode(mode));
        assertThat(r.changePoints()).containsExactly(30, 60);
        assertThat(r.stableSegment().status()).isEqualTo(StableSegment.Status.NO_DOMINANT_SEGMENT);
        assertThat(r.stableSegment().isFound()).isFalse();
    }

    @Test
    void dominantSegment() {
        EdmResult r = Edm.detect(runs(30, 1.1, 130, 5.1, 30, 1.1), PILOT);
        assertThat(r.changePoints()).containsExactly(30, 131);
        StableSegment stable = r.stableSegment();
        assertThat(stable).isEqualTo(new StableSegment(StableSegment.Status.FOUND, 30, 131, 190));
        assertThat(stable.warmUpLength()).isEqualTo(30);
        assertThat(stable.coolDownLength()).isEqualTo(59);
        assertThat(stable.length()).isEqualTo(101);
    }

    @Test
    void originalCliBugPercent30Degree0() {
        EdmResult r = Edm.detect(
                runs(30, 1.1, 130, 5.1, 30, 1.1), PILOT.withPercent(30).withDegree(0));
        assertThat(r.changePoints()).containsExactly(30, 60, 131);
    }

    @Test
    void noiseFreeStepIsPulledToTheBalancedSplit() {
        EdmResult r = Edm.detect(runs(40, 1.0, 60, 2.0), PILOT);
        assertThat(r.changePoints()).containsExactly(50);
        assertThat(r.stableSegment().status()).isEqualTo(StableSegment.Status.NO_DOMINANT_SEGMENT);
        assertThat(Edm.detect(runs(60, 1.0, 40, 2.0), PILOT).changePoints()).containsExactly(50);
    }

    @Test
    void shortWarmUpIsWidenedToMinSize() {
        EdmResult r = Edm.detect(runs(20, 5.0, 200, 1.0), PILOT);
        assertThat(r.changePoints()).containsExactly(30);
        assertThat(r.stableSegment()).isEqualTo(new StableSegment(StableSegment.Status.FOUND, 30, 220, 220));
    }

    @Test
    void datasetFHasNoChangePoint() {
        assertThat(RefData.DATASET_F).hasSize(48);
        EdmResult r = Edm.detect(RefData.DATASET_F, PILOT);
        assertThat(r.changePoints()).isEmpty();
        assertThat(r.stableSegment()).isEqualTo(new StableSegment(StableSegment.Status.FOUND, 0, 48, 48));
    }

    /** pilot_find_one_changepoint = the last change point of EDM_percent (unit_test_statistics.cc FindChangepoint). */
    @Test
    void findOneChangePoint() {
        assertThat(Edm.detect(runs(30, 1.1), PILOT).last()).isEmpty();
        assertThat(Edm.detect(runs(30, 1.1, 30, 5.1), PILOT).last()).hasValue(30);
        assertThat(Edm.detect(runs(30, 1.1, 30, 5.1, 30, 1.1), PILOT).last()).hasValue(60);
    }

    /**
     * mock_benchmark_with_changepoint.sh (docs/original.md#vectors-edm): dataset F repeated twice, the original's
     * incremental last_cp finds 30 when n = 60 and 60 when n = 90 (searching readings[last_cp:]).
     */
    @Test
    void datasetFTwiceIncrementalLastChangePoint() {
        double[] ff = concat(RefData.DATASET_F, RefData.DATASET_F);
        assertThat(Edm.detect(Arrays.copyOf(ff, 59), PILOT).last()).isEmpty();
        assertThat(Edm.detect(Arrays.copyOf(ff, 60), PILOT).last()).hasValue(30);
        assertThat(Edm.detect(Arrays.copyOfRange(ff, 30, 89), PILOT).last()).isEmpty();
        assertThat(Edm.detect(Arrays.copyOfRange(ff, 30, 90), PILOT).last()).hasValue(30);
    }

    @Test
    void tooShortOrDegenerateSeriesHaveNoChangePoint() {
        assertThat(Edm.detect(new double[0], PILOT).changePoints()).isEmpty();
        assertThat(Edm.detect(new double[0], PILOT).stableSegment().status())
                .isEqualTo(StableSegment.Status.NOT_ENOUGH_DATA);
        assertThat(Edm.detect(new double[] {3}, PILOT).changePoints()).isEmpty();
        assertThat(Edm.detect(runs(59, 1.0, 0, 0), PILOT).n()).isEqualTo(59);
        assertThat(Edm.detect(runs(29, 1.0, 30, 9.0), PILOT).changePoints()).isEmpty(); // n < 2·minSize
        assertThat(Edm.detect(runs(29, 1.0), PILOT).stableSegment().status())
                .isEqualTo(StableSegment.Status.NOT_ENOUGH_DATA);
        assertThat(Edm.detect(runs(30, 1.1), PILOT).stableSegment().isFound()).isTrue();
        for (Mode mode : Mode.values()) {
            for (EdmSettings s : List.of(PILOT, EdmSettings.breakout(), PILOT.withAmoc(true), PILOT.withPercent(0))) {
                assertThat(Edm.detect(runs(500, 7.0), s.withMode(mode)).changePoints())
                        .as(s + " " + mode)
                        .isEmpty();
            }
        }
    }

    @Test
    void dataAreNotModified() {
        double[] data = runs(30, 3.0, 30, 1.0, 30, 2.0);
        double[] copy = data.clone();
        Edm.detect(data, EdmSettings.breakout());
        Edm.detect(data, PILOT.withMode(Mode.SCALABLE));
        assertThat(data).isEqualTo(copy);
    }

    @Test
    void methodReportsTheAlgorithmThatRan() {
        assertThat(Edm.detect(new double[100], PILOT).method()).isEqualTo(Mode.EXACT);
        assertThat(Edm.detect(new double[EdmSettings.AUTO_EXACT_LIMIT], PILOT).method())
                .isEqualTo(Mode.EXACT);
        assertThat(Edm.detect(new double[EdmSettings.AUTO_EXACT_LIMIT + 1], PILOT)
                        .method())
                .isEqualTo(Mode.SCALABLE);
        assertThat(Edm.detect(new double[100], PILOT.withMode(Mode.SCALABLE)).method())
                .isEqualTo(Mode.SCALABLE);
    }

    @Test
    void amocFindsTheSingleBestSplit() {
        EdmSettings amoc = PILOT.withAmoc(true);
        assertThat(Edm.detect(runs(30, 1.1, 30, 5.1, 30, 1.1), amoc).changePoints())
                .hasSize(1);
        // EDMX weighs τ₁(τ₂−τ₁)/τ₂: the split moves right while the left median is still 1 (79 of 40 ones, 39 twos).
        assertThat(Edm.detect(runs(40, 1.0, 160, 2.0), amoc).changePoints()).containsExactly(79);
        assertThat(Edm.detect(runs(59, 1.0, 1, 2.0), amoc).changePoints()).isEmpty();
    }

    @Test
    void validationMessages() {
        assertThatThrownBy(() -> PILOT.withMinSize(1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("minSize must be >= 2, got 1");
        assertThatThrownBy(() -> PILOT.withPercent(-0.1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("percent must be finite and >= 0, got -0.1");
        assertThatThrownBy(() -> PILOT.withBeta(Double.NaN))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("beta must be finite and >= 0, got NaN");
        assertThatThrownBy(() -> Penalty.beta(Double.POSITIVE_INFINITY))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("beta must be finite and >= 0, got Infinity");
        assertThatThrownBy(() -> PILOT.withDegree(3))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("degree must be 0, 1 or 2, got 3");
        assertThatThrownBy(() -> PILOT.withDegree(-1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("degree must be 0, 1 or 2, got -1");
        assertThatThrownBy(() -> PILOT.withMode(null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("mode must not be null");
        assertThatThrownBy(() -> Edm.detect(new double[] {1, Double.NaN}, PILOT))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("data[1] is NaN; EDM needs finite values");
        assertThatThrownBy(() -> Edm.detect(new double[] {Double.NEGATIVE_INFINITY}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("data[0] is -Infinity; EDM needs finite values");
        assertThatThrownBy(() -> Edm.detect(null, PILOT))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("data must not be null");
        assertThatThrownBy(() -> Edm.detect(new double[3], null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("settings must not be null");
    }

    @Test
    void defaultsAreThePilotAndBreakoutOnes() {
        assertThat(EdmSettings.pilot()).isEqualTo(new EdmSettings(30, Penalty.percent(0.25), 1, false, Mode.AUTO));
        assertThat(EdmSettings.breakout()).isEqualTo(new EdmSettings(30, Penalty.beta(0.008), 1, false, Mode.AUTO));
    }
}
