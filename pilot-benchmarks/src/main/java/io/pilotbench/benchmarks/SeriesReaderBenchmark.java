package io.pilotbench.benchmarks;

import io.pilotbench.core.input.ColumnSelector;
import io.pilotbench.core.input.SeriesReader;
import io.pilotbench.core.model.Series;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Reading a file of numbers as {@code pilot analyze FILE} does: a {@link SeriesReader} with the delimiter detected
 * ({@code --delimiter auto}, the default) and the column chosen as {@code --column} chooses it, then
 * {@link SeriesReader#read(Path, java.util.function.Consumer)} — the same construction and call as the CLI's input
 * loop ({@code InputOptions.forEachSeries}).
 *
 * <p>Inputs, written once per trial to a temporary file (deleted after the trial), seeded (42), latencies
 * 50 + 2.5·N(0, 1) with three decimals:
 * <ul>
 *   <li>{@code one-column}: one number per line, no header ({@code pilot analyze FILE}; whitespace path);</li>
 *   <li>{@code csv-3-columns}: a header {@code round,latency,throughput} and three comma-separated columns, the
 *       latency selected by name ({@code pilot analyze --column latency FILE}; FastCSV path).</li>
 * </ul>
 * {@code lines} counts the data lines (a CSV has one header line more). The file is read from the page cache after
 * the first read, so this measures decoding and parsing, not the disk.
 *
 * <p>Run with
 * {@code java -jar pilot-benchmarks/target/benchmarks.jar SeriesReaderBenchmark -f 1 -wi 2 -i 3 -w 1s -r 1s};
 * figures in bench/README.md.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class SeriesReaderBenchmark {

    @State(Scope.Benchmark)
    public static class InputFile {
        @Param({"1000000"})
        public int lines;

        @Param({"one-column", "csv-3-columns"})
        public String format;

        Path file;
        SeriesReader reader;
        /** The numbers of the selected column as written, parsed back: what the reader must return. */
        double[] expected;

        @Setup(Level.Trial)
        public void setUp() throws IOException {
            boolean csv =
                    switch (format) {
                        case "one-column" -> false;
                        case "csv-3-columns" -> true;
                        default ->
                            throw new IllegalArgumentException("format is one-column or csv-3-columns, got " + format);
                    };
            // as InputOptions builds it: --delimiter auto, and no --column (the first) or --column latency
            reader = new SeriesReader(
                    SeriesReader.Delimiter.AUTO, List.of(csv ? ColumnSelector.parse("latency") : ColumnSelector.FIRST));
            file = Files.createTempFile("pilot-series-reader-bench", csv ? ".csv" : ".txt");
            expected = new double[lines];
            SplittableRandom rnd = new SplittableRandom(42);
            try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
                if (csv) {
                    w.write("round,latency,throughput\n");
                }
                for (int i = 0; i < lines; i++) {
                    String latency = String.format(Locale.ROOT, "%.3f", 50 + 2.5 * SubsessionsBenchmark.gaussian(rnd));
                    expected[i] = Double.parseDouble(latency);
                    if (csv) {
                        w.write(Integer.toString(i));
                        w.write(',');
                        w.write(latency);
                        w.write(',');
                        w.write(String.format(Locale.ROOT, "%.1f", 1000 + 50 * SubsessionsBenchmark.gaussian(rnd)));
                    } else {
                        w.write(latency);
                    }
                    w.write('\n');
                }
            }
        }

        @TearDown(Level.Trial)
        public void tearDown() throws IOException {
            Files.deleteIfExists(file);
        }
    }

    /** One read of the whole file; the selected column's values. */
    @Benchmark
    public double[] read(InputFile in) {
        List<Series> series = in.reader.read(in.file, notice -> {});
        return series.get(0).values();
    }
}
