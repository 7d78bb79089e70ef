package io.pilotbench.simulate;

import io.pilotbench.core.files.JsonMappers;
import io.pilotbench.core.input.ColumnSelector;
import io.pilotbench.core.input.SeriesReader;
import io.pilotbench.core.model.InputException;
import io.pilotbench.core.model.Series;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import tools.jackson.databind.JsonNode;

/**
 * Reads recorded series for {@code pilot simulate evaluate --trace}.
 *
 * <p>Two layouts:
 * <ul>
 *   <li><b>A file of numbers</b> (one column, as {@code pilot analyze} reads it): one series, unlabelled; its truth
 *       is the value given with {@code --truth}, if any.</li>
 *   <li><b>A labelled JMH data set</b>: a directory with {@code series/NAME.json.gz} (a JSON list of forks, each a
 *       list of iteration values) and {@code classification/NAME.json} ({@code "steady_state_starts"}: per fork the
 *       last warm-up iteration, −1 for a fork without a steady state), as published by Traini et al., "Towards
 *       effective assessment of steady state performance in Java software: are we there yet?", Empirical Software
 *       Engineering 28 (2023). Each fork is one trace; its truth is the mean of its labelled steady part. Optional
 *       {@code benchmarks.csv} ({@code split,project,benchmark}) selects a split, and {@code default_config/},
 *       {@code devconfig/} and {@code dynconfig/RULE/} give the windows JMH's defaults, the developers' settings
 *       and Laaber et al.'s dynamic reconfiguration (FSE 2020) would have measured.</li>
 * </ul>
 */
public final class TraceSet {

    private TraceSet() {}

    /**
     * The traces at {@code path}.
     *
     * @param split for a labelled data set with a {@code benchmarks.csv}, the split to read ({@code tune}, {@code
     *              holdout}); null for all
     * @param truth for a file of numbers, its truth; NaN when unknown
     * @throws InputException for a path that is neither layout, or a file that cannot be read
     */
    public static List<Trace> read(Path path, String split, double truth) {
        if (Files.isDirectory(path)) {
            if (Files.isDirectory(path.resolve("series"))) {
                return labelled(path, split);
            }
            throw new InputException(path + ": a directory without series/; give a file of numbers, or a labelled "
                    + "data set (series/NAME.json.gz and classification/NAME.json)");
        }
        List<Series> s =
                new SeriesReader(SeriesReader.Delimiter.AUTO, List.of(ColumnSelector.FIRST)).read(path, notice -> {});
        if (s.isEmpty() || s.get(0).values().length == 0) {
            throw new InputException(path + ": no numbers in it");
        }
        String name = path.getFileName().toString();
        return List.of(new Trace(name, name, s.get(0).values(), Trace.UNLABELLED, truth, Map.of()));
    }

