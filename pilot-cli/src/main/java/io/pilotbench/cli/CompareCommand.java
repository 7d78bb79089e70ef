package io.pilotbench.cli;

import io.pilotbench.core.analysis.Formats;
import io.pilotbench.core.analysis.SeriesAnalyzer;
import io.pilotbench.core.api.PerformanceIndex;
import io.pilotbench.core.api.Session;
import io.pilotbench.core.api.SessionResult;
import io.pilotbench.core.api.SessionSettings;
import io.pilotbench.core.api.StopReason;
import io.pilotbench.core.compare.CompareSettings;
import io.pilotbench.core.compare.Comparison;
import io.pilotbench.core.compare.Contender;
import io.pilotbench.core.compare.Direction;
import io.pilotbench.core.compare.Gate;
import io.pilotbench.core.compare.InterleavedComparison;
import io.pilotbench.core.compare.PairComparison;
import io.pilotbench.core.env.EnvironmentProbe;
import io.pilotbench.core.env.EnvironmentSnapshot;
import io.pilotbench.core.input.InputException;
import io.pilotbench.core.process.CommandTemplate;
import io.pilotbench.core.process.CommandWorkload;
import io.pilotbench.core.process.PiSpec;
import io.pilotbench.core.process.ProcessLauncher;
import io.pilotbench.core.process.RecordedCommand;
import io.pilotbench.core.report.ComparisonReport;
import io.pilotbench.core.report.Format;
import io.pilotbench.core.store.SessionReader;
import io.pilotbench.core.store.StoredSession;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.UnaryOperator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/** {@code pilot compare}: which is faster, by how much, how sure — live, against a stored baseline, or stored data. */
@Command(name = "compare", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        description = {
            "Compare workloads: rank them, and for each pair say which is faster, by how much and how sure, or that "
                + "they are equivalent.",
            "",
            "Live:   pilot compare [options] -- CMD_A ::: CMD_B [::: CMD_C ...]",
            "  Rounds are interleaved (A0 B0 C0, A1 B1 C1, ...; --shuffle permutes each cycle), every sample goes "
                + "through pilot run's pipeline (warm-up removal, subsessions), and the comparison stops as soon as "
                + "every workload has a CI, each pair of neighbours in the ranking has non-overlapping CIs or a "
                + "t-test p < --alpha — or is equivalent within ±--equivalence — and (unless --no-ci-target) every "
                + "CI meets --ci-width. --max-time and --max-rounds end it as undecided, with the p-value reached "
                + "and the rounds that would decide it (paper eq. 6).",
            "Baseline: pilot compare [options] --baseline SESSION_DIR -- CMD",
            "  Measures CMD until it is decided against a session recorded by pilot run.",
            "Stored: pilot compare [options] FILE_A FILE_B [FILE_C ...]",
            "  Compares samples you already have (files as pilot analyze reads them, or session directories): each "
                + "against the first, with the difference and ratio of means and their CIs, Welch's and the pooled "
                + "t-test, and the hypotheses u1 <= u2, u1 >= u2, u1 == u2 (Auto-pilot's Getstats). Subsessions are "
                + "merged first (the tests need independent samples); --ac-limit 1 turns that off, and the numbers "
                + "then equal R's t.test(x, y) and t.test(x, y, var.equal = TRUE).",
            ""},
        footerHeading = "%nExamples:%n",
        footer = {
            "  pilot compare -- ./old/app ::: ./new/app",
            "  pilot compare --name gzip --name zstd --shuffle -- gzip -kf data ::: zstd -qf data",
            "  pilot compare --max-time 10m --fail-if-slower 5%% --baseline results/main -- ./app",
            "  pilot compare --ac-limit 1 --column 1 before.csv after.csv",
            "  pilot compare --format markdown results/main results/branch >> $GITHUB_STEP_SUMMARY",
            "",
            "Exit codes: 0 decided (or stored data compared); 3 a limit ended a live comparison undecided; 4 a "
                + "command failed more often than --max-failures allows; 5 a gate (--fail-if-slower, --fail-if-faster) "
                + "tripped; with a gate, 0 also when undecided; 2 bad usage or input; 130 interrupted."})
