package io.pilotbench.cli;

import io.pilotbench.core.model.Formats;
import io.pilotbench.core.store.MonitorFile;
import io.pilotbench.process.CommandWorkload;
import io.pilotbench.process.monitor.Bottlenecks;
import io.pilotbench.process.monitor.ComponentGraph;
import io.pilotbench.process.monitor.ComponentUtilization;
import io.pilotbench.process.monitor.MonitoredWorkload;
import io.pilotbench.process.monitor.ProcMonitors;
import io.pilotbench.process.monitor.SamplingCalibration;
import io.pilotbench.stats.ConfidenceInterval;
import io.pilotbench.stats.RateSearch;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The {@code --monitor} part of {@code pilot run} (paper §III-B): the utilisation of the CPU, memory, disks and
 * network links read around every round (and, at a rate, within it), the rate {@code --monitor-rate auto} chooses,
 * and what a session ends with: monitor.json, the JSON report's {@code monitor} entry, the text report's utilisation
 * lines and whether a component other than the one under test passed the limit. It is apart from {@link RunCommand}
 * so that the command keeps to its options and the course of a session.
 */
final class RunMonitor {
    /** The paper's threshold (§III-B): 80%. */
    static final double DEFAULT_UTILIZATION_LIMIT = 0.8;

    /** The largest overhead --monitor-rate auto accepts: the paper's 1%. */
    static final double SAMPLING_OVERHEAD_LIMIT = 0.01;

    /** The pairs of rounds, with and without sampling, that --monitor-rate auto measures at each rate. */
    static final int SAMPLING_PAIRS = 5;

    private final MonitoredWorkload monitored;
    private final String cut;
    private final double limit;
    private final MonitorFile.Sampling sampling;

    private RunMonitor(MonitoredWorkload monitored, String cut, double limit, MonitorFile.Sampling sampling) {
        this.monitored = monitored;
        this.cut = cut;
        this.limit = limit;
        this.sampling = sampling;
    }

    /**
     * The monitor options, read before the session is made: the monitors (with a graph file's link speeds and disk
     * bandwidths), --monitor-rate (null: not given), the component under test and the limit.
     */
    record Setup(ProcMonitors monitors, Converters.MonitorRate monitorRate, String cut, double limit) {
        /**
         * Monitors {@code workload}, writing monitor.csv into the session's {@code dir}; with --monitor-rate auto it
         * first measures the rate to sample at, and says it on {@code notes} (null: say nothing).
         */
        RunMonitor start(CommandWorkload workload, Path dir, PrintWriter notes) throws IOException {
            MonitoredWorkload monitored = new MonitoredWorkload(workload, monitors.all(), dir);
            MonitorFile.Sampling sampling = new MonitorFile.Sampling(0.0, null);
            if (monitorRate != null) {
                sampling = monitorRate.auto()
                        ? calibrated(monitored, notes)
                        : new MonitorFile.Sampling(monitorRate.hz(), null);
                monitored.sampleAt(sampling.rate());
            }
            return new RunMonitor(monitored, cut, limit, sampling);
        }
    }

    /**
     * Checks and reads the monitor options; null without --monitor, which they all need.
     *
     * @throws IllegalArgumentException naming the option given without --monitor
     */
    static Setup setup(
            boolean monitor,
            String cut,
            Converters.MonitorRate monitorRate,
            Path graph,
            Converters.Percent utilizationLimit) {
        if ((cut != null || utilizationLimit != null || monitorRate != null || graph != null) && !monitor) {
            throw new IllegalArgumentException(
                    "--cut, --monitor-rate, --graph and --utilization-limit apply with " + "--monitor; add it");
        }
        if (!monitor) {
            return null;
        }
        if (cut != null) {
            checkCut(cut);
        }
        ComponentGraph limits = graph == null ? null : ComponentGraph.parse(graph);
        ProcMonitors monitors = new ProcMonitors()
                .withLinkSpeeds(limits == null ? Map.of() : limits.linkSpeedsMbits())
                .withDiskBandwidths(
                        limits == null ? Map.of() : limits.diskBandwidthsMbits("read"),
                        limits == null ? Map.of() : limits.diskBandwidthsMbits("write"));
        double limit = utilizationLimit == null ? DEFAULT_UTILIZATION_LIMIT : utilizationLimit.fraction();
        return new Setup(monitors, monitorRate, cut, limit);
    }

    /**
     * Refuses a {@code --cut} that names no component of this machine: else every component would be judged as a
     * suspect, and the report would call the command bound by its own CPU "not a measure of" a typo.
     */
    private static void checkCut(String cut) {
        List<String> known = new ArrayList<>();
        for (ComponentGraph.Node n : ComponentGraph.local(null).nodes()) {
            known.add(n.name());
            if (n.name().startsWith("net:")) {
                known.add(n.name() + ":rx");
                known.add(n.name() + ":tx");
            }
            if (n.name().equals("cpu")) {
                known.add(MonitoredWorkload.COMMAND_CPU);
                int cores = Integer.parseInt(n.facts().get("cores"));
                for (int i = 0; i < cores; i++) {
                    known.add("cpu" + i);
                }
            }
        }
        if (known.stream().noneMatch(c -> Bottlenecks.underTest(c, cut))) {
            throw new IllegalArgumentException("--cut " + cut + ": this machine has no such component; give one of "
                    + String.join(
                            ", ",
                            known.stream()
                                    .filter(c -> !c.matches("cpu\\d+|.*:[rt]x"))
                                    .toList())
                    + " (pilot graph lists them)");
        }
    }

