package io.pilotbench.cli;

import io.pilotbench.core.model.Formats;
import io.pilotbench.core.model.MetricResult;
import io.pilotbench.core.model.PiResult;
import io.pilotbench.core.model.Progress;
import io.pilotbench.core.model.ProgressListener;
import io.pilotbench.core.model.Round;
import io.pilotbench.core.model.RoundStatus;
import io.pilotbench.core.model.SessionResult;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.stats.ConfidenceInterval;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What a running session shows on stderr. On a terminal: one status line, rewritten after every round — round, each
 * required PI's mean ± CI half-width against the target, the rounds still needed with the time they should take (the
 * engine's prediction), failures. Elsewhere (pipes, CI logs) nothing, unless verbose: then one line per round. A
 * progress bar (the progressbar library) does not fit: the total is not known in advance and changes every round.
 */
final class ProgressLine implements ProgressListener {
    /** How progress is shown. */
    enum Mode {
        LINE,
        LOG,
        NONE
    }

    /** When {@code --progress} draws the line. */
    enum When {
        AUTO,
        ALWAYS,
        NEVER
    }

    private final PrintWriter err;
    private final Mode mode;
    private final int width;
    private boolean drawn;

    ProgressLine(PrintWriter err, Mode mode) {
        this.err = err;
        this.mode = mode;
        this.width = terminalWidth();
    }

    /**
     * The mode for {@code progress} (auto, always, never) and {@code --verbose}/{@code --quiet}: auto draws a line
     * only when standard error is a terminal and TERM is not "dumb".
     */
    static Mode mode(When progress, boolean verbose, boolean quiet) {
        return switch (progress == null ? When.AUTO : progress) {
            case ALWAYS -> Mode.LINE;
            case NEVER -> verbose ? Mode.LOG : Mode.NONE;
            case AUTO -> quiet ? Mode.NONE : stderrIsTerminal() ? Mode.LINE : verbose ? Mode.LOG : Mode.NONE;
        };
    }

    /** The latest estimates of the rounds still needed, newest last (at most {@value #RECENT}). */
    private final java.util.ArrayDeque<Long> recent = new java.util.ArrayDeque<>();
    /** How many of the latest estimates the shown one is the median of. */
    static final int RECENT = 9;

    @Override
    public void onRound(Progress p) {
        if (mode == Mode.NONE) {
            return;
        }
        show(describe(p.round(), p.result(), steady(p.result().moreRounds())));
    }

    /**
     * The estimate to show: the median of the latest {@value #RECENT} (an estimate from a few rounds swung from 17
     * to 502 within 5 rounds), or -1 while none is known; "uncertain" is said by {@link #describe} when they spread
     * over more than a factor of 3.
     */
    Estimate steady(long more) {
        if (more < 0) {
            recent.clear();
            return new Estimate(more, false);
        }
        recent.addLast(more);
        if (recent.size() > RECENT) {
            recent.removeFirst();
        }
        long[] sorted = recent.stream().mapToLong(Long::longValue).sorted().toArray();
        long median = sorted[sorted.length / 2];
        boolean uncertain = sorted.length < 3 || sorted[sorted.length - 1] > 3 * Math.max(1, sorted[0]);
        return new Estimate(more == 0 ? 0 : Math.max(1, median), uncertain);
    }

    /** The rounds still needed as shown, and whether the latest estimates disagree. */
    record Estimate(long rounds, boolean uncertain) {}

    /** Shows {@code line}: rewrites the status line, or logs it (LOG mode), or nothing. */
    void show(String line) {
        if (mode == Mode.NONE) {
            return;
        }
        if (mode == Mode.LOG) {
            err.println("pilot: " + line);
        } else {
            String shown = line.length() > width - 1 ? line.substring(0, width - 2) + "…" : line;
            err.print("\r\033[K" + shown);
            drawn = true;
        }
        err.flush();
    }

    /** Clears the status line before the report is printed. */
    void clear() {
        if (drawn) {
            err.print("\r\033[K");
            err.flush();
            drawn = false;
        }
    }

