package io.pilotbench.process.monitor;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The paper's accuracy rule (Pilot §III-B, step 3): a result is suspect when a component other than the one under
 * test (the CUT) was busier than a threshold, 80% by default — it, not the CUT, may have set the pace.
 */
public final class Bottlenecks {
    private Bottlenecks() {
    }

    /** Whether {@code component} is (part of) the component under test: "cpu" covers "cpu0"; "disk:vda" itself. */
    public static boolean underTest(String component, String cut) {
        if (cut == null || cut.isBlank()) {
            return false;
        }
        String c = cut.strip().toLowerCase(Locale.ROOT);
        return component.equals(c) || component.startsWith(c + ":") || c.equals("cpu") && component.matches("cpu\\d*")
                || component.startsWith(c) && c.startsWith("net:");
    }

    /** The components other than the CUT whose mean utilisation over the rounds reached {@code limit}. */
    public static List<ComponentUtilization> suspects(List<ComponentUtilization> all, String cut, double limit) {
        List<ComponentUtilization> out = new ArrayList<>();
        for (ComponentUtilization u : all) {
            if (!underTest(u.component(), cut) && u.mean() >= limit) {
                out.add(u);
            }
        }
        return out;
    }

    /** The report's lines: the CUT's utilisation, then each suspect, or that none passed the limit. */
    public static List<String> describe(List<ComponentUtilization> all, String cut, double limit) {
        List<String> lines = new ArrayList<>();
        for (ComponentUtilization u : all) {
            if (underTest(u.component(), cut)) {
                lines.add(String.format(Locale.ROOT, "%s was %.0f%% busy over the rounds (peak %.0f%% in round %d): the "
                        + "component under test", u.component(), 100 * u.mean(), 100 * u.peak(), u.peakRound()));
            }
        }
        List<ComponentUtilization> suspects = suspects(all, cut, limit);
        for (ComponentUtilization u : suspects) {
            lines.add(String.format(Locale.ROOT, "%s was %.0f%% busy over the rounds (peak %.0f%% in round %d), above "
                    + "the %.0f%% limit: the result may be %s-bound, not a measure of %s", u.component(),
                    100 * u.mean(), 100 * u.peak(), u.peakRound(), 100 * limit, kind(u.component()),
                    cut == null ? "the component under test (give it with --cut)" : cut));
        }
        if (suspects.isEmpty()) {
            lines.add(String.format(Locale.ROOT, "no other component reached the %.0f%% limit", 100 * limit));
        }
        return lines;
    }

    private static String kind(String component) {
        return component.startsWith("cpu") ? "CPU" : component.startsWith("disk:") ? "disk"
                : component.startsWith("net:") ? "network" : component;
    }
}
