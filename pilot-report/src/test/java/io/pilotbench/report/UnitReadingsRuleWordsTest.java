package io.pilotbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.pilotbench.core.model.PerformanceIndex;
import io.pilotbench.core.model.SessionSettings;
import org.junit.jupiter.api.Test;

/**
 * A session of unit readings stopped after 3 rounds on the Student-t interval of the rounds' means, while its
 * report's "analysis" line said the method needs "at least 20 samples and 10 degrees of freedom". The line now names
 * the unit readings' own rule where a PI has them.
 */
class UnitReadingsRuleWordsTest {
    @Test
    void theAnalysisLineNamesTheUnitReadingsRule() {
        SessionSettings units = SessionSettings.builder()
                .pi(new PerformanceIndex("op", "us", PerformanceIndex.Kind.ORDINARY, false, true))
                .build();
        assertThat(SessionWords.settingsSummary(units))
                .contains("at least 20 samples and 10 degrees of freedom; unit readings: the rounds' means, at least 3 "
                        + "rounds");
        SessionSettings readings =
                SessionSettings.builder().pi(PerformanceIndex.of("t", "s")).build();
        assertThat(SessionWords.settingsSummary(readings)).doesNotContain("unit readings");
    }
}
