package io.pilotbench.stats.anova;

import io.pilotbench.stats.Descriptive;
import io.pilotbench.stats.FisherF;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One-way analysis of variance, classical (equal variances) and Welch's: a reference kept with the tests, where it
 * checks {@link FactorialAnova} on one factor ({@code FactorialAnovaTest}); no command of Pilot's reports it, so it is
 * not part of the library.
 *
 * <p>Classical: Fisher's F = MS_between / MS_within on (k − 1, N − k) df (e.g. Montgomery, Design and Analysis of
 * Experiments, 8th ed., §3.3). Numerics: every value is first centred on a grand mean computed with a correction pass
 * (exact subtraction when the data share a large offset, as NIST SmLs07–09 add 1e12), group means get a correction
 * pass too, and both sums of squares are sums of squared deviations, never differences of raw sums of squares.
 * Values on a large common offset are centred in decimal (see {@code needsDecimalCentring}).
 * Checked against NIST StRD SiRstv, AtmWtAg, SmLs01–09 and R; see {@code OneWayAnovaTest} for the digits reached.
 *
 * <p>Welch: B. L. Welch, "On the comparison of several mean values: an alternative approach", Biometrika 38 (1951)
 * 330–336, with weights w_g = n_g / s_g².
 */
public final class OneWayAnova {
    private OneWayAnova() {}

    /**
     * Classical one-way ANOVA over groups given as arrays.
     *
     * @param groups k ≥ 2 groups, each with at least one finite value
     * @throws IllegalArgumentException for fewer than 2 groups, an empty group, or a NaN/∞ value
     */
    public static OneWayAnovaResult test(double[]... groups) {
        validate(groups, 1);
        int k = groups.length;
        int total = 0;
        for (double[] g : groups) {
            total += g.length;
        }
        double[] all = new double[total];
        int at = 0;
        for (double[] g : groups) {
            System.arraycopy(g, 0, all, at, g.length);
            at += g.length;
        }
        double centre = Descriptive.mean(all);
        boolean decimal = needsDecimalCentring(all, centre);
        BigDecimal decimalCentre = decimal ? BigDecimal.valueOf(centre) : null;
        double ssWithin = 0;
        double[] groupMeans = new double[k];
        for (int g = 0; g < k; g++) {
            double[] d = new double[groups[g].length];
            for (int i = 0; i < d.length; i++) {
                d[i] = decimal
                        ? BigDecimal.valueOf(groups[g][i])
                                .subtract(decimalCentre)
                                .doubleValue()
                        : groups[g][i] - centre;
            }
            groupMeans[g] = Descriptive.mean(d);
            for (double v : d) {
                ssWithin += (v - groupMeans[g]) * (v - groupMeans[g]);
            }
        }
        // The grand mean of the centred data is ~0; weighting the group means reproduces it exactly as N·ȳ = Σ n_g ȳ_g.
        double grand = 0;
        for (int g = 0; g < k; g++) {
            grand += groups[g].length * groupMeans[g];
        }
        grand /= total;
        double ssBetween = 0;
        for (int g = 0; g < k; g++) {
            double dev = groupMeans[g] - grand;
            ssBetween += groups[g].length * dev * dev;
        }
        int dfBetween = k - 1;
        int dfWithin = total - k;
        double msBetween = ssBetween / dfBetween;
        double msWithin = dfWithin == 0 ? Double.NaN : ssWithin / dfWithin;
        double f = msBetween / msWithin;
        double sum = ssBetween + ssWithin;
        return new OneWayAnovaResult(
                dfBetween,
                dfWithin,
                ssBetween,
                ssWithin,
                msBetween,
                msWithin,
                f,
                FisherF.upperTail(f, dfBetween, dfWithin),
                sum > 0 ? ssBetween / sum : Double.NaN,
                Math.sqrt(msWithin));
    }

    /**
     * Classical one-way ANOVA with the group of each observation given by a label (groups in order of first
     * appearance; the result does not depend on the order).
     *
     * @param labels   group label per observation, non-null, same length as response
     * @param response finite values
     */
    public static OneWayAnovaResult test(String[] labels, double[] response) {
        return test(split(labels, response));
    }

