package io.pilotbench.cli;

import io.pilotbench.core.api.Session;
import io.pilotbench.core.model.InputException;
import io.pilotbench.core.model.MetricResult;
import io.pilotbench.core.model.PiResult;
import io.pilotbench.core.model.SessionResult;
import io.pilotbench.core.store.DirectoryLock;
import io.pilotbench.stats.changepoint.WeightedShifts;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code pilot history add|detect}: results kept across commits, and the commits that changed them (issue 21). The
 * store is a directory with {@code history.csv}: one row per session and PI, in the order they were added (the
 * commits' order), with the commit, the mean, its standard error and the environment's fingerprint.
 */
@Command(name = "history", sortOptions = false, usageHelpAutoWidth = true, mixinStandardHelpOptions = true,
        description = {"Keep results across commits and find the commits that changed them.", ""},
        subcommands = {HistoryCommand.Add.class, HistoryCommand.Detect.class},
        footerHeading = "%nExamples:%n",
        footer = {
            "  pilot history add --store perf-history pilot-results/20261124-101512-awk",
            "  pilot history detect --store perf-history",
            "",
            "Exit codes: 0 done (detect: no shift found, or shifts reported); 2 bad usage or",
            "input, or points from different environments (give --ignore-environment)."})
final class HistoryCommand implements Runnable {
    static final String FILE = "history.csv";
    static final String HEADER = "commit,branch,added,session,pi,unit,mean,standard_error,n,fingerprint";

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** {@code pilot history add SESSION…}. */
    @Command(name = "add", mixinStandardHelpOptions = true, usageHelpAutoWidth = true,
            description = "Add recorded sessions to the store: per PI, its mean and standard error, with the commit "
                + "and the environment's fingerprint from the session.")
    static final class Add implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--store", paramLabel = "DIR", defaultValue = "pilot-history",
                description = "The store. Default: ${DEFAULT-VALUE}.")
        Path store;

        @Option(names = "--commit", paramLabel = "SHA",
                description = "The commit to record, for sessions run outside a git repository.")
        String commit;

        @Parameters(arity = "1..*", paramLabel = "SESSION", description = "Session directories.")
        List<Path> sessions;

        @Override
        public Integer call() throws IOException {
            Files.createDirectories(store);
            Path file = store.resolve(FILE);
            try (DirectoryLock lock = DirectoryLock.acquire(store, "history store")) {
                StringBuilder rows = new StringBuilder(Files.exists(file) ? "" : HEADER + "\n");
                for (Path dir : sessions) {
                    SessionResult r = Session.analyse(dir);
                    JsonNode env = environment(dir);
                    String sha = commit != null ? commit : text(env, "gitCommit");
                    if (sha.isEmpty()) {
                        throw new InputException(dir + ": the session records no git commit (it ran outside a "
                                + "repository); give it with --commit SHA");
                    }
                    for (PiResult pi : r.pis()) {
                        MetricResult m = pi.readings().n() > 0 ? pi.readings() : pi.unitReadings();
                        if (m == null || m.error() == null || !Double.isFinite(m.error().standardError())) {
                            throw new InputException(dir + ": PI '" + pi.pi().name() + "' has no standard error ("
                                    + (m == null ? 0 : m.n()) + " samples); resume the session for more rounds");
                        }
                        rows.append(String.join(",", csv(sha), csv(text(env, "gitBranch")), Instant.now().toString(),
                                csv(dir.toAbsolutePath().normalize().toString()), csv(pi.pi().name()),
                                csv(pi.pi().unit()), Double.toString(m.mean()),
                                Double.toString(m.error().standardError()), Integer.toString(m.n()),
                                csv(fingerprint(env)))).append('\n');
                    }
                }
                Files.writeString(file, rows, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                        StandardOpenOption.APPEND);
            }
            PrintWriter out = spec.commandLine().getOut();
            out.println("added " + sessions.size() + " session" + (sessions.size() == 1 ? "" : "s") + " to " + file);
            out.flush();
            return ExitCodes.OK;
        }
    }

    /** {@code pilot history detect}. */
    @Command(name = "detect", mixinStandardHelpOptions = true, usageHelpAutoWidth = true,
            description = {"Find the commits that shifted each PI: weighted binary segmentation of the per-commit "
                + "means, each weighted by its own standard error, every split tested by a seeded permutation "
                + "test at --alpha.", ""})
    static final class Detect implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--store", paramLabel = "DIR", defaultValue = "pilot-history",
                description = "The store. Default: ${DEFAULT-VALUE}.")
        Path store;

        @Option(names = "--alpha", paramLabel = "A", defaultValue = "0.01",
                description = "The level of each split's test. Default: ${DEFAULT-VALUE}.")
        double alpha;

        @Option(names = "--ignore-environment",
                description = "Compare points whose environments differ (CPU model, kernel, JVM); refused otherwise.")
        boolean ignoreEnvironment;

        @Override
        public Integer call() throws IOException {
            Path file = store.resolve(FILE);
            if (!Files.isRegularFile(file)) {
                throw new InputException(store + ": no " + FILE + "; add sessions first (pilot history add --store "
                        + store + " SESSION…)");
            }
            List<String> lines = Files.readAllLines(file);
            Map<String, List<String[]>> byPi = new LinkedHashMap<>();
            for (int i = 1; i < lines.size(); i++) {
                String[] f = lines.get(i).split(",", -1);
                if (f.length != HEADER.split(",").length) {
                    throw new InputException(file + ":" + (i + 1) + ": " + f.length + " fields where "
                            + HEADER.split(",").length + " were expected; fix or delete the line");
                }
                byPi.computeIfAbsent(f[4] + " (" + f[5] + ")", k -> new ArrayList<>()).add(f);
            }
            PrintWriter out = spec.commandLine().getOut();
            for (Map.Entry<String, List<String[]>> e : byPi.entrySet()) {
                List<String[]> points = e.getValue();
                if (!ignoreEnvironment) {
                    for (String[] p : points) {
                        if (!p[9].equals(points.get(0)[9])) {
                            throw new InputException(file + ": " + e.getKey() + " of commit " + p[0] + " ran on '" + p[9]
                                    + "', commit " + points.get(0)[0] + " on '" + points.get(0)[9] + "'; compare "
                                    + "like with like, or give --ignore-environment");
                        }
                    }
                }
                double[] means = points.stream().mapToDouble(p -> Double.parseDouble(p[6])).toArray();
                double[] errors = points.stream().mapToDouble(p -> Double.parseDouble(p[7])).toArray();
                List<WeightedShifts.Shift> shifts = WeightedShifts.find(means, errors, alpha, 1);
                out.println(e.getKey() + ": " + points.size() + " commits, " + (shifts.isEmpty() ? "no shift"
                        : shifts.size() + " shift" + (shifts.size() == 1 ? "" : "s")));
                for (WeightedShifts.Shift s : shifts) {
                    double ratio = s.after() / s.before();
                    // delta method for the ratio of the two weighted means, 95%
                    double se = ratio * Math.sqrt(Math.pow(s.seAfter() / s.after(), 2)
                            + Math.pow(s.seBefore() / s.before(), 2));
                    String commit = points.get(s.index())[0];
                    out.println(String.format(Locale.ROOT, "  commit %s made it %.1f%% %s (95%% CI %.1f%% to %.1f%%, "
                            + "permutation p = %.3f)", commit.length() > 12 ? commit.substring(0, 12) : commit,
                            100 * Math.abs(ratio - 1), ratio > 1 ? "higher" : "lower", 100 * (ratio - 1.96 * se - 1),
                            100 * (ratio + 1.96 * se - 1), s.pValue()));
                }
            }
            out.flush();
            return ExitCodes.OK;
        }
    }

    /** The environment recorded in the session's session.json (an empty node when there is none). */
    static JsonNode environment(Path dir) throws IOException {
        return Json.MAPPER.readTree(Files.readString(dir.resolve("session.json"))).path("environment");
    }

    /** What must match for two points to be compared: CPU model, cores, kernel, JVM. */
    static String fingerprint(JsonNode env) {
        return String.join(" / ", text(env, "cpuModel"), text(env, "logicalCores"), text(env, "kernel"),
                text(env, "jvmVersion")).replace(',', ' ');
    }

    private static String text(JsonNode env, String field) {
        JsonNode n = env.path(field);
        return n.isMissingNode() || n.isNull() ? "" : n.asString();
    }

    private static String csv(String s) {
        return s.replace(',', ' ').replace('\n', ' ');
    }

    private static final class Json {
        static final JsonMapper MAPPER = JsonMapper.builder().build();
    }
}
