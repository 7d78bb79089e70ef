package io.pilotbench.cli;

import io.pilotbench.core.compare.Direction;
import io.pilotbench.core.model.Formats;
import io.pilotbench.core.model.InputException;
import io.pilotbench.core.store.HistoryFile;
import io.pilotbench.core.store.PlainJson;
import io.pilotbench.report.Format;
import io.pilotbench.stats.StudentT;
import io.pilotbench.stats.changepoint.NewestShift;
import io.pilotbench.stats.changepoint.WeightedShifts;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code pilot history detect}: the commits that shifted each PI of a history store ({@link HistoryFile}), by the
 * weighted search over the whole history and the test of the newest commits; separate from {@link HistoryCommand},
 * which holds the store and {@code add}.
 */
@Command(
        name = "detect",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        usageHelpAutoWidth = true,
        description = {
            "Find the commits that shifted each PI: weighted binary segmentation of the per-commit "
                    + "means, each weighted by its own standard error, every split tested by a seeded permutation "
                    + "test at --alpha.",
            "",
            "The search needs three commits on each side of a shift, so the newest commits are also tested on "
                    + "their own: the newest k = 1, 2, … --newest commits against those before them (since the last "
                    + "shift), each commit with its own standard error plus the spread between commits that the older "
                    + "ones show (DerSimonian-Laird), by a t-test at --alpha over all k (Bonferroni). The first commit "
                    + "of the shift is named. A shift in the newest commits that made a PI worse (higher for times, "
                    + "lower for ratio and binary PIs) exits with 5.",
            ""
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  pilot history detect --store perf-history",
            "  pilot history detect --store perf-history --format json > shifts.json",
            "",
            "Exit codes:",
            "  0    no shift in the newest commits made a PI worse (older shifts and",
            "       better ones are reported only)",
            "  5    a shift in the newest --newest commits made a PI worse",
            "  2    bad usage or input, or points from different environments",
            "  1    internal error (a bug: please report it)"
        })
