package io.pilotbench.experiment;

import io.pilotbench.core.api.Pilot;
import io.pilotbench.core.api.Session;
import io.pilotbench.core.env.EnvironmentProbe;
import io.pilotbench.core.model.CiTarget;
import io.pilotbench.core.model.InputException;
import io.pilotbench.core.model.MetricResult;
import io.pilotbench.core.model.PiResult;
import io.pilotbench.core.model.SessionResult;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.core.store.SessionReader;
import io.pilotbench.process.CommandTemplate;
import io.pilotbench.process.CommandWorkload;
import io.pilotbench.process.PiSpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One job's steps, in its directory and its fresh copy of the package, and the results row they fill: setup.sh,
 * dropping the caches when asked, a probe through the factors' wrappers (what each level did to a process), run.sh
 * as a Pilot session to the precision target (continued where a kill left it), then collect.sh's metrics. Every
 * command runs confined ({@link JobConfinement}) and a stop request ends the job without a row. Kept apart from
 * {@link ExperimentRunner}, which keeps the directory and the order of the jobs: this is what happens inside one.
 */
final class JobRun {
    private final ExperimentSpec spec;
    private final Job job;
    private final Path jobDir;
    private final JobConfinement c;
    private final ExperimentPackage pkg;
    private final JobEnvironment je;
    private final ExperimentRunner.Stop stop;

    /**
     * @param pkg the job's own copy of its package, where its scripts run
     * @param je  the job's environment and wrappers (its levels of the software factors)
     */
    JobRun(
            ExperimentSpec spec,
            Job job,
            Path jobDir,
            JobConfinement c,
            ExperimentPackage pkg,
            JobEnvironment je,
            ExperimentRunner.Stop stop) {
        this.spec = spec;
        this.job = job;
        this.jobDir = jobDir;
        this.c = c;
        this.pkg = pkg;
        this.je = je;
        this.stop = stop;
    }

    /**
     * Runs the job and returns its row (column → value, in {@code results.csv}'s order); a step that failed leaves
     * the rest of the row empty and says why in {@code error}.
     */
    Map<String, String> row() throws IOException {
        Map<String, String> row = emptyRow();
        try {
            stop.check();
            if (!setUp(row)) {
                return row;
            }
            observeLevels(row);
            stop.check();
            if (!measure(row)) {
                return row;
            }
            collect(row);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted in job " + job.id(), e);
        }
        return row;
    }

    /** Every column of the header, empty but the job's own: its id, worker, replication, package and levels. */
    private Map<String, String> emptyRow() {
        Map<String, String> row = new LinkedHashMap<>();
        for (String h : ExperimentRunner.header(spec)) {
            row.put(h, "");
        }
        row.put("job", job.id());
        row.put("worker", job.worker());
        row.put("replication", Integer.toString(job.replication()));
        row.put("package", pkg.name());
        job.levels().forEach((k, v) -> {
            if (row.containsKey(k)) {
                row.put(k, v);
            }
        });
        return row;
    }

    /** Runs setup.sh, if the package has one; false, with the error in the row, when it failed. */
    private boolean setUp(Map<String, String> row) throws IOException, InterruptedException {
        if (!pkg.setup()) {
            return true;
        }
        int code = script(confined(true, List.of("sh", ExperimentPackage.SETUP)), jobDir.resolve("setup.log"));
        if (code != 0) {
            String cap = c.capNote(code);
            row.put(
                    "error",
                    "setup.sh exited with " + code + (cap == null ? "" : ": " + cap) + " (see jobs/" + job.id()
                            + "/setup.log)");
            return false;
        }
        return true;
    }

    /** Drops the caches when the job's level asks for it, then fills the {@code .observed} columns from a probe. */
    private void observeLevels(Map<String, String> row) throws IOException, InterruptedException {
        boolean dropped = false;
        if ("on".equals(job.levels().get("drop-caches"))) {
            dropCaches();
            dropped = true;
        }
        Map<String, String> observed = observe();
        for (Factor f : spec.factors()) {
            String key = f.name() + ".observed";
            if (!row.containsKey(key)) {
                continue;
            }
            row.put(
                    key,
                    switch (f.kind()) {
                        case ASLR -> observed.getOrDefault("aslr", "?");
                        case ENV_PADDING -> observed.getOrDefault("pad", "?");
                        case CFLAGS -> observed.getOrDefault("cflags", "?");
                        case LINK_ORDER -> lastLine(jobDir.resolve("link-order.log"));
                        case SYMBOL_NAMES -> lastLine(jobDir.resolve("symbol-names.log"));
                        case DROP_CACHES -> dropped ? "dropped" : "kept";
                        case USER -> observed.getOrDefault("user." + JobEnvironment.variable(f.name()), "unreported");
                        default -> "";
                    });
        }
        row.put("env.bytes", observed.getOrDefault("envbytes", ""));
    }

