package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code pilot}, {@code pilot --help} and {@code pilot --version} print, without picocli, exactly what picocli prints:
 * the build's renderings of the top-level help are the current ones, and every other command line goes to picocli.
 */
class StaticHelpTest {
    /**
     * A Maven build makes the resources from these classes just before the tests, so this guards the other builds (an
     * IDE's) against stale text; the picocli path's own colour choice is {@link Colour}'s, as {@link StaticHelp}'s.
     */
    @Test
    void theBuildsRenderingsAreWhatPicocliPrintsNow() throws IOException {
        assertThat(resource(StaticHelp.PLAIN)).isEqualTo(StaticHelp.render(false));
        assertThat(resource(StaticHelp.COLOUR)).isEqualTo(StaticHelp.render(true));
        assertThat(resource(StaticHelp.COLOUR)).contains("\033[").isNotEqualTo(resource(StaticHelp.PLAIN));
    }

    @Test
    void theTopLevelHelpAndTheVersionAreAnsweredAsPicocliAnswersThem() {
        for (List<String> args : List.<List<String>>of(
                List.of(), List.of("--help"), List.of("-h"), List.of("--version"), List.of("-V"))) {
            String[] a = args.toArray(String[]::new);
            StringWriter text = new StringWriter();
            assertThat(StaticHelp.answer(a, new PrintWriter(text), false))
                    .as("%s", args)
                    .isTrue();
            CliRun picocli = CliRun.run(a);
            assertThat(picocli.code()).isZero();
            assertThat(text.toString()).as("%s", args).isEqualTo(picocli.out());
        }
    }

    /**
     * After a static answer {@link Main} returns instead of calling {@code System.exit}: on JDK 21+ an exit first asks
     * the system logger whether to log it, 10-12 ms of {@code pilot --help}'s 60 on JDK 25. Before, this test's JVM
     * ended in the middle of it (the old main called {@code System.exit(0)}).
     */
    @Test
    void mainReturnsAfterAStaticAnswerInsteadOfExiting() {
        PrintStream stdout = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
            Main.main(new String[] {"--version"});
        } finally {
            System.setOut(stdout);
        }
        assertThat(captured.toString(StandardCharsets.UTF_8))
                .isEqualTo(StaticHelp.versionLine() + System.lineSeparator());
    }

    @Test
    void everyOtherCommandLineGoesToPicocli() {
        for (List<String> args : List.of(
                List.of("help"),
                List.of("run", "--help"),
                List.of("--help", "run"),
                List.of("--helpp"),
                List.of("-hV"),
                List.of("--version", "--help"),
                List.of("-h", "-V"),
                List.of("-V", "run"),
                List.of(""))) {
            assertThat(StaticHelp.answer(args.toArray(String[]::new), new PrintWriter(new StringWriter()), false))
                    .as("%s", args)
                    .isFalse();
        }
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = StaticHelp.class.getResourceAsStream(name)) {
            assertThat(in)
                    .as("%s is made by the build (pilot-cli's POM, process-classes)", name)
                    .isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
