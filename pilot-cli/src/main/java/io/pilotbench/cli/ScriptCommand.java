package io.pilotbench.cli;

import io.pilotbench.core.env.EnvironmentProbe;
import io.pilotbench.core.model.EnvironmentSnapshot;
import io.pilotbench.core.store.DirectoryLock;
import io.pilotbench.script.Campaign;
import io.pilotbench.script.ResumeUnit;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code pilot script}: run a benchmark campaign written in Auto-pilot's language. */
@Command(
        name = "script",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        usageHelpAutoWidth = true,
        description = {
            "Run a campaign: TESTs in loops (FOREACH, FOR, WHILE), with SETUP/CLEANUP around every run, THREADS "
                    + "copies behind a barrier, FASTFAIL, CHECKPOINT/RESTORE (the Auto-pilot language; see docs/script.md).",
            "",
            "The whole script and its INCLUDEs are checked before anything runs. Each TEST is a Pilot session "
                    + "directory in RESULTS_DIR (pilot analyze reads it) with a runs.csv (pilot getstats reads it); "
                    + "without a stop program a TEST runs until Pilot's precision target is met.",
            ""
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  pilot script -o results/zip examples/campaign.pilot",
            "  pilot script examples/campaign.pilot SIZE=200000",
            "  pilot script --check examples/campaign.pilot",
            "  pilot script --resume results/zip",
            "  sudo pilot script --install-resume results/zip",
            "",
            "Exit codes:",
            "  0    every TEST ended (its precision met, the runs it asks for done, or",
            "       its external program said stop)",
            "  2    a mistake in the script (file:line:column: what was expected), a",
            "       stop program that is not there, bad usage, or an unusable results",
            "       directory",
            "  3    a limit ended a TEST before its precision: OPTION max-runs, max-time,",
            "       or the run cap of its stop program (|| $count >= 15)",
            "  4    a run failed (FASTFAIL stopped the campaign, or too many failures)",
            "  130  interrupted by Ctrl-C, 143 by SIGTERM: pilot script --resume goes on"
        })
