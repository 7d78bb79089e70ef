package io.pilotbench.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * What {@code pilot jmh} checks before its first fork: each jar is a jar, and each benchmark pattern names exactly one
 * benchmark of it (JMH's own list, {@code java -jar JAR -l}). A missing jar or a pattern that matched nothing used to
 * end in exit 4 after a fork, with JMH's "Use EXTRA verbose mode" as the only word, and a pattern that matched two
 * benchmarks ran a whole fork before it was refused.
 */
final class JmhJars {
    private JmhJars() {}

    /** Checks {@code jar} and that {@code benchmark} matches one of its benchmarks, run with {@code java}. */
    static void check(String java, String jar, String benchmark) throws IOException, InterruptedException {
        Path p = Path.of(jar);
        if (!Files.isRegularFile(p)) {
            throw new IllegalArgumentException("--jar " + jar + ": no such file; give JMH's benchmarks jar "
                    + "(mvn package makes target/benchmarks.jar)");
        }
        try (InputStream in = Files.newInputStream(p)) {
            byte[] head = in.readNBytes(4);
            if (head.length < 4 || head[0] != 'P' || head[1] != 'K' || head[2] != 3 || head[3] != 4) {
                throw new IllegalArgumentException("--jar " + jar + ": not a jar (zip) file");
            }
        }
        Pattern pattern;
        try {
            pattern = Pattern.compile(benchmark);
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException(
                    "--benchmark '" + benchmark + "': not a regular expression (" + e.getDescription() + ")");
        }
        Process list;
        try {
            list = new ProcessBuilder(java, "-jar", jar, "-l")
                    .redirectErrorStream(true)
                    .start();
        } catch (IOException e) {
            throw new IllegalArgumentException("--java " + java + ": cannot be run (" + e.getMessage() + ")");
        }
        String out = new String(list.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!list.waitFor(60, TimeUnit.SECONDS) || list.exitValue() != 0) {
            list.destroyForcibly();
            throw new IllegalArgumentException("--jar " + jar + ": '" + java + " -jar " + jar + " -l' did not list "
                    + "its benchmarks (is it JMH's uber-jar?)");
        }
        List<String> matched = new ArrayList<>();
        for (String line : out.lines().toList()) {
            String name = line.strip();
            // JMH matches the pattern anywhere in the benchmark's name (find, not matches)
            if (!name.isEmpty() && !name.endsWith(":") && pattern.matcher(name).find()) {
                matched.add(name);
            }
        }
        if (matched.isEmpty()) {
            throw new IllegalArgumentException("--benchmark '" + benchmark + "' matches no benchmark of " + jar
                    + " (java -jar " + jar + " -l lists them)");
        }
        if (matched.size() > 1) {
            throw new IllegalArgumentException("--benchmark '" + benchmark + "' matches " + matched.size()
                    + " benchmarks of " + jar + " ("
                    + String.join(", ", matched.subList(0, Math.min(3, matched.size())))
                    + (matched.size() > 3 ? ", …" : "") + "); a session measures one: anchor it, e.g. 'Class.method$'");
        }
    }
}
