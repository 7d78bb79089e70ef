package io.pilotbench.cli;

import io.pilotbench.core.model.WorkAmountRange;
import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.TypeConversionException;

/**
 * The typed values of options, converted by picocli as it parses: durations ({@code 500ms}, {@code 30s}, {@code 5m}),
 * percentages ({@link Percent}), sizes ({@link ByteSize}) and work amounts ({@link WorkAmount}). Registered once, for
 * every command, by {@link PilotCommand#commandLine}; a bad value is one line naming the option, as every bad option
 * is ({@code pilot: --max-time: 'soon' is not a duration (e.g. 500ms, 30s, 5m, 1h)}).
 */
final class Converters {
    /** The longest duration an option takes: 100 years (a Duration of ns overflows at 292). */
    static final double MAX_DURATION_NANOS = 100 * 365 * 24 * 3600e9;
    /** The largest size an option takes. */
    static final long MAX_BYTES = 1L << 50;

    private static final Pattern DURATION = Pattern.compile("([0-9]*\\.?[0-9]+)\\s*(ms|s|sec|m|min|h)?");
    private static final Pattern SIZE = Pattern.compile("([0-9]+)\\s*(|b|k|kb|kib|m|mb|mib|g|gb|gib|t|tb|tib)");

    private Converters() {
    }

    /** A fraction given as a percentage ("5%") or as a number ("0.05"), in [0, 1). */
    record Percent(double fraction) {
    }

    /** A size in bytes. */
    record ByteSize(long bytes) {
    }

    /** The work of a round: a range Pilot sizes rounds within, or a fixed amount ({@code range} null). */
    record WorkAmount(WorkAmountRange range, long fixed) {
    }

    /** Registers the converters on {@code cli} and the subcommands it has. */
    static void register(CommandLine cli) {
        cli.registerConverter(Duration.class, Converters::duration);
        cli.registerConverter(Percent.class, Converters::percent);
        cli.registerConverter(ByteSize.class, Converters::byteSize);
        cli.registerConverter(WorkAmount.class, Converters::workAmount);
    }

    /**
     * A positive duration: a number with a unit, ms, s, m or h ("500ms", "1.5s", "5m"), or a bare number of seconds;
     * at least 1ms and at most 100 years.
     */
    static Duration duration(String value) {
        Matcher m = DURATION.matcher(value.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new TypeConversionException("'" + value + "' is not a duration (e.g. 500ms, 30s, 5m, 1h)");
        }
        double nanos = Double.parseDouble(m.group(1)) * switch (m.group(2) == null ? "s" : m.group(2)) {
            case "ms" -> 1e6;
            case "m", "min" -> 60e9;
            case "h" -> 3600e9;
            default -> 1e9;
        };
        if (nanos < 1e6) {
            throw new TypeConversionException("'" + value + "' must be at least 1ms");
        }
        if (nanos > MAX_DURATION_NANOS) {
            throw new TypeConversionException("'" + value + "' is more than the longest allowed, 100 years; leave the "
                    + "option out for no limit");
        }
        return Duration.ofNanos(Math.round(nanos));
    }

    /** "5%" or "0.05" as 0.05, in [0, 1). */
    static Percent percent(String text) {
        String t = text.strip();
        double v;
        try {
            v = t.endsWith("%") ? Double.parseDouble(t.substring(0, t.length() - 1).strip()) / 100
                    : Double.parseDouble(t);
        } catch (NumberFormatException e) {
            throw new TypeConversionException("'" + text + "' is not a percentage (e.g. 5%)");
        }
        if (!(v >= 0 && v < 1)) {
            throw new TypeConversionException("'" + text + "' must be between 0% and 100%");
        }
        return new Percent(v);
    }

    /**
     * A whole number of bytes with an optional unit, k/KB/KiB, M/MB/MiB, G/GB/GiB, T/TB/TiB (all powers of 1024), at
     * most {@link #MAX_BYTES}; an option with a lower limit checks it itself.
     */
    static ByteSize byteSize(String value) {
        Matcher m = SIZE.matcher(value.strip().toLowerCase(Locale.ROOT));
        if (!m.matches() || m.group(1).length() > 16) {
            throw new TypeConversionException("'" + value + "' is not a size (e.g. 0, 64KiB, 1MiB)");
        }
        long n = Long.parseLong(m.group(1));
        int shift = switch (m.group(2).isEmpty() ? 'b' : m.group(2).charAt(0)) {
            case 'k' -> 10;
            case 'm' -> 20;
            case 'g' -> 30;
            case 't' -> 40;
            default -> 0;
        };
        if (n > MAX_BYTES >> shift) {
            throw new TypeConversionException("'" + value + "' is more than the most allowed, 1PiB");
        }
        return new ByteSize(n << shift);
    }

    /** "MIN:MAX" (or "MIN,MAX"): a range; a whole number ≥ 0: a fixed amount. */
    static WorkAmount workAmount(String value) {
        String w = value.strip();
        try {
            if (w.contains(":") || w.contains(",")) {
                return new WorkAmount(WorkAmountRange.parse(w), 0);
            }
            long fixed = Long.parseLong(w);
            if (fixed < 0) {
                throw new TypeConversionException(fixed + " must be 0 or more");
            }
            return new WorkAmount(null, fixed);
        } catch (NumberFormatException e) {
            throw new TypeConversionException("'" + value + "' is not a whole number");
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }
}
