package io.pilotbench.cli;

import io.pilotbench.process.JmhWorkload;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

/**
 * {@code pilot jmh}: JMH benchmarks run until precise. A round is one JMH fork — forks are where
 * independence holds, since each JVM compiles and lays out the code anew — and its measurement iterations are the
 * round's unit readings; the JIT's warm-up in them is the unit readings' warm-up, found and cut by the engine's test
 * (after {@code --warmup-iterations} that JMH runs first, as many as it measures by default: {@link JmhWorkload}
 * says what they do),
 * and the session stops at the precision target instead of after 5 forks.
 * It is {@code pilot run} (or {@code pilot compare} with {@code --compare}) of
 * {@code java -jar JAR BENCHMARK -f 1 -wi W -i N -rf json -rff %RESULT_DIR%/jmh.json}, whose JSON result gives the
 * unit readings; every option of run or compare applies. It calls their code, as parsed with their options, directly.
 */
@Command(
        name = "jmh",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        usageHelpAutoWidth = true,
        description = {
            "Run a JMH benchmark until its CI is as narrow as asked: one fork per round, its measured "
                    + "iterations the round's unit readings (each fork first runs as many warm-up iterations as it "
                    + "measures, --warmup-iterations, JMH's -wi; a warm-up left in them is found and cut).",
            "",
            "Options of pilot run (or of pilot compare, with --compare) are passed on: --ci-width, --max-time, "
                    + "-o, --format, ...; JMH's own options go after --.",
            ""
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  pilot jmh --jar target/benchmarks.jar --benchmark 'Parse.json$' --unit us/op",
            "  pilot jmh --compare --jar old.jar --jar new.jar --benchmark 'Parse.json$'",
            "  pilot jmh --compare --jar b.jar --benchmark 'Sort.quick$' \\",
            "      --benchmark 'Sort.merge$'",
            "",
            "Exit codes: as pilot run's, or pilot compare's with --compare."
        })