    /** Runs run.sh's session and fills the time columns; false, with the error in the row, when it failed. */
    private boolean measure(Map<String, String> row) throws IOException {
        SessionResult result = session(jobDir.resolve("session"));
        stop.check(); // a session the request stopped is resumed, not reported
        PiResult pi = result.pis().get(0);
        MetricResult m = pi.readings();
        row.put(ExperimentSpec.TIME, number(m.mean()));
        row.put("time.ci.low", m.ci() == null ? "" : number(m.ci().low()));
        row.put("time.ci.high", m.ci() == null ? "" : number(m.ci().high()));
        row.put("rounds", Integer.toString(result.rounds()));
        row.put("stop", result.stopReason().name().toLowerCase(Locale.ROOT));
        if (c.expired()) {
            row.put("error", c.capNote(0) + " in run.sh's session (see jobs/" + job.id() + "/session)");
            return false;
        }
        if (!Double.isFinite(m.mean())) {
            String cap = c.capNote(137);
            row.put(
                    "error",
                    "no successful round of run.sh (" + result.failedRounds() + " failed"
                            + (cap == null ? "" : "; " + cap) + "; see jobs/" + job.id() + "/session)");
            return false;
        }
        if (result.stopReason() == io.pilotbench.core.model.StopReason.WORKLOAD_FAILED) {
            // a round that failed ends the session: the job was analysed as a success with the rounds before it
            // and "raise max-rounds or max-time" as the advice; a run.sh that fails is the job's failure
            row.put(
                    "error",
                    "run.sh failed in " + result.failedRounds() + " of " + result.rounds() + " rounds (see jobs/"
                            + job.id() + "/session/rounds.csv)");
            return false;
        }
        return true;
    }

    /** Runs collect.sh and fills the metric columns; a failure or a missing metric is the row's error. */
    private void collect(Map<String, String> row) throws IOException, InterruptedException {
        Path collected = jobDir.resolve("collect.txt");
        stop.check();
        int code = script(confined(true, List.of("sh", ExperimentPackage.COLLECT)), collected);
        if (code != 0) {
            String cap = c.capNote(code);
            row.put(
                    "error",
                    "collect.sh exited with " + code + (cap == null ? "" : ": " + cap) + " (see jobs/" + job.id()
                            + "/collect.txt)");
            return;
        }
        Map<String, String> metrics = metrics(Files.readAllLines(collected, StandardCharsets.UTF_8));
        List<String> missing = new ArrayList<>();
        for (String metric : spec.metrics()) {
            String v = metrics.get(metric);
            row.put(metric, v == null ? "" : v);
            if (v == null) {
                missing.add(metric);
            }
        }
        if (!missing.isEmpty()) {
            row.put("error", "collect.sh did not print " + String.join(", ", missing) + " (as NAME VALUE lines)");
        }
    }

    /** The job's Pilot session of run.sh: new, or continued where a kill left it. */
    private SessionResult session(Path sessionDir) throws IOException {
        ExperimentSpec.Precision p = spec.precision();
        SessionSettings.Builder b = SessionSettings.builder()
                .pi(PiSpec.wallTime().pi())
                .ciTarget(CiTarget.parse(p.ciWidth()))
                .shortRound(Duration.ZERO)
                .maxRounds(p.maxRounds())
                .maxDuration(p.maxTime());
        if (p.minSubsessions() != null) {
            b.minSubsessions(p.minSubsessions());
        }
        Duration left = c.remaining();
        if (left != null && (p.maxTime() == null || p.maxTime().compareTo(left) > 0)) {
            // the job's time cap, kept in the session (a resumed job's session keeps the cap it started with)
            b.maxDuration(left.toMillis() < 1 ? Duration.ofMillis(1) : left);
        }
        SessionSettings settings = b.build();
        Map<String, String> extra = new LinkedHashMap<>();
        extra.put("PILOT_ROUND", CommandTemplate.ROUND);
        extra.put("PILOT_RESULT_DIR", CommandTemplate.RESULT_DIR);
        List<String> words = confined(
                false,
                je.wrap(List.of("sh", pkg.root().resolve(ExperimentPackage.RUN).toString()), extra));
        CommandWorkload.Builder wb = CommandWorkload.builder(
                        CommandTemplate.of(words, null), List.of(PiSpec.wallTime()), sessionDir.resolve("rounds"))
                .cwd(pkg.root());
        if (!je.clean()) {
            wb.env(je.env());
        }
        CommandWorkload workload = wb.build();
        Session session = SessionReader.isSession(sessionDir)
                ? Session.resume(sessionDir)
                : Session.create(
                        settings,
                        sessionDir,
                        "job " + job.id() + " " + ExperimentRunner.describe(job),
                        EnvironmentProbe.system().capture(pkg.root()));
        SessionResult r;
        Pilot pilot = Pilot.of(session.settings(), workload);
        stop.running(
                () -> {
                    pilot.requestStop();
                    workload.cancel();
                },
                workload::cancel);
        try {
            r = pilot.run(session);
        } finally {
            stop.idle();
            session.close();
        }
        workload.tidyRounds();
        return r;
    }

