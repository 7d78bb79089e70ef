package io.pilotbench.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * {@code pilot run}'s monitoring options: what to read around and within the rounds, and the limits of a suspect
 * (the Pilot paper's bottleneck detection, §III-B). Separate from {@link RunCommand} so that the options of one
 * concern stay together; {@link RunMonitor} does the monitoring.
 */
final class MonitorOptions {
    @Option(
            names = "--monitor",
            order = 47,
            description = "Read the utilisation of the CPU (each core, the command's own and other processes'), "
                    + "memory, disks and network links around every round (monitor.csv in the session) and report any "
                    + "component other than the one under test that passed --utilization-limit: the result may be bound "
                    + "by it, or slowed by other processes' interference (exit code 6).")
    boolean monitor;

    @Option(
            names = "--cut",
            paramLabel = "COMPONENT",
            order = 48,
            description = "With --monitor, the component under test, as the report names it: cpu, disk:vda, "
                    + "net:eth0, memory.")
    String cut;

    @Option(
            names = "--monitor-rate",
            paramLabel = "HZ|auto",
            order = 49,
            description = "With --monitor, also read the monitors HZ times a second while a round runs, for the "
                    + "peaks within it; auto: the highest rate whose overhead on the command stays within 1%%, found by "
                    + "Newton's method on pairs of rounds with and without sampling (paper §III-B). Default: only "
                    + "around each round, which costs the command nothing.")
    Converters.MonitorRate monitorRate;

    @Option(
            names = "--graph",
            paramLabel = "FILE",
            order = 50,
            description = "With --monitor, limits from a component graph file (see pilot graph --help): the speed "
                    + "of network links the system does not know, such as loopback (node net:lo limit=10Gb/s), and "
                    + "disks' bandwidth (node disk:vda limit=500MB/s, or read= and write= each way, as pilot graph "
                    + "--calibrate -o FILE writes them), which adds their read and write throughput.")
    Path graph;

    @Option(
            names = "--utilization-limit",
            paramLabel = "PCT",
            order = 51,
            description = "With --monitor, the utilisation above which another component is a suspect. Default: 80%%.")
    Converters.Percent utilizationLimit;

    /** The monitoring these options ask for (none without --monitor); see {@link RunMonitor#setup}. */
    RunMonitor.Setup setup() {
        return RunMonitor.setup(monitor, cut, monitorRate, graph, utilizationLimit);
    }
}
