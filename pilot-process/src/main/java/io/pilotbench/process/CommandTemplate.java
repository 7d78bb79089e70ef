package io.pilotbench.process;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A command line with the original {@code bench run_program}'s placeholders, substituted per round:
 * {@code %WORK_AMOUNT%} (the round's work amount, in decimal) and {@code %RESULT_DIR%} (a fresh directory for the
 * round's files), and one of ours, {@code %ROUND%} (the 0-based round number, e.g. for a seeded simulated workload).
 * Without a shell the words are passed to the program as they are (no quoting, globbing or expansion); with one, they
 * are joined by spaces into the script of {@code SHELL -c}.
 */
public final class CommandTemplate {
    /** The work amount of the round. */
    public static final String WORK_AMOUNT = "%WORK_AMOUNT%";
    /** The round's own directory inside the session. */
    public static final String RESULT_DIR = "%RESULT_DIR%";
    /** The 0-based number of the round within its session. */
    public static final String ROUND = "%ROUND%";
    /** What looks like a placeholder: %NAME% with 3 or more capitals, digits or underscores (not date's %Y%). */
    private static final Pattern PLACEHOLDER = Pattern.compile("%[A-Z][A-Z0-9_]{2,}%");

    private final List<String> words;
    private final String shell;

    private CommandTemplate(List<String> words, String shell) {
        this.words = List.copyOf(words);
        this.shell = shell;
    }

    /**
     * @param words the program and its arguments (at least one word)
     * @param shell the shell to run the words through ({@code sh}, {@code bash}), or null for none
     * @throws IllegalArgumentException when there is no command or a placeholder is unknown
     */
    public static CommandTemplate of(List<String> words, String shell) {
        if (words == null || words.isEmpty() || words.get(0).isBlank()) {
            throw new IllegalArgumentException("no command to run: put it after --, e.g. pilot run -- sleep 0.1");
        }
        for (int i = 0; i < words.size(); i++) {
            Matcher m = PLACEHOLDER.matcher(words.get(i));
            while (m.find()) {
                if (!m.group().equals(WORK_AMOUNT)
                        && !m.group().equals(RESULT_DIR)
                        && !m.group().equals(ROUND)) {
                    throw new IllegalArgumentException("unknown placeholder " + m.group() + " in word " + (i + 1)
                            + " of the command ('" + words.get(i) + "'); the placeholders are " + WORK_AMOUNT + ", "
                            + RESULT_DIR + " and " + ROUND);
                }
            }
        }
        if (shell != null && shell.isBlank()) {
            throw new IllegalArgumentException("--shell needs a shell program, e.g. --shell=bash");
        }
        return new CommandTemplate(words, shell);
    }

    public List<String> words() {
        return words;
    }

    /** The shell, or null when the program is run directly. */
    public String shell() {
        return shell;
    }

    public boolean usesWorkAmount() {
        return words.stream().anyMatch(w -> w.contains(WORK_AMOUNT));
    }

    public boolean usesResultDir() {
        return words.stream().anyMatch(w -> w.contains(RESULT_DIR));
    }

    /** The argv of round {@code round} (0-based). */
    public List<String> argv(int round, long workAmount, Path resultDir) {
        List<String> out = new ArrayList<>();
        // absolute: with --cwd the command runs in another directory than the one a relative -o is relative to
        String dir = resultDir.toAbsolutePath().toString();
        for (String w : words) {
            out.add(w.replace(WORK_AMOUNT, Long.toString(workAmount))
                    .replace(RESULT_DIR, dir)
                    .replace(ROUND, Integer.toString(round)));
        }
        if (shell == null) {
            return out;
        }
        return List.of(shell, "-c", String.join(" ", out));
    }

    /** The command line as a person would type it (for names and reports). */
    @Override
    public String toString() {
        String line =
                String.join(" ", words.stream().map(CommandTemplate::quoted).toList());
        return shell == null ? line : shell + " -c " + quoted(String.join(" ", words));
    }

    private static String quoted(String w) {
        return w.isEmpty() || w.matches(".*[\\s'\"\\\\$`;&|<>*?()].*") ? "'" + w.replace("'", "'\\''") + "'" : w;
    }
}
