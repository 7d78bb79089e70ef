package io.pilotbench.cli;

import io.pilotbench.core.model.CiTarget;
import io.pilotbench.core.model.PerformanceIndex;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.core.store.PlainJson;
import io.pilotbench.report.Format;
import io.pilotbench.report.SimulationReport;
import io.pilotbench.simulate.ComparisonStrategy;
import io.pilotbench.simulate.Evaluation;
import io.pilotbench.simulate.SimulationSettings;
import io.pilotbench.simulate.Strategy;
import io.pilotbench.simulate.Trace;
import io.pilotbench.simulate.TraceReplay;
import io.pilotbench.simulate.TraceSet;
import io.pilotbench.simulate.WorkloadModel;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code pilot simulate evaluate}: strategies against the truth, on simulated workloads or replayed traces. A command
 * of its own beside {@link SimulateCommand}, which keeps the models and emit; its options and the course of an
 * evaluation (models, strategies, the files of -o) are enough to read on their own.
 */
@Command(
        name = "evaluate",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        usageHelpAutoWidth = true,
        description = {
            "Run K seeded sessions of each strategy on simulated time (no real time passes) and report per "
                    + "strategy: coverage (the share of sessions whose final CI holds the true mean, with its 95%% "
                    + "Wilson interval, flagged SHORT when more than 2 points below the confidence level), rounds, "
                    + "samples and simulated time to the result, bias, CI width reached, the block size, and what "
                    + "was cut as warm-up; plus the oracle, the fewest i.i.d.-equivalent samples that reach the "
                    + "target.",
            "",
            "With two --workload options, A and B are compared instead: the share of right verdicts, of "
                    + "differences claimed between equal workloads, of pairs shown equivalent, of ratio CIs that "
                    + "hold the true ratio, and the time to a decision.",
            "",
            "Strategies: pilot (the defaults: AR method, tested warm-up removal), pilot-no-removal, pilot-mser "
                    + "(MSER-5 locates the warm-up), pilot-subsessions (the original's CI, tested removal), "
                    + "pilot-original (the original Pilot: subsessions, EDM warm-up tracking), pilot-wps (WPS "
                    + "workloads), naive (Auto-pilot: t-CI of raw samples from round 10 until narrow), fixed-10 "
                    + "(hyperfine: 10 runs), jmh-5x5 (JMH: 5 forks × 5 warm-up + 5 measured iterations). Each "
                    + "replication gives every strategy the same workload realisation.",
            ""
        },
        footerHeading = "%n",
        footer = {
            "Exit codes: 0 evaluated (coverage short of the confidence level is a",
            "finding, flagged SHORT, not an error); 2 bad usage or input (a spec or",
            "trace it cannot read, an option that does nothing here); 1 internal error."
        })
