package io.pilotbench.process.monitor;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The paper's accuracy rule (Pilot §III-B, step 3): a result is suspect when a component other than the one under
 * test (the CUT) was busier than a threshold, 80% by default — it, not the CUT, may have set the pace.
 *
 * <p>A busy CPU has two causes that call for different remedies, and the machine's figures ({@code cpu},
 * {@code cpu0} …) mix them: the command's own work ({@value MonitoredWorkload#COMMAND_CPU}, its CPU time against one
 * core), which makes the result CPU-bound, and other processes' ({@value MonitoredWorkload#OTHER_CPU}, against all
 * the cores), which is interference. When both are measured the verdict on the CPU is given by them, not by the
 * machine's figures.
 */
public final class Bottlenecks {
    /**
     * The command's CPU use, in cores, from which a busy CPU is put down to the command's own load even when other
     * processes used more: half a core.
     */
    static final double OWN_LOAD = 0.5;

    private Bottlenecks() {}

    /**
     * Whether {@code component} is (part of) the component under test: "cpu" covers "cpu0" and "cpu:command";
     * "disk:vda" itself. Other processes' CPU time is never under test: it is interference whatever the CUT.
     */
    public static boolean underTest(String component, String cut) {
        if (cut == null || cut.isBlank() || component.equals(MonitoredWorkload.OTHER_CPU)) {
            return false;
        }
        String c = cut.strip().toLowerCase(Locale.ROOT);
        return component.equals(c)
                || component.startsWith(c + ":")
                || c.equals("cpu") && component.matches("cpu\\d*")
                || component.startsWith(c) && c.startsWith("net:");
    }

    /** The components other than the CUT whose mean utilisation over the rounds reached {@code limit}. */
    public static List<ComponentUtilization> suspects(List<ComponentUtilization> all, String cut, double limit) {
        return judge(all, cut, limit, new ArrayList<>());
    }

    /** The report's lines: the CUT's utilisation, then each suspect, or that none passed the limit. */
    public static List<String> describe(List<ComponentUtilization> all, String cut, double limit) {
        List<String> lines = new ArrayList<>();
        for (ComponentUtilization u : all) {
            if (underTest(u.component(), cut) && !u.isTraffic()) {
                lines.add(String.format(
                        Locale.ROOT,
                        "%s was %.0f%% busy over the rounds (peak %.0f%% in round %d): " + "the component under test",
                        u.component(),
                        100 * u.mean(),
                        100 * u.peak(),
                        u.peakRound()));
            }
        }
        List<ComponentUtilization> suspects = judge(all, cut, limit, lines);
        if (suspects.isEmpty()) {
            lines.add(String.format(Locale.ROOT, "no other component reached the %.0f%% limit", 100 * limit));
        }
        unknownLimits(all, cut, lines);
        return lines;
    }

    /**
     * A line for each network link whose speed the system does not know and that carried traffic (its rate each way,
     * and how to give its limit), one for those that carried none.
     */
    private static void unknownLimits(List<ComponentUtilization> all, String cut, List<String> lines) {
        java.util.Map<String, double[]> links = new java.util.LinkedHashMap<>(); // rx, tx bytes/s
        for (ComponentUtilization u : all) {
            String c = u.component();
            if (u.isTraffic() && (c.endsWith(":rx") || c.endsWith(":tx"))) {
                links.computeIfAbsent(c.substring(0, c.length() - 3), k -> new double[2])[c.endsWith(":rx") ? 0 : 1] =
                        u.bytesPerSecond();
            }
        }
        List<String> idle = new ArrayList<>();
        for (java.util.Map.Entry<String, double[]> e : links.entrySet()) {
            String link = e.getKey();
            double[] r = e.getValue();
            if (r[0] + r[1] <= 0) {
                idle.add(link);
                continue;
            }
            lines.add(link + " carried " + rate(r[0]) + " in and " + rate(r[1]) + " out over the rounds"
                    + (underTest(link, cut) ? " (the component under test)" : "") + "; its limit is unknown, so it "
                    + "has no utilisation: give it with --graph (node " + link + " limit=1Gb/s)");
        }
        if (!idle.isEmpty()) {
            lines.add(String.join(", ", idle)
                    + (idle.size() == 1
                            ? " carried no traffic; its limit is unknown"
                            : " carried no traffic; their limits are unknown"));
        }
    }

    /** Bytes a second, for people: "950 B/s", "12.3 MB/s" (powers of 1000). */
    static String rate(double bytesPerSecond) {
        String[] units = {"B/s", "kB/s", "MB/s", "GB/s", "TB/s"};
        double x = bytesPerSecond;
        int u = 0;
        while (x >= 1000 && u < units.length - 1) {
            x /= 1000;
            u++;
        }
        return io.pilotbench.core.model.Formats.significant(x, 3) + " " + units[u];
    }

