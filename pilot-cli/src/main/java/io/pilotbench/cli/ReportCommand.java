package io.pilotbench.cli;

import io.pilotbench.core.model.InputException;
import io.pilotbench.report.html.HtmlReport;
import io.pilotbench.report.html.ReportInput;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code pilot report}: one self-contained HTML page of sessions and comparisons. */
@Command(
        name = "report",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        usageHelpAutoWidth = true,
        description = {
            "Write one self-contained HTML report (charts, script and styles inlined; opens offline) of recorded "
                    + "sessions and comparisons.",
            "",
            "INPUT is a session directory (pilot run -o DIR) or a comparison directory (pilot compare -o DIR). Per "
                    + "PI: the readings over rounds with the removed warm-up shaded and level shifts marked, the CI "
                    + "half-width and mean as the session grew against the target and where it stopped, the "
                    + "distribution with mean, median and CI, the lag-1 autocorrelation of block means against the "
                    + "block size, the unit readings; the WPS fit; for comparisons the ranking and the ratios with "
                    + "their CIs and the verdicts; settings, environment and links to the raw files. Two or more "
                    + "sessions are also compared with each other. Series past 100,000 points are thinned (the minimum "
                    + "and maximum of 5,000 buckets).",
            ""
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  pilot report pilot-results/20261124-101512-awk",
            "  pilot report -o compare.html pilot-results/20261124-103000-compare",
            "  pilot report -o main-vs-branch.html results/main results/branch",
            "",
            "Exit codes: 0 written; 2 an input is not a session or comparison directory,",
            "or -o cannot be written; 1 internal error."
        })
final class ReportCommand implements Callable<Integer> {
    /** Where the report goes without -o. */
    static final String DEFAULT_OUTPUT = "report.html";

    @Spec
    CommandSpec spec;

    @Option(
            names = {"-o", "--output"},
            paramLabel = "FILE",
            description = "The HTML file to write (*.html). Default: " + DEFAULT_OUTPUT + ".")
    String output = DEFAULT_OUTPUT;

    @Parameters(paramLabel = "INPUT", arity = "1..*", description = "Session or comparison directories.")
    List<String> inputs;

    @Override
    public Integer call() throws IOException {
        Path out = checkedOutput(output, "the report is HTML: name the file *.html", ".html", ".htm");
        List<ReportInput> loaded = ReportInputs.load(inputs);
        try {
            HtmlReport.of(loaded).write(out);
        } catch (IOException e) {
            throw unwritable(output, e);
        }
        spec.commandLine().getOut().println(out);
        return ExitCode.OK.code();
    }

    /**
     * The output path, checked before any work: a known extension, an existing parent directory, not a directory
     * itself.
     */
    static Path checkedOutput(String output, String extensionHint, String... extensions) {
        String lower = output.toLowerCase(Locale.ROOT);
        boolean known = false;
        for (String e : extensions) {
            known |= lower.endsWith(e);
        }
        if (!known) {
            throw new InputException("-o " + output + ": unknown extension; " + extensionHint);
        }
        Path p = Path.of(output);
        Path parent = p.toAbsolutePath().getParent();
        if (Files.isDirectory(p)) {
            throw new InputException("-o " + output + " is a directory; give a file name inside it, e.g. "
                    + p.resolve("report" + extensions[0]));
        }
        if (parent != null && !Files.isDirectory(parent)) {
            throw new InputException(
                    "-o " + output + ": " + parent + (Files.exists(parent) ? " is not a directory" : " does not exist")
                            + "; create the directory or write elsewhere");
        }
        return p;
    }

    static InputException unwritable(String output, IOException e) {
        return new InputException(
                "-o " + output + ": cannot write it (" + Failures.osReason(e) + "); choose a writable path");
    }
}