    private static List<Trace> labelled(Path dir, String split) {
        List<String> names = benchmarks(dir, split);
        List<Trace> out = new ArrayList<>();
        for (String b : names) {
            Path seriesFile = dir.resolve("series").resolve(b + ".json.gz");
            Path labels = dir.resolve("classification").resolve(b + ".json");
            JsonNode forks = readJson(seriesFile, true);
            JsonNode starts = Files.exists(labels) ? readJson(labels, false).path("steady_state_starts") : null;
            Map<String, JsonNode> windows = new LinkedHashMap<>();
            window(dir.resolve("default_config"), b, "jmh-default", windows);
            window(dir.resolve("devconfig"), b, "developers", windows);
            Path dyn = dir.resolve("dynconfig");
            if (Files.isDirectory(dyn)) {
                try (Stream<Path> rules = Files.list(dyn).sorted()) {
                    for (Path r : rules.toList()) {
                        window(r, b, "dynamic-" + r.getFileName().toString().toLowerCase(Locale.ROOT), windows);
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            if (!forks.isArray() || forks.isEmpty() || !forks.get(0).isArray()) {
                // an object ({"a": [...]}) was an internal error, a flat list "an empty series"
                throw new IllegalArgumentException(seriesFile + ": expected a list of forks, each a list of "
                        + "iterations ([[1.0, 2.0, …], …]), as the JMH steady-state data set has");
            }
            for (int f = 0; f < forks.size(); f++) {
                JsonNode fork = forks.get(f);
                if (!fork.isArray()) {
                    throw new IllegalArgumentException(seriesFile + ": fork " + f + " is not a list of iterations");
                }
                double[] v = new double[fork.size()];
                for (int i = 0; i < v.length; i++) {
                    v[i] = fork.get(i).asDouble(Double.NaN);
                }
                int start = Trace.UNLABELLED;
                if (starts != null && starts.has(f)) {
                    int last = starts.get(f).asInt();
                    // the label is the last warm-up iteration; the steady part begins after it
                    start = last < 0 ? Trace.NO_STEADY_STATE : Math.min(last + 1, v.length - 1);
                }
                Map<String, int[]> w = new LinkedHashMap<>();
                for (Map.Entry<String, JsonNode> e : windows.entrySet()) {
                    JsonNode pair = e.getValue().get(f);
                    if (pair != null && pair.size() == 2) {
                        w.put(
                                e.getKey(),
                                new int[] {pair.get(0).asInt() + 1, pair.get(1).asInt()});
                    }
                }
                out.add(
                        start == Trace.UNLABELLED
                                ? new Trace(b + "#fork" + f, b, v, start, Double.NaN, w)
                                : Trace.labelled(b + "#fork" + f, b, v, start, w));
            }
        }
        if (out.isEmpty()) {
            throw new InputException(dir + ": no series" + (split == null ? "" : " in split '" + split + "'"));
        }
        return out;
    }

    /** A practice's windows of benchmark b, one per fork, when the data set has them. */
    private static void window(Path folder, String b, String name, Map<String, JsonNode> into) {
        Path f = folder.resolve(b + ".json");
        if (Files.isRegularFile(f)) {
            into.put(name, readJson(f, false));
        }
    }

    /** The benchmarks of {@code split} in benchmarks.csv, or every series file when there is no such file. */
    private static List<String> benchmarks(Path dir, String split) {
        Path csv = dir.resolve("benchmarks.csv");
        try {
            if (Files.exists(csv)) {
                List<String> names = new ArrayList<>();
                List<String> lines = Files.readAllLines(csv);
                for (String line : lines.subList(1, lines.size())) {
                    String[] f = line.split(",", 3);
                    if (f.length == 3 && (split == null || f[0].strip().equals(split))) {
                        names.add(f[2].strip());
                    }
                }
                if (split != null && names.isEmpty()) {
                    throw new InputException(csv + ": no benchmark in split '" + split + "'; the splits are "
                            + lines.stream()
                                    .skip(1)
                                    .map(l -> l.split(",", 2)[0])
                                    .distinct()
                                    .toList());
                }
                return names;
            }
            if (split != null) {
                throw new InputException(
                        dir + ": --split " + split + " needs a benchmarks.csv (split,project," + "benchmark)");
            }
            try (Stream<Path> files = Files.list(dir.resolve("series"))) {
                return files.map(p -> p.getFileName().toString())
                        .filter(n -> n.endsWith(".json.gz"))
                        .map(n -> n.substring(0, n.length() - ".json.gz".length()))
                        .sorted()
                        .toList();
            }
        } catch (IOException e) {
            throw new InputException(dir + ": cannot be read (" + e.getMessage() + ")");
        }
    }

    private static JsonNode readJson(Path f, boolean gzip) {
        try (InputStream raw = Files.newInputStream(f);
                InputStream in = gzip ? new GZIPInputStream(raw) : raw) {
            return JsonMappers.plain().readTree(in);
        } catch (IOException | tools.jackson.core.JacksonException e) {
            throw new InputException(f + ": cannot be read as JSON (" + e.getMessage() + ")");
        }
    }
}
