package io.pilotbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every help screen renders as written. picocli formats descriptions with {@code String.format}, so a bare "5%" in a
 * description made it print a warning on stderr and show the raw text ("%n" and all) instead.
 */
class HelpTextTest {
    static List<String> commands() {
        return List.of(
                "",
                "run",
                "compare",
                "overhead",
                "analyze",
                "changepoints",
                "report",
                "plot",
                "graph",
                "history",
                "history add",
                "history detect",
                "jmh",
                "simulate",
                "simulate evaluate",
                "simulate emit",
                "simulate models",
                "script",
                "getstats",
                "package",
                "package check",
                "experiment",
                "experiment plan",
                "experiment run",
                "experiment resume",
                "experiment analyze");
    }

    @ParameterizedTest
    @MethodSource("commands")
    void helpRendersWithoutFormatWarnings(String command) {
        PrintStream saved = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        CliRun r;
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            r = help(command);
        } finally {
            System.setErr(saved);
        }
        String warnings = captured.toString(StandardCharsets.UTF_8);
        assertEquals(0, r.code(), r.err());
        assertFalse(warnings.contains("picocli WARN"), warnings);
        assertFalse(r.out().contains("%%") || r.out().contains("%n"), r.out());
        assertTrue(r.out().startsWith("Usage: pilot"), r.out());
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "run|(5% = mean ± 2.5%)",
                "analyze|--ci-width 5% results.csv",
                "simulate evaluate|with its 95% Wilson interval",
                "simulate emit|%ROUND% and %WORK_AMOUNT%"
            })
    void percentSignsAreShownAsWritten(String command, String phrase) {
        String out = help(command).out().replaceAll("\\s+", " ");
        assertTrue(out.contains(phrase), out);
    }

    /**
     * Bug: picocli wraps a footer line longer than the help's width (80 columns where there is no
     * terminal) wherever it likes, in the middle of a path ("-- ." then "/disk-bench"). Every footer line must come
     * out whole.
     */
    @ParameterizedTest
    @MethodSource("commands")
    void everyFooterLineIsPrintedWhole(String command) {
        String[] words = command.isEmpty() ? new String[0] : command.split(" ");
        picocli.CommandLine cli = PilotCommand.commandLine(null, System.in);
        for (String w : words) {
            cli = cli.getSubcommands().get(w);
        }
        List<String> lines = help(command).out().lines().toList();
        for (String footer : cli.getCommandSpec().usageMessage().footer()) {
            String expected = footer.replace("%%", "%").stripTrailing();
            if (!expected.isBlank()) {
                assertTrue(expected.length() <= 79, "longer than 79 columns: " + expected);
                assertTrue(lines.contains(expected), "not printed whole: '" + expected + "' in\n" + lines);
            }
        }
    }

    private static CliRun help(String command) {
        String[] words = command.isEmpty() ? new String[0] : command.split(" ");
        String[] args = Arrays.copyOf(words, words.length + 1);
        args[words.length] = "--help";
        return CliRun.run(args);
    }
}
