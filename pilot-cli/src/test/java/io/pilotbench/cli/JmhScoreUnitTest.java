package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code pilot jmh --compare --jar old.jar --jar new.jar --benchmark 'Work.sum$' --fail-if-slower 5%} on a benchmark
 * in JMH's default mode (throughput, ops/s) ranked the build 2.2× slower first ("2.212× lower") and passed the gate:
 * every score was "score", lower is better. The unit now comes from the jar's own benchmark list and JMH options, so
 * throughput is higher-is-better, and a {@code --unit} that contradicts it is refused before any fork.
 *
 * <p>The jars here hold JMH's own classes (jmh-core, as an uber-jar does) and a benchmark list in JMH 1.37's format
 * (the line its annotation processor wrote for a method without {@code @BenchmarkMode}); the forks are a stand-in
 * for java that writes real JMH results of that benchmark, recorded on this machine: a faster and a slower build.
 */
@EnabledOnOs({OS.LINUX, OS.MAC})
class JmhScoreUnitTest {
    /** JMH 1.37's benchmark-list line for b.Work.sum, a benchmark with no mode or time unit annotated. */
    private static final String DEFAULT_MODE_LINE = "JMH S 6 b.Work S 32 b.jmh_generated.Work_sum_jmhTest S 3 sum S 10 "
            + "Throughput E A 1 1 1 E E E E E E E E E E E E E E E E E ";

    @TempDir
    Path tmp;

    /** A jar with jmh-core's classes (and their dependency's), and a benchmark list of {@code lines}. */
    private Path jmhJar(String name, String... lines) throws Exception {
        Path jar = tmp.resolve(name);
        Set<String> seen = new HashSet<>();
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new ZipEntry("META-INF/BenchmarkList"));
            out.write(String.join("\n", lines).getBytes(StandardCharsets.UTF_8));
            seen.add("META-INF/BenchmarkList");
            for (Class<?> c : List.of(org.openjdk.jmh.runner.BenchmarkList.class, joptsimple.OptionParser.class)) {
                Path from = Path.of(
                        c.getProtectionDomain().getCodeSource().getLocation().toURI());
                try (ZipFile zip = new ZipFile(from.toFile())) {
                    for (ZipEntry e : java.util.Collections.list(zip.entries())) {
                        if (!e.isDirectory() && seen.add(e.getName())) {
                            out.putNextEntry(new ZipEntry(e.getName()));
                            try (InputStream in = zip.getInputStream(e)) {
                                in.transferTo(out);
                            }
                        }
                    }
                }
            }
        }
        return jar;
    }

    @Test
    void theUnitIsJmhsOwnFromItsListAndOptions() throws Exception {
        Path jar = jmhJar("b.jar", DEFAULT_MODE_LINE);
        assertThat(JmhScoreUnit.of(jar, "Work.sum$", List.of())).contains("ops/s");
        assertThat(JmhScoreUnit.of(jar, "Work.sum$", List.of("-bm", "avgt", "-tu", "us")))
                .contains("us/op");
        assertThat(JmhScoreUnit.of(jar, "Work.sum$", List.of("-tu", "ms"))).contains("ops/ms");
        assertThat(JmhScoreUnit.of(jar, "Work.sum$", List.of("-bm", "thrpt,avgt")))
                .isEmpty(); // two scores
        assertThat(JmhScoreUnit.of(jar, "Other.x$", List.of())).isEmpty();
        assertThat(JmhScoreUnit.of(tmp.resolve("none.jar"), "Work.sum$", List.of()))
                .isEqualTo(Optional.empty());
        assertThat(JmhScoreUnit.unit("ss", TimeUnit.NANOSECONDS)).isEqualTo("ns/op");
    }

    /** The stand-in for java: JMH's list for -l, else a fork's result, the fast or the slow build's by jar. */
    private Path fakeJava() throws Exception {
        Path script = tmp.resolve("fake-java");
        Files.writeString(
                script,
                "#!/bin/sh\n"
                        + "if [ \"$3\" = -l ]; then echo 'Benchmarks: '; echo b.Work.sum; exit 0; fi\n"
                        + "case \"$2\" in *old.jar) json=" + CliRun.resource("import/jmh-thrpt-fast.json") + ";; "
                        + "*) json=" + CliRun.resource("import/jmh-thrpt-slow.json") + ";; esac\n"
                        + "while [ $# -gt 0 ]; do if [ \"$1\" = -rff ]; then cp \"$json\" \"$2\"; fi; shift; done\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        return script;
    }

    @Test
    void throughputIsHigherIsBetterSoTheSlowerBuildRanksSecond() throws Exception {
        Path old = jmhJar("old.jar", DEFAULT_MODE_LINE);
        Path candidate = jmhJar("new.jar", DEFAULT_MODE_LINE);
        CliRun r = CliRun.run(
                "jmh",
                "--compare",
                "--java",
                fakeJava().toString(),
                "--jar",
                old.toString(),
                "--jar",
                candidate.toString(),
                "--benchmark",
                "Work.sum$",
                "--iterations",
                "3",
                "--max-rounds",
                "4",
                "--format",
                "json",
                "-o",
                tmp.resolve("c").toString());
        assertThat(r.code()).as(r.err()).isIn(ExitCode.OK.code(), ExitCode.LIMIT.code());
        JsonNode json = JsonMapper.builder().build().readTree(r.out());
        assertThat(json.path("pi").path("unit").asString()).isEqualTo("ops/s");
        assertThat(json.path("pi").path("direction").asString()).isEqualTo("higher_is_better");
        JsonNode first = json.path("workloads").get(0);
        assertThat(first.path("rank").asInt()).isEqualTo(1);
        assertThat(first.path("name").asString()).endsWith("old.jar"); // 2.2× the slower build's ops/s
    }

    @Test
    void aUnitThatContradictsJmhsIsRefusedBeforeAnyFork() throws Exception {
        Path jar = jmhJar("b.jar", DEFAULT_MODE_LINE);
        CliRun r = CliRun.run(
                "jmh",
                "--java",
                fakeJava().toString(),
                "--jar",
                jar.toString(),
                "--benchmark",
                "Work.sum$",
                "--unit",
                "us/op",
                "-o",
                tmp.resolve("s").toString());
        assertThat(r.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(r.err()).hasLineCount(1).contains("--unit us/op: JMH reports Work.sum$ in ops/s");
        assertThat(tmp.resolve("s")).doesNotExist();
    }
}