final class CompareCommand implements Callable<Integer> {
    /** A gate tripped. */
    static final int GATE = 5;
    /** The separator of commands. */
    static final String SEPARATOR = ":::";
    private static final JsonMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    @Spec
    CommandSpec spec;

    @Mixin
    ProcessOptions process;

    @Mixin
    SessionOptions sessionOptions;

    @Option(names = "--name", paramLabel = "NAME", order = 2,
            description = "The workloads' names, in order; repeat once per workload. Default: the command lines "
                + "(file names for stored data).")
    List<String> names = new ArrayList<>();

    @Option(names = "--alpha", paramLabel = "A", order = 3,
            description = "Significance level of the t-test (two-sided). Default: 0.01.")
    String alpha;

    @Option(names = "--equivalence", paramLabel = "PCT", order = 4,
            description = "Two workloads are equivalent when the CI of their difference lies inside ±PCT of the "
                + "better mean; 0 turns it off. Default: 1%%.")
    String equivalence;

    @Option(names = "--test", paramLabel = "T", order = 5,
            description = "The t-test behind verdicts and hypotheses: welch (unequal variances) or pooled "
                + "(Getstats). Both are always reported. Default: welch.")
    String test;

    @Option(names = "--no-ci-target", order = 6,
            description = "Stop as soon as the comparison is decided, even if a CI is wider than --ci-width.")
    boolean noCiTarget;

    @Option(names = "--shuffle", paramLabel = "SEED", arity = "0..1", fallbackValue = "-1", order = 7,
            description = "Permute the order of the workloads in every cycle, with a seeded generator (SEED, or a "
                + "random one, printed so that the run can be repeated).")
    Long shuffle;

    @Option(names = "--baseline", paramLabel = "DIR", order = 8,
            description = "A session recorded by pilot run to compare against; its PIs are measured unless --pi "
                + "is given.")
    String baseline;

    @Option(names = "--metric", paramLabel = "PI", order = 9,
            description = "The PI compared, by name. Default: the first.")
    String metric;

    @Option(names = "--higher-is-better", order = 24,
            description = "The PI gets better as it grows (throughput). Default: lower is better, except for "
                + "ratio and binary PIs.")
    boolean higherIsBetter;

    @Option(names = "--lower-is-better", order = 25, description = "The PI gets better as it shrinks (times).")
    boolean lowerIsBetter;

    @Option(names = "--fail-if-slower", paramLabel = "PCT", order = 26,
            description = "Exit with 5 when a workload is significantly slower than the first (or the baseline) "
                + "and its slow-down factor's CI lies wholly above 1 + PCT.")
    String failIfSlower;

    @Option(names = "--fail-if-faster", paramLabel = "PCT", order = 27,
            description = "Exit with 5 when a workload is significantly faster than the first by more than PCT "
                + "(a benchmark that suddenly does less work).")
    String failIfFaster;

    @Option(names = {"-c", "--column"}, paramLabel = "N|NAME", order = 28,
            description = "Stored files: the column to read (0-based index or header name). Default: 0.")
    String column;

    @Option(names = "--delimiter", paramLabel = "D", defaultValue = "auto", order = 29,
            description = "Stored files: auto, comma, tab, semicolon or whitespace. Default: ${DEFAULT-VALUE}.")
    String delimiter;

    @Option(names = "--unit", paramLabel = "U", defaultValue = "", order = 30,
            description = "Stored files: the data's unit (e.g. ms).")
    String unit;

    @Option(names = {"-o", "--output"}, paramLabel = "DIR", order = 40,
            description = "Live: the comparison's directory (one session per workload, compare.json, "
                + "schedule.csv). Default: pilot-results/<date>-<time>-compare.")
    String output;

    @Mixin
    ReportOptions report;

    @Parameters(arity = "0..*", paramLabel = "ARGS",
            description = "Commands separated by ::: (after --), or stored files and session directories.")
    List<String> args = new ArrayList<>();

    private final InputStream stdin;

    CompareCommand(InputStream stdin) {
        this.stdin = stdin;
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (higherIsBetter && lowerIsBetter) {
            throw new IllegalArgumentException("--higher-is-better and --lower-is-better cannot be used together");
        }
        Format outputFormat = report.format();
        report.mode(); // checks --quiet with --verbose before anything runs
        CompareSettings settings = compareSettings();
        Gate gate = new Gate(failIfSlower == null ? Double.NaN : Options.percent("--fail-if-slower", failIfSlower),
                failIfFaster == null ? Double.NaN : Options.percent("--fail-if-faster", failIfFaster));
        boolean live = baseline != null || args.contains(SEPARATOR);
        return live ? live(settings, gate, outputFormat) : stored(settings, gate, outputFormat);
    }

