package io.pilotbench.cli;

import io.pilotbench.core.api.ComparisonDirectory;
import io.pilotbench.core.api.InterleavedComparison;
import io.pilotbench.core.api.Session;
import io.pilotbench.core.compare.CompareSettings;
import io.pilotbench.core.compare.Contender;
import io.pilotbench.core.compare.Gate;
import io.pilotbench.core.model.InputException;
import io.pilotbench.core.model.PerformanceIndex;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.core.store.CompareRecord;
import io.pilotbench.process.PiSpec;
import io.pilotbench.process.ProcessLauncher;
import io.pilotbench.process.RecordedCommand;
import io.pilotbench.report.Format;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * {@code pilot compare --resume DIR}: goes on with an interrupted (or limited) live comparison, with the commands,
 * PIs, names, baseline and order recorded in DIR; each workload's session resumes where it stopped, and the schedule
 * goes on counting cycles. Precision, limit and gate options given now replace the recorded ones (the limits count
 * from the resume).
 */
final class ResumedComparison {
    /** What is recorded and so cannot be given again. */
    private static final String[] FIXED = {
        "--name",
        "--baseline",
        "--metric",
        "--shuffle",
        "--output",
        "--higher-is-better",
        "--lower-is-better",
        "--column",
        "--delimiter",
        "--unit"
    };

    private final CompareCommand cmd;

    ResumedComparison(CompareCommand command) {
        this.cmd = command;
    }

    LiveComparison.Outcome run(Gate gate, Format outputFormat) throws IOException, InterruptedException {
        if (!cmd.args.isEmpty()) {
            throw new IllegalArgumentException(
                    "--resume runs the recorded commands; do not give any ('" + String.join(" ", cmd.args) + "')");
        }
        List<String> fixed = new ArrayList<>(List.of(FIXED));
        fixed.addAll(List.of(ProcessOptions.RECORDED));
        for (String option : fixed) {
            if (cmd.given(option)) {
                throw new IllegalArgumentException(
                        option + " cannot change when a comparison is resumed; start a new " + "one instead");
            }
        }
        Path dir = Path.of(cmd.resume);
        if (!CompareRecord.exists(dir)) {
            throw new InputException(cmd.resume + " is not a live comparison's directory (no " + CompareRecord.FILE
                    + "); give the -o directory of a pilot compare -- A ::: B");
        }
        try (ComparisonDirectory directory = ComparisonDirectory.resume(dir)) {
            return resume(directory, gate, outputFormat);
        }
    }

    private LiveComparison.Outcome resume(ComparisonDirectory directory, Gate given, Format outputFormat)
            throws IOException, InterruptedException {
        List<String> names = directory.workloads();
        CompareSettings settings = directory.settings(cmd.compareSettings(), given());
        Gate gate = directory.gate(given, given());
        String baseline = directory.baseline();
        Contender base = baseline == null ? null : new LiveComparison(cmd).baselineContender(baseline);
        ProcessLauncher launcher = ProcessLauncher.best();
        PrintWriter err = cmd.spec.commandLine().getErr();
        List<InterleavedComparison.Entry> entries = new ArrayList<>();
        long overhead = -1;
        try {
            for (int i = 0; i < names.size(); i++) {
                Path sessionDir = directory.recordedSession(i);
                RecordedCommand recorded = RecordedCommand.read(sessionDir);
                if (overhead < 0) {
                    overhead = ProcessOptions.calibrate(launcher, recorded.shell(), cmd.report.quiet ? null : err);
                }
                List<PerformanceIndex> pis = ProcessOptions.specs(recorded.pis()).stream()
                        .map(PiSpec::pi)
                        .toList();
                Session session = Session.resume(
                        sessionDir,
                        cmd.sessionOptions.overrides(
                                SessionSettings.builder().pis(pis).build()));
                entries.add(new InterleavedComparison.Entry(
                        names.get(i), session, cmd.process.workload(recorded, launcher, sessionDir, overhead)));
            }
        } catch (IOException | RuntimeException e) {
            for (InterleavedComparison.Entry opened : entries) {
                opened.session().close();
            }
            throw e;
        }
        SessionSettings sessionSettings = entries.get(0).session().settings();
        PerformanceIndex pi = directory.pi(sessionSettings.pis());
        return new LiveComparison(cmd)
                .interleave(
                        directory,
                        entries,
                        base,
                        settings,
                        directory.direction(pi),
                        pi.name(),
                        sessionSettings,
                        gate,
                        outputFormat,
                        err);
    }

    /** The recorded settings that options given now replace, by their names in compare.json. */
    private Set<String> given() {
        Set<String> out = new HashSet<>();
        for (String[] option : new String[][] {
            {"--confidence", "confidence"},
            {"--alpha", "alpha"},
            {"--equivalence", "equivalence"},
            {"--test", "test"},
            {"--each-ci-target", "ciTarget"},
            {"--no-ci-target", "ciTarget"},
            {"--fail-if-slower", "failIfSlower"},
            {"--fail-if-faster", "failIfFaster"},
            {"--drift-allowance", "driftAllowance"}
        }) {
            if (cmd.given(option[0])) {
                out.add(option[1]);
            }
        }
        return out;
    }
}
