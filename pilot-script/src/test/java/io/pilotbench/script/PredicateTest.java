package io.pilotbench.script;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class PredicateTest {
    private static final String PAPER = "($delta < 0.05 * $mean) || ($count > 30)";

    @Test
    void thePapersPredicateWorksAsWritten() {
        Predicate p = Predicate.parse(PAPER);
        assertThat(p.holds(Map.of("delta", 0.4, "mean", 10.0, "count", 5.0))).isTrue();
        assertThat(p.holds(Map.of("delta", 0.6, "mean", 10.0, "count", 5.0))).isFalse();
        assertThat(p.holds(Map.of("delta", 0.6, "mean", 10.0, "count", 31.0))).isTrue();
    }

    @Test
    void figureOnesQuotedVariableIsTheVariable() {
        Predicate p = Predicate.parse("(\"$delta\" < 0.05 * $mean) || ($count > 30)");
        assertThat(p.holds(Map.of("delta", 0.4, "mean", 10.0, "count", 5.0))).isTrue();
        assertThat(p.holds(Map.of("delta", 0.6, "mean", 10.0, "count", 5.0))).isFalse();
    }

    @Test
    void halfWidthInPercentAndTheStatisticsOfAColumn() {
        ColumnStats s = ColumnStats.of("elapsed", new double[] {10, 11, 9, 10, 10}, 0.95);
        assertThat(Predicate.parse("$hw% < 10 && $count == 5 && $median == 10 && $min == 9 && $max == 11")
                        .holds(s.variables()))
                .isTrue();
        assertThat(Predicate.parse("$hw% < 1").holds(s.variables())).isFalse();
    }

    @Test
    void anUnknownValueIsNotEnoughToStop() {
        ColumnStats one = ColumnStats.of("elapsed", new double[] {10}, 0.95);
        assertThat(Predicate.parse("$delta < 100").holds(one.variables())).isFalse();
        assertThat(Predicate.parse("$count >= 1").holds(one.variables())).isTrue();
    }

    @Test
    void nothingButExpressions() {
        assertThatThrownBy(() -> Predicate.parse("$mean < 3 )"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("predicate '$mean < 3 )'");
        assertThatThrownBy(() -> Predicate.parse("$nosuch > 1").holds(Map.of("mean", 1.0)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("nosuch");
        assertThatThrownBy(() -> Predicate.parse("$mean + 1").holds(Map.of("mean", 1.0)))
                .hasMessageContaining("not true or false");
    }

    @Test
    void conditionsCompareNumbersAsNumbersAndTheRestAsStrings() {
        assertThat(Conditions.compare("10", "<", "9.5")).isFalse();
        assertThat(Conditions.compare("10", ">", "9.5")).isTrue();
        assertThat(Conditions.compare("1.0", "==", "1")).isTrue();
        assertThat(Conditions.compare("ext2", "!=", "ext3")).isTrue();
        assertThat(Conditions.compare("abc", "<", "abd")).isTrue();
        assertThat(Conditions.compare("x", ">=", "x")).isTrue();
    }

    /** The paper's `|| ($count > 30)` is a run cap, not precision; `&& $count >= 10` is a minimum, not a cap. */
    @Test
    void aRunCapIsNotPrecisionButAMinimumCountIs() {
        Map<String, Double> wide = Map.of("delta", 0.4, "mean", 1.0, "hw%", 40.0, "count", 31.0);
        Map<String, Double> narrow = Map.of("delta", 0.01, "mean", 1.0, "hw%", 1.0, "count", 31.0);
        Predicate paper = Predicate.parse("($delta < 0.05 * $mean) || ($count > 30)");
        assertThat(paper.holds(wide)).isTrue();
        assertThat(paper.precisionHolds(wide)).isFalse();
        assertThat(paper.precisionHolds(narrow)).isTrue();
        assertThat(paper.asksPrecision()).isTrue();
        Predicate minimum = Predicate.parse("$hw% < 5 && $count >= 10");
        assertThat(minimum.precisionHolds(narrow)).isTrue();
        assertThat(minimum.precisionHolds(wide)).isFalse();
        Predicate nested = Predicate.parse("$count >= 5 && ($hw% < 5 || $count >= 30)");
        assertThat(nested.holds(wide)).isTrue();
        assertThat(nested.precisionHolds(wide)).isFalse();
        assertThat(Predicate.parse("$count >= 15").asksPrecision()).isFalse();
    }
}
