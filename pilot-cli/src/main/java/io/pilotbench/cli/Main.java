package io.pilotbench.cli;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/** The {@code pilot} command's entry point: a shim that runs the command and exits with its code. */
public final class Main {
    private Main() {}

    /**
     * {@code code}, or 2 when the report did not all reach standard output: a PrintWriter keeps write errors to
     * itself, so {@code pilot analyze f > /dev/full} (or a full disk under {@code --format json > summary.json})
     * exited 0 with an empty or cut-off file. A reader that closed the pipe ({@code pilot analyze f | head -3})
     * took what it wanted: {@code code}, and nothing said, as {@code grep} and {@code seq} say nothing then.
     */
    static int written(PrintWriter out, StandardOutput stdout, PrintWriter err, int code) {
        out.flush();
        if (!out.checkError() || stdout.readerClosed()) {
            return code;
        }
        err.println("pilot: could not write everything to standard output (" + stdout.reason()
                + "): the report is incomplete");
        err.flush();
        return code == ExitCode.OK.code() ? ExitCode.USAGE.code() : code;
    }

    public static void main(String[] args) {
        PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
        Colour.stdoutIsTheProcesss(); // the reports go to the process's own standard output: colour if a terminal
        if (StaticHelp.answer(args, new PrintWriter(System.out, true, StandardCharsets.UTF_8), Colour.onStdout())) {
            // the JVM ends with 0 when main returns and no other thread runs (none was started). Not System.exit: on
            // JDK 21+ it first asks the system logger whether to log the exit, which loads the logging classes and
            // looks for a logger service in pilot.jar: 10-12 ms of pilot --help's 60 on JDK 25 (bench/README.md)
            return;
        }
        Interrupts.installSignalHandler();
        StandardOutput stdout = StandardOutput.process();
        PrintWriter out = StandardOutput.writer(stdout);
        int code = PilotCommand.run(args, out, err, StandardInput.process());
        System.exit(written(out, stdout, err, code));
    }
}