    /** The workload the session runs: the command's, monitored. */
    MonitoredWorkload workload() {
        return monitored;
    }

    /**
     * Closes the monitors and returns their figures and verdict, also written to monitor.json ({@link MonitorFile})
     * in the session's {@code dir}, for the JSON report: every component's mean and peak utilisation, the component
     * under test, the limit, the suspects, and the sampling rate within rounds (with --monitor-rate auto, the
     * overhead measured at the rate chosen).
     */
    Map<String, Object> finish(Path dir) throws IOException {
        monitored.close();
        List<ComponentUtilization> usage = monitored.utilizations();
        List<MonitorFile.Component> components = new ArrayList<>();
        for (ComponentUtilization u : usage) {
            // a link of unknown speed: no utilisation, its traffic
            components.add(new MonitorFile.Component(
                    u.component(),
                    u.isTraffic() ? null : u.mean(),
                    u.isTraffic() ? null : u.peak(),
                    u.peakRound(),
                    u.isTraffic() ? u.bytesPerSecond() : null,
                    Bottlenecks.underTest(u.component(), cut)));
        }
        MonitorFile file = new MonitorFile(
                cut,
                limit,
                new ProcMonitors().diskOf(dir.toAbsolutePath()),
                sampling,
                components,
                Bottlenecks.suspects(usage, cut, limit).stream()
                        .map(ComponentUtilization::component)
                        .toList(),
                Bottlenecks.describe(usage, cut, limit));
        file.write(dir);
        return file.toMap();
    }

    /** The text report's utilisation lines, after the report: where they are kept, the sampling, the verdict. */
    void print(PrintWriter out, Path dir) {
        out.println();
        String disk = new ProcMonitors().diskOf(dir.toAbsolutePath());
        out.println("utilisation (--monitor; per round in " + MonitoredWorkload.FILE
                + (disk == null ? "" : "; the session is on " + disk) + "):");
        if (sampling.rate() > 0) {
            out.println("  sampled " + samplingNote(sampling));
        }
        for (String l : Bottlenecks.describe(monitored.utilizations(), cut, limit)) {
            out.println("  " + l);
        }
        out.flush();
    }

    /** Whether a component other than the one under test passed the limit: the result may be bound by it. */
    boolean suspected() {
        return !Bottlenecks.suspects(monitored.utilizations(), cut, limit).isEmpty();
    }

    /**
     * --monitor-rate auto: the highest sampling rate within the overhead limit, said on {@code notes}, and recorded
     * (for monitor.json and the report) with the overhead measured at it, its 95% CI and how many rates were measured.
     */
    private static MonitorFile.Sampling calibrated(MonitoredWorkload monitored, PrintWriter notes) {
        SamplingCalibration calibration = new SamplingCalibration(monitored, SAMPLING_PAIRS);
        RateSearch.Result r = calibration.choose(SAMPLING_OVERHEAD_LIMIT, 6);
        ConfidenceInterval ci = calibration.overheadCi(r.rate());
        MonitorFile.Sampling chosen = new MonitorFile.Sampling(
                r.rate(),
                new MonitorFile.Calibration(
                        r.overhead(),
                        ci == null ? null : List.of(ci.low(), ci.high()),
                        SAMPLING_OVERHEAD_LIMIT,
                        r.withinLimit(),
                        r.evaluations(),
                        SAMPLING_PAIRS));
        if (notes != null) {
            notes.println("pilot: note: --monitor-rate auto: "
                    + (r.withinLimit()
                            ? "sampling " + Formats.significant(r.rate(), 3) + " times a second, overhead "
                                    + Formats.significant(100 * r.overhead(), 2) + "%"
                                    + (ci == null
                                            ? ""
                                            : " (95% CI " + Formats.significant(100 * ci.low(), 2) + "% to "
                                                    + Formats.significant(100 * ci.high(), 2) + "%)")
                                    + ", " + r.evaluations() + " rates measured, " + SAMPLING_PAIRS
                                    + " pairs of rounds each"
                            : "even " + SamplingCalibration.LOWEST_HZ + " sample a second costs "
                                    + Formats.significant(100 * r.overhead(), 2) + "%, over the 1% "
                                    + "limit: sampling that rarely anyway"));
            notes.flush();
        }
        return chosen;
    }

    /** "120 times a second within each round (chosen by --monitor-rate auto: overhead 0.4%, within the 1% limit)". */
    private static String samplingNote(MonitorFile.Sampling sampling) {
        String rate = Formats.significant(sampling.rate(), 3);
        if (!sampling.auto()) {
            return rate + " times a second within each round (--monitor-rate)";
        }
        return rate + " times a second within each round (chosen by --monitor-rate auto: overhead "
                + Formats.significant(100 * sampling.calibration().overhead(), 2) + "%, "
                + (sampling.calibration().withinLimit() ? "within" : "over") + " the "
                + Formats.significant(100 * SAMPLING_OVERHEAD_LIMIT, 2) + "% limit)";
    }
}
