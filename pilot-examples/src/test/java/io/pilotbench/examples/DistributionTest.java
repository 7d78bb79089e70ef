package io.pilotbench.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The distribution archive ({@code ./mvnw package} makes pilot-cli/target/pilot-VERSION-dist.tar.gz), unpacked as a
 * user would, with only a JDK on the PATH and an empty home: its bin/pilot runs the README's quickstart. The archive
 * is made by the pilot-cli module, which the reactor builds before this one.
 */
class DistributionTest {
    @TempDir
    Path tmp;

    private static Path archive() throws IOException {
        Path target = Path.of("..", "pilot-cli", "target");
        try (Stream<Path> files = Files.list(target)) {
            List<Path> found = files.filter(f -> f.getFileName().toString().matches("pilot-.*-dist\\.tar\\.gz"))
                    .toList();
            assertThat(found)
                    .as("the distribution archive in " + target.toAbsolutePath() + " (./mvnw package builds it)")
                    .hasSize(1);
            return found.get(0);
        }
    }

    private static String run(Path dir, Map<String, String> env, List<String> command, int... codes) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().clear();
        pb.environment().putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(180, TimeUnit.SECONDS)).as(out).isTrue();
        assertThat(p.exitValue()).as(String.join(" ", command) + ":\n" + out).isIn((Object[]) box(codes));
        return out;
    }

    private static Integer[] box(int[] codes) {
        Integer[] b = new Integer[codes.length];
        for (int i = 0; i < codes.length; i++) {
            b[i] = codes[i];
        }
        return b;
    }

    /** The archive unpacked into the test's directory, as a user would: its pilot-VERSION directory. */
    private Path unpacked() throws Exception {
        run(
                tmp,
                Map.of("PATH", "/usr/bin:/bin"),
                List.of("tar", "xzf", archive().toAbsolutePath().toString()),
                0);
        try (Stream<Path> dirs = Files.list(tmp)) {
            return dirs.filter(Files::isDirectory).findFirst().orElseThrow();
        }
    }

    @Test
    void theUnpackedArchiveRunsTheQuickstartWithOnlyAJdk() throws Exception {
        Path home = unpacked();
        assertThat(home.getFileName().toString()).startsWith("pilot-");
        assertThat(home.resolve("lib/pilot.jar")).isRegularFile();
        assertThat(Files.isExecutable(home.resolve("bin/pilot"))).isTrue();
        // a PATH with the JDK that runs this test and the basic tools a shell script needs, nothing of a build
        String java = Path.of(System.getProperty("java.home"), "bin").toString();
        Path user = Files.createDirectories(tmp.resolve("home"));
        Map<String, String> env = Map.of("PATH", java + ":/usr/bin:/bin", "HOME", user.toString());
        String version = run(tmp, env, List.of(home.resolve("bin/pilot").toString(), "--version"), 0);
        assertThat(version.strip()).matches("pilot [0-9]+\\.[0-9]+\\.[0-9]+.*");
        String out = run(
                home,
                env,
                List.of(
                        home.resolve("bin/pilot").toString(),
                        "run",
                        "--max-rounds",
                        "5",
                        "-o",
                        tmp.resolve("session").toString(),
                        "--",
                        "awk",
                        "-f",
                        "examples/primes.awk"),
                0,
                3,
                7);
        assertThat(out).contains("rounds    5 recorded: 5 analysed");
        assertThat(tmp.resolve("session/rounds.csv")).isRegularFile();
        // the same installation however bin/pilot is spelt: relative, through "..", or through a link to it (bin/pilot
        // names its cache after the installation's path, worked out by the shell itself)
        Path link = tmp.resolve("pilot-link");
        Files.createSymbolicLink(link, home.resolve("bin/pilot"));
        for (List<String> command : List.of(
                List.of("./bin/pilot", "--version"),
                List.of("bin/../bin/pilot", "--version"),
                List.of(link.toString(), "--version"))) {
            assertThat(run(home, env, command, 0).strip()).as("%s", command).isEqualTo(version.strip());
        }
        // a relative JAVA_HOME, in a cache of its own: the archive's training runs in another directory, where the
        // relative path led nowhere, so no archive was ever made for it
        Map<String, String> relative = new java.util.HashMap<>(env);
        Files.createSymbolicLink(tmp.resolve("jdk"), Path.of(System.getProperty("java.home")));
        relative.put("JAVA_HOME", "jdk");
        relative.put("XDG_CACHE_HOME", tmp.resolve("other-cache").toString());
        assertThat(run(tmp, relative, List.of(home.resolve("bin/pilot").toString(), "--version"), 0)
                        .strip())
                .isEqualTo(version.strip());
        try (Stream<Path> cached = Files.walk(tmp.resolve("other-cache/pilot"))) {
            assertThat(cached.filter(f -> f.toString().endsWith(".jsa")).count())
                    .as("the class-data archive made for a relative JAVA_HOME")
                    .isEqualTo(1);
        }
        try (Stream<Path> cached = Files.walk(user.resolve(".cache/pilot"))) {
            assertThat(cached.filter(f -> f.toString().endsWith(".jsa")).count())
                    .as("the class-data archive made on first use, in the user's cache")
                    .isEqualTo(1);
        }
        // the mill is its own jar, which bin/pilot adds for pilot mill and pilot experiment
        assertThat(home.resolve("lib/mill.jar")).isRegularFile();
        assertThat(PilotJarWithoutTheMillTest.firstLineOf(
                        List.of(
                                home.resolve("bin/pilot").toString(),
                                "mill",
                                "serve",
                                "--port",
                                "0",
                                "--data",
                                tmp.resolve("mill-data").toString()),
                        env))
                .contains("master listening on http://127.0.0.1:");
    }

    /**
     * The archive held examples/primes.awk only, so the README's {@code pilot analyze examples/ferrari78.txt}, the
     * campaign and the experiments (docs/experiment.md) did not run from an installation. Every file of the
     * repository's examples/ is in it now, the scripts a job runs executable.
     */
    @Test
    void theArchiveHoldsEveryExampleTheDocsRun() throws Exception {
        Path home = unpacked();
        Path examples = Path.of("..", "examples");
        List<Path> files;
        try (Stream<Path> walk = Files.walk(examples)) {
            files = walk.filter(Files::isRegularFile).toList();
        }
        assertThat(files).hasSizeGreaterThan(10);
        for (Path f : files) {
            Path shipped =
                    home.resolve("examples").resolve(examples.relativize(f).toString());
            assertThat(shipped).as("in the archive").isRegularFile().hasSameBinaryContentAs(f);
            if (f.toString().endsWith(".sh")) {
                assertThat(Files.isExecutable(shipped))
                        .as(shipped + " executable")
                        .isTrue();
            }
        }
    }

    /**
     * The installed README and docs linked to about 50 files the archive did not hold (bench/README.md, the
     * CHANGELOG, CONTRIBUTING.md, docs/regenerate-help.sh). Every link between documents resolves in the installation
     * now; links into the source tree (a module's code or tests) are for readers of the repository.
     */
    @Test
    void theInstalledDocumentsLinkOnlyToFilesTheArchiveHolds() throws Exception {
        Path home = unpacked();
        java.util.regex.Pattern link = java.util.regex.Pattern.compile("\\]\\(([^)#\\s]+)(#[^)]*)?\\)");
        List<Path> pages;
        try (Stream<Path> walk = Files.walk(home)) {
            pages = walk.filter(f -> f.toString().endsWith(".md")).toList();
        }
        assertThat(pages).hasSizeGreaterThan(10);
        List<String> missing = new java.util.ArrayList<>();
        for (Path page : pages) {
            java.util.regex.Matcher m = link.matcher(Files.readString(page));
            while (m.find()) {
                String target = m.group(1);
                if (target.contains("://") || target.startsWith("mailto:") || target.matches(".*pilot-[a-z]+/.*")) {
                    continue;
                }
                if (!Files.exists(page.getParent().resolve(target))) {
                    missing.add(home.relativize(page) + " -> " + target);
                }
            }
        }
        assertThat(missing).isEmpty();
    }

    /**
     * Without a UTF-8 locale (LANG unset, as under cron or in a container) the JVM read its arguments as ASCII: a
     * command's argument "naïve" reached it as "na??ve", and a file café.txt could not be analysed ("Malformed input
     * or input contains unmappable characters"). bin/pilot now gives the JVM a UTF-8 character type and pilot gives
     * the command the user's locale back (LC_ALL still unset in it). The script builds the non-ASCII words from octal
     * escapes, so that this test's own locale does not matter.
     */
    @Test
    void nonAsciiArgumentsAndFileNamesSurviveALocaleThatIsNotUtf8() throws Exception {
        Path home = unpacked();
        Path work = Files.createDirectories(tmp.resolve("locale"));
        Files.writeString(work.resolve("t.sh"), """
                set -e
                P="$1"
                word=$(printf 'na\\303\\257ve')
                file=$(printf 'caf\\303\\251.txt')
                printf '1\\n2\\n3\\n4\\n' > "$file"
                "$P" analyze "$file" > analyze.txt 2>&1
                "$P" run -q --max-rounds 3 -o s --pi 'name=x,unit=u,regex=v ([0-9]+)' -- \\
                    sh -c 'printf "%s v 5 %s\\n" "$1" "${LC_ALL-unset}" > child.txt' sh "$word" > /dev/null || true
                """);
        String java = Path.of(System.getProperty("java.home"), "bin").toString();
        // no LANG, LC_ALL or LC_CTYPE: the POSIX locale
        Map<String, String> env = Map.of("PATH", java + ":/usr/bin:/bin", "HOME", work.toString());
        run(work, env, List.of("sh", "t.sh", home.resolve("bin/pilot").toString()), 0);
        assertThat(new String(Files.readAllBytes(work.resolve("analyze.txt")), StandardCharsets.UTF_8))
                .contains("café.txt: 4 samples");
        assertThat(Files.readAllBytes(work.resolve("child.txt")))
                .as("the argument's bytes, and the user's locale (LC_ALL unset) in the command")
                .isEqualTo("naïve v 5 unset\n".getBytes(StandardCharsets.UTF_8));
    }
}