    /**
     * Welch's one-way ANOVA for unequal variances.
     *
     * @param groups k ≥ 2 groups, each with n ≥ 2 finite values and non-zero variance
     * @throws IllegalArgumentException otherwise (a group of constant values has infinite weight)
     */
    public static WelchAnovaResult welch(double[]... groups) {
        validate(groups, 2);
        int k = groups.length;
        double[] weight = new double[k];
        double[] means = new double[k];
        double weightSum = 0;
        for (int g = 0; g < k; g++) {
            means[g] = Descriptive.mean(groups[g]);
            double ss = 0;
            for (double v : groups[g]) {
                ss += (v - means[g]) * (v - means[g]);
            }
            double variance = ss / (groups[g].length - 1);
            if (!(variance > 0)) {
                throw new IllegalArgumentException(
                        "Welch's ANOVA needs non-zero variance in every group; group " + (g + 1) + " is constant");
            }
            weight[g] = groups[g].length / variance;
            weightSum += weight[g];
        }
        double weightedMean = 0;
        for (int g = 0; g < k; g++) {
            weightedMean += weight[g] * means[g] / weightSum;
        }
        double between = 0;
        double lambda = 0;
        for (int g = 0; g < k; g++) {
            between += weight[g] * (means[g] - weightedMean) * (means[g] - weightedMean);
            double share = 1 - weight[g] / weightSum;
            lambda += share * share / (groups[g].length - 1);
        }
        double f = (between / (k - 1)) / (1 + 2.0 * (k - 2) / ((double) k * k - 1) * lambda);
        double df2 = ((double) k * k - 1) / (3 * lambda);
        return new WelchAnovaResult(f, k - 1, df2, FisherF.upperTail(f, k - 1, df2));
    }

    /**
     * Whether the values sit on an offset so large against their spread (|value| &gt; 1e4 × range) that the
     * rounding of decimal inputs to binary (half an ulp of the offset) would show in the deviations: NIST SmLs07–09
     * read 1000000000000.4 as 1000000000000.4000244…, an error of 2.4e-5 against deviations of 0.1, which caps any
     * binary computation at about 4 correct digits. In that case deviations are taken from each value's shortest
     * decimal representation ({@link BigDecimal#valueOf(double)}, i.e. {@link Double#toString}), which recovers
     * decimal data exactly and moves any other value by less than half an ulp.
     */
    private static boolean needsDecimalCentring(double[] values, double centre) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (double v : values) {
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        return Math.max(Math.abs(min), Math.abs(max)) > 1e4 * (max - min) && max > min;
    }

    static double[][] split(String[] labels, double[] response) {
        if (labels.length != response.length) {
            throw new IllegalArgumentException(labels.length + " labels but " + response.length + " responses");
        }
        Map<String, List<Double>> byLabel = new LinkedHashMap<>();
        for (int i = 0; i < labels.length; i++) {
            if (labels[i] == null) {
                throw new IllegalArgumentException("label " + i + " is null");
            }
            byLabel.computeIfAbsent(labels[i], l -> new ArrayList<>()).add(response[i]);
        }
        return byLabel.values().stream()
                .map(list -> list.stream().mapToDouble(Double::doubleValue).toArray())
                .toArray(double[][]::new);
    }

    private static void validate(double[][] groups, int minimumSize) {
        if (groups.length < 2) {
            throw new IllegalArgumentException("need at least 2 groups, got " + groups.length);
        }
        for (int g = 0; g < groups.length; g++) {
            if (groups[g].length < minimumSize) {
                throw new IllegalArgumentException(
                        "group " + (g + 1) + " has " + groups[g].length + " values; need at least " + minimumSize);
            }
            for (double v : groups[g]) {
                if (!Double.isFinite(v)) {
                    throw new IllegalArgumentException("group " + (g + 1) + " holds " + v + "; values must be finite");
                }
            }
        }
    }
}
