package io.pilotbench.report;

import io.pilotbench.core.model.CiMethod;
import io.pilotbench.core.model.Formats;
import io.pilotbench.core.model.LevelShift;
import io.pilotbench.core.model.MeanError;
import io.pilotbench.core.model.MetricResult;

/** What a CI rests on and what was cut, in words and as JSON; shared by the session and file reports. */
final class Uncertainty {
    /** What a lag-1 autocorrelation of values all equal (0/0) is shown as. */
    static final String UNDEFINED_AUTOCORRELATION = "n/a (no variation)";

    private Uncertainty() {}

    /**
     * "samples independent (lag-1 autocorrelation 0.05), 47 degrees of freedom", "AR(1) of the samples: long-run
     * variance 19× the variance, 10 degrees of freedom", "subsessions of 4 samples (r1 0.08 ≤ 0.1)".
     */
    static String words(MetricResult m, double acLimit) {
        MeanError e = m.error();
        if (e == null) {
            return "";
        }
        String how = method(m, e, acLimit);
        return e.fallback().isEmpty() ? how : how + "; " + e.fallback();
    }

    private static String method(MetricResult m, MeanError e, double acLimit) {
        if (e.method() == CiMethod.PILOT) {
            return e.blockSize() > 1
                    ? "samples merged in subsessions of " + e.blockSize() + " (r1 "
                            + Formats.number(e.blockAutocorrelation()) + " ≤ " + Formats.number(acLimit) + ")"
                    : "samples uncorrelated (|lag-1 autocorrelation| ≤ " + Formats.number(acLimit) + ")";
        }
        String of = e.blockSize() > 1 ? e.blocks() + " batch means of " + e.blockSize() + " samples" : "the samples";
        String df = Formats.significant(e.degreesOfFreedom(), 3) + " degrees of freedom";
        if (e.arOrder() == 0) {
            // independent only where their r1 is within white noise's ±2/√k; beyond it they are taken as such (too
            // few for a model: "samples independent (lag-1 autocorrelation 0.9)" contradicted itself)
            boolean shown = !(Math.abs(e.blockAutocorrelation()) > 2 / Math.sqrt(Math.max(1, e.blocks())));
            return (e.blockSize() > 1 ? "batch means of " + e.blockSize() + " samples" : "samples")
                    + (shown ? " independent" : " taken as independent")
                    + " (lag-1 autocorrelation " + autocorrelation(e.blockAutocorrelation()) + "), " + df;
        }
        if (e.nonStationary()) {
            return "not stationary: the samples trend or wander (an AR(" + e.arOrder() + ") of " + of + " at a unit "
                    + "root), so their mean is that of this stretch only and the CI rests on 1 degree of freedom";
        }
        double tau = e.autocorrelationTime(m.variance());
        return "autocorrelated: AR(" + e.arOrder() + ") of " + of + ", long-run variance " + Formats.significant(tau, 3)
                + "× the variance, " + df;
    }

    /** "the first 23 samples cut as warm-up (level 14.2 against 12.1 after, p = 0.0003)", or empty. */
    static String cut(String what, int count, double pValue, double level, double after, String noun) {
        if (count == 0) {
            return "";
        }
        StringBuilder b = new StringBuilder(what)
                .append(' ')
                .append(count)
                .append(' ')
                .append(noun)
                .append(count == 1 ? "" : "s");
        if (Double.isFinite(level) || Double.isFinite(pValue)) {
            b.append(" (");
            if (Double.isFinite(level)) {
                b.append("level ")
                        .append(Formats.number(level))
                        .append(" against ")
                        .append(Formats.number(after));
            }
            if (Double.isFinite(pValue)) {
                b.append(Double.isFinite(level) ? ", " : "").append(Formats.pValue(pValue));
            }
            b.append(')');
        }
        return b.toString();
    }

    /** "level shift at analysed sample 143 (round 163): 12.1 ± 0.2 → 13 ± 0.2 (+7.4%, p = 1e-05)". */
    static String shift(LevelShift s, String at, String unit) {
        return "level shift at " + at + ": " + Formats.quantity(s.before(), unit, s.before()) + " ± "
                + Formats.quantity(s.beforeHalfWidth(), unit, s.before()) + " → "
                + Formats.quantity(s.after(), unit, s.after()) + " ± "
                + Formats.quantity(s.afterHalfWidth(), unit, s.after()) + " (" + (s.after() >= s.before() ? "+" : "")
                + Formats.significant(100 * s.relativeChange(), 2) + "%, " + Formats.pValue(s.pValue()) + ")";
    }

    /** A lag-1 autocorrelation in two significant digits; undefined (NaN) where all the values are equal. */
    static String autocorrelation(double r1) {
        return Double.isNaN(r1) ? UNDEFINED_AUTOCORRELATION : Formats.significant(r1, 2);
    }
}
