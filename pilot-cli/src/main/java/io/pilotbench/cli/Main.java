package io.pilotbench.cli;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/** The {@code pilot} command's entry point: a shim that runs the command and exits with its code. */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
        PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
        Colour.stdoutIsTheProcesss(); // the reports go to the process's own standard output: colour if a terminal
        if (StaticHelp.answer(args, out, Colour.onStdout())) {
            // the JVM ends with 0 when main returns and no other thread runs (none was started). Not System.exit: on
            // JDK 21+ it first asks the system logger whether to log the exit, which loads the logging classes and
            // looks for a logger service in pilot.jar: 10-12 ms of pilot --help's 60 on JDK 25 (bench/README.md)
            return;
        }
        Interrupts.installSignalHandler();
        System.exit(PilotCommand.run(args, out, err, System.in));
    }
}