    /** What the job's wrappers do to a process: a probe run through them (personality, environment, flags). */
    private Map<String, String> observe() throws IOException, InterruptedException {
        String probe = "echo personality=$(cat /proc/self/personality 2>/dev/null); "
                + "echo envbytes=$(cat /proc/self/environ 2>/dev/null | wc -c); "
                + "echo pad=${#PILOT_ENV_PAD}; echo \"cflags=$CFLAGS\"; "
                + "env | sed -n 's/^PILOT_OBSERVED_\\([A-Za-z0-9_]*\\)=/user.\\1=/p'";
        Path out = jobDir.resolve("observed.txt");
        List<String> words = confined(true, je.wrap(List.of("sh", "-c", probe), Map.of()));
        int code = script(words, out);
        Map<String, String> seen = metricsEq(Files.readAllLines(out, StandardCharsets.UTF_8));
        if (code != 0) {
            Path err = out.resolveSibling(out.getFileName() + ".err");
            List<String> lines = Files.exists(err) ? Files.readAllLines(err) : List.of();
            throw new InputException(jobDir + ": the factors could not be applied: a probe run through their "
                    + "wrappers exited with " + code + (lines.isEmpty() ? "" : " (" + lines.get(lines.size() - 1) + ")")
                    + "; a user factor's script must shift its level off and exec \"$@\"");
        }
        String pers = seen.get("personality");
        if (pers != null && !pers.isEmpty()) {
            long bits = Long.parseLong(pers, 16);
            seen.put("aslr", (bits & 0x0040000) != 0 ? "off" : "on");
        }
        return seen;
    }

    /** Runs a script (not measured) in the package's copy, with the job's environment, its output in {@code log}. */
    private int script(List<String> words, Path log) throws IOException, InterruptedException {
        return JobScript.run(stop, je.env(), words, pkg.root(), log);
    }

    /** {@code command}, after the words that confine it. */
    private List<String> confined(boolean timed, List<String> command) {
        List<String> words = new ArrayList<>(c.prefix(timed));
        words.addAll(command);
        return words;
    }

    /** What the link wrapper logged for the job's last link, or "not linked". */
    private static String lastLine(Path log) throws IOException {
        if (!Files.isRegularFile(log)) {
            return "not linked";
        }
        List<String> lines = Files.readAllLines(log);
        return lines.isEmpty() ? "not linked" : lines.get(lines.size() - 1).strip();
    }

    private static void dropCaches() throws IOException, InterruptedException {
        new ProcessBuilder("sync").inheritIO().start().waitFor();
        try {
            Files.writeString(Path.of("/proc/sys/vm/drop_caches"), "3\n");
        } catch (IOException e) {
            throw new InputException("drop-caches: cannot write /proc/sys/vm/drop_caches (" + e.getMessage()
                    + "); run as root on a system that allows it, or remove the factor");
        }
    }

    /** NAME VALUE or NAME=VALUE lines; the last value of a name wins. */
    static Map<String, String> metrics(List<String> lines) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String line : lines) {
            String[] parts = line.strip().split("\\s*[=\\s]\\s*", 2);
            if (parts.length == 2 && !parts[0].isEmpty()) {
                try {
                    double v = Double.parseDouble(parts[1].strip().split("\\s+")[0]);
                    m.put(parts[0], number(v));
                } catch (NumberFormatException e) {
                    // not a metric line
                }
            }
        }
        return m;
    }

    /** NAME=VALUE lines, the value stripped; the last value of a name wins. */
    private static Map<String, String> metricsEq(List<String> lines) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String line : lines) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                m.put(line.substring(0, eq), line.substring(eq + 1).strip());
            }
        }
        return m;
    }

    /** A double as the results table writes it: empty when it is not finite. */
    static String number(double v) {
        return Double.isFinite(v) ? Double.toString(v) : "";
    }
}
