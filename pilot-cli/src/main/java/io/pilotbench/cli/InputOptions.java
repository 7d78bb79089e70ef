package io.pilotbench.cli;

import io.pilotbench.core.input.ColumnSelector;
import io.pilotbench.core.input.SeriesReader;
import io.pilotbench.core.input.ToolResults;
import io.pilotbench.core.model.InputException;
import io.pilotbench.core.model.Series;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The input options shared by commands that read columns of numbers, and the loop that reads every input, handing
 * each series to a command and collecting one-line errors, so that one bad input does not hide the good ones.
 */
final class InputOptions {
    @Parameters(arity = "1..*", paramLabel = "INPUT", description = "Files to read; - reads standard input.")
    List<String> inputs;

    @Option(
            names = {"-c", "--column"},
            paramLabel = "N|NAME",
            description = "Column to read: a 0-based index or a header name; repeat for several. Default: 0.")
    List<ColumnSelector> columns = new ArrayList<>();

    @Option(
            names = "--delimiter",
            paramLabel = "D",
            defaultValue = "auto",
            description = "Field separator: auto, comma, tab, semicolon or whitespace. Default: ${DEFAULT-VALUE}.")
    SeriesReader.Delimiter delimiter;

    @Option(
            names = "--decimal-comma",
            description = "Numbers are written with a decimal comma (10,5 for 10.5), as "
                    + "some locales print them; fields are then separated by tabs, semicolons or white space. Without it, "
                    + "a decimal comma is read only where it cannot be a field separator (10,5;9,8), with a note, and a line "
                    + "such as 10,5 is refused as ambiguous.")
    boolean decimalComma;

    @Option(
            names = {"-q", "--quiet"},
            description = "Do not print notices (such as a skipped header) on stderr.")
    boolean quiet;

    /**
     * Reads every input and passes each series to {@code action}. An {@link InputException} from reading or from
     * the action is printed as one line on {@code err} and returned in the list; the other inputs go on.
     */
    List<String> forEachSeries(InputStream stdin, PrintWriter err, Consumer<Series> action) {
        return forEachSeries(inputs, stdin, err, action);
    }

    /** As {@link #forEachSeries(InputStream, PrintWriter, Consumer)}, over {@code files} instead of every INPUT. */
    List<String> forEachSeries(List<String> files, InputStream stdin, PrintWriter err, Consumer<Series> action) {
        SeriesReader reader =
                new SeriesReader(delimiter, columns.isEmpty() ? List.of(ColumnSelector.FIRST) : columns, decimalComma);
        Consumer<String> notices = quiet ? s -> {} : s -> err.println("pilot: note: " + s);
        List<String> errors = new ArrayList<>();
        for (String input : files) {
            try {
                for (Series series : read(reader, input, stdin, notices)) {
                    try {
                        action.accept(series);
                    } catch (InputException e) {
                        errors.add(e.getMessage());
                        err.println("pilot: " + e.getMessage());
                    }
                }
            } catch (InputException e) {
                errors.add(e.getMessage());
                err.println("pilot: " + e.getMessage());
            }
        }
        err.flush();
        return errors;
    }

    private static List<Series> read(SeriesReader reader, String input, InputStream stdin, Consumer<String> notices) {
        if (input.equals("-")) {
            try {
                // a tool's result is recognised by its content on standard input too (a pipe cannot be peeked at
                // and read again, so it is read whole: as the text reader keeps every value anyway)
                byte[] content = stdin.readAllBytes();
                List<Series> tool = ToolResults.read("-", content);
                return tool != null ? tool : reader.read("-", new java.io.ByteArrayInputStream(content), notices);
            } catch (IOException e) {
                throw new InputException("-: cannot read standard input (" + e.getMessage() + ")");
            }
        }
        List<Series> tool = Files.isRegularFile(Path.of(input)) ? ToolResults.read(Path.of(input)) : null;
        return tool != null ? tool : reader.read(Path.of(input), notices);
    }
}
