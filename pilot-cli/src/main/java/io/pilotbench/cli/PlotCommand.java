package io.pilotbench.cli;

import io.pilotbench.report.plot.Plot;
import io.pilotbench.report.plot.PlotData;
import io.pilotbench.report.plot.PlotSpec;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code pilot plot}: Graphit's line and bar graphs with error bars, for papers (SVG, PDF) and slides (PNG). */
@Command(
        name = "plot",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        usageHelpAutoWidth = true,
        description = {
            "Draw a line, bar or box graph with error bars from session directories and results files, as SVG, PDF or "
                    + "PNG (Auto-pilot's Graphit).",
            "",
            "INPUT is NAME:FILE or NAME:'GLOB' (quoted, so that pilot expands it: 'ext4:results/*.csv'; the same "
                    + "NAME again adds files to it) or a bare FILE (named after itself). A file is read as pilot analyze "
                    + "reads it, one component per --components column (by header name or 0-based index; default the "
                    + "first column). A session directory gives the components Elapsed (round wall time, s), User and "
                    + "System (CPU s per round), each with the CI pilot analyze gives that column, and one per PI "
                    + "(its readings after warm-up removal, with the session's own CI). Where pilot analyze gives no "
                    + "CI (one or two values, constant values), no error bar is drawn.",
            "",
            "--mode bar: one group of bars per NAME (its files pooled), a bar per component, --stack components "
                    + "stacked in one bar. --mode line: a line per NAME (and component), a point per file at the "
                    + "number in its name that tells the files apart (threads-8.csv: 8; of TESTs 000-ext2_1, "
                    + "001-ext2_2: 1, 2), or at its position. --mode box: a box per NAME and "
                    + "component (minimum, quartiles, median, maximum, the mean marked), placed as bars are; files "
                    + "told apart by the number in their names are drawn in a panel each.",
            ""
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  pilot plot --mode bar --components Elapsed,User,System \\",
            "      --stack User,System -o cpu.svg 'ext4:ext4/*.csv' 'xfs:xfs/*.csv'",
            "  pilot plot --mode line --xlabel threads --ylabel ops/s -o scaling.pdf \\",
            "      'gzip:gzip-*.txt' 'zstd:zstd-*.txt'",
            "  pilot plot -o sessions.png main:results/main branch:results/branch",
            "",
            "Exit codes: 0 written; 2 bad usage or input (one line on stderr names it);",
            "1 internal error."
        })
final class PlotCommand implements Callable<Integer> {

    @Option(
            names = "--mode",
            paramLabel = "M",
            defaultValue = "bar",
            description = "line, bar or box. Default: ${DEFAULT-VALUE}.")
    PlotSpec.Mode mode;

    @Option(
            names = "--components",
            paramLabel = "C,C",
            split = ",",
            description = "The components to show, in order (columns of files; Elapsed, User, System or PI names "
                    + "of sessions). Default: all of them (the first column of files).")
    List<String> components = List.of();

    @Option(
            names = "--stack",
            paramLabel = "C,C",
            split = ",",
            description = "Bar mode: components drawn stacked in one bar (e.g. User,System).")
    List<String> stack = List.of();

    @Option(
            names = "--error-bars",
            paramLabel = "E",
            defaultValue = "ci",
            description = "ci (95%% CI of the mean), minmax, sd or none. Default: ${DEFAULT-VALUE}.")
    PlotData.ErrorBars errorBars;

    @Option(
            names = "--confidence",
            paramLabel = "LEVEL",
            defaultValue = "0.95",
            description = "Confidence level of the CI error bars. Default: ${DEFAULT-VALUE}.")
    Converters.Fraction confidence;

    @Option(names = "--title", paramLabel = "TEXT", defaultValue = "", description = "The plot's title.")
    String title;

    @Option(names = "--xlabel", paramLabel = "TEXT", defaultValue = "", description = "The x axis label.")
    String xLabel;

    @Option(names = "--ylabel", paramLabel = "TEXT", defaultValue = "", description = "The y axis label.")
    String yLabel;

    @Option(
            names = "--size",
            paramLabel = "WxH",
            defaultValue = "800x500",
            description = "Width and height in pixels (PNG) or points (SVG, PDF). Default: ${DEFAULT-VALUE}.")
    Converters.PlotSize size;

    @Option(
            names = "--legend",
            paramLabel = "WHERE",
            defaultValue = "right",
            description = "Where the legend goes: right, top, bottom, inside (the plot's top right) or none. "
                    + "Default: ${DEFAULT-VALUE}.")
    PlotSpec.Legend legend;

    @Option(
            names = "--rotate-labels",
            paramLabel = "DEG|auto",
            defaultValue = "auto",
            description = "The angle of the bar labels, 0 to 90 degrees; auto turns them by 35 when one is longer "
                    + "than 10 characters. Default: ${DEFAULT-VALUE}.")
    Converters.LabelAngle rotateLabels;

    @Option(
            names = {"-o", "--output"},
            paramLabel = "FILE",
            defaultValue = "plot.svg",
            description = "The file to write: *.svg, *.pdf or *.png. Default: ${DEFAULT-VALUE}.")
    String output;

    @Parameters(paramLabel = "INPUT", arity = "1..*", description = "NAME:FILE, NAME:'GLOB' or FILE.")
    List<String> inputs;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        Path out = ReportCommand.checkedOutput(output, "name the file *.svg, *.pdf or *.png", ".svg", ".pdf", ".png");
        if (!stack.isEmpty() && mode == PlotSpec.Mode.LINE) {
            throw new IllegalArgumentException("--stack applies to --mode bar");
        }
        PlotSpec plotSpec = new PlotSpec(
                mode,
                components,
                stack,
                errorBars,
                title,
                xLabel,
                yLabel,
                size.width(),
                size.height(),
                legend,
                rotateLabels.degrees());
        PlotData data =
                PlotInputs.load(PlotInputs.parse(inputs), components, mode == PlotSpec.Mode.LINE, confidence.value());
        // an empty figure with exit 0 is the worst outcome in a paper's pipeline (a session whose every round failed
        // drew axes -1..1 and nothing else): nothing to draw is a mistake
        boolean anything = data.series().stream()
                .flatMap(sr -> sr.points().stream())
                .flatMap(pt -> pt.components().values().stream())
                .anyMatch(sm -> sm.n() > 0 && Double.isFinite(sm.mean()));
        if (!anything) {
            throw new io.pilotbench.core.model.InputException("nothing to plot: no value to draw in "
                    + String.join(", ", inputs) + " (a session whose rounds all failed?)");
        }
        try {
            Plot.of(data, plotSpec).write(out);
        } catch (IOException ex) {
            throw ReportCommand.unwritable(output, ex);
        }
        spec.commandLine().getOut().println(out);
        return ExitCode.OK.code();
    }
}
