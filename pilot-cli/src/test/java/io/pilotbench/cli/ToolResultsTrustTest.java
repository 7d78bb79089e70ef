package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Other tools' results read as carefully as a text file: their direction, their names and every value checked. */
class ToolResultsTrustTest {
    @TempDir
    Path tmp;

    private static String benchmark(String name, String mode, String unit, String rawData) {
        return "{\"jmhVersion\":\"1.37\",\"benchmark\":\"" + name + "\",\"mode\":\"" + mode + "\",\"threads\":1,"
                + "\"forks\":2,\"params\":{},\"primaryMetric\":{\"score\":1,\"scoreError\":1,\"scoreConfidence\":[0,0],"
                + "\"scoreUnit\":\"" + unit + "\",\"rawData\":[" + rawData + "]},\"secondaryMetrics\":{}}";
    }

    private static final String HIGH = "[330,331,329,332,328],[333,327,330,331,329]";
    private static final String LOW = "[100,101,99,102,98],[103,97,100,101,99]";

    /**
     * JMH's default mode, throughput (ops/us), was compared as a time: a candidate with 3.3× less throughput passed
     * --fail-if-slower 5% and one with 3.3× more failed it (exit 5). A score per unit of time is better higher.
     */
    @Test
    void aJmhThroughputIsBetterHigherSoTheGateTripsOnlyWhenItFalls() throws Exception {
        Path worse = tmp.resolve("worse.json");
        Files.writeString(
                worse,
                "[" + benchmark("org.B.baseline", "thrpt", "ops/us", HIGH) + ","
                        + benchmark("org.B.candidate", "thrpt", "ops/us", LOW) + "]");
        Path better = tmp.resolve("better.json");
        Files.writeString(
                better,
                "[" + benchmark("org.B.baseline", "thrpt", "ops/us", LOW) + ","
                        + benchmark("org.B.candidate", "thrpt", "ops/us", HIGH) + "]");
        CliRun w = CliRun.run("compare", "--fail-if-slower", "5%", worse.toString());
        assertThat(w.out()).contains("higher is better");
        assertThat(w.code()).as(w.out()).isEqualTo(ExitCode.GATE.code());
        CliRun b = CliRun.run("compare", "--fail-if-slower", "5%", better.toString());
        assertThat(b.code()).as(b.out()).isZero();
        // as two files of one benchmark each, too; and --lower-is-better still overrides
        Path one = tmp.resolve("one.json");
        Path two = tmp.resolve("two.json");
        Files.writeString(one, "[" + benchmark("org.B.m", "thrpt", "ops/us", HIGH) + "]");
        Files.writeString(two, "[" + benchmark("org.B.m", "thrpt", "ops/us", LOW) + "]");
        CliRun files = CliRun.run("compare", "--fail-if-slower", "5%", one.toString(), two.toString());
        assertThat(files.code()).as(files.out()).isEqualTo(ExitCode.GATE.code());
        assertThat(CliRun.run("compare", "--lower-is-better", "--fail-if-slower", "5%", one.toString(), two.toString())
                        .code())
                .isZero();
    }

    /** Two modes of one benchmark (-bm avgt,ss) came out as two series of the same name. */
    @Test
    void twoModesOfOneBenchmarkAreTwoNamedSeries() throws Exception {
        Path modes = tmp.resolve("modes.json");
        Files.writeString(
                modes,
                "[" + benchmark("org.B.parse", "avgt", "us/op", LOW) + ","
                        + benchmark("org.B.parse", "ss", "us/op", HIGH) + "]");
        CliRun r = CliRun.run("analyze", "--format", "csv", modes.toString());
        assertThat(r.out()).contains("org.B.parse (avgt, us/op, 2 forks)").contains("org.B.parse (ss, us/op, 2 forks)");
    }

    /**
     * A JMH value "NaN" was an internal error (exit 1), null was read as 0, 1e-300 gave a CI of width 0 and exit 0,
     * hyperfine's 1e300 and criterion's iteration count 0 gave lines that named no file, and JSON cut short was read
     * as text ("first line looks like a header"). Each is now one line naming the file, exit 2, as for a text file.
     */
    @Test
    void everyValueOfAToolsResultIsCheckedAsATextFilesAre() throws Exception {
        String[][] cases = {
            {"nan.json", "[" + benchmark("org.B.m", "avgt", "us/op", "[3.0,\"NaN\",2.0]") + "]", "holds '\"NaN\"' at 1"
            },
            {"null.json", "[" + benchmark("org.B.m", "avgt", "us/op", "[3.0,null,2.0]") + "]", "holds 'null' at 1"},
            {"tiny.json", "[" + benchmark("org.B.m", "avgt", "us/op", "[3e-300,2e-300]") + "]", "holds '3.0E-300' at 0"
            },
            {"hf.json", "{\"results\":[{\"command\":\"a\",\"times\":[1e300,1.0]}]}", "times of 'a' holds '1.0E300'"},
            {
                "cut.json",
                "[" + benchmark("org.B.m", "avgt", "us/op", "[3.0,2.0]").substring(0, 80),
                "not valid JSON"
            },
            {
                "raw.csv",
                "group,function,value,throughput_num,throughput_type,sample_measured_value,unit,iteration_count\n"
                        + "g,f,,,,100,ns,0\n",
                "raw.csv:2: sample_measured_value '100' / iteration_count '0' is not a finite number"
            }
        };
        for (String[] c : cases) {
            Path f = tmp.resolve(c[0]);
            Files.writeString(f, c[1]);
            CliRun r = CliRun.run("analyze", f.toString());
            assertThat(r.code()).as(c[0] + ": " + r.out() + r.err()).isEqualTo(ExitCode.USAGE.code());
            assertThat(r.err())
                    .as(c[0])
                    .startsWith("pilot: " + f)
                    .contains(c[2])
                    .hasLineCount(1);
        }
    }
}
