package io.pilotbench.cli;

import java.io.InputStream;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** The top-level {@code pilot} command: dispatches to its subcommands. */
@Command(
        name = "pilot",
        mixinStandardHelpOptions = true,
        versionProvider = PilotCommand.Version.class,
        description = "Statistically valid benchmark results in the least possible time.",
        footerHeading = "%nExit codes:%n") // the footer: ExitCode.footer(), set in commandLine
public final class PilotCommand implements Runnable {
    /**
     * The subcommands, in the order the help lists them. They are added by {@link #commandLine}, not by the
     * annotation: picocli builds the model of every annotated subcommand (its options, their types, help texts) when
     * the top command is made, which took most of {@code pilot --version}'s 0.23 s.
     */
    static final List<Class<?>> SUBCOMMANDS = List.of(
            RunCommand.class,
            CompareCommand.class,
            OverheadCommand.class,
            AnalyzeCommand.class,
            ChangepointsCommand.class,
            ReportCommand.class,
            PlotCommand.class,
            GraphCommand.class,
            ScriptCommand.class,
            GetstatsCommand.class,
            HistoryCommand.class,
            JmhCommand.class,
            SimulateCommand.class,
            PackageCommand.class,
            ExperimentCommand.class,
            MillCommand.class);

    @Spec
    CommandSpec spec;

    /**
     * The command tree for {@code args}: the subcommand {@code args} names is made in full, the others as stubs with
     * their name and description only (enough for the top-level help and for picocli's "did you mean"); every one
     * in full for {@code help} or when {@code args} is null.
     */
    static CommandLine commandLine(String[] args, InputStream stdin) {
        Factory factory = new Factory(stdin);
        CommandLine cli = new CommandLine(new PilotCommand(), factory);
        cli.getCommandSpec().usageMessage().footer(ExitCode.footer());
        String first = args == null || args.length == 0 ? null : args[0];
        boolean all = args == null || "help".equals(first);
        for (Class<?> c : SUBCOMMANDS) {
            Command a = c.getAnnotation(Command.class);
            if (all || a.name().equals(first)) {
                try {
                    cli.addSubcommand(a.name(), new CommandLine(factory.create(c), factory));
                } catch (Exception e) {
                    throw new IllegalStateException("cannot make the " + a.name() + " command", e);
                }
            } else {
                CommandSpec stub = CommandSpec.create().name(a.name());
                stub.usageMessage()
                        .description(a.description())
                        .header(a.header())
                        .hidden(a.hidden());
                cli.addSubcommand(a.name(), new CommandLine(stub, factory));
            }
        }
        cli.addSubcommand("help", new CommandLine.HelpCommand());
        cli.getSubcommands().values().forEach(PilotCommand::parsing);
        Converters.register(cli);
        // every command's help in colour by Pilot's rule (Colour), not picocli's: StaticHelp chooses by the same rule
        cli.setColorScheme(Help.defaultColorScheme(Colour.onStdout() ? Help.Ansi.ON : Help.Ansi.OFF));
        return cli;
    }

    /**
     * {@code pilot NAME ARGS} parsed, not run: the subcommand's command line, printing to {@code out} and
     * {@code err}, for a command that runs another with its options ({@code pilot overhead}).
     *
     * @throws CommandLine.ParameterException on a bad option, naming "pilot NAME" as the usage errors of
     *                                        {@link #run} do
     */
    static CommandLine parse(String name, List<String> args, PrintWriter out, PrintWriter err, InputStream stdin) {
        List<String> all = new ArrayList<>(List.of(name));
        all.addAll(args);
        String[] words = all.toArray(String[]::new);
        CommandLine cli = commandLine(words, stdin);
        cli.setOut(out);
        cli.setErr(err);
        cli.parseArgs(words);
        return cli.getSubcommands().get(name);
    }