    /** The suspects, each with its line added to {@code lines}. */
    private static List<ComponentUtilization> judge(
            List<ComponentUtilization> all, String cut, double limit, List<String> lines) {
        String what = cut == null ? "the component under test (give it with --cut)" : cut;
        ComponentUtilization own = find(all, MonitoredWorkload.COMMAND_CPU);
        ComponentUtilization others = find(all, MonitoredWorkload.OTHER_CPU);
        boolean split = own != null && others != null;
        List<ComponentUtilization> out = new ArrayList<>();
        if (split) {
            cpu(all, own, others, cut, limit, what, out, lines);
        }
        for (ComponentUtilization u : all) {
            if (split && isCpu(u.component()) || underTest(u.component(), cut) || !(u.mean() >= limit)) {
                continue;
            }
            out.add(u);
            lines.add(String.format(
                    Locale.ROOT,
                    "%s was %.0f%% busy over the rounds (peak %.0f%% in round %d), above "
                            + "the %.0f%% limit: the result may be %s-bound, not a measure of %s",
                    u.component(),
                    100 * u.mean(),
                    100 * u.peak(),
                    u.peakRound(),
                    100 * limit,
                    kind(u.component()),
                    what));
        }
        return out;
    }

    /**
     * The CPU's verdict from the command's own CPU time and other processes': CPU-bound when the command kept a core
     * busy past the limit (or the CPU as a whole was, with the command using at least {@link #OWN_LOAD} of a core);
     * interference when other processes' share passed the limit (or the CPU as a whole did, mostly with their work).
     */
    private static void cpu(
            List<ComponentUtilization> all,
            ComponentUtilization own,
            ComponentUtilization others,
            String cut,
            double limit,
            String what,
            List<ComponentUtilization> out,
            List<String> lines) {
        ComponentUtilization machine = find(all, "cpu");
        long cores = Math.max(
                1, all.stream().filter(u -> u.component().matches("cpu\\d+")).count());
        boolean machineBusy = machine != null && machine.mean() >= limit;
        boolean interference = others.mean() >= limit || machineBusy && others.mean() * cores > own.mean();
        boolean cpuBound = own.mean() >= limit || machineBusy && (own.mean() >= OWN_LOAD || !interference);
        lines.add(String.format(
                Locale.ROOT,
                "the command used %.0f%% of a core (its own CPU time), other processes "
                        + "%.0f%% of the CPU's %d core%s while it ran",
                100 * own.mean(),
                100 * others.mean(),
                cores,
                cores == 1 ? "" : "s"));
        if (cpuBound && !underTest(MonitoredWorkload.COMMAND_CPU, cut)) {
            if (own.mean() >= limit) {
                out.add(own);
                lines.add(String.format(
                        Locale.ROOT,
                        "%s was %.0f%% busy over the rounds (peak %.0f%% in round %d), "
                                + "above the %.0f%% limit: the result may be CPU-bound, not a measure of %s",
                        own.component(),
                        100 * own.mean(),
                        100 * own.peak(),
                        own.peakRound(),
                        100 * limit,
                        what));
            } else {
                out.add(machine);
                lines.add(String.format(
                        Locale.ROOT,
                        "cpu was %.0f%% busy over the rounds (peak %.0f%% in round %d), "
                                + "above the %.0f%% limit, the command itself using %.0f%% of a core: the result may be "
                                + "CPU-bound, not a measure of %s",
                        100 * machine.mean(),
                        100 * machine.peak(),
                        machine.peakRound(),
                        100 * limit,
                        100 * own.mean(),
                        what));
            }
        }
        if (interference) {
            out.add(others);
            lines.add(String.format(
                    Locale.ROOT,
                    "other processes used %.0f%% of the CPU while the command ran (peak "
                            + "%.0f%% in round %d; the command itself %.0f%% of a core)%s: interference, not the command's own "
                            + "load; the result may be slowed by them, not a measure of %s",
                    100 * others.mean(),
                    100 * others.peak(),
                    others.peakRound(),
                    100 * own.mean(),
                    others.mean() >= limit
                            ? String.format(Locale.ROOT, ", above the %.0f%% limit", 100 * limit)
                            : String.format(
                                    Locale.ROOT,
                                    "; the CPU was %.0f%% busy in all, above the %.0f%% limit",
                                    100 * machine.mean(),
                                    100 * limit),
                    what));
        }
    }

    private static boolean isCpu(String component) {
        return component.matches("cpu\\d*")
                || component.equals(MonitoredWorkload.COMMAND_CPU)
                || component.equals(MonitoredWorkload.OTHER_CPU);
    }

    private static ComponentUtilization find(List<ComponentUtilization> all, String component) {
        return all.stream()
                .filter(u -> u.component().equals(component))
                .findFirst()
                .orElse(null);
    }

    private static String kind(String component) {
        return component.startsWith("cpu")
                ? "CPU"
                : component.startsWith("disk:") ? "disk" : component.startsWith("net:") ? "network" : component;
    }
}
