package io.pilotbench.stats.anova;

import java.util.List;

/**
 * A factorial ANOVA table.
 *
 * @param type     the kind of sums of squares
 * @param terms    one row per model term, in model order (Type III: "Intercept" first)
 * @param residual the residual row (F and p NaN)
 */
public record AnovaTable(SumOfSquares type, List<AnovaRow> terms, AnovaRow residual) {
    public AnovaTable {
        terms = List.copyOf(terms);
    }

    /** The row of a term, e.g. {@code "A:B"}. */
    public AnovaRow row(String term) {
        return terms.stream()
                .filter(r -> r.term().equals(term))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no term " + term + " in the table"));
    }
}
