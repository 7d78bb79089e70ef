package io.pilotbench.cli;

import io.pilotbench.core.files.JsonMappers;
import io.pilotbench.experiment.ExperimentAnalysis;
import io.pilotbench.experiment.ExperimentFigures;
import io.pilotbench.stats.anova.SumOfSquares;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code pilot experiment analyze DIR}: the ANOVA of a finished (or stopped) experiment, in text or JSON, and its
 * figures. A command of its own beside {@link ExperimentCommand}, which keeps the subcommands that run jobs; the JSON
 * document is made by {@link ExperimentAnalysisJson}.
 */
@Command(
        name = "analyze",
        mixinStandardHelpOptions = true,
        usageHelpAutoWidth = true,
        description = {
            "An n-way ANOVA of each metric over the factors that vary (interactions up to --order), with R², "
                    + "the paper's table (factor, Mean Sq., F, p-value) and one sentence per significant factor "
                    + "with its effect: the difference between its highest and lowest level's estimated marginal "
                    + "means (over the other factors' levels alike), with a 95%% CI.",
            ""
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  pilot experiment analyze results/c",
            "  pilot experiment analyze results/c --order 1 --type 1",
            "  pilot experiment analyze results/c --figures results/c/figures",
            "  pilot experiment analyze results/c --json > anova.json",
            "",
            "Jobs whose session stopped before its precision target (at the round or",
            "time cap) are analysed with the rest, under a warning that names them",
            "(JSON: imprecise), since their means are less precise than asked for.",
            "Failed jobs, and factors with one level among the jobs analysed, are",
            "left out, and the analysis says which (JSON: leftOut); a model with no",
            "residual degrees of freedom (one job per cell) says there are no",
            "replicates to estimate the error from (JSON: noReplicates).",
            "",
            "Figures: per metric, a box plot of the jobs at each level of each factor,",
            "with a panel per combination of the other factors' levels and per",
            "machine (no box pools another factor's levels), and interaction plots of",
            "the two-factor terms significant at --alpha (or of the two strongest",
            "factors). Levels follow the order of the experiment file.",
            "",
            "Type II sums of squares (the default) do not depend on the order of the",
            "factors, and suit the unbalanced tables that failed jobs leave; they",
            "match R's car::Anova(type = 2). Type I is R's anova(lm(...)).",
            "",
            "Exit codes: 0 analysed; 2 bad usage or input (a directory that is not an",
            "experiment, no job that succeeded); 1 internal error."
        })
final class ExperimentAnalyzeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "DIR", description = "The experiment directory.")
    Path dir;

    @Option(
            names = "--order",
            paramLabel = "N",
            defaultValue = "2",
            description = "Interactions of up to N factors (1: main effects only). Default: 2, as the paper.")
    int order;

    @Option(
            names = "--type",
            paramLabel = "1|2|3",
            defaultValue = "2",
            description = "Sums of squares: 1 sequential, 2 (default), 3.")
    int type;

    @Option(
            names = "--alpha",
            paramLabel = "P",
            defaultValue = "0.05",
            description = "The p-value under which a factor is called significant. Default: 0.05.")
    double alpha;

    @Option(
            names = "--figures",
            paramLabel = "OUT",
            description = "Also draw the box and interaction plots into directory OUT.")
    Path figures;

    @Option(
            names = "--format",
            paramLabel = "svg|pdf|png",
            defaultValue = "svg",
            description = "The figures' format. Default: svg.")
    FigureFormat format;

    @Option(
            names = "--json",
            description = "Print the analysis as JSON: the jobs that stopped before their "
                    + "precision target, and per metric what was left out, the ANOVA table, R² and effects.")
    boolean json;

    /** What {@code --format} takes: the formats {@link ExperimentFigures} draws. */
    enum FigureFormat {
        SVG,
        PDF,
        PNG;

        /** The name {@link ExperimentFigures#write} takes: svg, pdf or png. */
        String extension() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    @Override
    public Integer call() throws Exception {
        SumOfSquares ss = checkOptions();
        PrintWriter out = spec.commandLine().getOut();
        List<ExperimentAnalysis.MetricAnalysis> analyses = ExperimentAnalysis.analyze(dir, order, ss);
        ExperimentAnalysis.Imprecise imprecise = ExperimentAnalysis.imprecise(dir);
        if (json) {
            List<Path> files = figures == null
                    ? List.of()
                    : ExperimentFigures.write(dir, analyses, alpha, figures, format.extension());
            out.println(JsonMappers.indented()
                    .writeValueAsString(ExperimentAnalysisJson.of(analyses, imprecise, alpha, files)));
            out.flush();
            return ExitCode.OK.code();
        }
        print(out, analyses, imprecise);
        if (figures != null) {
            List<Path> files = ExperimentFigures.write(dir, analyses, alpha, figures, format.extension());
            out.println();
            out.println(files.size() + " figures in " + figures + ": "
                    + String.join(
                            ", ",
                            files.stream().map(f -> f.getFileName().toString()).toList()));
        }
        out.flush();
        return ExitCode.OK.code();
    }

    /** Checks --order, --alpha and --type, in that order, and returns the sums of squares --type asks. */
    private SumOfSquares checkOptions() {
        if (order < 1) {
            throw new IllegalArgumentException("--order must be at least 1, got " + order);
        }
        if (!(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("--alpha must be in (0, 1), got " + alpha);
        }
        return switch (type) {
            case 1 -> SumOfSquares.TYPE_I;
            case 2 -> SumOfSquares.TYPE_II;
            case 3 -> SumOfSquares.TYPE_III;
            default -> throw new IllegalArgumentException("--type must be 1, 2 or 3, got " + type);
        };
    }

    /** The text: the warning about imprecise jobs, then each metric's analysis, a blank line between them. */
    private void print(
            PrintWriter out, List<ExperimentAnalysis.MetricAnalysis> analyses, ExperimentAnalysis.Imprecise imprecise) {
        List<String> warning = ExperimentAnalysis.render(imprecise);
        warning.forEach(out::println);
        boolean first = warning.isEmpty();
        if (!first) {
            out.println();
        }
        for (ExperimentAnalysis.MetricAnalysis a : analyses) {
            if (!first) {
                out.println();
            }
            first = false;
            ExperimentAnalysis.render(a, alpha).forEach(out::println);
        }
    }
}
