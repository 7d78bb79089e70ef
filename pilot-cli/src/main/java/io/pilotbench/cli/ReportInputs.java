package io.pilotbench.cli;

import io.pilotbench.core.api.ComparisonDirectory;
import io.pilotbench.core.api.Session;
import io.pilotbench.core.compare.CompareSettings;
import io.pilotbench.core.compare.Comparison;
import io.pilotbench.core.compare.Contender;
import io.pilotbench.core.compare.Direction;
import io.pilotbench.core.compare.PairComparison;
import io.pilotbench.core.model.InputException;
import io.pilotbench.core.model.SessionResult;
import io.pilotbench.core.model.StoredSession;
import io.pilotbench.core.store.CompareRecord;
import io.pilotbench.core.store.SessionReader;
import io.pilotbench.report.html.ReportInput;
import io.pilotbench.script.Campaign;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Reads what {@code pilot report} and {@code pilot plot} are given: session directories ({@code session.json}) and
 * comparison directories ({@code compare.json} beside one session directory per workload), each re-analysed with
 * the settings it was recorded with; and {@code pilot script} campaign directories ({@code campaign.json} beside one
 * session directory per TEST), whose TESTs become sessions of the report, compared with each other.
 */
final class ReportInputs {
    static final String COMPARISON_FILE = CompareRecord.FILE;
    /** The journal of a {@code pilot script} campaign, beside one session directory per TEST. */
    static final String CAMPAIGN_FILE = Campaign.JOURNAL;

    private ReportInputs() {}

    /**
     * The inputs, in order; two or more sessions (and no comparison) are also compared, first PI against first PI,
     * in a section of their own at the top.
     *
     * @throws InputException naming the path and the fix, for the first input that is not a session or comparison
     */
    static List<ReportInput> load(List<String> inputs) {
        List<ReportInput> out = new ArrayList<>();
        List<ReportInput.SessionReport> sessions = new ArrayList<>();
        boolean comparisons = false;
        for (String in : inputs) {
            Path p = Path.of(in);
            if (!Files.exists(p)) {
                throw new InputException(in + ": no such directory; give a session directory (pilot run -o DIR) or "
                        + "a comparison directory (pilot compare -o DIR)");
            }
            if (!Files.isDirectory(p)) {
                throw new InputException(in + " is a file, not a session directory; pilot report reads directories "
                        + "recorded by pilot run or pilot compare (for a file of numbers use pilot analyze)");
            }
            if (Files.isRegularFile(p.resolve(COMPARISON_FILE))) {
                out.add(comparison(p));
                comparisons = true;
            } else if (Files.isRegularFile(p.resolve(CAMPAIGN_FILE))) {
                // a pilot script campaign: every TEST is a session directory, in the order they ran
                for (Path test : campaignSessions(p)) {
                    ReportInput.SessionReport s = session(test);
                    sessions.add(s);
                    out.add(s);
                }
            } else if (SessionReader.isSession(p)) {
                ReportInput.SessionReport s = session(p);
                sessions.add(s);
                out.add(s);
            } else {
                throw new InputException(in + " is a directory but neither a Pilot session (no " + SessionReader.FILE
                        + ") nor a comparison (no " + COMPARISON_FILE
                        + "); give the directory pilot run or pilot compare "
                        + "wrote (-o DIR)");
            }
        }
        if (sessions.size() >= 2 && !comparisons) {
            out.add(0, stored(sessions));
        }
        return out;
    }

    /** A campaign's TEST sessions: its subdirectories that are sessions, by name (000-…, 001-…: the order run). */
    private static List<Path> campaignSessions(Path campaign) {
        try (var entries = Files.list(campaign)) {
            List<Path> tests = entries.filter(SessionReader::isSession).sorted().toList();
            if (tests.isEmpty()) {
                throw new InputException(campaign + ": a campaign with no TEST session yet; run it (pilot script "
                        + "--resume " + campaign + ") before reporting it");
            }
            return tests;
        } catch (java.io.IOException e) {
            throw new InputException(campaign + ": cannot be listed (" + e.getMessage() + ")");
        }
    }

    /** A session directory, read and re-analysed with its recorded settings. */
    static ReportInput.SessionReport session(Path dir) {
        StoredSession stored = SessionReader.read(dir);
        SessionResult result = Session.analyse(stored);
        return new ReportInput.SessionReport(stored, result, environment(stored));
    }

    /** The session's recorded environment, flattened to "cpu.model" → "…". */
    private static Map<String, String> environment(StoredSession stored) {
        Map<String, String> out = new LinkedHashMap<>();
        flatten("", stored.environment(), out);
        return out;
    }

    private static void flatten(String prefix, Object value, Map<String, String> out) {
        if (value instanceof Map<?, ?> m) {
            for (Map.Entry<?, ?> e : m.entrySet()) {
                flatten(prefix.isEmpty() ? String.valueOf(e.getKey()) : prefix + "." + e.getKey(), e.getValue(), out);
            }
        } else if (value instanceof List<?> l) {
            for (int i = 0; i < l.size(); i++) {
                flatten(prefix + "[" + i + "]", l.get(i), out);
            }
        } else if (value != null) {
            out.put(prefix, String.valueOf(value));
        }
    }

