package io.pilotbench.core.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The journal's round starts parsed directly give what {@link Instant#parse} gives (including its leniencies: 24:00,
 * a decimal point without digits), and fail where it fails.
 */
class SessionReaderInstantTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "2026-11-24T08:00:00Z",
                "2026-11-24T08:00:00.1Z",
                "2026-11-24T08:00:00.123Z",
                "2024-02-29T23:59:59.999999999Z",
                "1970-01-01T00:00:00Z",
                "2026-11-24T08:00:00.000001Z",
                "+12026-11-24T08:00:00Z",
                "2026-11-24T08:00:00+01:00",
                "2026-11-24T24:00:00Z",
                "2026-11-24T08:00:00.Z"
            })
    void givesWhatInstantParseGives(String text) {
        assertThat(SessionTable.instant(text)).isEqualTo(Instant.parse(text));
        byte[] b = ("x," + text + ",y").getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        Instant fromBytes = SessionTable.instant(b, 2, 2 + text.length());
        if (fromBytes != null) { // null: not the journal's own form, and the row reads it as text instead
            assertThat(fromBytes).isEqualTo(Instant.parse(text));
        } else {
            assertThat(text).matches(".*(\\+|24:00|\\.Z).*");
        }
    }

    @Test
    void everyInstantAsTheJournalWritesItRoundTrips() {
        SplittableRandom r = new SplittableRandom(18);
        for (int i = 0; i < 100_000; i++) {
            Instant t = Instant.ofEpochSecond(r.nextLong(0, 4_102_444_800L), i % 3 == 0 ? 0 : r.nextInt(1_000_000_000));
            assertThat(SessionTable.instant(t.toString())).isEqualTo(t);
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "2026-02-30T08:00:00Z",
                "2026-11-24T08:60:00Z",
                "2026-1x-24T08:00:00Z",
                "2026-11-24T08:00:00.1234567891Z",
                "yesterday"
            })
    void malformedTimesFailAsInstantParseFails(String text) {
        assertThatThrownBy(() -> Instant.parse(text)).isInstanceOf(DateTimeParseException.class);
        assertThatThrownBy(() -> SessionTable.instant(text)).isInstanceOf(RuntimeException.class);
    }
}
