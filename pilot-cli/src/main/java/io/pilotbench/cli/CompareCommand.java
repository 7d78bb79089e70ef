package io.pilotbench.cli;

import io.pilotbench.core.api.ComparisonDirectory;
import io.pilotbench.core.api.RecordedComparison;
import io.pilotbench.core.compare.CompareSettings;
import io.pilotbench.core.compare.Comparison;
import io.pilotbench.core.compare.Contender;
import io.pilotbench.core.compare.Direction;
import io.pilotbench.core.compare.Gate;
import io.pilotbench.core.input.ColumnSelector;
import io.pilotbench.core.input.SeriesReader;
import io.pilotbench.core.model.PerformanceIndex;
import io.pilotbench.core.model.SessionResult;
import io.pilotbench.core.model.StopReason;
import io.pilotbench.report.Format;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code pilot compare}: which is faster, by how much, how sure — live, against a stored baseline, or stored data. */
@Command(
        name = "compare",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        usageHelpAutoWidth = true,
        description = {
            "Compare workloads: rank them, and for each pair say which is faster, by how much and how sure, or that "
                    + "they are equivalent.",
            "",
            "Live:   pilot compare [options] -- CMD_A ::: CMD_B [::: CMD_C ...]",
            "  Rounds are interleaved (A0 B0 C0, A1 B1 C1, ...; --shuffle permutes each cycle), every sample goes "
                    + "through pilot run's pipeline (warm-up removal, the CI method), and two workloads are compared "
                    + "cycle by cycle: the per-cycle difference of their readings cancels load that hits both. The "
                    + "comparison stops as soon as each pair of neighbours in the ranking is decided: different when the "
                    + "anytime-valid confidence sequence of the per-cycle difference at --alpha excludes 0, or equivalent within "
                    + "±--equivalence (with --each-ci-target, every workload's CI must also meet --ci-width). "
                    + "--max-time and --max-rounds end it as undecided, with the anytime p-value reached and the rounds "
                    + "that would decide it.",
            "Baseline: pilot compare [options] --baseline SESSION_DIR -- CMD",
            "  Measures CMD until it is decided against a session recorded by pilot run.",
            "Stored: pilot compare [options] FILE_A FILE_B [FILE_C ...]",
            "  Compares samples you already have (files as pilot analyze reads them, or session directories): each "
                    + "against the first, with the difference and ratio of means and their CIs, Welch's and the pooled "
                    + "t-test, and the hypotheses u1 <= u2, u1 >= u2, u1 == u2 (Auto-pilot's Getstats). Subsessions are "
                    + "merged first (the tests need independent samples); --ac-limit 1 turns that off, and the numbers "
                    + "then equal R's t.test(x, y) and t.test(x, y, var.equal = TRUE).",
            ""
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  pilot compare -- ./old/app ::: ./new/app",
            "  pilot compare --name gzip --name zstd --shuffle \\",
            "      -- gzip -kf data ::: zstd -qf data",
            "  pilot compare --max-time 10m --fail-if-slower 5%% \\",
            "      --baseline results/main -- ./app",
            "  pilot compare --resume pilot-results/20261124-101500-compare --max-time 5m",
            "  pilot compare --ac-limit 1 --column 1 before.csv after.csv",
            "  pilot compare --format markdown results/main results/branch \\",
            "      >> $GITHUB_STEP_SUMMARY",
            "",
            "Exit codes:",
            "  0    decided (or stored data compared); with a gate, also when undecided",
            "  3    a limit ended a live comparison undecided",
            "  4    a command failed more often than --max-failures allows",
            "  5    a gate (--fail-if-slower, --fail-if-faster) tripped",
            "  2    bad usage or input, or an unusable output directory",
            "  130  interrupted by Ctrl-C; 143 by SIGTERM",
            "  1    internal error (a bug: please report it)"
        })
final class CompareCommand implements Callable<Integer> {
    /** The separator of commands. */
    static final String SEPARATOR = ComparisonDirectory.SEPARATOR;

    @Spec
    CommandSpec spec;

    @Mixin
    ProcessOptions process;

    @Mixin
    SessionOptions sessionOptions;

