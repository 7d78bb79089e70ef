/**
 * The {@code pilot} command (picocli): each {@code *Command} parses its options, calls the modules below and
 * renders what they return. {@link io.pilotbench.cli.Main} is the entry point, {@link
 * io.pilotbench.cli.PilotCommand} the command tree (subcommands made only when named, for a fast start), {@link
 * io.pilotbench.cli.ExitCode} the exit codes. Only {@link io.pilotbench.cli.MillProcesses} and {@link
 * io.pilotbench.cli.ClusterExperiment} use the mill's classes, which live in their own jar (docs/design.md,
 * "Packaging").
 */
package io.pilotbench.cli;