    /**
     * A directory written by a live {@code pilot compare}: its workloads' sessions re-analysed and compared again
     * with the recorded settings, verdicts by confidence sequences as when it ran.
     */
    private static ReportInput comparison(Path dir) {
        CompareRecord record = CompareRecord.read(dir);
        List<Path> subdirs;
        try (Stream<Path> s = Files.list(dir)) {
            // pilot compare names them 1-NAME, 2-NAME, ...: in workload order by the number, not as text (10 < 2)
            subdirs = s.filter(SessionReader::isSession)
                    .sorted(java.util.Comparator.comparingInt(
                                    (Path d) -> leadingNumber(d.getFileName().toString()))
                            .thenComparing(Path::toString))
                    .toList();
        } catch (IOException e) {
            throw new InputException(dir + ": cannot list the directory (" + e.getMessage() + ")");
        }
        List<String> names = record.workloads();
        if (subdirs.isEmpty()) {
            throw new InputException(dir + ": a comparison directory without session directories; the workloads' "
                    + "sessions (1-NAME/, 2-NAME/, ...) must stay beside " + COMPARISON_FILE);
        }
        String metric = record.metric();
        CompareSettings d = CompareSettings.DEFAULTS;
        CompareSettings settings = d.withConfidence(record.confidence() != null ? record.confidence() : d.confidence())
                .withAlpha(record.alpha() != null ? record.alpha() : d.alpha())
                .withEquivalence(record.equivalence() != null ? record.equivalence() : d.equivalence())
                .withTest(CompareSettings.Test.valueOf(
                        (record.test() != null ? record.test() : "welch").toUpperCase(Locale.ROOT)))
                .withRequireCiTarget(record.ciTarget() == null || record.ciTarget())
                .withSequential(true);
        List<ReportInput.SessionReport> sessions = new ArrayList<>();
        List<Contender> contenders = new ArrayList<>();
        for (int i = 0; i < subdirs.size(); i++) {
            ReportInput.SessionReport s = session(subdirs.get(i));
            sessions.add(s);
            String name = i < names.size() ? names.get(i) : s.result().name();
            // as the comparison compared them when it ran: cycle by cycle, from its schedule
            Contender live = contender(name, s.result(), metric, subdirs.get(i), true);
            contenders.add(ComparisonDirectory.asRun(dir, name, live, s.stored(), s.result()));
        }
        // the equivalence sequence tuned to the round limit, as when it ran (InterleavedComparison)
        settings = settings.withHorizon(sessions.get(0).stored().settings().maxRounds());
        if (record.baseline() != null) {
            // a comparison against a stored baseline (--baseline DIR): the baseline is its first contender, as when
            // it ran; without it the report refused the directory ("at least two workloads, got 1")
            Path base = Path.of(record.baseline());
            if (!SessionReader.isSession(base)) {
                throw new InputException(dir + ": its baseline " + base + " is gone ("
                        + SessionReader.whyNotASession(base) + "); the report needs the session it was compared with");
            }
            ReportInput.SessionReport b = session(base);
            sessions.add(0, b);
            contenders.add(0, contender("baseline", b.result(), metric, base));
        }
        Direction direction = record.direction() != null
                ? Direction.valueOf(record.direction().toUpperCase(Locale.ROOT))
                : Direction.of(contenders.get(0).pi());
        Comparison c = Comparison.of(contenders, settings, direction);
        return new ReportInput.ComparisonReport(
                String.join(" vs ", contenders.stream().map(Contender::name).toList()),
                c,
                verdicts(c),
                sessions,
                "A live comparison recorded in " + dir + ": its sessions re-analysed and compared again with the "
                        + "recorded settings (verdicts by confidence sequences at α = " + settings.alpha() + ").");
    }

    /** Two or more sessions given together: compared as pilot compare compares session directories. */
    private static ReportInput stored(List<ReportInput.SessionReport> sessions) {
        List<Contender> contenders = new ArrayList<>();
        List<String> used = new ArrayList<>();
        for (ReportInput.SessionReport s : sessions) {
            String name = s.result().name();
            for (int i = 2; used.contains(name); i++) {
                name = s.result().name() + " #" + i;
            }
            used.add(name);
            contenders.add(contender(name, s.result(), null, s.stored().directory()));
        }
        for (Contender c : contenders) {
            if (!c.pi().name().equals(contenders.get(0).pi().name())
                    || !c.pi().unit().equals(contenders.get(0).pi().unit())) {
                throw new InputException("the sessions measure different PIs ('"
                        + contenders.get(0).pi().name()
                        + "' in " + contenders.get(0).source() + ", '" + c.pi().name() + "' in " + c.source()
                        + "): report them one at a time, or compare sessions of the same PI");
            }
        }
        Comparison c = Comparison.of(
                contenders,
                CompareSettings.DEFAULTS,
                Direction.of(contenders.get(0).pi()));
        return new ReportInput.ComparisonReport(
                String.join(" vs ", used),
                c,
                verdicts(c),
                List.of(),
                "The sessions below compared as pilot compare compares session directories (Welch's t-test at α = "
                        + CompareSettings.DEFAULTS.alpha() + ").");
    }

    /** The number a directory name starts with ("12-gzip": 12), or Integer.MAX_VALUE without one. */
    static int leadingNumber(String name) {
        int i = 0;
        while (i < name.length() && i < 9 && Character.isDigit(name.charAt(i))) {
            i++;
        }
        return i == 0 ? Integer.MAX_VALUE : Integer.parseInt(name.substring(0, i));
    }

    private static Contender contender(String name, SessionResult r, String metric, Path dir) {
        return contender(name, r, metric, dir, false);
    }

    private static Contender contender(String name, SessionResult r, String metric, Path dir, boolean live) {
        try {
            return Contender.of(name, r, metric, live).named(name);
        } catch (IllegalArgumentException e) {
            throw new InputException(dir + ": " + e.getMessage());
        }
    }

    private static List<String> verdicts(Comparison c) {
        var words = new io.pilotbench.report.ComparisonReport(c, null, Double.NaN, null, null);
        List<String> out = new ArrayList<>();
        for (PairComparison p : c.adjacent()) {
            out.add(words.sentence(p));
        }
        return out;
    }
}
