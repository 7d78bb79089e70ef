package io.pilotbench.cli;

import io.pilotbench.core.input.ColumnSelector;
import io.pilotbench.core.model.CiMethod;
import io.pilotbench.core.model.CiTarget;
import io.pilotbench.core.model.Formats;
import io.pilotbench.core.model.WarmupRemoval;
import io.pilotbench.core.model.WorkAmountRange;
import io.pilotbench.process.CommandWorkload;
import io.pilotbench.report.plot.PlotSpec;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.TypeConversionException;

/**
 * The typed values of options, converted by picocli as it parses: durations ({@code 500ms}, {@code 30s}, {@code 5m}),
 * percentages ({@link Percent}), confidence levels ({@link Fraction}), sizes ({@link ByteSize}), work amounts
 * ({@link WorkAmount}), what {@code --keep-output} keeps ({@link KeepOutput}), a plot's size and label angle
 * ({@link PlotSize}, {@link LabelAngle}), a sampling rate ({@link MonitorRate}), CI targets, CI methods, warm-up
 * removals, the columns of an input and every enum an option takes, read case-insensitively. Registered once, for
 * every command, by {@link PilotCommand#commandLine}; a bad value is one line naming the option, as every bad option
 * is ({@code pilot: --max-time: 'soon' is not a duration (e.g. 500ms, 30s, 5m, 1h)}).
 */
final class Converters {
    /** The longest duration an option takes: 100 years (a Duration of ns overflows at 292). */
    static final double MAX_DURATION_NANOS = 100 * 365 * 24 * 3600e9;
    /** The largest size an option takes. */
    static final long MAX_BYTES = 1L << 50;
    /** The most output {@code --keep-output} keeps of a round: 2GiB, the most one Java array holds. */
    static final long MAX_KEPT_OUTPUT = Integer.MAX_VALUE - 8L;

    private static final Pattern SIZE = Pattern.compile("([0-9]+)\\s*(|b|k|kb|kib|m|mb|mib|g|gb|gib|t|tb|tib)");

    private Converters() {}

    /** A fraction given as a percentage ("5%") or as a number ("0.05"), in [0, 1). */
    record Percent(double fraction) {}

    /** A fraction strictly between 0 and 1, given as a number ("0.95") or as a percentage ("95%"). */
    record Fraction(double value) {}

    /** A significance level, above 0 and at most 0.5. */
    record Alpha(double value) {}

    /** A size in bytes. */
    record ByteSize(long bytes) {}

    /**
     * What {@code --keep-output} keeps: the last {@code bytes} of every round's output ({@code everyRound}; -1 for all
     * of it), or, by default ("failed"), the failed rounds' and the latest successful round's, cut to 64KiB.
     */
    record KeepOutput(long bytes, boolean everyRound) {}

    /** The width and height of a plot, in pixels (PNG) or points (SVG, PDF). */
    record PlotSize(int width, int height) {}

    /** The angle of a bar plot's labels in degrees, or {@link PlotSpec#AUTO_ANGLE} ("auto"). */
    record LabelAngle(int degrees) {}

    /**
     * How often {@code --monitor-rate} reads the monitors within a round: {@code hz} times a second, or, for "auto",
     * the rate {@link RunMonitor} chooses by measuring its overhead ({@code hz} NaN).
     */
    record MonitorRate(double hz) {
        /** "auto". */
        static final MonitorRate AUTO = new MonitorRate(Double.NaN);

        /** Whether the rate is to be chosen by measuring ("auto"). */
        boolean auto() {
            return Double.isNaN(hz);
        }
    }

    /** The work of a round: a range Pilot sizes rounds within, or a fixed amount ({@code range} null). */
    record WorkAmount(WorkAmountRange range, long fixed) {}

    /**
     * Registers the converters on {@code cli} and the subcommands it has, and a case-insensitive one for each enum an
     * option (or parameter) of theirs takes.
     */
    static void register(CommandLine cli) {
        cli.registerConverter(Duration.class, Converters::duration);
        cli.registerConverter(Percent.class, Converters::percent);
        cli.registerConverter(Fraction.class, Converters::fraction);
        cli.registerConverter(Alpha.class, Converters::alpha);
        cli.registerConverter(ByteSize.class, Converters::byteSize);
        cli.registerConverter(WorkAmount.class, Converters::workAmount);
        cli.registerConverter(KeepOutput.class, Converters::keepOutput);
        cli.registerConverter(PlotSize.class, Converters::plotSize);
        cli.registerConverter(LabelAngle.class, Converters::labelAngle);
        cli.registerConverter(MonitorRate.class, Converters::monitorRate);
        registerEnums(cli, cli);
        // after the enums: these parsers' own messages say what they accept
        cli.registerConverter(CiTarget.class, v -> refused(v, CiTarget::parse));
        cli.registerConverter(CiMethod.class, v -> refused(v, CiMethod::parse));
        cli.registerConverter(WarmupRemoval.class, v -> refused(v, WarmupRemoval::parse));
        cli.registerConverter(ColumnSelector.class, v -> refused(v, ColumnSelector::parse));
    }

    /** Registers on {@code root} the enum converter of every enum type an argument of {@code cli}'s tree takes. */
    private static void registerEnums(CommandLine root, CommandLine cli) {
        for (ArgSpec arg : cli.getCommandSpec().args()) {
            for (Class<?> type : arg.auxiliaryTypes()) {
                if (type.isEnum()) {
                    registerEnum(root, type);
                }
            }
        }
        for (CommandLine sub : cli.getSubcommands().values()) {
            registerEnums(root, sub);
        }
    }

    private static <T> void registerEnum(CommandLine root, Class<T> type) {
        root.registerConverter(type, v -> enumValue(type, v));
    }

