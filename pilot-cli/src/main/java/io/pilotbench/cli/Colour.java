package io.pilotbench.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Colour in the text reports, as hyperfine colours its figures: the means bold, "met" and "converged" green, "not
 * met", warnings and limits yellow, errors red. Only on a terminal, and never when {@code NO_COLOR} is set (the
 * no-color.org convention) or {@code TERM} is "dumb"; {@code CLICOLOR_FORCE} (not "0") forces it, for a pager that
 * understands the escapes. The reports themselves stay plain text: the colour is added to what they print.
 */
final class Colour {
    private static final String RESET = "\033[0m";
    private static final String BOLD = "\033[1m";
    private static final String GREEN = "\033[32m";
    private static final String YELLOW = "\033[33m";
    private static final String RED = "\033[31m";

    /** A figure after "mean", "harmonic mean" or "proportion", up to its unit. */
    private static final Pattern MEAN = Pattern.compile("((?:harmonic )?mean|proportion) ([-0-9.e+]+(?: [^ ,;()]+)?)");

    private static final Pattern GOOD = Pattern.compile("\\b(met|converged|decided)\\b");
    // the negatives first, whatever their case: "Not converged" and "before every target was met" had their
    // "converged" and "met" painted green
    private static final Pattern BAD = Pattern.compile("\\b((?i:not met|not converged|undecided)|"
            + "before every target was met|limit of [^,;]+ reached|round limit|time limit)\\b");

    /** Whether the commands' output is the process's standard output (set by {@link Main}, not by tests). */
    private static volatile boolean processStdout;

    private Colour() {}

    /** Says that the commands write to the process's standard output, which may be a terminal. */
    static void stdoutIsTheProcesss() {
        processStdout = true;
    }

    /** Whether standard output gets colour: only the process's own, and only as the conventions allow. */
    static boolean onStdout() {
        if (!processStdout) {
            return false;
        }
        String force = System.getenv("CLICOLOR_FORCE");
        if (force != null && !force.isEmpty() && !force.equals("0")) {
            return true;
        }
        String no = System.getenv("NO_COLOR");
        if (no != null && !no.isEmpty() || "dumb".equals(System.getenv("TERM"))) {
            return false;
        }
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/1")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (Exception e) {
            return false;
        }
    }

    /** Prints what {@code report} writes to {@code out}, painted when {@code on}. */
    static void print(PrintWriter out, boolean on, Consumer<PrintWriter> report) {
        if (!on) {
            report.accept(out);
            return;
        }
        StringWriter text = new StringWriter();
        PrintWriter buffer = new PrintWriter(text);
        report.accept(buffer);
        buffer.flush();
        out.print(paint(text.toString()));
        out.flush();
    }

    /** {@code text} with ANSI colours: line by line, warnings and errors whole, figures and verdicts in place. */
    static String paint(String text) {
        StringBuilder b = new StringBuilder(text.length() + 256);
        for (String line : text.split("\n", -1)) {
            if (b.length() > 0) {
                b.append('\n');
            }
            String stripped = line.strip();
            if (stripped.startsWith("warning:") || stripped.startsWith("pilot: warning")) {
                b.append(YELLOW).append(line).append(RESET);
            } else if (stripped.startsWith("error:") || stripped.startsWith("pilot: error")) {
                b.append(RED).append(line).append(RESET);
            } else {
                String painted = replace(line, BAD, YELLOW);
                painted = replace(painted, GOOD, GREEN);
                Matcher m = MEAN.matcher(painted);
                b.append(m.replaceAll(r -> Matcher.quoteReplacement(r.group(1) + " " + BOLD + r.group(2) + RESET)));
            }
        }
        return b.toString();
    }

    /** Paints every match of {@code p} not already inside a painted span. */
    private static String replace(String line, Pattern p, String colour) {
        Matcher m = p.matcher(line);
        StringBuilder b = new StringBuilder();
        int last = 0;
        while (m.find()) {
            int open = line.lastIndexOf("\033[", m.start());
            int close = line.lastIndexOf(RESET, m.start());
            boolean inside = open >= 0 && open > close && !line.startsWith(RESET, open);
            b.append(line, last, m.start());
            b.append(inside ? m.group() : colour + m.group() + RESET);
            last = m.end();
        }
        return b.append(line.substring(last)).toString();
    }
}
