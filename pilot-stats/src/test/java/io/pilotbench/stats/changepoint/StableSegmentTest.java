package io.pilotbench.stats.changepoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pilotbench.stats.changepoint.StableSegment.Status;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The dominant-segment rule of pilot_find_dominant_segment, and the LCG session's rounds
 * (docs/original.md#vectors-ur-session).
 */
class StableSegmentTest {

    @Test
    void firstSegmentLongerThanHalfWins() {
        assertThat(StableSegment.of(List.of(10, 80), 100, 30)).isEqualTo(new StableSegment(Status.FOUND, 10, 80, 100));
        assertThat(StableSegment.of(List.of(), 100, 30)).isEqualTo(new StableSegment(Status.FOUND, 0, 100, 100));
        assertThat(StableSegment.of(List.of(49), 100, 30).begin()).isEqualTo(49); // [49, 100) is 51 > 50
        // exactly n/2 is not enough (integer division: 101/2 = 50)
        assertThat(StableSegment.of(List.of(50), 100, 30).status()).isEqualTo(Status.NO_DOMINANT_SEGMENT);
        assertThat(StableSegment.of(List.of(50), 101, 30)).isEqualTo(new StableSegment(Status.FOUND, 50, 101, 101));
        assertThat(StableSegment.of(List.of(), 29, 30).status()).isEqualTo(Status.NOT_ENOUGH_DATA);
    }

    @Test
    void absentSegmentHasNoLengths() {
        StableSegment none = StableSegment.of(List.of(30, 60), 90, 30);
        assertThat(none.isFound()).isFalse();
        assertThatThrownBy(none::warmUpLength)
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("no stable segment: NO_DOMINANT_SEGMENT");
        assertThatThrownBy(none::coolDownLength).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(none::length).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> StableSegment.of(List.of(60, 30), 90, 30))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("change points must be strictly increasing inside (0, 90), got [60, 30]");
        assertThatThrownBy(() -> new StableSegment(Status.FOUND, 5, 5, 10))
                .isInstanceOf(IllegalArgumentException.class);
    }

    /**
     * docs/original.md#vectors-ur-session: unit readings from the 64-bit LCG (seed 7), one value per UR, consumed in
     * order across rounds of 1, 2, 4, 8, 15, 30, 50, 75, 115, 165, 230 URs. Round 8 (115 URs) gives [33, 69] and no
     * stable segment; round 9 gives [31] and round 10 [32] (the warm-up lengths 31 and 32 of the EDM row).
     */
    @Test
    void lcgSessionRounds() {
        int[] workAmounts = {1, 2, 4, 8, 15, 30, 50, 75, 115, 165, 230};
        long x = 7;
        EdmResult[] results = new EdmResult[workAmounts.length];
        for (int r = 0; r < workAmounts.length; r++) {
            int wa = workAmounts[r];
            double[] ur = new double[wa];
            for (int i = 0; i < wa; i++) {
                x = x * 6364136223846793005L + 1442695040888963407L;
                double u = (x >>> 11) / 0x1p53;
                double base = i < Math.floor(0.1 * wa) ? 20 : i >= wa - Math.floor(0.05 * wa) ? 5 : 10;
                ur[i] = base + (2 * u - 1);
            }
            results[r] = Edm.detect(ur);
        }
        assertThat(results[8].changePoints()).containsExactly(33, 69);
        assertThat(results[8].stableSegment().status()).isEqualTo(Status.NO_DOMINANT_SEGMENT);
        assertThat(results[9].changePoints()).containsExactly(31);
        assertThat(results[9].stableSegment().warmUpLength()).isEqualTo(31);
        assertThat(results[9].stableSegment().coolDownLength()).isZero(); // "the cool-down is never cut"
        assertThat(results[10].changePoints()).containsExactly(32);
        assertThat(results[4].stableSegment().status()).isEqualTo(Status.NOT_ENOUGH_DATA);
    }
}