    /**
     * The constant of enum {@code type} named {@code value}, case-insensitively and with - for _ ("markdown" is
     * MARKDOWN); otherwise a message that lists the constants in lower case.
     */
    static <T> T enumValue(Class<T> type, String value) {
        String name = value.strip().toUpperCase(Locale.ROOT).replace('-', '_');
        T[] constants = type.getEnumConstants();
        for (T c : constants) {
            if (((Enum<?>) c).name().equals(name)) {
                return c;
            }
        }
        String allowed = Arrays.stream(constants)
                .map(c -> ((Enum<?>) c).name().toLowerCase(Locale.ROOT))
                .collect(Collectors.joining(", "));
        throw new TypeConversionException("'" + value + "' is not one of " + allowed);
    }

    /** What {@code parse} makes of {@code value}; its IllegalArgumentException is the message of a refused value. */
    private static <T> T refused(String value, Function<String, T> parse) {
        try {
            return parse.apply(value);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }

    /**
     * A positive duration: a number with a unit, ms, s, m or h ("500ms", "1.5s", "5m"), or a bare number of seconds;
     * at least 1ms and at most 100 years.
     */
    static Duration duration(String value) {
        double nanos = Formats.durationNanos(value);
        if (Double.isNaN(nanos)) {
            throw new TypeConversionException("'" + value + "' is not a duration (e.g. 500ms, 30s, 5m, 1h)");
        }
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
            v = t.endsWith("%")
                    ? Double.parseDouble(t.substring(0, t.length() - 1).strip()) / 100
                    : Double.parseDouble(t);
        } catch (NumberFormatException e) {
            throw new TypeConversionException("'" + text + "' is not a percentage (e.g. 5%)");
        }
        if (!(v >= 0 && v < 1)) {
            // "--fail-if-slower 5" meant 5%: say how to write it
            String hint = !t.endsWith("%") && v >= 1 && v < 100
                    ? ": for " + t + "%, write " + t + "% (or " + Formats.number(v / 100) + ")"
                    : "";
            throw new TypeConversionException("'" + text + "' must be from 0% to below 100%" + hint);
        }
        return new Percent(v);
    }

    /**
     * A confidence level, "0.95" or "95%" as 0.95: from 0.5 to below 1. Below 50% an "interval" is narrower than the
     * spread of its own centre (at 0.95% it excluded the mean it was built around): that is a typo for 0.95.
     */
    static Fraction fraction(String value) {
        double x = proportion(value, "0.95 or 95%");
        if (!(x >= 0.5 && x < 1)) {
            throw new TypeConversionException(
                    "'" + value + "' must be a confidence level from 50% to below 100% " + "(e.g. 0.95 or 95%)");
        }
        return new Fraction(x);
    }

    /** A significance level, "0.01" or "1%" as 0.01: above 0, at most 0.5. */
    static Alpha alpha(String value) {
        double x = proportion(value, "0.01 or 1%");
        if (!(x > 0 && x <= 0.5)) {
            throw new TypeConversionException(
                    "'" + value + "' must be a significance level above 0 and at most 50% " + "(e.g. 0.01 or 1%)");
        }
        return new Alpha(x);
    }

    private static double proportion(String value, String example) {
        String s = value.strip();
        try {
            return s.endsWith("%") ? Double.parseDouble(s.substring(0, s.length() - 1)) / 100 : Double.parseDouble(s);
        } catch (NumberFormatException e) {
            throw new TypeConversionException("'" + value + "' is not a number (e.g. " + example + ")");
        }
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
        int shift =
                switch (m.group(2).isEmpty() ? 'b' : m.group(2).charAt(0)) {
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

    /** "failed" (the default), "all" (every round's output, whole) or a size ({@link #byteSize}) of at most 2GiB. */
    static KeepOutput keepOutput(String value) {
        String v = value.strip();
        if (v.equalsIgnoreCase("failed")) {
            return new KeepOutput(CommandWorkload.DEFAULT_KEEP_OUTPUT_BYTES, false);
        }
        if (v.equalsIgnoreCase("all")) {
            return new KeepOutput(-1, true);
        }
        long n = byteSize(value).bytes();
        if (n > MAX_KEPT_OUTPUT) {
            throw new TypeConversionException("'" + value + "' is more than the most allowed, 2GiB");
        }
        return new KeepOutput(n, true);
    }

    /** "WIDTHxHEIGHT" in whole numbers ("800x500"); the plot checks their range. */
    static PlotSize plotSize(String value) {
        String[] wh = value.toLowerCase(Locale.ROOT).split("x");
        try {
            return new PlotSize(Integer.parseInt(wh[0].strip()), Integer.parseInt(wh[1].strip()));
        } catch (RuntimeException e) {
            throw new TypeConversionException("'" + value + "': give width x height in pixels, e.g. 800x500");
        }
    }

    /** "auto" or a whole number of degrees; the plot checks that it is 0 to 90. */
    static LabelAngle labelAngle(String value) {
        String v = value.strip();
        try {
            return new LabelAngle(v.equalsIgnoreCase("auto") ? PlotSpec.AUTO_ANGLE : Integer.parseInt(v));
        } catch (NumberFormatException e) {
            throw new TypeConversionException("'" + value + "': give an angle from 0 to 90, or auto");
        }
    }

    /** "auto" or a finite number of times a second greater than 0 ("50", "0.5"). */
    static MonitorRate monitorRate(String value) {
        String v = value.strip();
        if (v.equalsIgnoreCase("auto")) {
            return MonitorRate.AUTO;
        }
        try {
            double hz = Double.parseDouble(v);
            if (hz > 0 && Double.isFinite(hz)) {
                return new MonitorRate(hz);
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new TypeConversionException("'" + value + "' is not a number > 0");
    }
}
