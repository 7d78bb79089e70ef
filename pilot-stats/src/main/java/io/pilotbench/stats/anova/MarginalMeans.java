package io.pilotbench.stats.anova;

import java.util.List;

/**
 * A factor's estimated marginal means (least-squares means, Searle, Speed &amp; Milliken 1980): for each level, the mean
 * the fitted model predicts over the full grid of the other factors' levels, each combination weighted alike. With
 * every cell equally filled they are the levels' raw means; with cells unequally filled (the jobs that failed) the raw
 * means weigh the other factors' levels by how many jobs each kept, and can order the levels the wrong way round.
 *
 * @param factor      the factor
 * @param levels      its levels, sorted
 * @param means       the marginal mean of each level
 * @param reference   the level the differences are taken from
 * @param differences each level's marginal mean minus the reference's (0 for the reference)
 * @param standardErrors the standard error of each difference (0 for the reference; NaN without residual df)
 * @param residualDf  the residual degrees of freedom of the fit
 */
public record MarginalMeans(
        String factor,
        List<String> levels,
        double[] means,
        String reference,
        double[] differences,
        double[] standardErrors,
        int residualDf) {

    /** The index of {@code level} in {@link #levels}. */
    public int indexOf(String level) {
        int i = levels.indexOf(level);
        if (i < 0) {
            throw new IllegalArgumentException("factor '" + factor + "' has no level '" + level + "'");
        }
        return i;
    }
}