final class JmhCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(
            names = "--jar",
            paramLabel = "JAR",
            required = true,
            description = "The benchmarks jar (JMH's uber-jar); twice with --compare to compare two builds.")
    List<String> jars = new ArrayList<>();

    @Option(
            names = "--benchmark",
            paramLabel = "REGEX",
            required = true,
            description = "The benchmark, as JMH's include pattern; twice with --compare to compare two.")
    List<String> benchmarks = new ArrayList<>();

    @Option(
            names = "--iterations",
            paramLabel = "N",
            defaultValue = "10",
            description = "Measurement iterations per fork (per round). Default: ${DEFAULT-VALUE}.")
    int iterations;

    @Option(
            names = "--warmup-iterations",
            paramLabel = "W",
            description = "Iterations each fork runs before those it measures (JMH's -wi). Default: as many as "
                    + "--iterations, JMH's ratio; on real JMH forks that halved the CIs that missed against 0, which "
                    + "leaves the whole warm-up to the test (docs/jmh.md).")
    Integer warmupIterations;

    @Option(
            names = "--unit",
            paramLabel = "UNIT",
            description = "The score's unit, as JMH reports it (us/op, ops/s); it says which way is better (ops/s: "
                    + "higher). Default: read from the jar's benchmark list and the JMH options (-bm, -tu); a --unit "
                    + "that differs from it is refused.")
    String unit;

    /** The unit of each workload's score as its jar's JMH will report it; null where it cannot be told. */
    private final List<String> reported = new ArrayList<>();

    @Option(names = "--compare", description = "Compare two jars, or two benchmarks, in interleaved forks.")
    boolean compare;

    @Option(
            names = "--java",
            paramLabel = "JAVA",
            defaultValue = "java",
            description = "The java that runs the forks. Default: ${DEFAULT-VALUE}.")
    String java;

    @Unmatched
    List<String> passed = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        if (iterations < 2) {
            throw new IllegalArgumentException("--iterations: " + iterations + " is too few; a fork needs at least 2 "
                    + "measurement iterations to be a round of unit readings");
        }
        int warmup = warmupIterations == null ? iterations : warmupIterations;
        if (warmup < 0) {
            throw new IllegalArgumentException(
                    "--warmup-iterations: " + warmup + " is negative; give 0 or more warm-up iterations per fork");
        }
        int workloads = compare ? Math.max(jars.size(), benchmarks.size()) : 1;
        if (!compare && (jars.size() > 1 || benchmarks.size() > 1)) {
            throw new IllegalArgumentException("one --jar and one --benchmark (two of either with --compare)");
        }
        if (compare
                && (workloads != 2
                        || jars.size() > 2
                        || benchmarks.size() > 2
                        || jars.size() == 2 && benchmarks.size() == 2)) {
            throw new IllegalArgumentException(
                    "--compare takes two jars and one --benchmark, or one jar and two " + "--benchmark");
        }
        int dashes = passed.indexOf("--");
        List<String> options = dashes < 0 ? passed : passed.subList(0, dashes);
        List<String> jmhOptions = dashes < 0 ? List.of() : passed.subList(dashes + 1, passed.size());
        List<String> args = new ArrayList<>();
        String piName = workloads == 1 || benchmarks.size() == 1 ? benchmarks.get(0) : "score";
        for (int i = 0; i < workloads; i++) {
            reported.add(JmhScoreUnit.of(
                            Path.of(jars.get(jars.size() == 2 ? i : 0)),
                            benchmarks.get(benchmarks.size() == 2 ? i : 0),
                            jmhOptions)
                    .orElse(null));
        }
        if (unit == null) {
            unit = reported.get(0) != null && reported.stream().allMatch(reported.get(0)::equals)
                    ? reported.get(0)
                    : "score";
        }
        args.addAll(List.of(
                "--pi",
                new JmhWorkload(Path.of(jars.get(0)), piName, iterations, warmup, unit, java, jmhOptions).piText()));
        if (compare && !options.contains("--name")) {
            for (int i = 0; i < 2; i++) {
                args.addAll(List.of("--name", jars.size() == 2 ? jars.get(i) : benchmarks.get(i)));
            }
        }
        args.addAll(options);
        args.add("--");
        for (int i = 0; i < workloads; i++) {
            if (i > 0) {
                args.add(CompareCommand.SEPARATOR);
            }
            args.addAll(new JmhWorkload(
                            Path.of(jars.get(jars.size() == 2 ? i : 0)),
                            benchmarks.get(benchmarks.size() == 2 ? i : 0),
                            iterations,
                            warmup,
                            unit,
                            java,
                            jmhOptions)
                    .command());
        }
        return runOrCompare(args);
    }

    /**
     * Parses {@code args} with the options of pilot run (or pilot compare, with --compare) and calls that command's
     * code directly, on this command's output streams: a bad option is said as pilot run or compare says it.
     */
    private int runOrCompare(List<String> args) throws Exception {
        CommandLine line = PilotCommand.parse(
                compare ? "compare" : "run",
                args,
                spec.commandLine().getOut(),
                spec.commandLine().getErr(),
                System.in);
        if (CommandLine.printHelpIfRequested(line.getParseResult())) {
            return ExitCode.OK.code();
        }
        // once every option has been read (a bad one is said first), and before any fork runs
        for (String jar : jars) {
            for (String benchmark : benchmarks) {
                JmhJars.check(java, jar, benchmark);
            }
        }
        checkUnit();
        return line.<Callable<Integer>>getCommand().call();
    }

    /**
     * Refuses a --unit that is not the one JMH will report, and two benchmarks that report different units; says when
     * the unit could not be read (then "score", lower is better, unless --unit says otherwise).
     */
    private void checkUnit() {
        for (int i = 0; i < reported.size(); i++) {
            String u = reported.get(i);
            if (u != null && !"score".equals(unit) && !u.equals(unit)) {
                throw new IllegalArgumentException("--unit " + unit + ": JMH reports "
                        + benchmarks.get(benchmarks.size() == 2 ? i : 0) + " in " + u
                        + " (its mode and output time unit); give --unit " + u + " or leave --unit out");
            }
        }
        if (!"score".equals(unit)) {
            return;
        }
        if (reported.stream().filter(Objects::nonNull).distinct().count() > 1) {
            throw new IllegalArgumentException("--benchmark: JMH reports " + benchmarks.get(0) + " in "
                    + reported.get(0) + " and " + benchmarks.get(1) + " in " + reported.get(1)
                    + "; compare benchmarks of one mode and time unit (JMH's -bm and -tu set them)");
        }
        spec.commandLine()
                .getErr()
                .println("pilot: the unit of the score could not be read from the jar's benchmark list: it is "
                        + "compared as lower is better; give --unit (e.g. ops/s, higher is better, or us/op)");
    }
}
