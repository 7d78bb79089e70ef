package io.pilotbench.cli;

import io.pilotbench.core.analysis.SeriesAnalyzer;
import io.pilotbench.core.input.ColumnSelector;
import io.pilotbench.core.input.SeriesReader;
import io.pilotbench.core.model.AnalysisSettings;
import io.pilotbench.core.model.InputException;
import io.pilotbench.core.model.MetricResult;
import io.pilotbench.core.model.PiResult;
import io.pilotbench.core.model.Round;
import io.pilotbench.core.model.RoundStatus;
import io.pilotbench.core.model.Series;
import io.pilotbench.core.model.SeriesAnalysis;
import io.pilotbench.core.store.SessionReader;
import io.pilotbench.report.html.ReportInput;
import io.pilotbench.report.plot.PlotData;
import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The inputs of {@code pilot plot}: {@code NAME:FILES} (a path or a glob such as {@code 'ext4:results/*.csv'}; the
 * same NAME given again adds files to it) or a bare path (named after itself). A file is read as {@code pilot
 * analyze} reads it, one component per column (named by the header, or by {@code --components}); a session
 * directory gives Elapsed (round wall time, s), User and System (CPU seconds per round), each analysed as {@code pilot
 * analyze} would analyse that column, and one component per PI (its readings after warm-up removal, with the
 * session's own CI; at another {@code --confidence} than the session's, its readings as {@code pilot analyze} reads
 * them at that confidence).
 *
 * <p>A component of one file is summarised as {@code pilot analyze} analyses it ({@link SeriesAnalyzer} at the default
 * settings and the plot's confidence): the same warm-up removal, the same mean and the same CI as error bar, so that
 * one series does not get one interval from {@code analyze} and a narrower Student-t one from {@code plot}; where
 * {@code analyze} gives no CI (one value, two, constant values) the plot draws none. Files pooled into one bar are
 * summarised with the Student-t interval of their samples.
 */
final class PlotInputs {
    private static final Pattern NUMBER = Pattern.compile("[0-9]+(\\.[0-9]+)?");
    /** A number that stands alone in a name: not the end of a word such as ext2 or x86. */
    private static final Pattern STANDALONE = Pattern.compile("(?<![A-Za-z0-9.])[0-9]+(\\.[0-9]+)?");
    /** No interval: too few or constant values, which {@code pilot analyze} gives none either. */
    private static final double[] NO_CI = {Double.NaN, Double.NaN};

    private PlotInputs() {}

    /** One named group of files, in the order given. */
    record Named(String name, List<Path> files) {}

    static List<Named> parse(List<String> args) {
        Map<String, List<Path>> out = new LinkedHashMap<>();
        for (String a : args) {
            int colon = a.indexOf(':');
            String name;
            String pattern;
            if (colon > 0 && !Files.exists(Path.of(a))) {
                name = a.substring(0, colon);
                pattern = a.substring(colon + 1);
            } else {
                name = Path.of(a).getFileName() == null
                        ? a
                        : Path.of(a).getFileName().toString();
                pattern = a;
            }
            out.computeIfAbsent(name, k -> new ArrayList<>()).addAll(expand(a, pattern));
        }
        return out.entrySet().stream()
                .map(e -> new Named(e.getKey(), e.getValue()))
                .toList();
    }

    /** A path, or a glob in its last segment, expanded and sorted. */
    private static List<Path> expand(String arg, String pattern) {
        if (pattern.isEmpty()) {
            throw new InputException(arg + ": no file after the name; write NAME:FILE or NAME:'GLOB'");
        }
        Path p = Path.of(pattern);
        // a file that exists is that file, whatever its name holds ('[x.txt' was a glob that did not compile)
        if (Files.exists(p) || !pattern.contains("*") && !pattern.contains("?") && !pattern.contains("[")) {
            if (!Files.exists(p)) {
                throw new InputException(pattern + ": no such file or directory; give a results file (CSV, one "
                        + "number per line) or a session directory, as NAME:FILE or NAME:'GLOB'");
            }
            return List.of(p);
        }
        Path dir = p.getParent() == null ? Path.of(".") : p.getParent();
        PathMatcher m;
        try {
            m = FileSystems.getDefault().getPathMatcher("glob:" + p.getFileName());
        } catch (java.util.regex.PatternSyntaxException e) {
            throw new InputException(arg + ": '" + p.getFileName() + "' is not a glob pilot can read ("
                    + e.getDescription() + "); globs use * ? and [abc] in the file name");
        }
        List<Path> found;
        try (Stream<Path> s = Files.list(dir)) {
            found = s.filter(f -> m.matches(f.getFileName())).sorted().toList();
        } catch (IOException e) {
            throw new InputException(arg + ": cannot list " + dir + " (" + e.getMessage() + "); globs may use * ? "
                    + "[] in the file name only");
        }
        if (found.isEmpty()) {
            throw new InputException(arg + ": the glob matches no file in " + dir + "; check the pattern (quote it "
                    + "so the shell leaves it to pilot)");
        }
        return found;
    }

    /**
     * The plot data: each NAME a series; in line mode each file a point at the number in its name that tells the
     * files apart ({@link #xs}), in bar mode the files of a NAME pooled into one group.
     */
    static PlotData load(List<Named> named, List<String> components, boolean line, double confidence) {
        List<PlotData.Series> series = new ArrayList<>();
        Map<String, java.util.Set<String>> headers = new LinkedHashMap<>();
        for (Named n : named) {
            List<PlotData.Point> points = new ArrayList<>();
            if (line) {
                double[] xs = xs(n.files());
                for (int i = 0; i < n.files().size(); i++) {
                    Path f = n.files().get(i);
                    points.add(point(xs[i], label(f), List.of(f), components, confidence, headers));
                }
                points.sort(java.util.Comparator.comparingDouble(PlotData.Point::x));
            } else {
                points.add(point(1, n.name(), n.files(), components, confidence, headers));
            }
            series.add(new PlotData.Series(n.name(), points));
        }
        // a column given by its index is named in the legend by its header, where every file agrees on it
        Map<String, String> names = new LinkedHashMap<>();
        headers.forEach((key, found) -> {
            if (found.size() == 1) {
                names.put(key, found.iterator().next());
            }
        });
        return new PlotData(series, false, names);
    }

    private static String label(Path f) {
        return f.getFileName() == null ? f.toString() : f.getFileName().toString();
    }

    /**
     * The x of each file of a line: of the numbers standing alone in the names (not the 2 of ext2), the last one that
     * differs between the files — so that campaign TESTs {@code 000-ext2_1}, {@code 001-ext2_2}, {@code 002-ext2_4}
     * are at 1, 2, 4 (their thread counts), not at 0, 1, 2 (their steps); when the names do not have the same count
     * of such numbers, or none differs, each file's first number; a file without a number, its position (1, 2, …).
     */
    static double[] xs(List<Path> files) {
        List<List<Double>> numbers = new ArrayList<>();
        for (Path f : files) {
            List<Double> found = new ArrayList<>();
            Matcher m = STANDALONE.matcher(label(f));
            while (m.find()) {
                found.add(Double.parseDouble(m.group()));
            }
            numbers.add(found);
        }
        int count = numbers.isEmpty() ? 0 : numbers.get(0).size();
        int chosen = -1;
        if (count > 0 && numbers.stream().allMatch(l -> l.size() == count)) {
            for (int k = count - 1; k >= 0 && chosen < 0; k--) {
                int at = k;
                if (numbers.stream().map(l -> l.get(at)).distinct().count() > 1) {
                    chosen = k;
                }
            }
        }
        double[] out = new double[files.size()];
        for (int i = 0; i < files.size(); i++) {
            if (chosen >= 0) {
                out[i] = numbers.get(i).get(chosen);
            } else {
                Matcher m = NUMBER.matcher(label(files.get(i)));
                out[i] = m.find() ? Double.parseDouble(m.group()) : i + 1;
            }
        }
        return out;
    }

    /** The components of {@code files} pooled: samples concatenated per component. */
    private static PlotData.Point point(
            double x,
            String label,
            List<Path> files,
            List<String> components,
            double confidence,
            Map<String, java.util.Set<String>> headers) {
        Map<String, List<double[]>> samples = new LinkedHashMap<>();
        Map<String, double[]> ci = new LinkedHashMap<>();
        SeriesAnalyzer analyzer = new SeriesAnalyzer(AnalysisSettings.defaults().withConfidence(confidence));
        for (Path f : files) {
            if (Files.isDirectory(f)) {
                session(f, samples, ci, analyzer, confidence);
            } else {
                file(f, components, samples, ci, analyzer, headers);
            }
        }
        Map<String, PlotData.Summary> out = new LinkedHashMap<>();
        for (Map.Entry<String, List<double[]>> e : samples.entrySet()) {
            double[] all = e.getValue().stream()
                    .flatMapToDouble(java.util.Arrays::stream)
                    .toArray();
            if (all.length == 0) {
                continue;
            }
            PlotData.Summary s = PlotData.Summary.of(all, confidence);
            if (files.size() == 1) {
                // one series, one interval: analyze's (or the session's), and none where analyze has none
                double[] own = ci.getOrDefault(e.getKey(), NO_CI);
                s = s.withCi(own[0], own[1]);
            }
            out.put(e.getKey(), s);
        }
        return new PlotData.Point(x, label, out);
    }

    private static void session(
            Path dir,
            Map<String, List<double[]>> samples,
            Map<String, double[]> ci,
            SeriesAnalyzer analyzer,
            double confidence) {
        if (!SessionReader.isSession(dir)) {
            throw new InputException(dir + " is a directory but not a Pilot session (no session.json); give a "
                    + "session directory or a results file");
        }
        ReportInput.SessionReport s = ReportInputs.session(dir);
        List<Round> ok = s.stored().rounds().stream()
                .filter(r -> r.status() == RoundStatus.OK)
                .toList();
        String source = dir.toString();
        // a column of the rounds, as pilot analyze analyses it
        java.util.function.BiConsumer<String, java.util.function.ToDoubleFunction<Round>> column =
                (name, value) -> analysed(
                        new Series(source, name, ok.stream().mapToDouble(value).toArray()),
                        name,
                        samples,
                        ci,
                        analyzer);
        column.accept("Elapsed", Round::durationSeconds);
        if (ok.stream().allMatch(r -> r.userCpuNanos() != null && r.systemCpuNanos() != null) && !ok.isEmpty()) {
            column.accept("User", r -> r.userCpuNanos() / 1e9);
            column.accept("System", r -> r.systemCpuNanos() / 1e9);
        }
        List<PiResult> pis = s.result().pis();
        boolean sameConfidence = s.result().settings().confidence() == confidence;
        for (int p = 0; p < pis.size(); p++) {
            int index = p;
            double[] readings = ok.stream()
                    .mapToDouble(r -> r.reading(index))
                    .filter(v -> !Double.isNaN(v))
                    .toArray();
            String name = pis.get(p).pi().name();
            MetricResult m = pis.get(p).readings();
            if (!sameConfidence) {
                // another confidence than the session's: the readings as pilot analyze reads them at it
                analysed(new Series(source, name, readings), name, samples, ci, analyzer);
                continue;
            }
            int from = Math.min(readings.length, pis.get(p).readingsFrom());
            samples.computeIfAbsent(name, k -> new ArrayList<>())
                    .add(java.util.Arrays.copyOfRange(readings, from, readings.length));
            if (m.ci() != null) {
                ci.put(name, new double[] {m.ci().low(), m.ci().high()});
            }
        }
    }

    /**
     * Adds series {@code s} as component {@code name} as {@code pilot analyze} analyses it: its samples after warm-up
     * removal and its CI; too few or constant values (no CI from analyze either) are shown as they are.
     */
    private static void analysed(
            Series s,
            String name,
            Map<String, List<double[]>> samples,
            Map<String, double[]> ci,
            SeriesAnalyzer analyzer) {
        double[] values = s.values();
        try {
            SeriesAnalysis a = analyzer.analyze(s);
            values = java.util.Arrays.copyOfRange(values, a.analysedFrom(), a.analysedFrom() + a.n());
            if (a.ci() != null) {
                ci.put(name, new double[] {a.ci().low(), a.ci().high()});
            }
        } catch (InputException e) {
            // too few or constant values: analyze has no CI either
        }
        samples.computeIfAbsent(name, k -> new ArrayList<>()).add(values);
    }

    /** A file's components, each as {@code pilot analyze} analyses it: its samples after warm-up removal, its CI. */
    private static void file(
            Path f,
            List<String> components,
            Map<String, List<double[]>> samples,
            Map<String, double[]> ci,
            SeriesAnalyzer analyzer,
            Map<String, java.util.Set<String>> headers) {
        List<ColumnSelector> columns = components.isEmpty()
                ? List.of(ColumnSelector.FIRST)
                : components.stream().map(ColumnSelector::parse).toList();
        // a JMH, hyperfine or criterion result, as pilot analyze reads it: each benchmark or command a component
        // (it was read as CSV: "cannot be read as CSV", or a figure with nothing in it)
        List<Series> tool = io.pilotbench.core.input.ToolResults.read(f);
        if (tool != null) {
            for (Series s : tool) {
                if (components.isEmpty() || components.contains(s.column())) {
                    analysed(s, s.column(), samples, ci, analyzer);
                }
            }
            return;
        }
        SeriesReader reader = new SeriesReader(SeriesReader.Delimiter.AUTO, columns);
        List<Series> read = reader.read(f, notice -> {});
        for (int i = 0; i < read.size(); i++) {
            Series s = read.get(i);
            String name = !components.isEmpty()
                    ? components.get(i)
                    : s.column() == null || s.column().matches("[0-9]*") ? "value" : s.column();
            if (!components.isEmpty() && components.get(i).matches("[0-9]+")) {
                // by index: the header's name for it, or the index again (no header)
                headers.computeIfAbsent(name, k -> new java.util.LinkedHashSet<>())
                        .add(s.column() == null || s.column().matches("[0-9]*") ? name : s.column());
            }
            analysed(s, name, samples, ci, analyzer);
        }
    }
}