    private CompareSettings compareSettings() {
        CompareSettings s = CompareSettings.DEFAULTS.withRequireCiTarget(!noCiTarget);
        if (alpha != null) {
            double a = Options.fraction("--alpha", alpha);
            if (!(a > 0 && a < 0.5)) {
                throw new IllegalArgumentException("--alpha: " + alpha + " must be in (0, 0.5), e.g. 0.01");
            }
            s = s.withAlpha(a);
        }
        if (equivalence != null) {
            s = s.withEquivalence(Options.percent("--equivalence", equivalence));
        }
        if (test != null) {
            s = s.withTest(Options.enumValue(CompareSettings.Test.class, "--test", test));
        }
        if (sessionOptions.confidence != null) {
            s = s.withConfidence(Options.fraction("--confidence", sessionOptions.confidence));
        }
        return s;
    }

    private Direction direction(PerformanceIndex pi) {
        return higherIsBetter ? Direction.HIGHER_IS_BETTER
                : lowerIsBetter ? Direction.LOWER_IS_BETTER : Direction.of(pi);
    }

    private int exitCode(Comparison c, StopReason reason, Gate gate) {
        if (reason == StopReason.INTERRUPTED) {
            return Interrupts.EXIT_CODE;
        }
        if (reason == StopReason.WORKLOAD_FAILED) {
            return RunCommand.WORKLOAD_FAILED;
        }
        if (gate.active()) {
            return gate.check(c).isEmpty() ? ExitCodes.OK : GATE;
        }
        return reason == null || reason == StopReason.TARGET_MET ? ExitCodes.OK : RunCommand.LIMIT;
    }

    // ---- stored data ---------------------------------------------------------------------------------------------

