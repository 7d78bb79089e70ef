package io.pilotbench.experiment;

import java.nio.file.Path;
import java.util.List;

/** Runs an experiment in its own JVM, for the test that kills it with SIGKILL. */
public final class ExperimentMain {
    private ExperimentMain() {}

    public static void main(String[] args) throws Exception {
        ExperimentSpec spec = ExperimentFile.read(Path.of(args[0]));
        ExperimentRunner.start(ExperimentPlan.of(spec, List.of(Worker.local()), false), Path.of(args[1]), null);
    }
}
