package io.pilotbench.cli;

import io.pilotbench.experiment.ExperimentPackage;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code pilot package}: DataMill packages (the unit of an experiment). */
@Command(
        name = "package",
        mixinStandardHelpOptions = true,
        usageHelpAutoWidth = true,
        subcommands = {PackageCommand.Check.class},
        description = {
            "A package is a directory, or a .tar.gz with the scripts at its root, holding run.sh (the benchmark, "
                    + "measured) and collect.sh (prints the metrics as NAME VALUE lines), and optionally setup.sh (run "
                    + "before the runs: build, unpack) and env (KEY=VALUE lines for the scripts' environment). "
                    + "'pilot experiment' runs packages under varied factors.",
            ""
        })
final class PackageCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** {@code pilot package check PKG...}. */
    @Command(
            name = "check",
            mixinStandardHelpOptions = true,
            usageHelpAutoWidth = true,
            description = {
                "Checks that each PKG is a package: run.sh and collect.sh present, the env file well formed, and an "
                        + "archive safe to extract (no absolute names, no '..', no links, devices or FIFOs, at most "
                        + "10000 entries and 512 MiB once decompressed). Nothing is kept.",
                ""
            },
            footerHeading = "%nExamples:%n",
            footer = {
                "  pilot package check examples/experiment/packages/gzip",
                "  pilot package check xz-bench.tar.gz",
                "",
                "Exit codes:",
                "  0    every package is valid",
                "  2    one is not (one line says which and why)"
            })
    static final class Check implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(arity = "1..*", paramLabel = "PKG", description = "A package directory or .tar.gz.")
        List<Path> packages = new ArrayList<>();

        @Override
        public Integer call() throws Exception {
            PrintWriter out = spec.commandLine().getOut();
            for (Path p : packages) {
                String name = p.getFileName().toString().replaceAll("\\.(tar\\.gz|tgz)$", "");
                out.println(p + ": ok, " + ExperimentPackage.check(name, p).describe());
            }
            out.flush();
            return ExitCode.OK.code();
        }
    }
}
