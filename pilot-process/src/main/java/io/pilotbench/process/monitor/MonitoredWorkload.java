package io.pilotbench.process.monitor;

import io.pilotbench.core.model.RoundResult;
import io.pilotbench.core.model.Workload;
import io.pilotbench.process.ProcessLauncher;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.DoubleSupplier;

/**
 * A workload whose every round is bracketed by readings of the monitors (Pilot paper §III-B, steps 2–3): the
 * counters are read just before and just after the round — outside the part a command's duration measures, which
 * is the launcher's own clock around the process — and each component's utilisation over the round is
 * Δbusy / Δcapacity, written to {@code monitor.csv} ({@code round,component,utilization}) as it is measured. Cumulative
 * counters need no sampling thread, so monitoring costs two reads of a few /proc files a round and nothing while the
 * command runs. The flip side: a per-round figure is an average over the round, not the peak within it.
 */
public final class MonitoredWorkload implements Workload {
    /** The file of per-round utilisations in the session directory. */
    public static final String FILE = "monitor.csv";

    private final Workload delegate;
    private final List<Monitor> monitors;
    private final DoubleSupplier clockMillis;
    private final BufferedWriter csv;
    private final Map<String, double[]> totals = new LinkedHashMap<>(); // Δbusy, Δcapacity (levels: Σ level, rounds)
    private final Map<String, double[]> peaks = new LinkedHashMap<>(); // utilisation (traffic: bytes/s), round
    private final java.util.Set<String> traffic = new java.util.HashSet<>(); // components with a rate, no utilisation
    private volatile double sampleHz;

    /**
     * @param directory where {@value #FILE} is appended (null: keep the figures in memory only)
     */
    public MonitoredWorkload(Workload delegate, List<Monitor> monitors, Path directory) throws IOException {
        this(delegate, monitors, directory, () -> System.nanoTime() / 1e6);
    }

