package io.pilotbench.report;

import io.pilotbench.core.model.Formats;
import io.pilotbench.core.store.ResultJson;
import io.pilotbench.simulate.SimulationSettings;
import io.pilotbench.simulate.WorkloadModel;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The cells both parts of {@link SimulationReport} share: the JSON objects of a workload model, of the settings and
 * of a mean/median pair, and a fraction as a percentage.
 */
final class SimulationCells {
    private SimulationCells() {}

    static Map<String, Object> modelMap(WorkloadModel m) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("spec", m.spec());
        out.put("description", m.describe());
        out.put("level", m.level().name().toLowerCase(Locale.ROOT));
        out.put("truth", m.truth());
        out.put("sd", m.level() == WorkloadModel.Level.WPS ? null : m.trueSd());
        out.put("longRunVariance", m.level() == WorkloadModel.Level.WPS ? null : m.longRunVariance());
        return out;
    }

    static Map<String, Object> settingsMap(SimulationSettings s) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("confidence", s.confidence());
        out.put("ciWidth", s.ciWidth());
        out.put("maxRounds", s.maxRounds());
        out.put("alpha", s.alpha());
        out.put("equivalence", s.equivalence());
        return out;
    }

    static Map<String, Object> meanMedian(double mean, double median) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("mean", ResultJson.num(mean));
        out.put("median", ResultJson.num(median));
        return out;
    }

    static Map<String, Object> median(double median) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("median", ResultJson.num(median));
        return out;
    }

    static String percent(double fraction) {
        return Formats.significant(fraction * 100, 3) + "%";
    }
}
