package io.pilotbench.cli;

import io.pilotbench.simulate.SimulatedRound;
import io.pilotbench.simulate.WorkloadGenerator;
import io.pilotbench.simulate.WorkloadModel;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code pilot simulate}: synthetic workloads with a known truth, and the evaluation of strategies on them. It holds
 * the models and emit subcommands; evaluate is {@link SimulateEvaluateCommand}.
 */
@Command(
        name = "simulate",
        mixinStandardHelpOptions = true,
        usageHelpAutoWidth = true,
        subcommands = {SimulateCommand.Emit.class, SimulateEvaluateCommand.class, SimulateCommand.Models.class},
        description = {
            "Synthetic workloads whose true mean (or speed) is known: a stable distribution (normal, lognormal, "
                    + "Pareto, bimodal), AR(1) autocorrelation, warm-up and cool-down, drift, spikes, setup time, and a "
                    + "work-amount to duration relation for WPS. 'evaluate' runs many seeded sessions of each strategy on "
                    + "simulated time and reports how often their CI holds the truth and how long they took; 'emit' "
                    + "prints a round's numbers so that a model can be the command of 'pilot run' or 'pilot compare'.",
            ""
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  pilot simulate models",
            "  pilot simulate evaluate --workload ar1 --replications 200",
            "  pilot simulate evaluate --workload normal --workload normal,mean=105 \\",
            "      --format markdown",
            "  pilot simulate evaluate --trace DATA/jmh-steady-state --split tune \\",
            "      --ci-width 2%%",
            "  pilot simulate evaluate --trace rounds.txt --truth 41.7",
            "  pilot run --pi 'name=time,unit=ms,column=0' \\",
            "      -- pilot simulate emit warmup-ar1 --seed 7",
            "",
            "Workload specs: a preset, then key=value pairs (later ones win), e.g.",
            "  'ar1,phi=0.5' or 'dist=pareto,mean=100,cv=0.2,tail=2.5,spikes=0.01:5'.",
            "  See 'pilot simulate models'.",
            "",
            "Exit codes:",
            "  0    done",
            "  2    bad usage or a bad spec",
            "  1    internal error (a bug: please report it)",
            "An interrupted evaluation keeps the sessions already written to",
            "-o DIR/replications.csv."
        })
