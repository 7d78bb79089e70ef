package io.pilotbench.stats.anova;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.pilotbench.stats.RefData;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** statsmodels' kidney tables (refdata/anova/anova_cases.json, README §5; Type I re-checked in R upstream). */
class FactorialAnovaTest {
    private static final JsonNode KIDNEY =
            RefData.json("anova/anova_cases.json").get("two_way_kidney");
    private static final List<String> TERMS = List.of("Duration", "Weight", "Duration:Weight");

    /** The kidney data without its first {@code drop} rows: response log(Days + 1), factors Duration and Weight. */
    record Kidney(double[] logDays, Map<String, String[]> factors) {
        static Kidney load(int drop) {
            List<String> lines = RefData.lines("anova/statsmodels_kidney.csv");
            List<String[]> rows = lines.subList(1 + drop, lines.size()).stream()
                    .filter(l -> !l.isBlank())
                    .map(l -> l.split(","))
                    .toList();
            double[] y = rows.stream()
                    .mapToDouble(r -> Math.log(Double.parseDouble(r[0]) + 1))
                    .toArray();
            Map<String, String[]> factors = new LinkedHashMap<>();
            factors.put("Duration", rows.stream().map(r -> r[1]).toArray(String[]::new));
            factors.put("Weight", rows.stream().map(r -> r[2]).toArray(String[]::new));
            return new Kidney(y, factors);
        }
    }

    /** Agreement to every digit published: within one unit of the last digit given. */
    private static void assertPublished(double actual, JsonNode published, String what) {
        BigDecimal value = new BigDecimal(published.asString());
        double unit = value.ulp().doubleValue();
        assertThat(actual).as(what + " vs " + value).isCloseTo(value.doubleValue(), within(unit));
    }

    private static void assertMatches(AnovaTable table, JsonNode expected) {
        int checked = 0;
        for (JsonNode row : expected.get("rows")) {
            String term = row.get("term").asString();
            AnovaRow actual = term.equals("Residuals") ? table.residual() : table.row(term);
            assertThat(actual.df()).as(term + " df").isEqualTo(row.get("df").asInt());
            assertPublished(actual.ss(), row.get("ss"), term + " SS");
            if (row.has("F")) {
                assertPublished(actual.f(), row.get("F"), term + " F");
                assertPublished(actual.pValue(), row.get("p"), term + " p");
                assertThat(actual.meanSquare()).isCloseTo(actual.ss() / actual.df(), within(1e-15));
            }
            checked++;
        }
        assertThat(checked).isEqualTo(table.terms().size() + 1);
    }

    @Test
    void balancedTypeIMatchesStatsmodelsAndR() {
        Kidney k = Kidney.load(0);
        assertThat(k.logDays()).hasSize(60);
        AnovaTable table = FactorialAnova.table(k.logDays(), k.factors(), TERMS, SumOfSquares.TYPE_I);
        assertMatches(table, KIDNEY.get("balanced_typeI"));
        assertThat(table.type()).isEqualTo(SumOfSquares.TYPE_I);
        // Balanced: sequential and Type II sums of squares coincide (the json's model note).
        AnovaTable typeII = FactorialAnova.table(k.logDays(), k.factors(), TERMS, SumOfSquares.TYPE_II);
        for (String term : TERMS) {
            assertThat(typeII.row(term).ss()).isCloseTo(table.row(term).ss(), within(1e-12));
        }
    }

    @Test
    void unbalancedTypeIIMatchesStatsmodels() {
        Kidney k = Kidney.load(3);
        assertThat(k.logDays()).hasSize(57);
        assertMatches(
                FactorialAnova.table(k.logDays(), k.factors(), TERMS, SumOfSquares.TYPE_II),
                KIDNEY.get("unbalanced_drop_first_3_rows_typeII"));
    }

