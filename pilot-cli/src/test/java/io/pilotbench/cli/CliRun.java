package io.pilotbench.cli;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** Runs {@code pilot} in-process and captures its exit code, stdout and stderr. */
record CliRun(int code, String out, String err) {

    static CliRun run(String... args) {
        return runWithStdin("", args);
    }

    static CliRun runWithStdin(String stdin, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = PilotCommand.run(
                args,
                new PrintWriter(out),
                new PrintWriter(err),
                new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
        return new CliRun(code, out.toString(), err.toString());
    }

    /**
     * The command line that runs {@code pilot ARGS} in a JVM of its own, with this test's class path: for what only a
     * real process shows (signals, its own standard output and exit code).
     */
    static java.util.List<String> inNewJvm(String... args) {
        java.util.List<String> argv = new java.util.ArrayList<>(java.util.List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName()));
        argv.addAll(java.util.List.of(args));
        return argv;
    }

    /** The path of a test resource. */
    static String resource(String name) {
        try {
            return Path.of(CliRun.class.getResource("/" + name).toURI()).toString();
        } catch (URISyntaxException | NullPointerException e) {
            throw new IllegalArgumentException("no test resource " + name, e);
        }
    }
}