    private int stored(CompareSettings settings, Gate gate, Format outputFormat) {
        for (String option : ProcessOptions.RECORDED) {
            if (given(option)) {
                throw new IllegalArgumentException(option + " applies to commands; to compare commands, put them "
                        + "after -- separated by ::: (pilot compare -- CMD_A ::: CMD_B)");
            }
        }
        if (args.size() < 2) {
            throw new IllegalArgumentException(args.isEmpty()
                    ? "nothing to compare: give two or more files or session directories, or commands after -- "
                        + "separated by ::: (pilot compare -- CMD_A ::: CMD_B)"
                    : "only one input (" + args.get(0) + "): a comparison needs at least two; to compare commands, "
                        + "separate them with ::: after --");
        }
        checkNames(args.size());
        SessionOptions.Precision precision = precision();
        List<Contender> contenders = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            contenders.add(storedContender(args.get(i), names.isEmpty() ? null : names.get(i), precision));
        }
        contenders = uniqueNames(contenders);
        Direction direction = direction(contenders.get(0).pi());
        Comparison c = Comparison.of(contenders, settings, direction);
        new ComparisonReport(c, null, Double.NaN, gate, null).render(outputFormat, spec.commandLine().getOut());
        return exitCode(c, null, gate);
    }

    private SessionOptions.Precision precision() {
        SessionOptions o = sessionOptions;
        return SessionOptions.Precision.parse(o.preset, o.confidence, o.acLimit, o.ciWidth, o.minSubsessions,
                o.warmupRemoval, o.method);
    }

    private Contender storedContender(String input, String givenName, SessionOptions.Precision precision) {
        Path path = Path.of(input);
        if (Files.isDirectory(path)) {
            if (!SessionReader.isSession(path)) {
                throw new InputException(input + " is a directory but not a Pilot session (no session.json)");
            }
            StoredSession recorded = SessionReader.read(path);
            SessionResult r = Session.analyse(recorded.withSettings(precision.applyTo(recorded.settings()
                    .toBuilder()).build()));
            return contender(givenName != null ? givenName : input, r, input);
        }
        if (!Files.exists(path)) {
            throw new InputException(input + ": no such file or directory; to compare commands, separate two or more "
                    + "with ::: after -- (pilot compare -- CMD_A ::: CMD_B), or give one with --baseline SESSION_DIR");
        }
        InputOptions in = new InputOptions();
        in.columns = column == null ? List.of() : List.of(column);
        in.delimiter = delimiter;
        in.quiet = report.quiet;
        List<io.pilotbench.core.input.Series> series = new ArrayList<>();
        List<String> errors = in.forEachSeries(List.of(input), stdin, new PrintWriter(PrintWriter.nullWriter()),
                series::add);
        if (!errors.isEmpty()) {
            throw new InputException(errors.get(0));
        }
        var analysis = new SeriesAnalyzer(precision.toAnalysisSettings()).analyze(series.get(0));
        String piName = column == null ? "value" : column;
        return Contender.of(givenName != null ? givenName : input, PerformanceIndex.of(piName, unit.strip()),
                analysis);
    }

    private Contender contender(String name, SessionResult r, String input) {
        try {
            return Contender.of(name, r, metric, false);
        } catch (IllegalArgumentException e) {
            throw new InputException(input + ": " + e.getMessage() + "; its PIs are "
                    + r.pis().stream().map(p -> "'" + p.pi().name() + "'").toList());
        }
    }

    // ---- live ------------------------------------------------------------------------------------------------------

    private int live(CompareSettings settings, Gate gate, Format outputFormat)
            throws IOException, InterruptedException {
        for (String option : new String[] {"--column", "--delimiter", "--unit"}) {
            if (given(option)) {
                throw new IllegalArgumentException(option + " applies to stored files, not to commands");
            }
        }
        List<List<String>> commands = splitCommands();
        Contender base = baseline == null ? null : baselineContender();
        if (base == null && commands.size() < 2) {
            throw new IllegalArgumentException("only one command: a comparison needs two or more, separated by ::: "
                    + "(or --baseline SESSION_DIR)");
        }
        checkNames(commands.size());
        List<String> defaultPis = List.of();
        if (baseline != null && process.pis.isEmpty() && RecordedCommand.exists(Path.of(baseline))) {
            defaultPis = RecordedCommand.read(Path.of(baseline)).pis();
        }
        List<RecordedCommand> recorded = new ArrayList<>();
        for (List<String> command : commands) {
            recorded.add(process.record(command, defaultPis));
        }
        List<PiSpec> specs = ProcessOptions.specs(recorded.get(0).pis());
        SessionSettings sessionSettings = sessionOptions.apply(SessionSettings.builder()
                .pis(specs.stream().map(PiSpec::pi).toList())).build();
        for (RecordedCommand r : recorded) {
            CommandTemplate t = CommandTemplate.of(r.words(), r.shell());
            if (t.usesWorkAmount() && sessionSettings.workAmount() == null
                    && sessionSettings.fixedWorkAmount() == 0) {
                throw new IllegalArgumentException(CommandTemplate.WORK_AMOUNT + " is in '" + t + "' but no work "
                        + "amount is given: add --work-amount MIN:MAX (or a fixed --work-amount N)");
            }
        }
        PerformanceIndex pi = metric == null ? specs.get(0).pi() : specs.stream().map(PiSpec::pi)
                .filter(p -> p.name().equals(metric)).findFirst().orElseThrow(() -> new IllegalArgumentException(
                        "--metric: no PI named '" + metric + "' among " + specs.stream().map(s -> "'"
                                + s.pi().name() + "'").toList()));
        if (base != null && !java.util.Objects.equals(base.pi().unit(), pi.unit())) {
            throw new IllegalArgumentException("mismatched units: the baseline " + baseline + " measures '"
                    + base.pi().name() + "' in " + base.pi().unit() + " but the candidate measures '" + pi.name()
                    + "' in " + pi.unit() + "; give --pi with the baseline's unit");
        }
        List<String> workloadNames = new ArrayList<>();
        for (int i = 0; i < commands.size(); i++) {
            workloadNames.add(names.isEmpty() ? CommandTemplate.of(commands.get(i), process.shell).toString()
                    : names.get(i));
        }
        workloadNames = unique(workloadNames, base == null ? Set.of() : Set.of(base.name()));
        Path dir = outputDir();
        ProcessLauncher launcher = ProcessLauncher.best();
        PrintWriter err = spec.commandLine().getErr();
        long overhead = ProcessOptions.calibrate(launcher, process.shell, report.quiet ? null : err);
        EnvironmentSnapshot environment = EnvironmentProbe.system().capture(Path.of("").toAbsolutePath());
        Files.createDirectories(dir);
        long seed = shuffle == null ? 0 : shuffle == -1 ? new java.util.Random().nextLong() & Long.MAX_VALUE
                : shuffle;
        writeRecord(dir, workloadNames, settings, seed);
        List<InterleavedComparison.Entry> entries = new ArrayList<>();
        Set<String> dirs = new HashSet<>();
        for (int i = 0; i < commands.size(); i++) {
            Path sessionDir = dir.resolve(slug(workloadNames.get(i), i, dirs));
            Session session = Session.create(sessionSettings, sessionDir, workloadNames.get(i), environment);
            recorded.get(i).write(sessionDir);
            CommandWorkload w = ProcessOptions.workload(recorded.get(i), launcher, sessionDir, overhead);
            entries.add(new InterleavedComparison.Entry(workloadNames.get(i), session, w));
        }
        InterleavedComparison run = new InterleavedComparison(entries, base, settings, direction(pi), pi.name())
                .schedule(dir.resolve("schedule.csv"));
        if (shuffle != null) {
            run.shuffle(seed);
        }
        ProgressLine line = new ProgressLine(err, report.mode());
        run.listener(p -> line.show(progressText(p)));
        if (!report.quiet) {
            err.println("pilot: comparing " + String.join(", ", workloadNames) + (base == null ? ""
                    : " against " + base.name()) + " in interleaved rounds" + (shuffle == null ? ""
                    : " (shuffled, seed " + seed + ")") + "; results in " + dir
                    + " (Ctrl-C stops and keeps them)");
            err.flush();
        }
        InterleavedComparison.Result result;
        try (AutoCloseable ignored = Interrupts.onInterrupt(() -> {
            run.requestStop();
            entries.forEach(e -> ((CommandWorkload) e.workload()).stop());
        })) {
            result = run.run();
        } catch (IOException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        } finally {
            line.clear();
        }
        String limit = result.stopReason() == StopReason.TIME_LIMIT || result.stopReason() == StopReason.ROUND_LIMIT
                ? InterleavedComparison.limitWords(result.stopReason(), sessionSettings) : null;
        ComparisonReport report = new ComparisonReport(result.comparison(), result.stopReason(), result.seconds(),
                gate, limit);
        Files.writeString(dir.resolve("comparison.json"), JSON.writeValueAsString(report.toMap()) + "\n");
        report.render(outputFormat, spec.commandLine().getOut());
        return exitCode(result.comparison(), result.stopReason(), gate);
    }

    private Contender baselineContender() {
        Path dir = Path.of(baseline);
        if (!SessionReader.isSession(dir)) {
            throw new InputException("--baseline: " + baseline + " is not a Pilot session (no session.json); record "
                    + "one with pilot run -o DIR");
        }
        StoredSession recorded = SessionReader.read(dir);
        SessionResult r = Session.analyse(recorded.withSettings(precision().applyTo(recorded.settings().toBuilder())
                .build()));
        Contender c = contender("baseline", r, baseline);
        if (!c.valid()) {
            throw new InputException("--baseline: " + baseline + " has no confidence interval for '" + c.pi().name()
                    + "' (" + c.n() + " samples); resume it (pilot run --resume " + baseline + ") or pick another");
        }
        return c;
    }

    /** The commands between ::: separators; an empty one is an error. */
    private List<List<String>> splitCommands() {
        List<List<String>> out = new ArrayList<>();
        List<String> current = new ArrayList<>();
        for (String a : args) {
            if (a.equals(SEPARATOR)) {
                out.add(current);
                current = new ArrayList<>();
            } else {
                current.add(a);
            }
        }
        out.add(current);
        for (int i = 0; i < out.size(); i++) {
            if (out.get(i).isEmpty()) {
                throw new IllegalArgumentException("command " + (i + 1) + " of " + out.size() + " is empty: put a "
                        + "command on each side of ::: (pilot compare -- CMD_A ::: CMD_B)");
            }
        }
        return out;
    }

    private void checkNames(int count) {
        if (!names.isEmpty() && names.size() != count) {
            throw new IllegalArgumentException("--name given " + names.size() + " time" + (names.size() == 1 ? ""
                    : "s") + " for " + count + " workloads: give one name per workload, in order");
        }
    }

    /** Names made unique by appending #2, #3. */
    private static List<String> unique(List<String> in, Set<String> taken) {
        Set<String> seen = new HashSet<>(taken);
        List<String> out = new ArrayList<>();
        for (String n : in) {
            String name = n;
            for (int i = 2; !seen.add(name); i++) {
                name = n + " #" + i;
            }
            out.add(name);
        }
        return out;
    }

    private static List<Contender> uniqueNames(List<Contender> in) {
        List<String> named = unique(in.stream().map(Contender::name).toList(), Set.of());
        List<Contender> out = new ArrayList<>();
        for (int i = 0; i < in.size(); i++) {
            out.add(in.get(i).named(named.get(i)));
        }
        return out;
    }

    /** A directory name for a workload: "1-gzip", "2-zstd". */
    private static String slug(String name, int index, Set<String> used) {
        String s = name.replaceAll("[^A-Za-z0-9._-]+", "_").replaceAll("^_+|_+$", "");
        s = (index + 1) + "-" + (s.length() > 40 ? s.substring(0, 40) : s);
        used.add(s);
        return s;
    }

    private Path outputDir() {
        if (output != null) {
            Path p = Path.of(output);
            if (Files.exists(p) && (!Files.isDirectory(p) || isNotEmpty(p))) {
                throw new IllegalArgumentException("-o: " + output + " exists and is not an empty directory; "
                        + "choose a new one");
            }
            return p;
        }
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT));
        Path base = Path.of("pilot-results", stamp + "-compare");
        Path dir = base;
        for (int i = 2; Files.exists(dir); i++) {
            dir = Path.of(base + "-" + i);
        }
        return dir;
    }

    private static boolean isNotEmpty(Path dir) {
        try (var s = Files.list(dir)) {
            return s.findAny().isPresent();
        } catch (IOException e) {
            return true;
        }
    }

    /** compare.json: what was compared and how, so that the directory explains itself. */
    private void writeRecord(Path dir, List<String> workloadNames, CompareSettings s, long seed) throws IOException {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("workloads", workloadNames);
        m.put("baseline", baseline == null ? null : Path.of(baseline).toAbsolutePath().normalize().toString());
        m.put("metric", metric);
        m.put("confidence", s.confidence());
        m.put("alpha", s.alpha());
        m.put("equivalence", s.equivalence());
        m.put("test", s.test().name().toLowerCase(Locale.ROOT));
        m.put("ciTarget", s.requireCiTarget());
        m.put("shuffleSeed", shuffle == null ? null : seed);
        Files.writeString(dir.resolve("compare.json"), JSON.writeValueAsString(m) + "\n");
    }

    private boolean given(String option) {
        return spec.commandLine().getParseResult().hasMatchedOption(option);
    }

    /** "cycle 12 · A 1.23 ms ± 2.1% · B 1.30 ms ± 1.9% · A vs B p = 0.03, ~40 more rounds each". */
    static String progressText(InterleavedComparison.Progress p) {
        List<String> parts = new ArrayList<>();
        parts.add("cycle " + (p.cycle() + 1));
        Comparison c = p.comparison();
        for (Contender x : c.contenders()) {
            if (!x.live()) {
                continue;
            }
            String mean = Double.isFinite(x.mean()) ? Formats.quantity(x.mean(), x.pi().unit(), x.mean()) : "-";
            parts.add(x.name() + " " + mean + (x.ci() == null ? " (no CI yet)"
                    : " ± " + Formats.significant(100 * x.ci().halfWidth() / Math.abs(x.mean()), 2) + "%"));
        }
        for (PairComparison pair : c.adjacent()) {
            if (pair.verdict().decided() || pair.welch() == null) {
                continue;
            }
            long more = Comparison.moreRounds(pair);
            parts.add(pair.a().name() + " vs " + pair.b().name() + " p = "
                    + Formats.significant(pair.p(c.settings().test()), 2)
                    + (more < 0 ? "" : ", ~" + more + " more rounds"));
        }
        parts.add(Formats.duration(p.seconds()));
        return String.join(" · ", parts);
    }
}