final class ScriptCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(
            names = {"-o", "--output"},
            paramLabel = "RESULTS_DIR",
            order = 1,
            description = "The results directory (new or empty). Default: pilot-results/<date>-<time>-<script>.")
    String output;

    @Option(
            names = "--resume",
            paramLabel = "RESULTS_DIR",
            order = 2,
            description = "Continue the campaign journaled in RESULTS_DIR, or the one a CHECKPOINT file names "
                    + "(after a crash, kill -9, Ctrl-C or a reboot): finished TESTs are not run again, the TEST in "
                    + "progress goes on; RESTORE is 1.")
    String resume;

    @Option(
            names = "--install-resume",
            paramLabel = "RESULTS_DIR",
            order = 3,
            description =
                    "Write a systemd unit that runs pilot script --resume RESULTS_DIR at boot (as you) and "
                            + "disables itself when the campaign has ended, and enable it (root; with --unit-dir only write it).")
    String installResume;

    @Option(
            names = "--unit-dir",
            paramLabel = "DIR",
            order = 4,
            description = "Where --install-resume writes the unit (default /etc/systemd/system, then enabled).")
    Path unitDir;

    @Option(names = "--check", order = 5, description = "Only check the script (and its INCLUDEs); run nothing.")
    boolean check;

    @Option(
            names = {"-q", "--quiet"},
            order = 6,
            description = "No progress lines on stderr.")
    boolean quiet;

    @Parameters(
            arity = "0..*",
            paramLabel = "FILE [VAR=VALUE...]",
            description = "The script, then variables it sees as %%VAR%%.")
    List<String> words = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        PrintWriter err = quiet ? null : spec.commandLine().getErr();
        if (installResume != null) {
            return installResume();
        }
        if (resume != null) {
            if (!words.isEmpty() || output != null) {
                throw new IllegalArgumentException(
                        "--resume continues the recorded campaign; give no script, " + "variables or -o");
            }
            Path dir = Campaign.resultsOf(Path.of(resume));
            try (DirectoryLock lock = DirectoryLock.acquire(existing(dir), "campaign")) {
                return run(Campaign.resume(dir, err, snapshot(dir)));
            }
        }
        if (words.isEmpty()) {
            throw new IllegalArgumentException("no script: pilot script FILE.pilot [VAR=VALUE...]");
        }
        Path file = Path.of(words.get(0));
        Map<String, String> vars = new LinkedHashMap<>();
        for (String w : words.subList(1, words.size())) {
            int eq = w.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("expected VAR=VALUE after the script, found '" + w + "'");
            }
            if (!w.substring(0, eq).matches("[A-Za-z_][A-Za-z0-9_]*")) {
                throw new IllegalArgumentException("'" + w.substring(0, eq) + "' in '" + w + "' is not a variable "
                        + "name (letters, digits and _, not starting with a digit), so no %NAME% could use it");
            }
            vars.put(w.substring(0, eq), w.substring(eq + 1));
        }
        Campaign.check(file, vars);
        if (check) {
            spec.commandLine().getOut().println(file + ": OK");
            return ExitCode.OK.code();
        }
        String base = file.getFileName().toString().replaceAll("\\.pilot$", "");
        Path dir = output != null ? Path.of(output) : OutputDirs.claimNew(base);
        try (DirectoryLock lock = DirectoryLock.claimEmpty(dir, "campaign")) {
            return run(Campaign.start(file, vars, dir, err, snapshot(dir)));
        }
    }

    /** --install-resume: the unit, and systemctl enable unless --unit-dir says where else to write it. */
    private int installResume() throws Exception {
        Path results = Campaign.resultsOf(Path.of(installResume));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path jar = Path.of(ScriptCommand.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
        List<String> command = Files.isRegularFile(jar)
                ? List.of(java, "-jar", jar.toString())
                : List.of(java, "-cp", System.getProperty("java.class.path"), Main.class.getName());
        boolean system = unitDir == null;
        if (system && !"root".equals(System.getProperty("user.name"))) {
            throw new IllegalArgumentException("--install-resume writes to " + ResumeUnit.SYSTEM_UNITS + " and runs "
                    + "systemctl enable, which needs root; run it with sudo");
        }
        Path unit = ResumeUnit.write(
                system ? ResumeUnit.SYSTEM_UNITS : unitDir, results, command, System.getProperty("user.name"));
        PrintWriter out = spec.commandLine().getOut();
        out.println("wrote " + unit);
        if (system) {
            Process p = new ProcessBuilder(
                            "systemctl", "enable", unit.getFileName().toString())
                    .redirectErrorStream(true)
                    .start();
            String said = new String(p.getInputStream().readAllBytes()).strip();
            if (p.waitFor() != 0) {
                throw new IllegalArgumentException("systemctl enable " + unit.getFileName() + " failed: " + said);
            }
            out.println("enabled: the campaign resumes at the next boot");
        }
        return ExitCode.OK.code();
    }

    private static Path existing(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException(dir + ": no such results directory");
        }
        return dir;
    }

    private static Supplier<EnvironmentSnapshot> snapshot(Path dir) {
        return () -> EnvironmentProbe.system().capture(dir.toAbsolutePath());
    }

    private int run(Campaign c) throws Exception {
        try (AutoCloseable ignored = Interrupts.onInterrupt(c::requestStop, c::killNow)) {
            int code = c.run();
            if (code == Campaign.STOPPED) {
                // as pilot run says it: what stopped, and how to go on
                spec.commandLine()
                        .getErr()
                        .println("pilot: interrupted; the results so far are kept: pilot script " + "--resume "
                                + c.results() + " goes on from the TEST that was running");
                return Interrupts.exitCode();
            }
            return code;
        }
    }
}