    @Test
    void unbalancedTypeIIIWithSumContrastsMatchesStatsmodels() {
        Kidney k = Kidney.load(3);
        AnovaTable table = FactorialAnova.table(k.logDays(), k.factors(), TERMS, SumOfSquares.TYPE_III);
        assertThat(table.terms().get(0).term()).isEqualTo("Intercept");
        assertMatches(table, KIDNEY.get("unbalanced_drop_first_3_rows_typeIII"));
        // Unbalanced: Type I depends on the order of the terms, Type III does not.
        AnovaTable forward = FactorialAnova.table(k.logDays(), k.factors(), TERMS, SumOfSquares.TYPE_I);
        AnovaTable reversed = FactorialAnova.table(
                k.logDays(), k.factors(), List.of("Weight", "Duration", "Duration:Weight"), SumOfSquares.TYPE_I);
        assertThat(reversed.row("Duration").ss())
                .isNotCloseTo(forward.row("Duration").ss(), within(1e-3));
        AnovaTable reversedIII = FactorialAnova.table(
                k.logDays(), k.factors(), List.of("Weight", "Duration", "Duration:Weight"), SumOfSquares.TYPE_III);
        assertThat(reversedIII.row("Duration").ss())
                .isCloseTo(table.row("Duration").ss(), within(1e-12));
    }

    /** A single factor gives the one-way table. */
    @Test
    void oneFactorEqualsOneWayAnova() {
        Kidney k = Kidney.load(3);
        String[] weight = k.factors().get("Weight");
        AnovaTable table =
                FactorialAnova.table(k.logDays(), Map.of("Weight", weight), List.of("Weight"), SumOfSquares.TYPE_I);
        OneWayAnovaResult oneWay = OneWayAnova.test(weight, k.logDays());
        assertThat(table.row("Weight").ss()).isCloseTo(oneWay.ssBetween(), within(1e-12));
        assertThat(table.row("Weight").f()).isCloseTo(oneWay.f(), within(1e-11));
        assertThat(table.row("Weight").pValue()).isCloseTo(oneWay.pValue(), within(1e-15));
        assertThat(table.residual().df()).isEqualTo(oneWay.dfWithin());
        assertThat(table.residual().ss()).isCloseTo(oneWay.ssWithin(), within(1e-12));
    }

    @Test
    void rejectsBadModels() {
        Kidney k = Kidney.load(0);
        double[] y = k.logDays();
        Map<String, String[]> f = k.factors();
        assertThatThrownBy(() -> FactorialAnova.table(y, f, List.of("Dose"), SumOfSquares.TYPE_I))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown factor 'Dose'");
        assertThatThrownBy(() -> FactorialAnova.table(y, f, List.of("Duration::Weight"), SumOfSquares.TYPE_I))
                .hasMessageContaining("malformed term");
        assertThatThrownBy(() -> FactorialAnova.table(y, f, List.of("Duration", "Duration"), SumOfSquares.TYPE_I))
                .hasMessageContaining("appears twice");
        assertThatThrownBy(() -> FactorialAnova.table(y, f, List.of(), SumOfSquares.TYPE_I))
                .hasMessageContaining("at least one term");
        String[] single = new String[y.length];
        Arrays.fill(single, "x");
        assertThatThrownBy(() -> FactorialAnova.table(y, Map.of("S", single), List.of("S"), SumOfSquares.TYPE_I))
                .hasMessageContaining("factor 'S' has 1 level(s)");
        double[] bad = y.clone();
        bad[5] = Double.NaN;
        assertThatThrownBy(() -> FactorialAnova.table(bad, f, TERMS, SumOfSquares.TYPE_I))
                .hasMessageContaining("response[5] is NaN");

        // Empty cell: drop every observation with Duration 2 and Weight 3, so the interaction is not estimable.
        String[] duration = f.get("Duration");
        String[] weight = f.get("Weight");
        int[] keep = java.util.stream.IntStream.range(0, y.length)
                .filter(i -> !(duration[i].equals("2") && weight[i].equals("3")))
                .toArray();
        double[] y2 = Arrays.stream(keep).mapToDouble(i -> y[i]).toArray();
        Map<String, String[]> f2 = Map.of(
                "Duration", Arrays.stream(keep).mapToObj(i -> duration[i]).toArray(String[]::new),
                "Weight", Arrays.stream(keep).mapToObj(i -> weight[i]).toArray(String[]::new));
        assertThatThrownBy(() -> FactorialAnova.table(y2, f2, TERMS, SumOfSquares.TYPE_III))
                .hasMessageContaining("empty cell");
        // Without the interaction the same data are fine.
        assertThat(FactorialAnova.table(y2, f2, List.of("Duration", "Weight"), SumOfSquares.TYPE_II)
                        .residual()
                        .df())
                .isEqualTo(y2.length - 4);
    }
}
