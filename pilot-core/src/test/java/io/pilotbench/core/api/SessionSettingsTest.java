package io.pilotbench.core.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pilotbench.core.model.CiMethod;
import io.pilotbench.core.model.CiTarget;
import io.pilotbench.core.model.Defaults;
import io.pilotbench.core.model.PerformanceIndex;
import io.pilotbench.core.model.Preset;
import io.pilotbench.core.model.RoundResult;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.core.model.WarmupRemoval;
import io.pilotbench.core.model.WorkAmountRange;
import io.pilotbench.core.model.WpsMode;
import java.time.Duration;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

class SessionSettingsTest {
    private static SessionSettings.Builder valid() {
        return SessionSettings.builder().pi(PerformanceIndex.of("t", "s"));
    }

    private static void rejected(Consumer<SessionSettings.Builder> change, String message) {
        SessionSettings.Builder b = valid();
        change.accept(b);
        assertThatThrownBy(b::build)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(message);
    }

    @Test
    void defaultsComeFromTheDefaultsClass() {
        SessionSettings s = valid().build();
        assertThat(s.confidence()).isEqualTo(Defaults.CONFIDENCE);
        assertThat(s.autocorrelationLimit()).isEqualTo(Defaults.AUTOCORRELATION_LIMIT);
        assertThat(s.ciTarget()).isEqualTo(CiTarget.ofMean(Defaults.CI_WIDTH_FRACTION));
        assertThat(s.minSubsessions()).isEqualTo(Defaults.MIN_SUBSESSIONS);
        assertThat(s.warmupRemoval())
                .isEqualTo(WarmupRemoval.parse(Defaults.WARMUP_REMOVAL))
                .isEqualTo(WarmupRemoval.AUTO);
        assertThat(s.method()).isEqualTo(CiMethod.parse(Defaults.CI_METHOD)).isEqualTo(CiMethod.AR);
        assertThat(s.shortRound()).isEqualTo(Defaults.SHORT_ROUND);
        assertThat(s.wps()).isEqualTo(WpsMode.OFF);
        assertThat(s.toBuilder().build()).isEqualTo(s);
    }

    @Test
    void presetsReproduceTheOriginalsValues() {
        SessionSettings strict = valid().preset(Preset.STRICT).build();
        assertThat(strict.autocorrelationLimit()).isEqualTo(0.1);
        assertThat(strict.minSubsessions()).isEqualTo(200);
        assertThat(strict.shortRound()).isEqualTo(Duration.ofSeconds(20));
        SessionSettings quick = valid().preset(Preset.QUICK).build();
        assertThat(quick.ciTarget()).isEqualTo(CiTarget.ofMean(0.2));
        assertThat(quick.autocorrelationLimit()).isEqualTo(0.8);
    }

    @Test
    void badSettingsAreRejectedWithClearMessages() {
        assertThatThrownBy(() -> CiTarget.ofMean(-0.1)).hasMessageContaining("CI width must be a finite number > 0");
        rejected(b -> b.confidence(1.0), "confidence must be in (0, 1)");
        rejected(b -> b.confidence(0), "confidence must be in (0, 1)");
        rejected(b -> b.autocorrelationLimit(0), "autocorrelation limit must be in (0, 1]");
        rejected(b -> b.pis(java.util.List.of()), "no performance index");
        rejected(b -> b.pi(PerformanceIndex.of("t", "ms")), "two performance indices are named 't'");
        assertThatThrownBy(() -> new WorkAmountRange(100, 100)).hasMessageContaining("needs min < max, got 100:100");
        assertThatThrownBy(() -> new WorkAmountRange(500, 100)).hasMessageContaining("needs min < max");
        assertThatThrownBy(() -> WorkAmountRange.parse("10-20")).hasMessageContaining("is not MIN:MAX");
        rejected(b -> b.wps(WpsMode.REQUIRED), "WPS analysis needs a work-amount range");
        rejected(b -> b.minSubsessions(-1), "minimum subsession count must be >= 0");
        rejected(b -> b.maxDuration(Duration.ZERO), "session time limit must be > 0");
        rejected(b -> b.minRounds(10).maxRounds(5), "minimum rounds (10) exceed the maximum (5)");
        rejected(b -> b.shortRound(Duration.ofSeconds(-1)), "short-round threshold must be >= 0");
        assertThatThrownBy(() -> PerformanceIndex.of(" ", "ms")).hasMessageContaining("non-blank name");
        assertThatThrownBy(() -> PerformanceIndex.Kind.parse("3")).hasMessageContaining("is not ordinary (0)");
    }

    @Test
    void aWpsOnlySessionNeedsNoPi() {
        SessionSettings s = SessionSettings.builder()
                .wps(WpsMode.REQUIRED)
                .workAmount(1, 10)
                .build();
        assertThat(s.pis()).isEmpty();
    }

    @Test
    void roundsNamingUnknownPisOrInfiniteValuesAreRejected() {
        Session s = Session.inMemory(valid().build());
        assertThatThrownBy(() -> s.addRound(0, RoundResult.ofReadings(1, 2)))
                .hasMessageContaining("reports PI 1, but the session has 1 PI");
        assertThatThrownBy(() -> s.addRound(0, RoundResult.ofReadings(Double.POSITIVE_INFINITY)))
                .hasMessageContaining("reading is infinite");
        assertThatThrownBy(() -> s.addRound(0, RoundResult.ofUnitReadings(1, Double.NaN)))
                .hasMessageContaining("unit reading 1 is NaN");
        assertThat(s.rounds()).isEmpty();
    }
}