final class HistoryDetectCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    HistoryStoreOption storeOption;

    @Option(
            names = "--alpha",
            paramLabel = "A",
            defaultValue = "0.01",
            description =
                    "The level of each split's test, and of the newest commits' test. " + "Default: ${DEFAULT-VALUE}.")
    double alpha;

    @Option(
            names = "--newest",
            paramLabel = "N",
            defaultValue = "" + NewestShift.DEFAULT_NEWEST,
            description = "How many of the newest commits are tested on their own, and count for the exit "
                    + "code. Default: ${DEFAULT-VALUE}. In a short history the newest commits that the search for "
                    + "shifts cannot call are tested too (with 10 commits, up to the newest 3), so --newest 1 may "
                    + "name a shift in the newest 2.")
    int newest;

    @Option(
            names = "--ignore-environment",
            description = "Compare points whose environments differ (CPU model, kernel, JVM); refused otherwise.")
    boolean ignoreEnvironment;

    @Option(
            names = "--format",
            paramLabel = "F",
            defaultValue = "text",
            description = "Report format: text or json. Default: ${DEFAULT-VALUE}.")
    TextOrJson textOrJson;

    @Override
    public Integer call() throws IOException {
        Format outputFormat = textOrJson.format();
        if (!(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("--alpha: must be between 0 and 1, got " + alpha);
        }
        if (newest < 1) {
            throw new IllegalArgumentException("--newest: must be 1 or more, got " + newest);
        }
        Path file = storeOption.store.resolve(HistoryFile.FILE);
        Map<String, List<HistoryFile.Point>> byPi = new LinkedHashMap<>();
        for (HistoryFile.Point p : HistoryFile.read(storeOption.store)) {
            byPi.computeIfAbsent(p.pi() + " (" + p.unit() + ")", k -> new ArrayList<>())
                    .add(p);
        }
        List<PiShifts> pis = new ArrayList<>();
        for (Map.Entry<String, List<HistoryFile.Point>> e : byPi.entrySet()) {
            List<HistoryFile.Point> points = e.getValue();
            HistoryFile.Point first = points.get(0);
            if (!ignoreEnvironment) {
                for (HistoryFile.Point p : points) {
                    if (!p.fingerprint().equals(first.fingerprint())) {
                        throw new InputException(file + ": " + e.getKey() + " of commit " + p.commit() + " ran on '"
                                + p.fingerprint() + "', commit " + first.commit() + " on '" + first.fingerprint()
                                + "'; compare like with like, or give --ignore-environment");
                    }
                }
            }
            for (HistoryFile.Point p : points) {
                if (p.higherIsBetter() != first.higherIsBetter()) {
                    // the last row's direction decided for all, so one edited row flipped the exit code
                    throw new InputException(file + ": " + e.getKey() + " is " + HistoryCommand.better(direction(first))
                            + "-better at commit " + first.commit() + " but " + HistoryCommand.better(direction(p))
                            + "-better at commit " + p.commit() + "; a PI keeps one direction: record the other under "
                            + "another PI name");
                }
            }
            pis.add(shifts(e.getKey(), perCommit(points)));
        }
        boolean regression = pis.stream().anyMatch(PiShifts::regression);
        PrintWriter out = spec.commandLine().getOut();
        if (outputFormat == Format.JSON) {
            out.println(PlainJson.write(json(pis, regression)));
        } else {
            pis.forEach(pi -> text(pi, out));
        }
        out.flush();
        return regression ? HistoryCommand.REGRESSION : ExitCode.OK.code();
    }

    private static Direction direction(HistoryFile.Point p) {
        return p.higherIsBetter() ? Direction.HIGHER_IS_BETTER : Direction.LOWER_IS_BETTER;
    }

    /**
     * One point per commit, where the commit first appears: sessions of one commit (run again for more data) were
     * counted as that many commits, so a commit run three times was "a regression in the newest 3 commits". Its
     * sessions' means are pooled by their precision (weights 1/SE²), as the weighted search pools a segment's.
     */
    static List<HistoryFile.Point> perCommit(List<HistoryFile.Point> points) {
        Map<String, List<HistoryFile.Point>> byCommit = new LinkedHashMap<>();
        for (HistoryFile.Point p : points) {
            byCommit.computeIfAbsent(p.commit(), k -> new ArrayList<>()).add(p);
        }
        List<HistoryFile.Point> out = new ArrayList<>();
        for (List<HistoryFile.Point> same : byCommit.values()) {
            HistoryFile.Point last = same.get(same.size() - 1);
            if (same.size() == 1 || same.stream().anyMatch(p -> !(p.standardError() > 0))) {
                out.add(last);
                continue;
            }
            double w = 0;
            double wm = 0;
            int n = 0;
            for (HistoryFile.Point p : same) {
                double wi = 1 / (p.standardError() * p.standardError());
                w += wi;
                wm += wi * p.mean();
                n += p.n();
            }
            out.add(new HistoryFile.Point(
                    last.commit(),
                    last.branch(),
                    last.added(),
                    same.size() + " sessions",
                    last.pi(),
                    last.unit(),
                    wm / w,
                    Math.sqrt(1 / w),
                    n,
                    last.fingerprint(),
                    last.higherIsBetter()));
        }
        return out;
    }

    /** The shifts of one PI: the search's over the whole history, then the newest commits' test. */
    private PiShifts shifts(String name, List<HistoryFile.Point> points) {
        Direction direction =
                points.get(points.size() - 1).higherIsBetter() ? Direction.HIGHER_IS_BETTER : Direction.LOWER_IS_BETTER;
        double[] means = points.stream().mapToDouble(HistoryFile.Point::mean).toArray();
        double[] errors =
                points.stream().mapToDouble(HistoryFile.Point::standardError).toArray();
        int n = means.length;
        List<Found> found = new ArrayList<>();
        NewestShift.History history = NewestShift.history(means, errors, alpha, newest, 1);
        for (WeightedShifts.Shift s : history.searched()) {
            // delta method for the ratio of the two weighted means, 95%
            found.add(found(
                    points,
                    s.index(),
                    s.before(),
                    s.after(),
                    s.seBefore(),
                    s.seAfter(),
                    1.96,
                    s.pValue(),
                    "search",
                    "permutation p = " + String.format(Locale.ROOT, "%.3f", s.pValue()),
                    direction));
        }
        history.newest()
                .ifPresent(r -> found.add(found(
                        points,
                        r.index(),
                        r.before(),
                        r.after(),
                        r.seBefore(),
                        r.seAfter(),
                        StudentT.critical(0.95, r.df()),
                        r.pValue(),
                        "newest",
                        "t-test of the newest " + r.count() + " against the " + r.older() + " before: "
                                + Formats.pValue(r.pValue()),
                        direction)));
        return new PiShifts(name, points.get(0).pi(), points.get(0).unit(), direction, n, found);
    }

    private Found found(
            List<HistoryFile.Point> points,
            int index,
            double before,
            double after,
            double seBefore,
            double seAfter,
            double critical,
            double pValue,
            String test,
            String evidence,
            Direction direction) {
        double ratio = after / before;
        double se = ratio * Math.hypot(seAfter / after, seBefore / before);
        boolean higher = ratio > 1;
        boolean worse = higher == (direction == Direction.LOWER_IS_BETTER);
        return new Found(
                points.get(index).commit(),
                index,
                higher,
                ratio,
                ratio - critical * se,
                ratio + critical * se,
                before,
                after,
                pValue,
                test,
                evidence,
                index >= points.size() - newest,
                worse);
    }

    private void text(PiShifts pi, PrintWriter out) {
        out.println(pi.name() + ": " + pi.commits() + (pi.commits() == 1 ? " commit, " : " commits, ")
                + (pi.shifts().isEmpty()
                        ? "no shift"
                        : pi.shifts().size() + " shift" + (pi.shifts().size() == 1 ? "" : "s")));
        for (Found f : pi.shifts()) {
            out.println(String.format(
                    Locale.ROOT,
                    "  commit %s made it %.1f%% %s (95%% CI %.1f%% to %.1f%%, %s)",
                    shortCommit(f.commit()),
                    100 * Math.abs(f.ratio() - 1),
                    f.higher() ? "higher" : "lower",
                    100 * (f.ciLow() - 1),
                    100 * (f.ciHigh() - 1),
                    f.evidence()));
        }
        pi.shifts().stream()
                .filter(f -> f.newest() && f.worse())
                .findFirst()
                .ifPresent(f ->
                        out.println("  REGRESSION in the newest " + Math.min(newest, pi.commits()) + " commits: commit "
                                + shortCommit(f.commit())
                                + " made " + pi.pi() + " worse ("
                                + (pi.direction() == Direction.LOWER_IS_BETTER ? "lower" : "higher")
                                + " is better; exit code " + HistoryCommand.REGRESSION + ")"));
    }

    private Map<String, Object> json(List<PiShifts> pis, boolean regression) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("store", storeOption.store.toString());
        root.put("alpha", alpha);
        root.put("newest", newest);
        root.put("regression", regression);
        List<Map<String, Object>> list = new ArrayList<>();
        for (PiShifts pi : pis) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("pi", pi.pi());
            m.put("unit", pi.unit());
            m.put("better", HistoryCommand.better(pi.direction()));
            m.put("commits", pi.commits());
            m.put("regression", pi.regression());
            List<Map<String, Object>> shifts = new ArrayList<>();
            for (Found f : pi.shifts()) {
                Map<String, Object> s = new LinkedHashMap<>();
                s.put("commit", f.commit());
                s.put("index", f.index());
                s.put("direction", f.higher() ? "higher" : "lower");
                s.put("ratio", finite(f.ratio()));
                s.put("ratioLow", finite(f.ciLow()));
                s.put("ratioHigh", finite(f.ciHigh()));
                s.put("before", finite(f.before()));
                s.put("after", finite(f.after()));
                s.put("pValue", finite(f.pValue()));
                s.put("test", f.test());
                s.put("newest", f.newest());
                s.put("worse", f.worse());
                shifts.add(s);
            }
            m.put("shifts", shifts);
            list.add(m);
        }
        root.put("pis", list);
        return root;
    }

    private static Double finite(double x) {
        return Double.isFinite(x) ? x : null;
    }

    private static String shortCommit(String commit) {
        return commit.length() > 12 ? commit.substring(0, 12) : commit;
    }

    /** One PI's history: its direction, how many commits, and the shifts found. */
    record PiShifts(String name, String pi, String unit, Direction direction, int commits, List<Found> shifts) {
        boolean regression() {
            return shifts.stream().anyMatch(f -> f.newest() && f.worse());
        }
    }

    /**
     * A shift: its first commit and index, its size as the ratio of the new level to the old with a 95% CI, the test
     * that found it ("search" or "newest"), whether it is in the newest commits, and whether it made the PI worse.
     */
    record Found(
            String commit,
            int index,
            boolean higher,
            double ratio,
            double ciLow,
            double ciHigh,
            double before,
            double after,
            double pValue,
            String test,
            String evidence,
            boolean newest,
            boolean worse) {}
}
