package io.pilotbench.cli;

import io.pilotbench.experiment.ExperimentPlan;
import io.pilotbench.experiment.ExperimentSpec;
import io.pilotbench.experiment.Factor;
import io.pilotbench.experiment.Job;
import io.pilotbench.experiment.Worker;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code pilot experiment plan FILE}: the jobs an experiment would run, in their order, without running them. A
 * command of its own beside {@link ExperimentCommand}, which keeps the subcommands that run jobs.
 */
@Command(
        name = "plan",
        mixinStandardHelpOptions = true,
        usageHelpAutoWidth = true,
        description = {
            "Checks FILE and its packages and prints the jobs it would run, in their (seeded, random) order, "
                    + "with each job's factor levels and worker, and their count; warns when the count explodes. "
                    + "Runs nothing.",
            ""
        },
        footerHeading = "%nExit codes:%n",
        footer = {"  0    planned", "  2    a bad experiment file or package (one line says what and where)"})
final class ExperimentPlanCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "The experiment file (YAML).")
    Path file;

    @Override
    public Integer call() throws Exception {
        ExperimentPlan plan = ExperimentCommand.plan(file);
        PrintWriter out = spec.commandLine().getOut();
        ExperimentSpec s = plan.spec();
        out.println("experiment " + s.name() + ", seed " + s.seed() + ", " + s.replications() + " replication(s)");
        for (Worker w : plan.workers()) {
            out.println("worker " + w.name() + ": " + w.attributes());
        }
        for (Factor f : s.factors()) {
            List<String> chosen = plan.chosen().get(f.name());
            out.println("factor " + f.name() + " (" + f.kind().key() + ", coverage "
                    + Math.round(f.coverage() * 100) + "%): " + String.join(", ", chosen)
                    + (f.kind() == Factor.Kind.HARDWARE
                            ? ""
                            : " (" + chosen.size() + " of " + f.levels().size() + ")"));
        }
        out.println(plan.jobs().size() + " jobs, in this order:");
        List<String> head = new ArrayList<>(List.of("job", "worker", "rep"));
        s.factors().forEach(f -> head.add(f.name()));
        out.println("  " + String.join("\t", head));
        for (Job j : plan.jobs()) {
            List<String> row = new ArrayList<>(List.of(j.id(), j.worker(), Integer.toString(j.replication())));
            row.addAll(j.levels().values());
            out.println("  " + String.join("\t", row));
        }
        out.println(plan.jobs().size() + " jobs");
        out.flush();
        if (plan.warning() != null) {
            spec.commandLine().getErr().println("pilot: warning: " + plan.warning());
        }
        return ExitCode.OK.code();
    }
}
