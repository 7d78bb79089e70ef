package io.pilotbench.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * {@code --store}, the history store's directory, which {@code pilot history add} writes and {@code pilot history
 * detect} reads; a mixin of its own so that both declare it once, with one name, default and help text.
 */
final class HistoryStoreOption {
    @Option(
            names = "--store",
            paramLabel = "DIR",
            defaultValue = "pilot-history",
            description = "The store. Default: ${DEFAULT-VALUE}.")
    Path store;
}
