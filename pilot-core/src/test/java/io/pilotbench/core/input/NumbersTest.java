package io.pilotbench.core.input;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class NumbersTest {
    /** The fast path must give Double.parseDouble's double, bit for bit, or decline. */
    @Test
    void theFastPathGivesTheJdksDoubleOnSeededRandomDecimals() {
        SplittableRandom random = new SplittableRandom(17);
        int fast = 0;
        for (int i = 0; i < 200_000; i++) {
            String s = randomDecimal(random);
            byte[] b = s.getBytes(StandardCharsets.US_ASCII);
            double x = Numbers.parseSimple(b, 0, b.length);
            if (!Double.isNaN(x)) {
                fast++;
                assertThat(Double.doubleToRawLongBits(x))
                        .as(s)
                        .isEqualTo(Double.doubleToRawLongBits(Double.parseDouble(s)));
            }
            assertThat(Numbers.isDecimal(b, 0, b.length)).as(s).isTrue();
            assertThat(Double.doubleToRawLongBits(Numbers.parse(b, 0, b.length)))
                    .as(s)
                    .isEqualTo(Double.doubleToRawLongBits(Double.parseDouble(s)));
        }
        assertThat(fast).as("most measured values take the fast path").isGreaterThan(100_000);
    }

    private static String randomDecimal(SplittableRandom r) {
        StringBuilder sb = new StringBuilder();
        if (r.nextInt(4) == 0) {
            sb.append(r.nextBoolean() ? '-' : '+');
        }
        int whole = r.nextInt(0, 12);
        for (int i = 0; i < whole; i++) {
            sb.append((char) ('0' + r.nextInt(10)));
        }
        if (whole == 0 || r.nextBoolean()) {
            sb.append('.');
            int decimals = r.nextInt(1, 24);
            for (int i = 0; i < decimals; i++) {
                sb.append((char) ('0' + r.nextInt(10)));
            }
        }
        if (r.nextInt(8) == 0) {
            sb.append('e').append(r.nextInt(-320, 310));
        }
        return sb.toString();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {"", "+", "-", ".", "1e", "1e+", "0x10", "1d", "NaN", "Infinity", "1,5", "1.2.3", " 1", "1_000"})
    void whatIsNotAPlainDecimalIsRefusedByBothPaths(String s) {
        byte[] b = s.getBytes(StandardCharsets.US_ASCII);
        assertThat(Numbers.isDecimal(b, 0, b.length)).isFalse();
        assertThat(Numbers.isDecimal(s)).isFalse();
        assertThat(Numbers.parseSimple(b, 0, b.length)).isNaN();
    }
}
