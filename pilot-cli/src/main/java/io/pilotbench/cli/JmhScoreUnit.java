package io.pilotbench.cli;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The unit JMH reports a benchmark's score in ({@code ops/s}, {@code us/op}), known before any fork runs: which way
 * is better follows from it. {@code pilot jmh} once called every score "score", lower is better, so that in JMH's
 * default mode (throughput, ops/s) a build 2.2× slower ranked first and passed {@code --fail-if-slower}.
 *
 * <p>Read with the jar's own JMH, so that its list and its options are read as that JMH version reads them: the
 * benchmark's mode and output time unit from the jar's benchmark list ({@code META-INF/BenchmarkList}, written by
 * JMH's annotation processor from {@code @BenchmarkMode} and {@code @OutputTimeUnit}), overridden by the JMH options
 * given ({@code -bm}, {@code -tu}), as JMH's own runner does; JMH's default is throughput in seconds. JMH has no
 * command that prints this, so its classes are loaded from the jar (an isolated class loader, closed after).
 */
final class JmhScoreUnit {
    private static final String LIST = "META-INF/BenchmarkList";

    private JmhScoreUnit() {}

    /**
     * The score's unit of the benchmark {@code benchmark} (a pattern matching one) in {@code jar} run with
     * {@code jmhOptions}, or empty when it cannot be told: no such jar or benchmark, a JMH whose classes differ, or
     * several modes (each its own score).
     */
    static Optional<String> of(Path jar, String benchmark, List<String> jmhOptions) {
        try (ZipFile zip = new ZipFile(jar.toFile());
                URLClassLoader jmh =
                        new URLClassLoader(new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader())) {
            ZipEntry list = zip.getEntry(LIST);
            if (list == null) {
                return Optional.empty();
            }
            List<String> lines;
            try (InputStream in = zip.getInputStream(list)) {
                lines = new String(in.readAllBytes(), StandardCharsets.UTF_8)
                        .lines()
                        .toList();
            }
            Class<?> entryClass = jmh.loadClass("org.openjdk.jmh.runner.BenchmarkListEntry");
            Object options = jmh.loadClass("org.openjdk.jmh.runner.options.CommandLineOptions")
                    .getConstructor(String[].class)
                    .newInstance((Object) jmhOptions.toArray(String[]::new));
            Collection<?> givenModes = (Collection<?>) call(options, "getBenchModes");
            Object givenUnit = value(call(options, "getTimeUnit"));
            Pattern pattern = Pattern.compile(benchmark);
            List<String> units = new ArrayList<>();
            for (String line : lines) {
                if (line.isBlank()) {
                    continue;
                }
                Object entry = entryClass.getConstructor(String.class).newInstance(line);
                if (!pattern.matcher((String) call(entry, "getUsername")).find()) {
                    continue;
                }
                List<Object> modes = givenModes.isEmpty() ? List.of(call(entry, "getMode")) : List.copyOf(givenModes);
                Object unit = givenUnit != null ? givenUnit : value(call(entry, "getTimeUnit"));
                for (Object mode : modes) {
                    units.add(unit(
                            String.valueOf(call(mode, "shortLabel")),
                            unit == null ? TimeUnit.SECONDS : (TimeUnit) unit));
                }
            }
            return units.size() == 1 && units.get(0) != null ? Optional.of(units.get(0)) : Optional.empty();
        } catch (IOException | ReflectiveOperationException | RuntimeException | LinkageError e) {
            return Optional.empty(); // not a jar, not JMH, another JMH: said by the checks that follow, or unknown
        }
    }

    /** JMH's unit for a mode's short label and an output time unit (its ScoreFormatter's labels); null for "all". */
    static String unit(String mode, TimeUnit timeUnit) {
        String tu =
                switch (timeUnit) {
                    case NANOSECONDS -> "ns";
                    case MICROSECONDS -> "us";
                    case MILLISECONDS -> "ms";
                    case SECONDS -> "s";
                    case MINUTES -> "min";
                    case HOURS -> "hr";
                    case DAYS -> "day";
                };
        return switch (mode) {
            case "thrpt" -> "ops/" + tu;
            case "avgt", "sample", "ss" -> tu + "/op";
            default -> null;
        };
    }

    private static Object call(Object target, String method) throws ReflectiveOperationException {
        Method m = target.getClass().getMethod(method);
        m.setAccessible(true);
        return m.invoke(target);
    }

    /** The value of JMH's own Optional, or null. */
    private static Object value(Object jmhOptional) throws ReflectiveOperationException {
        return (Boolean) call(jmhOptional, "hasValue") ? call(jmhOptional, "get") : null;
    }
}