    /** "round 23 · wall time 12.31 ms ± 3.3% (target ± 5%) · ~15 more rounds, ≈ 4 s · 1 failed". */
    static String describe(Round round, SessionResult r) {
        return describe(round, r, new Estimate(r.moreRounds(), false));
    }

    /**
     * As above, with the rounds still needed given by {@code more}; the time they take is the engine's estimate
     * scaled to them, and an estimate beyond the session's limits says so instead of a figure like "≈ 12 h 34 min".
     */
    static String describe(Round round, SessionResult r, Estimate more) {
        List<String> parts = new ArrayList<>();
        String status = round.status() == RoundStatus.OK
                ? ""
                : " " + round.status().name().toLowerCase().replace('_', ' ');
        parts.add("round " + (round.index() + 1) + status);
        SessionSettings s = r.settings();
        for (PiResult pi : r.pis()) {
            if (pi.pi().readingsMustSatisfy()) {
                parts.add(metric(pi.pi().name(), pi.readings(), pi.pi().unit(), s));
            }
            if (pi.pi().unitReadingsMustSatisfy()) {
                parts.add(metric(
                        pi.pi().name() + " (unit readings)",
                        pi.unitReadings(),
                        pi.pi().unit(),
                        s));
            }
        }
        if (more.rounds() > 0) {
            double seconds = r.moreRounds() > 0 && Double.isFinite(r.moreSeconds())
                    ? r.moreSeconds() * more.rounds() / r.moreRounds()
                    : Double.NaN;
            int maxRounds = s.maxRounds();
            double left = s.maxDuration() == null
                    ? Double.POSITIVE_INFINITY
                    : s.maxDuration().toMillis() / 1e3 - r.seconds();
            if (maxRounds > 0 && round.index() + 1 + more.rounds() > maxRounds || seconds > left) {
                parts.add("more rounds than the limits leave ("
                        + (maxRounds > 0 && round.index() + 1 + more.rounds() > maxRounds
                                ? "--max-rounds " + maxRounds
                                : "--max-time")
                        + "): the target may not be met");
            } else {
                parts.add("~" + more.rounds() + " more round" + (more.rounds() == 1 ? "" : "s")
                        + (Double.isFinite(seconds) ? ", ≈ " + Formats.duration(seconds) : "")
                        + (more.uncertain() ? " (uncertain yet)" : ""));
            }
        } else if (more.rounds() < 0) {
            parts.add("rounds needed: not known yet");
        }
        if (r.failedRounds() > 0) {
            parts.add(r.failedRounds() + " failed");
        }
        return String.join(" · ", parts);
    }

    private static String metric(String name, MetricResult m, String unit, SessionSettings s) {
        if (m.n() == 0) {
            return name + " no data yet";
        }
        String mean = Formats.quantity(m.mean(), unit, m.mean());
        ConfidenceInterval ci = m.ci();
        String target = s.ciTarget().relative()
                ? "± " + Formats.number(s.ciTarget().value() * 50) + "%"
                : "± " + Formats.quantity(s.ciTarget().value() / 2, unit, m.mean());
        if (ci == null || !Double.isFinite(ci.width())) {
            return name + " " + mean + " (no CI yet, target " + target + ")";
        }
        String half = s.ciTarget().relative()
                ? Formats.significant(100 * ci.halfWidth() / Math.abs(m.mean()), 2) + "%"
                : Formats.quantity(ci.halfWidth(), unit, m.mean());
        return name + " " + mean + " ± " + half + " (target " + target
                + (m.subsessionSize() > 1 ? ", subsessions of " + m.subsessionSize() : "") + ")";
    }

    /**
     * Whether fd 2 is a terminal. The JDK only tells about stdin and stdout together ({@code System.console()}), and
     * the report on stdout is often redirected while the progress line should still show; Linux names the terminal
     * behind /proc/self/fd/2.
     */
    private static boolean stderrIsTerminal() {
        if ("dumb".equals(System.getenv("TERM"))) {
            return false;
        }
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (Exception e) {
            return System.console() != null;
        }
    }

    private static int terminalWidth() {
        try {
            int c = Integer.parseInt(System.getenv().getOrDefault("COLUMNS", "100"));
            return c >= 40 ? c : 100;
        } catch (NumberFormatException e) {
            return 100;
        }
    }
}