final class SimulateEvaluateCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(
            names = {"-w", "--workload"},
            paramLabel = "SPEC",
            order = 1,
            description = "The workload model; twice to compare A with B. Default: normal.")
    List<String> workloads = new ArrayList<>();

    @Option(
            names = {"-s", "--strategy"},
            paramLabel = "NAME",
            split = ",",
            order = 2,
            description = "Strategies to run (repeat or comma-separate). Default: all that apply.")
    List<String> strategies = new ArrayList<>();

    @Option(
            names = {"-k", "--replications"},
            paramLabel = "K",
            defaultValue = "200",
            order = 3,
            description = "Sessions per strategy. Default: ${DEFAULT-VALUE} (coverage ±3 points at 95%%).")
    int replications;

    @Option(
            names = "--seed",
            paramLabel = "S",
            defaultValue = "1",
            order = 4,
            description = "Seed of the whole evaluation. Default: ${DEFAULT-VALUE}.")
    long seed;

    @Option(
            names = "--ci-width",
            paramLabel = "PCT",
            defaultValue = "10%",
            order = 5,
            description = "The CI full width to reach, as a percentage of the mean. Default: ${DEFAULT-VALUE}.")
    CiTarget ciWidth;

    @Option(
            names = "--confidence",
            paramLabel = "LEVEL",
            defaultValue = "95%",
            order = 6,
            description = "Confidence level of every CI. Default: ${DEFAULT-VALUE}.")
    Converters.Fraction confidence;

    @Option(
            names = "--max-rounds",
            paramLabel = "N",
            defaultValue = "5000",
            order = 7,
            description = "Round limit of a session (per workload in a comparison). Default: ${DEFAULT-VALUE}.")
    int maxRounds;

    @Option(
            names = "--alpha",
            paramLabel = "A",
            defaultValue = "0.01",
            order = 8,
            description = "Significance level of comparisons. Default: ${DEFAULT-VALUE}.")
    Converters.Alpha alpha;

    @Option(
            names = "--equivalence",
            paramLabel = "PCT",
            defaultValue = "1%",
            order = 9,
            description = "Pilot's equivalence margin in comparisons. Default: ${DEFAULT-VALUE}.")
    Converters.Percent equivalence;

    @Option(
            names = "--shared-load",
            paramLabel = "PCT",
            order = 9,
            description = "Comparisons: a background load that multiplies every round by a factor of mean 1 "
                    + "and this coefficient of variation (lognormal); the rounds of one interleaved cycle share it, "
                    + "rounds run apart (A's, then B's) draw it apart. Default: none.")
    Converters.Percent sharedLoad;

    @Option(
            names = "--threads",
            paramLabel = "N",
            order = 10,
            description = "Worker threads. Default: the number of processors.")
    Integer threads;

    @Option(
            names = {"-o", "--output"},
            paramLabel = "DIR",
            order = 11,
            description = "Also write replications.csv (one line per session, as it finishes; with --trace, one "
                    + "per series or benchmark) and evaluation.json into DIR.")
    Path output;

    @Option(
            names = "--trace",
            paramLabel = "PATH",
            order = 12,
            description = "Replay recorded series instead of a model: a file of numbers (one series), or a "
                    + "labelled data set (a directory with series/NAME.json.gz and classification/NAME.json, as the "
                    + "JMH steady-state data of Traini et al. 2023). Each series runs one value per round through "
                    + "pilot's defaults with --ci-width and --confidence, up to its length; repeatable.")
    List<Path> traces = new ArrayList<>();

    @Option(
            names = "--split",
            paramLabel = "NAME",
            order = 13,
            description = "With --trace of a labelled data set: the split of its benchmarks.csv to replay "
                    + "(e.g. tune, holdout). Default: all.")
    String split;

    @Option(
            names = "--truth",
            paramLabel = "X",
            order = 14,
            description = "With --trace of a file of numbers: the true mean to score its CI against.")
    Double truth;

    @Option(
            names = "--iterations",
            paramLabel = "N",
            order = 15,
            description = "With --trace of a labelled data set: replay each benchmark as 'pilot jmh --iterations "
                    + "N' runs it, a fork per round and its N values after the warm-up iterations the round's unit "
                    + "readings, beside JMH's defaults on the same forks.")
    Integer iterations;

    @Option(
            names = "--warmup-iterations",
            paramLabel = "W",
            order = 16,
            description = "With --iterations: the warm-up iterations of each fork, as 'pilot jmh "
                    + "--warmup-iterations'. Default: as many as --iterations, as pilot jmh.")
    Integer warmupIterations;

    @Mixin
    ReportOptions report;

    @Override
    public Integer call() throws IOException, InterruptedException {
        Format format = report.format();
        if (iterations != null && traces.isEmpty()) {
            throw new IllegalArgumentException("--iterations replays recorded forks: give them with --trace");
        }
        if (warmupIterations != null && iterations == null) {
            throw new IllegalArgumentException("--warmup-iterations goes with --iterations (a replay of forks)");
        }
        if (traces.isEmpty() && (truth != null || split != null)) {
            throw new IllegalArgumentException(
                    truth != null
                            ? "--truth goes with --trace: it is a recorded series' true mean (a model's is its own)"
                            : "--split goes with --trace: it picks the benchmarks of a labelled data set to replay");
        }
        if (sharedLoad != null && (workloads.size() != 2 || !traces.isEmpty())) {
            throw new IllegalArgumentException(
                    "--shared-load is a load the two workloads of a comparison share: " + "give --workload twice");
        }
        if (!traces.isEmpty()) {
            return replay(format);
        }
        ProgressLine.Mode mode = report.mode();
        List<WorkloadModel> models = models();
        Evaluation evaluation = evaluation();
        List<Strategy> single = models.size() == 1 ? strategies(models.get(0)) : List.of();
        List<ComparisonStrategy> pairs = models.size() == 1 ? List.of() : comparisonStrategies();
        ProgressLine progress = new ProgressLine(spec.commandLine().getErr(), mode);
        BufferedWriter csv = replicationsCsv(models.size() == 1);
        double truth = models.size() == 1 ? models.get(0).truth() : Double.NaN;
        evaluation.listener(f -> {
            progress.show("simulated " + f.done() + "/" + f.total() + " sessions (" + f.strategy() + ")");
            if (csv != null) {
                try {
                    csv.write(SimulationRows.row(f, truth));
                    csv.newLine();
                    csv.flush();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        });
        SimulationReport result;
        try {
            if (models.size() == 1) {
                List<Strategy> used = single.isEmpty() ? List.of(Strategy.values()) : single;
                result = new SimulationReport(evaluation.evaluate(models.get(0), used));
            } else {
                List<ComparisonStrategy> used = pairs.isEmpty() ? List.of(ComparisonStrategy.values()) : pairs;
                result = new SimulationReport(evaluation.compare(models.get(0), models.get(1), used));
            }
        } finally {
            progress.clear();
            if (csv != null) {
                csv.close();
            }
        }
        if (output != null) {
            try (PrintWriter json = new PrintWriter(Files.newBufferedWriter(output.resolve("evaluation.json")))) {
                result.render(Format.JSON, json);
            }
        }
        result.render(format, spec.commandLine().getOut());
        return ExitCode.OK.code();
    }

    /** The --workload models: one (normal by default), or two to compare. */
    private List<WorkloadModel> models() {
        if (workloads.size() > 2) {
            throw new IllegalArgumentException(
                    "--workload: give one workload, or two to compare; got " + workloads.size());
        }
        List<WorkloadModel> models = new ArrayList<>();
        for (String w : workloads.isEmpty() ? List.of("normal") : workloads) {
            models.add(SimulateCommand.model("--workload", w));
        }
        return models;
    }

    /** The evaluation the options ask for, before its strategies are chosen. */
    private Evaluation evaluation() {
        Evaluation evaluation = new Evaluation(settings())
                .replications((int) Options.positive("--replications", replications))
                .seed(seed);
        if (threads != null) {
            evaluation.threads((int) Options.positive("--threads", threads));
        }
        return evaluation;
    }

    /** The --strategy options for one workload, each checked to apply to it; empty for all that apply. */
    private List<Strategy> strategies(WorkloadModel model) {
        List<Strategy> single = new ArrayList<>();
        for (String s : strategies) {
            single.add(Options.parse("--strategy", s, Strategy::parse));
        }
        for (Strategy s : single) {
            if (!s.appliesTo(model)) {
                throw new IllegalArgumentException("--strategy: " + s.id() + " does not apply to "
                        + model.spec() + " (pilot-wps needs a WPS workload, wps=V; pilot and "
                        + "pilot-no-removal need readings)");
            }
        }
        return single;
    }

    /** The --strategy options for a comparison of two workloads; empty for all. */
    private List<ComparisonStrategy> comparisonStrategies() {
        List<ComparisonStrategy> pairs = new ArrayList<>();
        for (String s : strategies) {
            pairs.add(Options.parse("--strategy", s, ComparisonStrategy::parse));
        }
        return pairs;
    }

    /**
     * With -o, DIR/replications.csv opened with its header written (a line per session follows as it finishes);
     * without, null.
     */
    private BufferedWriter replicationsCsv(boolean single) throws IOException {
        if (output == null) {
            return null;
        }
        BufferedWriter csv = Files.newBufferedWriter(outputDirectory().resolve("replications.csv"));
        csv.write(
                single
                        ? "strategy,replication,seed,estimate,low,high,covered,rounds,samples,"
                                + "seconds,converged,subsession_size"
                        : "strategy,replication,seed,decision,p,ratio_low," + "ratio_high,rounds,seconds");
        csv.newLine();
        csv.flush();
        return csv;
    }

    /** The -o directory, made if it is new; one line (exit 2) if it names a file. */
    private Path outputDirectory() throws IOException {
        if (Files.exists(output) && !Files.isDirectory(output)) {
            throw new IllegalArgumentException("-o: " + output + " is a file; give a directory (new, or one "
                    + "whose replications.csv and evaluation.json may be replaced)");
        }
        return Files.createDirectories(output);
    }

    /** {@code --trace}: recorded series through the engine's defaults, scored against their labels. */
    private int replay(Format format) throws IOException, InterruptedException {
        if (!workloads.isEmpty() || !strategies.isEmpty()) {
            throw new IllegalArgumentException("--trace replays recorded series with pilot's defaults; it "
                    + "cannot go with --workload or --strategy");
        }
        SimulationSettings s = settings();
        if (format == Format.MARKDOWN) {
            throw new IllegalArgumentException("--format markdown: a replay prints text, json or csv");
        }
        Path dir = output == null ? null : outputDirectory(); // before the replay, which can take minutes
        List<Trace> all = new ArrayList<>();
        for (Path p : traces) {
            all.addAll(TraceSet.read(p, split, truth == null ? Double.NaN : truth));
        }
        SessionSettings session = SessionSettings.builder()
                .pi(PerformanceIndex.of("value", ""))
                .confidence(s.confidence())
                .ciTarget(CiTarget.ofMean(s.ciWidth()))
                .build();
        int pool = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        TraceReplay.Scores scores;
        if (iterations != null) {
            if (iterations < 2) {
                throw new IllegalArgumentException("--iterations: " + iterations + " is too few; a fork needs at "
                        + "least 2 measurement iterations to be a round of unit readings");
            }
            // as pilot jmh: a fork warms up for as many iterations as it measures unless told otherwise
            int warmup = warmupIterations == null ? iterations : warmupIterations;
            if (warmup < 0) {
                throw new IllegalArgumentException("--warmup-iterations: " + warmup + " is negative; give 0 or more");
            }
            scores = TraceReplay.scoreForks(all, warmup, iterations, session, s.ciWidth(), pool);
        } else {
            scores = TraceReplay.scoreSeries(all, session, s.ciWidth(), pool);
        }
        if (dir != null) {
            Files.write(dir.resolve("replications.csv"), scores.csv());
            Files.writeString(dir.resolve("evaluation.json"), PlainJson.write(scores.json()) + System.lineSeparator());
        }
        PrintWriter out = spec.commandLine().getOut();
        switch (format) {
            case JSON -> out.println(PlainJson.write(scores.json()));
            case CSV -> scores.csv().forEach(out::println);
            default -> scores.lines().forEach(out::println);
        }
        out.flush();
        return ExitCode.OK.code();
    }

    private SimulationSettings settings() {
        if (!ciWidth.relative()) {
            throw new IllegalArgumentException("--ci-width: give a percentage of the mean, e.g. 10%");
        }
        if (maxRounds < 10) {
            throw new IllegalArgumentException(
                    "--max-rounds: " + maxRounds + " must be 10 or more (the fixed " + "strategies run 10)");
        }
        double margin = equivalence.fraction();
        return new SimulationSettings(
                confidence.value(),
                ciWidth.value(),
                maxRounds,
                alpha.value(),
                margin,
                sharedLoad == null ? 0 : sharedLoad.fraction());
    }
}
