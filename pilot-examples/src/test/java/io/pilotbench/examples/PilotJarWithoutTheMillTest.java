package io.pilotbench.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * pilot.jar carries no web server, database or Kubernetes client: the mill is its own jar (pilot-mill/target/mill.jar,
 * lib/mill.jar in the distribution), which the launcher puts on the class path for {@code pilot mill} and
 * {@code pilot experiment} only. Before, the mill's libraries made pilot.jar 53 MB and 29,000 files, and every start
 * opened them (docs/design.md, "Packaging"). The jars are made by the modules the reactor builds before this one.
 */
class PilotJarWithoutTheMillTest {
    private static final Path PILOT_JAR = Path.of("..", "pilot-cli", "target", "pilot.jar");
    private static final Path MILL_JAR = Path.of("..", "pilot-mill", "target", "mill.jar");

    /** Packages of the mill and of the libraries only it uses. */
    private static final List<String> MILL_ONLY = List.of(
            "io/pilotbench/mill/",
            "io/javalin/",
            "org/eclipse/jetty/",
            "org/h2/",
            "org/postgresql/",
            "org/flywaydb/",
            "org/jdbi/",
            "com/zaxxer/hikari/",
            "io/fabric8/",
            "io/vertx/",
            "io/netty/");

    private static String java(List<String> args, int expectedCode) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(args);
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(String.join(" ", command) + ":\n" + out).isEqualTo(expectedCode);
        return out;
    }

    private static List<String> entries(Path jar, List<String> prefixes) throws IOException {
        try (JarFile j = new JarFile(jar.toFile())) {
            return j.stream()
                    .map(e -> e.getName())
                    .filter(n -> prefixes.stream().anyMatch(n::startsWith))
                    .limit(5)
                    .toList();
        }
    }

    @Test
    void thePilotJarHoldsNoClassOfTheMillOrOfItsLibraries() throws IOException {
        assertThat(PILOT_JAR).as("./mvnw package builds it").isRegularFile();
        assertThat(entries(PILOT_JAR, MILL_ONLY)).isEmpty();
        assertThat(entries(
                        MILL_JAR,
                        List.of(
                                "io/pilotbench/mill/MillServer.class",
                                "io/javalin/Javalin.class",
                                "org/h2/Driver.class")))
                .hasSize(3);
    }

    @Test
    void pilotHelpLoadsNoClassOfTheMill() throws Exception {
        String log = java(List.of("-Xlog:class+load=info", "-jar", PILOT_JAR.toString(), "--help"), 0);
        // the top-level help is the text the build rendered: neither the mill nor picocli is loaded for it
        assertThat(log)
                .contains("io.pilotbench.cli.StaticHelp")
                .contains("Commands:")
                .doesNotContain("io.pilotbench.mill.")
                .doesNotContain("picocli.");
        // every command's help too, mill and experiment included: their classes name no class of the mill where
        // picocli's reflection would load it
        String all = java(List.of("-Xlog:class+load=info", "-jar", PILOT_JAR.toString(), "help"), 0);
        assertThat(all).contains("io.pilotbench.cli.MillCommand$Serve").doesNotContain("io.pilotbench.mill.");
    }

    @Test
    void theMillWithoutItsJarSaysHowToRunItInOneLine() throws Exception {
        String out = java(
                List.of("-jar", PILOT_JAR.toString(), "mill", "serve", "--port", "0", "--data", "target/no-mill-data"),
                2);
        assertThat(out.strip())
                .startsWith("pilot: the mill's classes (lib/mill.jar) are not on the class path")
                .doesNotContain("Exception")
                .doesNotContain("\tat ");
        assertThat(out.strip().lines().count()).isEqualTo(1);
    }

    /** Starts {@code command}, returns the first line it prints (stdout and stderr), then stops it. */
    static String firstLineOf(List<String> command, Map<String, String> env) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        if (env != null) {
            pb.environment().clear();
            pb.environment().putAll(env);
        }
        Process p = pb.start();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            return String.valueOf(r.readLine());
        } finally {
            p.destroy();
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
        }
    }

    @Test
    void theMillRunsWithItsJarAfterThePilotJar(@TempDir Path tmp) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        assertThat(firstLineOf(
                        List.of(
                                java,
                                "-cp",
                                PILOT_JAR + File.pathSeparator + MILL_JAR,
                                "io.pilotbench.cli.Main",
                                "mill",
                                "serve",
                                "--port",
                                "0",
                                "--data",
                                tmp.resolve("data").toString()),
                        null))
                .contains("master listening on http://127.0.0.1:");
    }
}