    @Option(
            names = "--name",
            paramLabel = "NAME",
            order = 2,
            description = "The workloads' names, in order; repeat once per workload. Default: the command lines "
                    + "(file names for stored data).")
    List<String> names = new ArrayList<>();

    @Option(
            names = "--alpha",
            paramLabel = "A",
            order = 3,
            description = "Significance level of the t-test (two-sided). Default: 0.01.")
    Converters.Alpha alpha;

    @Option(
            names = "--equivalence",
            paramLabel = "PCT",
            order = 4,
            description = "Two workloads are equivalent when the CI of their difference lies inside ±PCT of the "
                    + "better mean; 0 turns it off. Default: 1%%.")
    Converters.Percent equivalence;

    @Option(
            names = "--test",
            paramLabel = "T",
            order = 5,
            description = "The t-test behind verdicts and hypotheses: welch (unequal variances) or pooled "
                    + "(Getstats). Both are always reported. Default: welch.")
    CompareSettings.Test test;

    @Option(
            names = "--each-ci-target",
            order = 6,
            description = "Also wait until every workload's own CI meets --ci-width before stopping (by default a "
                    + "comparison stops as soon as it is decided: the verdict rests on the comparison, not on each "
                    + "workload's precision).")
    boolean eachCiTarget;

    /** The former opt-out, now the default; still accepted so that scripts keep working. */
    @Option(names = "--no-ci-target", hidden = true)
    boolean noCiTarget;

    @Option(
            names = "--shuffle",
            paramLabel = "SEED",
            arity = "0..1",
            fallbackValue = "-1",
            order = 7,
            description = "Permute the order of the workloads in every cycle, with a seeded generator (SEED, or a "
                    + "random one, printed so that the run can be repeated).")
    Long shuffle;

    @Option(
            names = "--baseline",
            paramLabel = "DIR",
            order = 8,
            description = "A session recorded by pilot run to compare against; its PIs are measured unless --pi "
                    + "is given.")
    String baseline;

    @Option(
            names = "--metric",
            paramLabel = "PI",
            order = 9,
            description = "The PI compared, by name. Default: the first.")
    String metric;

    @Option(
            names = "--higher-is-better",
            order = 24,
            description = "The PI gets better as it grows (throughput). Default: lower is better, except for "
                    + "ratio and binary PIs.")
    boolean higherIsBetter;

    @Option(names = "--lower-is-better", order = 25, description = "The PI gets better as it shrinks (times).")
    boolean lowerIsBetter;

    @Option(
            names = "--fail-if-slower",
            paramLabel = "PCT",
            order = 26,
            description = "Exit with 5 when a workload is significantly slower than the first (or the baseline) "
                    + "and its slow-down factor's CI lies wholly above 1 + PCT.")
    Converters.Percent failIfSlower;

    @Option(
            names = "--fail-if-faster",
            paramLabel = "PCT",
            order = 27,
            description = "Exit with 5 when a workload is significantly faster than the first by more than PCT "
                    + "(a benchmark that suddenly does less work).")
    Converters.Percent failIfFaster;

    @Option(
            names = "--drift-allowance",
            paramLabel = "PCT",
            defaultValue = "10%",
            order = 27,
            description = "Against a baseline measured apart (--baseline, stored files), a gate trips only beyond "
                    + "its tolerance and this much drift: the same command differs from its own baseline by what the "
                    + "machine did in between. Workloads compared in one run are gated on the tolerance alone. "
                    + "Default: ${DEFAULT-VALUE}.")
    Converters.Percent driftAllowance;

    @Option(
            names = {"-c", "--column"},
            paramLabel = "N|NAME",
            order = 28,
            description = "Stored files: the column to read (0-based index or header name). Default: 0.")
    ColumnSelector column;

    @Option(
            names = "--delimiter",
            paramLabel = "D",
            defaultValue = "auto",
            order = 29,
            description = "Stored files: auto, comma, tab, semicolon or whitespace. Default: ${DEFAULT-VALUE}.")
    SeriesReader.Delimiter delimiter;

    @Option(
            names = "--unit",
            paramLabel = "U",
            defaultValue = "",
            order = 30,
            description = "Stored files: the data's unit (e.g. ms).")
    String unit;

