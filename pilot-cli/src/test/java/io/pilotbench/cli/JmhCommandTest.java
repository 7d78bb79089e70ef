package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code pilot jmh}, with a stand-in for {@code java -jar benchmarks.jar} that writes a real JMH result (recorded on
 * this machine, import/jmh-edm.json: 2 forks of 3 iterations) where {@code -rff} says, and logs its arguments: the
 * translation to one fork per round and the reading of the iterations are what is tested here; a real JMH jar is
 * driven the same way (README, bench/README).
 */
@EnabledOnOs({OS.LINUX, OS.MAC})
class JmhCommandTest {
    @TempDir
    Path tmp;

    private Path fakeJava() throws Exception {
        Path script = tmp.resolve("fake-java");
        Files.writeString(
                script,
                "#!/bin/sh\n"
                        // JMH's list of its benchmarks, which pilot jmh asks for before the first fork
                        + "if [ \"$3\" = -l ]; then echo 'Benchmarks: '; "
                        + "echo io.pilotbench.benchmarks.Edm.exact; "
                        + "echo io.pilotbench.benchmarks.Edm.scalable; exit 0; fi\n"
                        + "echo \"$@\" >> " + tmp.resolve("args.log") + "\n"
                        + "while [ $# -gt 0 ]; do if [ \"$1\" = -rff ]; then cp "
                        + CliRun.resource("import/jmh-edm.json")
                        + " \"$2\"; fi; shift; done\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        return script;
    }

    /** Jars the fake java runs: real zip files, so that pilot jmh's check that a jar is one passes. */
    @org.junit.jupiter.api.BeforeEach
    void jars() throws Exception {
        for (String jar : new String[] {"b.jar", "old.jar", "new.jar"}) {
            try (var zip = new java.util.zip.ZipOutputStream(Files.newOutputStream(Path.of(jar)))) {
                zip.putNextEntry(new java.util.zip.ZipEntry("META-INF/MANIFEST.MF"));
                zip.write("Manifest-Version: 1.0\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
            }
        }
    }

    @org.junit.jupiter.api.AfterEach
    void removeJars() throws Exception {
        for (String jar : new String[] {"b.jar", "old.jar", "new.jar"}) {
            Files.deleteIfExists(Path.of(jar));
        }
    }

    /**
     * A missing jar, a file that is not one, a pattern that matched nothing (JMH said only "Use EXTRA verbose mode")
     * or two benchmarks ended in exit 4 after a fork. Each is one line, exit 2, before any fork.
     */
    @Test
    void aJarOrPatternThatCannotRunIsRefusedBeforeAnyFork() throws Exception {
        String java = fakeJava().toString();
        Files.writeString(tmp.resolve("text.jar"), "not a zip");
        String[][] cases = {
            {"missing.jar", "Edm.exact$", "--jar missing.jar: no such file"},
            {tmp.resolve("text.jar").toString(), "Edm.exact$", "not a jar (zip) file"},
            {"b.jar", "NoSuch", "--benchmark 'NoSuch' matches no benchmark of b.jar"},
            {"b.jar", "Edm", "--benchmark 'Edm' matches 2 benchmarks of b.jar"}
        };
        for (String[] c : cases) {
            CliRun r = CliRun.run(
                    "jmh",
                    "--java",
                    java,
                    "--jar",
                    c[0],
                    "--benchmark",
                    c[1],
                    "--max-rounds",
                    "2",
                    "-o",
                    tmp.resolve("x" + c[1].length()).toString());
            assertThat(r.code()).as(c[2] + ": " + r.err()).isEqualTo(ExitCode.USAGE.code());
            assertThat(r.err()).contains(c[2]).hasLineCount(1);
        }
        assertThat(tmp.resolve("args.log")).as("no fork ran").doesNotExist();
    }

    @Test
    void aRoundIsOneForkAndItsIterationsTheUnitReadings() throws Exception {
        CliRun r = CliRun.run(
                "jmh",
                "--java",
                fakeJava().toString(),
                "--jar",
                "b.jar",
                "--benchmark",
                "Edm.exact$",
                "--iterations",
                "3",
                "--unit",
                "ms/op",
                "--format",
                "json",
                "--max-rounds",
                "3",
                "-o",
                tmp.resolve("s").toString(),
                "--",
                "-p",
                "n=1000");
        // every fork replays the same result, whose first iterations are slower than its last: the same difference
        // between a round's halves every time, so the limit ends a session that saw no steady state in a round
        assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.NO_STEADY_STATE.code());
        JsonNode root = JsonMapper.builder().build().readTree(r.out());
        assertThat(root.get("steadyState").asString()).contains("move within every round");
        JsonNode pi = root.get("pis").get(0);
        assertThat(pi.get("name").asString()).isEqualTo("Edm.exact$");
        assertThat(pi.get("unit").asString()).isEqualTo("ms/op");
        JsonNode units = pi.get("unitReadings");
        // the recorded result holds 6 iterations (2 forks of 3): each round's unit readings are those
        assertThat(units.get("n").asInt() + units.path("removed").asInt()).isEqualTo(3 * 6);
        String args = Files.readString(tmp.resolve("args.log"));
        assertThat(args.lines())
                .hasSize(3)
                .allMatch(l -> l.startsWith("-jar b.jar Edm.exact$ -f 1 -wi 3 -i 3 -rf json " + "-rff ")
                        && l.endsWith("/jmh.json -p n=1000"));
    }

    /**
     * Finding: a fork measured from its first iteration and left to the test to cut its warm-up (JMH's {@code -wi 0})
     * ended converged with a CI that missed the steady mean in 34% of the real JMH benchmarks of the holdout split;
     * warmed up for as many iterations as it measures, in 17% at the same iterations per fork (bench/README.md). So
     * {@code --warmup-iterations} reaches JMH's {@code -wi}, and by default a fork warms up for as many iterations as
     * it measures (JMH's ratio), now that the CI of unit readings rests on the forks' means (BetweenRounds); 0 still
     * leaves the warm-up to the test.
     */
    @Test
    void warmUpIterationsReachJmhAsManyAsMeasuredByDefault() throws Exception {
        Path java = fakeJava();
        String[] common = {"jmh", "--java", java.toString(), "--jar", "b.jar", "--benchmark", "Edm.exact$"};
        CliRun byDefault = CliRun.run(
                concat(common, "--max-rounds", "1", "-o", tmp.resolve("d").toString()));
        CliRun told = CliRun.run(concat(
                common,
                "--iterations",
                "4",
                "--warmup-iterations",
                "0",
                "--max-rounds",
                "1",
                "-o",
                tmp.resolve("t").toString()));
        assertThat(byDefault.code()).as(byDefault.err()).isEqualTo(ExitCode.LIMIT.code());
        assertThat(told.code()).as(told.err()).isEqualTo(ExitCode.LIMIT.code());
        assertThat(Files.readString(tmp.resolve("args.log")).lines())
                .satisfiesExactly(l -> assertThat(l).contains(" -f 1 -wi 10 -i 10 "), l -> assertThat(l)
                        .contains(" -f 1 -wi 0 -i 4 "));
        CliRun negative = CliRun.run(concat(common, "--warmup-iterations", "-1"));
        assertThat(negative.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(negative.err())
                .contains("--warmup-iterations: -1 is negative")
                .hasLineCount(1);
    }

    private static String[] concat(String[] a, String... b) {
        String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    @Test
    void compareInterleavesForksOfTwoJars() throws Exception {
        CliRun r = CliRun.run(
                "jmh",
                "--compare",
                "--java",
                fakeJava().toString(),
                "--jar",
                "old.jar",
                "--jar",
                "new.jar",
                "--benchmark",
                "Edm.exact$",
                "--iterations",
                "3",
                "--max-rounds",
                "2",
                "-o",
                tmp.resolve("c").toString());
        assertThat(r.code()).as(r.err()).isIn(ExitCode.OK.code(), ExitCode.LIMIT.code());
        assertThat(r.out()).contains("old.jar").contains("new.jar");
        assertThat(Files.readString(tmp.resolve("args.log")).lines().filter(l -> l.contains("-jar old.jar")))
                .hasSize(2);
    }

    @Test
    void whatCannotBeDoneIsOneLine() {
        CliRun two = CliRun.run("jmh", "--jar", "a.jar", "--jar", "b.jar", "--benchmark", "x");
        assertThat(two.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(two.err()).contains("one --jar and one --benchmark").hasLineCount(1);
        CliRun few = CliRun.run("jmh", "--jar", "a.jar", "--benchmark", "x", "--iterations", "1");
        assertThat(few.err()).contains("--iterations: 1 is too few").hasLineCount(1);
        CliRun bad = CliRun.run("jmh", "--jar", "a.jar", "--benchmark", "x", "--max-rounds", "many");
        assertThat(bad.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(bad.err())
                .startsWith("pilot: --max-rounds: ")
                .endsWith("(see 'pilot run --help')\n")
                .hasLineCount(1);
        CliRun unknown = CliRun.run(
                "jmh", "--compare", "--jar", "a.jar", "--jar", "b.jar", "--benchmark", "x", "--no-such-option");
        assertThat(unknown.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(unknown.err())
                .contains("--no-such-option")
                .contains("(see 'pilot compare --help')")
                .hasLineCount(1);
    }
}