final class SimulateCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    static WorkloadModel model(String option, String text) {
        return Options.parse(option, text, WorkloadModel::parse);
    }

    /** {@code pilot simulate models}: the presets and the keys of a spec. */
    @Command(name = "models", mixinStandardHelpOptions = true, description = "List the preset workload models.")
    static final class Models implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            List<String[]> rows = new ArrayList<>();
            rows.add(new String[] {"preset", "spec", "what it is"});
            for (Map.Entry<String, String> e : WorkloadModel.PRESETS.entrySet()) {
                String note = WorkloadModel.PRESET_NOTES.get(e.getKey());
                rows.add(new String[] {
                    e.getKey(),
                    e.getValue(),
                    WorkloadModel.parse(e.getKey()).describe() + (note == null ? "" : " — " + note)
                });
            }
            int name = rows.stream().mapToInt(r -> r[0].length()).max().orElse(0);
            for (String[] r : rows) {
                out.printf("%-" + name + "s  %-95s  %s%n", (Object[]) r);
            }
            out.println();
            out.println("Keys: dist=normal|lognormal|pareto|bimodal, mean=MS, cv=FRACTION, tail=PARETO_ALPHA (> 2), "
                    + "modes=UPPER_SHARE:GAP, phi=AR1 (-1..1), warmup=exp:A:TAU|step:A:N or several joined with + "
                    + "(their factors add: warmup=exp:2:3+step:0.08:40), cooldown=… (units/wps), "
                    + "drift=FRACTION_PER_ROUND, spikes=P:FACTOR, setup=SECONDS, units=N (unit readings per round), "
                    + "wps=UNITS_PER_SECOND, range=MIN:MAX (WPS work amounts).");
            out.flush();
            return ExitCode.OK.code();
        }
    }

    /** {@code pilot simulate emit}: one round (or a series) of a model, on stdout. */
    @Command(
            name = "emit",
            mixinStandardHelpOptions = true,
            sortOptions = false,
            usageHelpAutoWidth = true,
            description = {
                "Print what round R of the model yields, the same for the same (spec, seed, round) in any process: "
                        + "the round's reading (its time in ms; the sum of its unit readings with units=N; its duration "
                        + "in s for WPS) on stdout, and with units=N its unit readings, one per line, into a file.",
                "",
                "Under 'pilot run' the round and work amount come from PILOT_ROUND and PILOT_WORK_AMOUNT (or "
                        + "%%ROUND%% and %%WORK_AMOUNT%% in the command) and unit readings go to "
                        + "$PILOT_RESULT_DIR/unit-readings.txt, so "
                        + "--pi 'name=time,unit=ms,column=0,unit-readings=unit-readings.txt' reads both.",
                ""
            },
            footerHeading = "%n",
            footer = {"Exit codes: 0 printed; 2 bad usage or a spec it cannot read; 1 internal error."})
    static final class Emit implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(
                index = "0",
                paramLabel = "SPEC",
                description = "The workload model: a preset or key=value " + "pairs (see 'pilot simulate models').")
        String model;

        @Option(
                names = "--seed",
                paramLabel = "S",
                defaultValue = "1",
                description = "The session's seed. " + "Default: ${DEFAULT-VALUE}.")
        long seed;

        @Option(
                names = "--round",
                paramLabel = "R",
                description = "The 0-based round. Default: $PILOT_ROUND, " + "else 0.")
        Integer round;

        @Option(
                names = "--work",
                paramLabel = "W",
                description = "The work amount (unit readings with units=N, "
                        + "work done for WPS). Default: $PILOT_WORK_AMOUNT, else the model's (units=N; WPS: the range's "
                        + "minimum).")
        Long work;

        @Option(
                names = "--rounds",
                paramLabel = "N",
                defaultValue = "1",
                description = "Print N rounds from R on, "
                        + "one reading per line (a series for 'pilot analyze'). Default: ${DEFAULT-VALUE}.")
        int rounds;

        @Option(
                names = "--unit-readings",
                paramLabel = "FILE",
                description = "Where unit readings go, one per "
                        + "line (appended over --rounds). Default: $PILOT_RESULT_DIR/unit-readings.txt when set.")
        Path unitReadings;

        @Option(
                names = "--sleep",
                description = "Sleep for each round's simulated duration, so that a wall-clock "
                        + "PI (or WPS under 'pilot run') measures it.")
        boolean sleep;

        @Override
        public Integer call() throws IOException, InterruptedException {
            WorkloadModel m = model("SPEC", model);
            int first = round != null ? round : envInt("PILOT_ROUND", 0);
            long w = work != null ? work : envInt("PILOT_WORK_AMOUNT", 0);
            if (first < 0 || w < 0) {
                throw new IllegalArgumentException("--round and --work must be 0 or more");
            }
            if (rounds < 1) {
                throw new IllegalArgumentException("--rounds: " + rounds + " must be 1 or more");
            }
            if (m.level() == WorkloadModel.Level.WPS && w == 0) {
                w = m.workMin();
            }
            Path units = unitReadings;
            String dir = System.getenv("PILOT_RESULT_DIR");
            if (units == null && dir != null && !dir.isBlank() && m.level() == WorkloadModel.Level.UNITS) {
                units = Path.of(dir, "unit-readings.txt");
            }
            WorkloadGenerator g = m.generator(seed);
            PrintWriter out = spec.commandLine().getOut();
            try (BufferedWriter unitOut = units == null
                    ? null
                    : Files.newBufferedWriter(units, StandardOpenOption.CREATE, StandardOpenOption.APPEND)) {
                for (int r = first; r < first + rounds; r++) {
                    SimulatedRound s = g.round(r, w);
                    out.println(s.reading());
                    if (unitOut != null && s.unitReadings() != null) {
                        for (double u : s.unitReadings()) {
                            unitOut.write(Double.toString(u));
                            unitOut.newLine();
                        }
                    }
                    if (sleep) {
                        Thread.sleep(Math.round(s.seconds() * 1000));
                    }
                }
            }
            out.flush();
            return ExitCode.OK.code();
        }

        private static int envInt(String name, int fallback) {
            String v = System.getenv(name);
            if (v == null || v.isBlank()) {
                return fallback;
            }
            try {
                return Integer.parseInt(v.strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("$" + name + "='" + v + "' is not a whole number");
            }
        }
    }
}
