package io.pilotbench.process.monitor;

import io.pilotbench.core.model.RoundResult;
import io.pilotbench.core.model.Workload;
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
    private final Map<String, double[]> peaks = new LinkedHashMap<>(); // utilisation, round

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
            csv = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
            if (fresh) {
                csv.write("round,component,utilization\n");
                csv.flush();
            }
        }
    }

    /** The command's own CPU time over its wall time, against one core: a single-threaded CPU-bound command is near 1. */
    public static final String COMMAND_CPU = "cpu:command";

    @Override
    public RoundResult run(int round, long workAmount) throws Exception {
        Map<String, Usage> before = read();
        RoundResult result = null;
        try {
            result = delegate.run(round, workAmount);
            return result;
        } finally {
            Map<String, Usage> after = read();
            if (result != null && result.userCpuNanos() != null && result.systemCpuNanos() != null
                    && result.durationNanos().isPresent() && result.durationNanos().getAsLong() > 0) {
                // the scheduler moves a busy process between cores, so no core may look busy while the command is
                // CPU-bound: its own CPU time (rusage, with its descendants) says so directly
                before.put(COMMAND_CPU, Usage.counter(0, 0));
                after.put(COMMAND_CPU, Usage.counter(result.userCpuNanos() + result.systemCpuNanos(),
                        result.durationNanos().getAsLong()));
            }
            record(round, before, after);
        }
    }

    @Override
    public void cancel() {
        delegate.cancel();
    }

    private Map<String, Usage> read() {
        Map<String, Usage> out = new LinkedHashMap<>();
        double now = clockMillis.getAsDouble();
        for (Monitor m : monitors) {
            out.putAll(m.read(now));
        }
        return out;
    }

    private void record(int round, Map<String, Usage> before, Map<String, Usage> after) {
        StringBuilder rows = new StringBuilder();
        for (Map.Entry<String, Usage> e : after.entrySet()) {
            Usage a = e.getValue();
            Usage b = before.get(e.getKey());
            if (b == null) {
                continue;
            }
            double u;
            double[] t = totals.computeIfAbsent(e.getKey(), k -> new double[2]);
            if (a.level()) {
                u = Math.max(b.busy() / b.capacity(), a.busy() / a.capacity());
                t[0] += u;
                t[1] += 1;
            } else {
                double capacity = a.capacity() - b.capacity();
                if (!(capacity > 0)) {
                    continue; // too short a round for the counter's resolution
                }
                u = Math.min(1, Math.max(0, (a.busy() - b.busy()) / capacity));
                t[0] += a.busy() - b.busy();
                t[1] += capacity;
            }
            double[] p = peaks.computeIfAbsent(e.getKey(), k -> new double[] {-1, -1});
            if (u > p[0]) {
                p[0] = u;
                p[1] = round;
            }
            rows.append(round).append(',').append(e.getKey()).append(',')
                    .append(String.format(Locale.ROOT, "%.4f", u)).append('\n');
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

    /** Every component's utilisation over the rounds so far, in the monitors' order. */
    public List<ComponentUtilization> utilizations() {
        List<ComponentUtilization> out = new ArrayList<>();
        for (Map.Entry<String, double[]> e : totals.entrySet()) {
            double[] t = e.getValue();
            double[] p = peaks.get(e.getKey());
            if (t[1] > 0 && p != null) {
                out.add(new ComponentUtilization(e.getKey(), Math.min(1, t[0] / t[1]), p[0], (int) p[1]));
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
