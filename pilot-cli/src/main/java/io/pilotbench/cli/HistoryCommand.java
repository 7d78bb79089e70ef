package io.pilotbench.cli;

import io.pilotbench.core.api.Session;
import io.pilotbench.core.compare.Direction;
import io.pilotbench.core.model.InputException;
import io.pilotbench.core.model.MetricResult;
import io.pilotbench.core.model.PiResult;
import io.pilotbench.core.model.SessionResult;
import io.pilotbench.core.model.StoredSession;
import io.pilotbench.core.store.DirectoryLock;
import io.pilotbench.core.store.HistoryFile;
import io.pilotbench.core.store.SessionReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code pilot history add|detect}: results kept across commits, and the commits that changed them. The
 * store is a directory with {@code history.csv}: one row per session and PI, in the order they were added (the
 * commits' order), with the commit, the mean, its standard error, the environment's fingerprint and which way the
 * PI gets better ({@code lower} or {@code higher}; rows written before that column are read as {@code lower}).
 */
@Command(
        name = "history",
        sortOptions = false,
        usageHelpAutoWidth = true,
        mixinStandardHelpOptions = true,
        description = {"Keep results across commits and find the commits that changed them.", ""},
        subcommands = {HistoryCommand.Add.class, HistoryDetectCommand.class},
        footerHeading = "%nExamples:%n",
        footer = {
            "  pilot history add --store perf-history pilot-results/20261124-101512-awk",
            "  pilot history detect --store perf-history",
            "",
            "Exit codes: 0 done; 5 detect: a shift in the newest commits made a PI worse;",
            "2 bad usage or input, or points from different environments (give",
            "--ignore-environment); 1 internal error (a bug: please report it)."
        })
final class HistoryCommand implements Runnable {
    static final String FILE = HistoryFile.FILE;
    /** {@code history detect}: a shift in the newest commits made a PI worse (a gate, as {@code compare}'s). */
    static final int REGRESSION = ExitCode.GATE.code();

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** {@code pilot history add SESSION…}. */
    @Command(
            name = "add",
            mixinStandardHelpOptions = true,
            usageHelpAutoWidth = true,
            description = "Add recorded sessions to the store: per PI, its mean and standard error, with the commit "
                    + "and the environment's fingerprint from the session.",
            footerHeading = "%nExamples:%n",
            footer = {
                "  pilot history add --store perf-history --commit $(git rev-parse HEAD) \\",
                "      results/s",
                "",
                "Exit codes: 0 added; 2 bad usage or input (not a session, a store that",
                "cannot be written); 1 internal error."
            })
    static final class Add implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        HistoryStoreOption storeOption;

        @Option(
                names = "--commit",
                paramLabel = "SHA",
                description = "The commit to record, for sessions run outside a git repository.")
        String commit;

        @Parameters(arity = "1..*", paramLabel = "SESSION", description = "Session directories.")
        List<Path> sessions;

        @Override
        public Integer call() throws IOException {
            Path store = storeOption.store;
            Files.createDirectories(store);
            Path file = store.resolve(FILE);
            int added = 0;
            PrintWriter err = spec.commandLine().getErr();
            try (DirectoryLock lock = DirectoryLock.acquire(store, "history store")) {
                // a session added twice counted as two commits: the store keeps each session once. A session is its
                // directory and its start time: CI jobs record each push's session to the same path (-o baseline), and
                // by the path alone every session after the first was refused ("already in the store"), exit 0
                java.util.Set<String> known = new java.util.HashSet<>();
                if (HistoryFile.exists(store)) {
                    for (HistoryFile.Point p : HistoryFile.read(store)) {
                        known.add(p.session());
                    }
                }
                List<HistoryFile.Point> rows = new ArrayList<>();
                for (Path dir : sessions) {
                    StoredSession stored = SessionReader.read(dir);
                    String session = dir.toAbsolutePath().normalize() + "@" + stored.started();
                    if (!known.add(session)) {
                        err.println("pilot: " + dir + " (the session started " + stored.started()
                                + ") is already in the store; not added again");
                        continue;
                    }
                    added++;
                    SessionResult r = Session.analyse(stored);
                    Map<String, Object> env = stored.environment();
                    String sha = commit != null ? commit : text(env, "gitCommit");
                    if (sha.isEmpty()) {
                        throw new InputException(dir + ": the session records no git commit (it ran outside a "
                                + "repository); give it with --commit SHA");
                    }
                    for (PiResult pi : r.pis()) {
                        MetricResult m = pi.readings().n() > 0 ? pi.readings() : pi.unitReadings();
                        if (m == null
                                || m.error() == null
                                || !Double.isFinite(m.error().standardError())) {
                            throw new InputException(dir + ": PI '" + pi.pi().name() + "' has no standard error ("
                                    + (m == null ? 0 : m.n()) + " samples); resume the session for more rounds");
                        }
                        rows.add(new HistoryFile.Point(
                                sha,
                                text(env, "gitBranch"),
                                Instant.now().toString(),
                                session,
                                pi.pi().name(),
                                pi.pi().unit(),
                                m.mean(),
                                m.error().standardError(),
                                m.n(),
                                fingerprint(env),
                                Direction.of(pi.pi()) == Direction.HIGHER_IS_BETTER));
                    }
                }
                HistoryFile.append(store, rows);
            }
            PrintWriter out = spec.commandLine().getOut();
            out.println("added " + added + " session" + (added == 1 ? "" : "s") + " to " + file);
            out.flush();
            return ExitCode.OK.code();
        }
    }

    /** "lower" or "higher": the value of the {@code better} column. */
    static String better(Direction d) {
        return d == Direction.LOWER_IS_BETTER ? "lower" : "higher";
    }

    /** What must match for two points to be compared: CPU model, cores, kernel, JVM. */
    static String fingerprint(Map<String, Object> env) {
        return String.join(
                        " / ",
                        text(env, "cpuModel"),
                        text(env, "logicalCores"),
                        text(env, "kernel"),
                        text(env, "jvmVersion"))
                .replace(',', ' ');
    }

    private static String text(Map<String, Object> env, String field) {
        Object v = env.get(field);
        return v == null ? "" : String.valueOf(v);
    }
}