    @Option(
            names = {"-o", "--output"},
            paramLabel = "DIR",
            order = 40,
            description = "Live: the comparison's directory (one session per workload, compare.json, "
                    + "schedule.csv). Default: pilot-results/<date>-<time>-compare.")
    String output;

    @Option(
            names = "--resume",
            paramLabel = "DIR",
            order = 41,
            description = "Live: go on with the interrupted comparison in DIR, with its recorded commands, names and "
                    + "baseline; precision, limit and gate options given now replace the recorded ones, and limits "
                    + "count the whole comparison, its rounds and time before the interrupt included.")
    String resume;

    @Mixin
    ReportOptions report;

    @Parameters(
            arity = "0..*",
            paramLabel = "ARGS",
            description = "Commands separated by ::: (after --), or stored files and session directories.")
    List<String> args = new ArrayList<>();

    final InputStream stdin;

    CompareCommand(InputStream stdin) {
        this.stdin = stdin;
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        return compare().code();
    }

    /** Runs the comparison the options ask for; a live one's outcome holds its result too. */
    LiveComparison.Outcome compare() throws IOException, InterruptedException {
        if (higherIsBetter && lowerIsBetter) {
            throw new IllegalArgumentException("--higher-is-better and --lower-is-better cannot be used together");
        }
        Format outputFormat = report.format();
        report.mode(); // checks --quiet with --verbose before anything runs
        CompareSettings settings = compareSettings();
        Gate gate = new Gate(
                failIfSlower == null ? Double.NaN : failIfSlower.fraction(),
                failIfFaster == null ? Double.NaN : failIfFaster.fraction(),
                driftAllowance.fraction());
        if (resume != null) {
            return new ResumedComparison(this).run(gate, outputFormat);
        }
        boolean live = baseline != null || args.contains(SEPARATOR);
        return live
                ? new LiveComparison(this).run(settings, gate, outputFormat)
                : new LiveComparison.Outcome(
                        new StoredComparison(this).run(settings, gate, outputFormat), List.of(), null);
    }

    CompareSettings compareSettings() {
        CompareSettings s = CompareSettings.DEFAULTS.withRequireCiTarget(eachCiTarget && !noCiTarget);
        if (alpha != null) {
            double a = alpha.value();
            if (!(a < 0.5)) {
                throw new IllegalArgumentException("--alpha: " + a + " must be in (0, 0.5), e.g. 0.01");
            }
            s = s.withAlpha(a);
        }
        if (equivalence != null) {
            s = s.withEquivalence(equivalence.fraction());
        }
        if (test != null) {
            s = s.withTest(test);
        }
        if (sessionOptions.confidence != null) {
            s = s.withConfidence(sessionOptions.confidence.value());
        }
        return s;
    }

    Direction direction(PerformanceIndex pi) {
        return higherIsBetter
                ? Direction.HIGHER_IS_BETTER
                : lowerIsBetter ? Direction.LOWER_IS_BETTER : Direction.of(pi);
    }

    int exitCode(Comparison c, StopReason reason, Gate gate) {
        if (reason == StopReason.INTERRUPTED) {
            return Interrupts.exitCode();
        }
        if (reason == StopReason.WORKLOAD_FAILED) {
            return ExitCode.WORKLOAD_FAILED.code();
        }
        if (gate.active()) {
            return gate.check(c).isEmpty() ? ExitCode.OK.code() : ExitCode.GATE.code();
        }
        return reason == null || reason == StopReason.TARGET_MET ? ExitCode.OK.code() : ExitCode.LIMIT.code();
    }

    SessionOptions.Precision precision() {
        return sessionOptions.precision();
    }

    Contender contender(String name, SessionResult r, String input) {
        return RecordedComparison.contender(name, r, metric, input);
    }

    void checkNames(int count) {
        if (!names.isEmpty() && names.size() != count) {
            throw new IllegalArgumentException("--name given " + names.size() + " time" + (names.size() == 1 ? "" : "s")
                    + " for " + count + " workloads: give one name per workload, in order");
        }
    }

    boolean given(String option) {
        return spec.commandLine().getParseResult().hasMatchedOption(option);
    }
}
