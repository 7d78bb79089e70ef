package io.pilotbench.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Help.Ansi;

/**
 * {@code pilot}, {@code pilot --help} and {@code pilot --version} answered without picocli. Building picocli's model
 * of the top command and rendering its help was most of {@code pilot --help}'s time (bench/README.md, "pilot --help
 * and --version without picocli"): interpreted code that runs once per process whatever the class-data archive maps.
 * The top-level help is the same text every time — its width is fixed, not the terminal's — so the build renders it
 * with picocli, plain and in colour, into two resources ({@link #main}, run by pilot-cli's POM after compiling) and
 * {@link Main} prints the one {@link Colour} chooses. {@code StaticHelpTest} checks that they are what picocli prints
 * now; any other arguments, {@code pilot help} included, go to picocli as before. Nothing here that {@link #answer}
 * runs touches a picocli class.
 */
final class StaticHelp {
    /** The resource of the plain help, beside this class. */
    static final String PLAIN = "pilot-help.txt";

    /** The resource of the help in colour (ANSI escapes), beside this class. */
    static final String COLOUR = "pilot-help.ansi.txt";

    private StaticHelp() {}

    /**
     * Prints the answer to {@code out} when {@code args} ask for the top-level help (nothing, {@code --help},
     * {@code -h}) or the version ({@code --version}, {@code -V}) alone.
     *
     * @param colour whether the help is painted (as {@link Colour#onStdout()} says for the process's output)
     * @return whether it answered (exit code 0); false for anything else, or a build without the resources
     */
    static boolean answer(String[] args, PrintWriter out, boolean colour) {
        String only = args.length == 1 ? args[0] : null;
        if ("--version".equals(only) || "-V".equals(only)) {
            out.println(versionLine());
            out.flush();
            return true;
        }
        if (args.length > 0 && !"--help".equals(only) && !"-h".equals(only)) {
            return false;
        }
        try (InputStream in = StaticHelp.class.getResourceAsStream(colour ? COLOUR : PLAIN)) {
            if (in == null) {
                return false;
            }
            out.print(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            out.flush();
            return true;
        } catch (IOException e) {
            return false; // picocli renders it
        }
    }

    /** "pilot VERSION" from the jar's manifest, or "pilot (development build)" when run from classes. */
    static String versionLine() {
        String v = StaticHelp.class.getPackage().getImplementationVersion();
        return "pilot " + (v == null ? "(development build)" : v);
    }

    /** The top-level help exactly as {@code pilot --help} prints it through picocli, painted or plain. */
    static String render(boolean colour) {
        StringWriter text = new StringWriter();
        PrintWriter out = new PrintWriter(text);
        CommandLine cli = PilotCommand.commandLine(new String[] {"--help"}, InputStream.nullInputStream());
        cli.setColorScheme(Help.defaultColorScheme(colour ? Ansi.ON : Ansi.OFF));
        cli.setOut(out);
        cli.execute("--help");
        out.flush();
        return text.toString();
    }

    /** Writes both renderings into the directory {@code args[0]} (the build's classes folder of this package). */
    public static void main(String[] args) throws IOException {
        Path dir = Files.createDirectories(Path.of(args[0]));
        Files.writeString(dir.resolve(PLAIN), render(false));
        Files.writeString(dir.resolve(COLOUR), render(true));
    }
}
