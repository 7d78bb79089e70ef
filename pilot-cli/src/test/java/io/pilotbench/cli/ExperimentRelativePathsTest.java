package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's experiment commands as a user types them: from the top of a checkout (here a copy of its examples),
 * with relative paths, in a real {@code pilot} process whose working directory is that top.
 */
@EnabledOnOs(OS.LINUX)
class ExperimentRelativePathsTest {
    private static final Path EXAMPLES = Path.of("..", "examples", "experiment");

    @TempDir
    Path top;

    @Test
    void aRelativeOutputDirectoryWorksForRunAndResume() throws Exception {
        copy(EXAMPLES, top.resolve("examples/experiment"));

        // the README's own commands
        Child run = pilot("experiment", "run", "examples/experiment/compressors.yaml", "-o", "results/compressors");
        assertThat(run.waitFor(300)).as(run.log()).isZero();
        assertThat(jobs(top.resolve("results/compressors")))
                .as(run.log())
                .hasSize(32)
                .allSatisfy((job, error) -> assertThat(error).as("job " + job).isEmpty());
        Child analyze = pilot("experiment", "analyze", "results/compressors", "--order", "1");
        assertThat(analyze.waitFor(60)).as(analyze.log()).isZero();
        assertThat(analyze.out()).contains("metric time: 32 jobs");

        // killed after a few jobs, then resumed by the relative path: every remaining job runs, none fails
        Path again = top.resolve("results/again");
        Child killed = pilot("experiment", "run", "examples/experiment/compressors.yaml", "-o", "results/again");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (jobs(again).size() < 2 && killed.process.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        killed.process.destroyForcibly().waitFor();
        int before = jobs(again).size();
        assertThat(before).as(killed.log()).isBetween(2, 31);
        Child resume = pilot("experiment", "resume", "results/again");
        assertThat(resume.waitFor(300)).as(resume.log()).isZero();
        assertThat(resume.out()).contains((32 - before) + " run now, " + before + " done before, 0 failed");
        assertThat(jobs(again))
                .hasSize(32)
                .allSatisfy((job, error) -> assertThat(error).as("job " + job).isEmpty());
        assertThat(Files.readAllLines(again.resolve("results.csv"))).hasSize(33); // each job once
    }

    /** A {@code pilot} process started in {@link #top}. */
    private record Child(Process process, Path stdout, Path stderr) {
        int waitFor(int seconds) throws Exception {
            if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
                throw new AssertionError("pilot did not end in " + seconds + " s: " + log());
            }
            return process.exitValue();
        }

        String out() throws IOException {
            return Files.readString(stdout);
        }

        String log() throws IOException {
            return out() + Files.readString(stderr);
        }
    }

    private int children;

    private Child pilot(String... args) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> words = new java.util.ArrayList<>(
                List.of(java, "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        words.addAll(List.of(args));
        Path logs = Files.createDirectories(top.resolve("logs"));
        int n = ++children;
        Path out = logs.resolve(n + ".out");
        Path err = logs.resolve(n + ".err");
        Process p = new ProcessBuilder(words)
                .directory(top.toFile())
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .start();
        return new Child(p, out, err);
    }

    /** job → its error column, of the rows in DIR/results.csv (none when there is no table yet). */
    private static Map<String, String> jobs(Path dir) throws IOException {
        Path table = dir.resolve("results.csv");
        if (!Files.exists(table)) {
            return Map.of();
        }
        List<String> lines = Files.readAllLines(table);
        if (lines.isEmpty()) {
            return Map.of();
        }
        List<String> head = List.of(lines.get(0).split(",", -1));
        int error = head.indexOf("error");
        // the error is the last column: everything after the comma before it
        return lines.stream()
                .skip(1)
                .map(l -> l.split(",", error + 1))
                .collect(Collectors.toMap(
                        r -> r[0], r -> r.length > error ? r[error] : "?", (a, b) -> a + " and again " + b));
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : all.toList()) {
                Path t = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(p, t, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
    }
}
