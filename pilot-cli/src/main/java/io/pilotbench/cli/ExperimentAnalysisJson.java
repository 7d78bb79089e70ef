package io.pilotbench.cli;

import io.pilotbench.experiment.ExperimentAnalysis;
import io.pilotbench.stats.anova.AnovaRow;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The document {@code pilot experiment analyze --json} prints: the jobs that stopped before their precision target,
 * and per metric what was left out, the ANOVA table, R² and the effects. It is apart from
 * {@link ExperimentAnalyzeCommand} so that the command keeps to its options and its text, and the JSON's fields are
 * read in one place.
 */
final class ExperimentAnalysisJson {
    private ExperimentAnalysisJson() {}

    /** The document, as maps and lists in the order of its fields; {@code files} the figures drawn, if any. */
    static Map<String, Object> of(
            List<ExperimentAnalysis.MetricAnalysis> analyses,
            ExperimentAnalysis.Imprecise imprecise,
            double alpha,
            List<Path> files) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("imprecise", imprecise(imprecise));
        doc.put("alpha", alpha);
        List<Object> metrics = new ArrayList<>();
        for (ExperimentAnalysis.MetricAnalysis a : analyses) {
            metrics.add(metric(a));
        }
        doc.put("metrics", metrics);
        if (!files.isEmpty()) {
            doc.put("figures", files.stream().map(Path::toString).toList());
        }
        return doc;
    }

    private static Map<String, Object> imprecise(ExperimentAnalysis.Imprecise imprecise) {
        Map<String, Object> imp = new LinkedHashMap<>();
        imp.put("count", imprecise.jobs().size());
        imp.put("analysed", imprecise.analysed());
        imp.put("jobs", imprecise.jobs());
        imp.put("reasons", imprecise.reasons());
        imp.put(
                "warning",
                imprecise.jobs().isEmpty()
                        ? null
                        : String.join(
                                " ",
                                ExperimentAnalysis.render(imprecise).stream()
                                        .map(String::strip)
                                        .toList()));
        return imp;
    }

    private static Map<String, Object> metric(ExperimentAnalysis.MetricAnalysis a) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("metric", a.metric());
        m.put("jobs", a.n());
        m.put("sumsOfSquares", a.table().type().name());
        m.put("rSquared", finite(a.rSquared()));
        m.put("factors", a.factors());
        Map<String, Object> left = new LinkedHashMap<>();
        left.put("failedJobs", a.left().failedJobs());
        left.put("jobsWithoutValue", a.left().withoutValue());
        left.put("singleLevelFactors", a.left().singleLevel());
        left.put("notes", ExperimentAnalysis.render(a.left()));
        m.put("leftOut", left);
        m.put("noReplicates", a.noReplicates());
        m.put("residualNote", ExperimentAnalysis.residualNote(a));
        List<Object> terms = new ArrayList<>();
        for (AnovaRow r : a.table().terms()) {
            terms.add(row(r));
        }
        m.put("terms", terms);
        m.put("residual", row(a.table().residual()));
        Map<String, Object> effects = new LinkedHashMap<>();
        a.effects().forEach((f, e) -> {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("low", e.low());
            x.put("high", e.high());
            x.put("lowMean", finite(e.lowMean()));
            x.put("highMean", finite(e.highMean()));
            x.put("difference", finite(e.difference()));
            x.put("ciHalfWidth", finite(e.ciHalfWidth()));
            effects.put(f, x);
        });
        m.put("effects", effects);
        return m;
    }

    private static Map<String, Object> row(AnovaRow r) {
        Map<String, Object> x = new LinkedHashMap<>();
        x.put("term", r.term());
        x.put("df", r.df());
        x.put("sumSq", finite(r.ss()));
        x.put("meanSq", finite(r.meanSquare()));
        x.put("f", finite(r.f()));
        x.put("pValue", finite(r.pValue()));
        return x;
    }

    /** JSON has no NaN or infinity: null instead. */
    private static Double finite(double v) {
        return Double.isFinite(v) ? v : null;
    }
}
