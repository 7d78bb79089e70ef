package io.pilotbench.mill.backend;

import io.pilotbench.core.model.InputException;
import io.pilotbench.experiment.ExperimentPlan;
import io.pilotbench.experiment.ExperimentSpec;
import io.pilotbench.experiment.Worker;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Plans a cluster experiment on the back-end's nodes: the {@code features} constraint (Slurm's node features, which
 * the experiment planner's own matching does not know) narrows the nodes first, and the rest is planned as a local
 * experiment's. Separate so that {@link ClusterRun} keeps the driving of the cluster jobs; {@link ClusterRun#plan}
 * documents it.
 */
final class ClusterPlanner {
    private ClusterPlanner() {}

    /** See {@link ClusterRun#plan}. */
    static ExperimentPlan plan(ExperimentSpec spec, ExecutionBackend backend, boolean root) throws IOException {
        List<Worker> inventory = backend.inventory();
        Map<String, String> constraints = new LinkedHashMap<>(spec.constraints());
        String features = constraints.remove("features");
        if (features != null) {
            List<String> wanted = List.of(features.strip().split("\\s*[,&]\\s*"));
            List<Worker> having = new ArrayList<>();
            for (Worker w : inventory) {
                if (List.of(w.attributes().getOrDefault("features", "").split(","))
                        .containsAll(wanted)) {
                    having.add(w);
                }
            }
            if (having.isEmpty()) {
                throw new InputException(spec.file() + ": constraints.features: no " + backend.name() + " node has "
                        + String.join(" and ", wanted));
            }
            inventory = having;
        }
        ExperimentSpec planned = new ExperimentSpec(
                spec.name(),
                spec.file(),
                spec.seed(),
                spec.replications(),
                spec.packages(),
                constraints,
                spec.metrics(),
                spec.factors(),
                spec.precision());
        ExperimentPlan p = ExperimentPlan.of(planned, inventory, root);
        return new ExperimentPlan(spec, p.workers(), p.chosen(), p.jobs());
    }
}
