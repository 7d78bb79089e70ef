package io.pilotbench.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * The {@code pilot} command's exit codes: the one place they are defined and described. {@code pilot --help}'s list
 * is made from {@link #footer()}, and docs/exit-codes.md's table is checked against this enum by a test; each
 * command's {@code --help} lists the ones it returns, in words about that command.
 */
public enum ExitCode {
    /** Success. */
    OK(0, "success (pilot run: the precision target was met)"),
    /** An unexpected internal failure. */
    FAILURE(1, "internal error (a bug: please report it)"),
    /** Bad usage or bad input data. */
    USAGE(
            2,
            "bad usage or bad input, or an unusable output directory (one line on stderr says what, where, and "
                    + "how to fix it)"),
    /** A limit stopped a session before its target was met, or a comparison undecided. */
    LIMIT(
            3,
            "pilot run: a limit (--max-rounds, --max-time) stopped the session before the target was met; pilot "
                    + "compare: a limit ended it undecided"),
    /** The workload failed more often than allowed. */
    WORKLOAD_FAILED(4, "pilot run, compare: the command failed more often than --max-failures allows"),
    /** A gate tripped, or the newest commits of a history hold a shift for the worse. */
    GATE(
            5,
            "pilot compare: a gate (--fail-if-slower, --fail-if-faster) tripped; pilot history detect: the newest "
                    + "commits hold a shift for the worse"),
    /** With {@code --monitor}: another component than the one under test passed the utilisation limit. */
    BOTTLENECK(6, "pilot run --monitor: another component than the one under test passed the utilisation limit"),
    /** A limit stopped the session while its readings showed no steady state (a trend, a shift, a warm-up). */
    NO_STEADY_STATE(
            7,
            "pilot run: a limit stopped the session while its readings showed no steady state (a trend, "
                    + "a level shift, a warm-up not yet cut)"),
    /** Stopped by Ctrl-C: 128 + SIGINT. */
    INTERRUPTED(130, "interrupted by Ctrl-C; what was measured is kept, and --resume continues it"),
    /** Stopped by SIGTERM: 128 + 15. */
    TERMINATED(143, "stopped by SIGTERM; what was measured is kept, and --resume continues it");

    /**
     * The widest a footer line may be: picocli's usage width (80) less one, as picocli wraps a footer line that
     * reaches its width (HelpTextTest).
     */
    private static final int WIDTH = 79;

    private final int code;
    private final String meaning;

    ExitCode(int code, String meaning) {
        this.code = code;
        this.meaning = meaning;
    }

    /** The number the process exits with. */
    public int code() {
        return code;
    }

    /** What it means, in one sentence. */
    public String meaning() {
        return meaning;
    }

    /** {@code pilot --help}'s list: every code and its meaning, wrapped under a 5-column number. */
    static String[] footer() {
        List<String> lines = new ArrayList<>();
        for (ExitCode e : values()) {
            String prefix = String.format("  %-5d", e.code);
            StringBuilder line = new StringBuilder(prefix);
            for (String word : e.meaning.split(" ")) {
                if (line.length() + 1 + word.length() > WIDTH && line.length() > prefix.length()) {
                    lines.add(line.toString());
                    line = new StringBuilder(" ".repeat(prefix.length()));
                }
                if (line.length() > prefix.length()) {
                    line.append(' ');
                }
                line.append(word);
            }
            lines.add(line.toString());
        }
        // picocli reads % as a format specifier in footers
        return lines.stream().map(l -> l.replace("%", "%%")).toArray(String[]::new);
    }
}