    MonitoredWorkload(Workload delegate, List<Monitor> monitors, Path directory, DoubleSupplier clockMillis)
            throws IOException {
        this.delegate = delegate;
        this.monitors = List.copyOf(monitors);
        this.clockMillis = clockMillis;
        if (directory == null) {
            csv = null;
        } else {
            Path file = directory.resolve(FILE);
            boolean fresh = !Files.exists(file);
            csv = Files.newBufferedWriter(
                    file, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            if (fresh) {
                csv.write("round,component,utilization\n");
                csv.flush();
            }
        }
    }

    /**
     * The command's own CPU time over its wall time, against one core: a single-threaded CPU-bound command is near 1.
     */
    public static final String COMMAND_CPU = "cpu:command";

    /**
     * The CPU time of the other processes while a round ran, against all the cores: the machine's busy time less the
     * command's own and Pilot's, so that interference is told from the command's own load.
     */
    public static final String OTHER_CPU = "cpu:others";

    /**
     * Also reads the monitors {@code hz} times a second while a round runs, for the peaks within it (0, the default:
     * only around the round). The reads run on a thread of their own beside the command, so they cost it something:
     * {@link SamplingCalibration} measures how much, and chooses the rate.
     */
    public MonitoredWorkload sampleAt(double hz) {
        if (!(hz >= 0) || Double.isInfinite(hz)) {
            throw new IllegalArgumentException("the sampling rate must be >= 0 per second, got " + hz);
        }
        sampleHz = hz;
        return this;
    }

    /** The workload itself, unmonitored (for calibration). */
    Workload delegate() {
        return delegate;
    }

    /** One round of the workload with the in-round sampler running, recorded nowhere (for calibration). */
    RoundResult delegateSampled(int round) throws Exception {
        Sampler sampler = sampleHz > 0 ? new Sampler(read(), (long) Math.max(1, 1e9 / sampleHz)) : null;
        try {
            return delegate.run(round, 0);
        } finally {
            if (sampler != null) {
                sampler.stop();
            }
        }
    }

    @Override
    public RoundResult run(int round, long workAmount) throws Exception {
        // the launcher waits for an idle JIT before its clock starts: waited here, the wait stays out of the window
        ProcessLauncher.awaitIdleCompiler();
        double start = clockMillis.getAsDouble();
        long pilotStart = pilotCpuNanos();
        Map<String, Usage> before = read(start);
        Sampler sampler = sampleHz > 0 ? new Sampler(before, (long) Math.max(1, 1e9 / sampleHz)) : null;
        RoundResult result = null;
        try {
            result = delegate.run(round, workAmount);
            return result;
        } finally {
            Map<String, Double> inRound = sampler == null ? Map.of() : sampler.stop();
            Map<String, Usage> after = read(clockMillis.getAsDouble());
            double end = clockMillis.getAsDouble();
            long pilot = pilotStart < 0 ? 0 : Math.max(0, pilotCpuNanos() - pilotStart);
            if (result != null
                    && result.userCpuNanos() != null
                    && result.systemCpuNanos() != null
                    && result.durationNanos().isPresent()
                    && result.durationNanos().getAsLong() > 0) {
                // the scheduler moves a busy process between cores, so no core may look busy while the command is
                // CPU-bound: its own CPU time (rusage, with its descendants) says so directly
                long commandNanos = result.userCpuNanos() + result.systemCpuNanos();
                before.put(COMMAND_CPU, Usage.counter(0, 0));
                after.put(
                        COMMAND_CPU,
                        Usage.counter(commandNanos, result.durationNanos().getAsLong()));
                others(before, after, end - start, commandNanos + pilot);
            }
            record(round, before, after, inRound);
        }
    }

    /**
     * Adds {@value #OTHER_CPU}: the machine's CPU time over the round ({@code cpu}, its busy share of all the cores'
     * time, as /proc/stat counts it) less the command's and Pilot's own ({@code ownNanos}), against all the cores over
     * the round's {@code millis}. A round's figure is coarse (the kernel counts CPU time in ticks of 10 ms or so),
     * the sum over the rounds is not.
     */
    private static void others(Map<String, Usage> before, Map<String, Usage> after, double millis, long ownNanos) {
        Usage b = before.get("cpu");
        Usage a = after.get("cpu");
        if (b == null || a == null || a.level() || !(a.capacity() > b.capacity()) || !(millis > 0)) {
            return; // no reading of the machine's CPU, or too short a round for its ticks
        }
        long cores = Math.max(
                1, after.keySet().stream().filter(k -> k.matches("cpu\\d+")).count());
        double capacity = millis * cores;
        double busy = (a.busy() - b.busy()) / (a.capacity() - b.capacity()) * capacity;
        before.put(OTHER_CPU, Usage.counter(0, 0));
        after.put(OTHER_CPU, Usage.counter(busy - ownNanos / 1e6, capacity));
    }

    /**
     * This JVM's CPU time so far (its threads between the readings: launching the command, the sampler), or -1 when
     * the platform does not say: it is Pilot's, not other processes' interference.
     */
    private static long pilotCpuNanos() {
        try {
            return java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                            instanceof com.sun.management.OperatingSystemMXBean os
                    ? os.getProcessCpuTime()
                    : -1;
        } catch (RuntimeException | LinkageError e) {
            return -1;
        }
    }

    /** Reads the monitors every {@code periodNanos} on a thread of its own, keeping each component's highest use. */
    private final class Sampler implements Runnable {
        private final Map<String, Double> peaks = new LinkedHashMap<>();
        private final long periodNanos;
        private final Thread thread;
        private Map<String, Usage> previous;
        private volatile boolean running = true;

        Sampler(Map<String, Usage> start, long periodNanos) {
            this.previous = start;
            this.periodNanos = periodNanos;
            this.thread = new Thread(this, "pilot-monitor");
            thread.setDaemon(true);
            thread.start();
        }

        @Override
        public void run() {
            while (running) {
                java.util.concurrent.locks.LockSupport.parkNanos(periodNanos);
                if (!running) {
                    break;
                }
                Map<String, Usage> now = read();
                synchronized (peaks) {
                    for (Map.Entry<String, Usage> e : now.entrySet()) {
                        double u = utilization(previous.get(e.getKey()), e.getValue());
                        if (u >= 0) {
                            peaks.merge(e.getKey(), u, Math::max);
                        }
                    }
                }
                previous = now;
            }
        }

        Map<String, Double> stop() {
            running = false;
            java.util.concurrent.locks.LockSupport.unpark(thread);
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            synchronized (peaks) {
                return new LinkedHashMap<>(peaks);
            }
        }
    }

    /** The utilisation between two readings, or -1 when there is none (too short an interval, a missing reading). */
    private static double utilization(Usage b, Usage a) {
        if (b == null || a.traffic()) {
            return -1;
        }
        if (a.level()) {
            return Math.max(b.busy() / b.capacity(), a.busy() / a.capacity());
        }
        double capacity = a.capacity() - b.capacity();
        return capacity > 0 ? Math.min(1, Math.max(0, (a.busy() - b.busy()) / capacity)) : -1;
    }

    @Override
    public void cancel() {
        delegate.cancel();
    }

    private Map<String, Usage> read() {
        return read(clockMillis.getAsDouble());
    }

    private Map<String, Usage> read(double now) {
        Map<String, Usage> out = new LinkedHashMap<>();
        for (Monitor m : monitors) {
            out.putAll(m.read(now));
        }
        return out;
    }

    private void record(int round, Map<String, Usage> before, Map<String, Usage> after, Map<String, Double> inRound) {
        StringBuilder rows = new StringBuilder();
        for (Map.Entry<String, Usage> e : after.entrySet()) {
            Usage a = e.getValue();
            Usage b = before.get(e.getKey());
            if (b == null) {
                continue;
            }
            if (a.traffic()) { // bytes a second, in monitor.json and the report only: monitor.csv has utilisations
                double millis = a.capacity() - b.capacity();
                if (millis > 0) {
                    traffic.add(e.getKey());
                    double[] t = totals.computeIfAbsent(e.getKey(), k -> new double[2]);
                    t[0] += a.busy() - b.busy();
                    t[1] += millis;
                    double[] p = peaks.computeIfAbsent(e.getKey(), k -> new double[] {-1, -1});
                    double rate = (a.busy() - b.busy()) / millis * 1000;
                    if (rate > p[0]) {
                        p[0] = rate;
                        p[1] = round;
                    }
                }
                continue;
            }
            double u = utilization(b, a);
            if (u < 0) {
                continue; // too short a round for the counter's resolution
            }
            double[] t = totals.computeIfAbsent(e.getKey(), k -> new double[2]);
            if (a.level()) {
                t[0] += u;
                t[1] += 1;
            } else {
                t[0] += a.busy() - b.busy();
                t[1] += a.capacity() - b.capacity();
            }
            double[] p = peaks.computeIfAbsent(e.getKey(), k -> new double[] {-1, -1});
            double peak = Math.max(u, inRound.getOrDefault(e.getKey(), -1.0));
            if (peak > p[0]) {
                p[0] = peak;
                p[1] = round;
            }
            rows.append(round)
                    .append(',')
                    .append(e.getKey())
                    .append(',')
                    .append(String.format(Locale.ROOT, "%.4f", u))
                    .append('\n');
        }
        if (csv != null) {
            try {
                csv.write(rows.toString());
                csv.flush();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /**
     * Every component's utilisation over the rounds so far (a network link of unknown speed: its traffic), in the
     * monitors' order.
     */
    public List<ComponentUtilization> utilizations() {
        List<ComponentUtilization> out = new ArrayList<>();
        for (Map.Entry<String, double[]> e : totals.entrySet()) {
            double[] t = e.getValue();
            double[] p = peaks.get(e.getKey());
            if (t[1] > 0 && p != null && traffic.contains(e.getKey())) {
                out.add(ComponentUtilization.traffic(e.getKey(), t[0] / t[1] * 1000, (int) p[1]));
            } else if (t[1] > 0 && p != null) {
                // between 0 and 1: cpu:others is a difference of two counts, which may fall a tick below zero
                out.add(new ComponentUtilization(e.getKey(), Math.max(0, Math.min(1, t[0] / t[1])), p[0], (int) p[1]));
            }
        }
        return out;
    }

    /** Closes {@value #FILE}. */
    public void close() throws IOException {
        if (csv != null) {
            csv.close();
        }
    }
}