    /**
     * Runs {@code pilot} with {@code args} and returns the exit code; never calls {@code System.exit}.
     *
     * @param stdin what {@code -} reads
     */
    public static int run(String[] args, PrintWriter out, PrintWriter err, InputStream stdin) {
        try {
            return execute(args, out, err, stdin);
        } catch (RuntimeException | LinkageError e) {
            if (!isMillMissing(e)) {
                throw e;
            }
            err.println("pilot: the mill's classes (lib/mill.jar) are not on the class path: run pilot mill and "
                    + "pilot experiment through the pilot launcher (bin/pilot or ./pilot), which adds them");
            err.flush();
            return ExitCode.USAGE.code();
        }
    }

    /**
     * Whether {@code e} comes from a class of the mill that is not on the class path: pilot.jar leaves the mill out
     * (its web server, database and Kubernetes client), and the launcher adds mill.jar for the commands that use it.
     */
    static boolean isMillMissing(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof NoClassDefFoundError
                    && String.valueOf(t.getMessage()).startsWith("io/pilotbench/mill/")) {
                return true;
            }
        }
        return false;
    }

    private static int execute(String[] args, PrintWriter out, PrintWriter err, InputStream stdin) {
        CommandLine cli = commandLine(args, stdin);
        cli.setOut(out);
        cli.setErr(err);
        cli.setParameterExceptionHandler((e, a) -> badUsage(e));
        cli.setExecutionExceptionHandler((e, cmd, parseResult) -> {
            cmd.getErr().println("pilot: " + Failures.message(e));
            cmd.getErr().flush();
            return Failures.exitCode(e);
        });
        int code;
        try {
            code = cli.execute(args);
        } catch (OutOfMemoryError e) {
            // picocli hands only Exceptions to the handler above; this JVM still has the memory the work held
            err.println("pilot: " + Failures.message(e));
            code = ExitCode.USAGE.code();
        }
        out.flush();
        err.flush();
        return code;
    }

    /** How the subcommand {@code cmd} parses beyond its annotations (nothing for most). */
    static void parsing(CommandLine cmd) {
        switch (cmd.getCommandName()) {
            // pilot run -- is optional: the first word that is not an option starts the command
            case "run" -> cmd.setStopAtPositional(true);
            // pilot overhead hands its arguments to pilot compare as they are, "--" included
            case "overhead" -> cmd.setEndOfOptionsDelimiter("\u0000").setUnmatchedArgumentsAllowed(true);
            case "jmh" ->
                cmd.setEndOfOptionsDelimiter("\u0000")
                        .setUnmatchedArgumentsAllowed(true)
                        .setUnmatchedOptionsArePositionalParams(false);
            default -> {
                // as annotated
            }
        }
    }

    /**
     * Says a bad option or parameter on the error stream of the command that refused it, in one line with where its
     * help is ("see 'pilot run --help'"), and returns the usage exit code.
     */
    private static int badUsage(CommandLine.ParameterException e) {
        CommandLine cmd = e.getCommandLine();
        // a value a converter refused: the option and why, as every bad option value is told
        String message = e.getCause() instanceof CommandLine.TypeConversionException t
                        && e.getArgSpec() instanceof CommandLine.Model.OptionSpec o
                ? o.longestName() + ": " + t.getMessage()
                : e.getMessage();
        cmd.getErr()
                .println("pilot: " + message + " (see '" + cmd.getCommandSpec().qualifiedName() + " --help')");
        cmd.getErr().flush();
        return ExitCode.USAGE.code();
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** Gives commands access to standard input without touching {@code System.in}. */
    static final class Factory implements CommandLine.IFactory {
        private final InputStream stdin;

        Factory(InputStream stdin) {
            this.stdin = stdin;
        }

        /** Commands with a constructor taking an {@link InputStream} get standard input through it. */
        @Override
        public <K> K create(Class<K> cls) throws Exception {
            try {
                var constructor = cls.getDeclaredConstructor(InputStream.class);
                return constructor.newInstance(stdin);
            } catch (NoSuchMethodException e) {
                return CommandLine.defaultFactory().create(cls);
            }
        }
    }

    /** The version from the jar's manifest, or "development" when run from classes. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {line()};
        }

        /** "pilot VERSION", the line {@code pilot --version} prints (kept apart from picocli: {@link StaticHelp}). */
        static String line() {
            return StaticHelp.versionLine();
        }
    }
}
