package io.pilotbench.cli;

import io.pilotbench.report.Format;
import picocli.CommandLine.Option;

/** How commands that run workloads report: the format on stdout, and the notes and progress on stderr. */
final class ReportOptions {
    @Option(
            names = "--format",
            paramLabel = "F",
            defaultValue = "text",
            order = 42,
            description = "Report format on stdout: text, json, csv or markdown. Default: ${DEFAULT-VALUE}.")
    Format format;

    @Option(
            names = {"-q", "--quiet"},
            order = 43,
            description = "No progress and no notes on stderr.")
    boolean quiet;

    @Option(
            names = {"-v", "--verbose"},
            order = 44,
            description = "One line per round on stderr where no progress line is drawn (pipes, CI logs).")
    boolean verbose;

    @Option(
            names = "--progress",
            paramLabel = "WHEN",
            defaultValue = "auto",
            order = 45,
            description = "The live progress line: auto (only when stderr is a terminal), always or never.")
    ProgressLine.When progress;

    /** The report format. */
    Format format() {
        return format;
    }

    /** How progress is shown; fails on --quiet with --verbose. */
    ProgressLine.Mode mode() {
        if (quiet && verbose) {
            throw new IllegalArgumentException("--quiet and --verbose cannot be used together");
        }
        return ProgressLine.mode(progress, verbose, quiet);
    }
}
