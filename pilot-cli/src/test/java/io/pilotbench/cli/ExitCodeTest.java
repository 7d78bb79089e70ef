package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Exit codes are defined once, in {@link ExitCode}: pilot --help's list is made from it, and the documentation and
 * every command's help may name only its codes. Before, they were constants in five classes and described by hand
 * in eleven places.
 */
class ExitCodeTest {
    private static final Set<Integer> CODES =
            Arrays.stream(ExitCode.values()).map(ExitCode::code).collect(Collectors.toCollection(TreeSet::new));

    private static String help(String... args) {
        StringWriter out = new StringWriter();
        PilotCommand.run(
                args, new PrintWriter(out), new PrintWriter(new StringWriter()), new ByteArrayInputStream(new byte[0]));
        return out.toString();
    }

    /** The codes at the start of the lines of a help's "Exit codes:" section. */
    private static Set<Integer> listed(String help) {
        Set<Integer> codes = new TreeSet<>();
        int at = help.indexOf("Exit codes:");
        if (at < 0) {
            return codes;
        }
        Matcher m = Pattern.compile("(?m)^ {2}(\\d+)\\b").matcher(help.substring(at));
        while (m.find()) {
            codes.add(Integer.parseInt(m.group(1)));
        }
        return codes;
    }

    @Test
    void pilotHelpListsEveryCodeWithItsMeaning() {
        String help = help("--help");
        assertThat(listed(help)).isEqualTo(CODES);
        for (ExitCode e : ExitCode.values()) {
            String firstWords =
                    String.join(" ", Arrays.asList(e.meaning().split(" ")).subList(0, 3));
            assertThat(help).contains(String.format("  %-5d", e.code()) + firstWords);
        }
        assertThat(help.substring(help.indexOf("Exit codes:")).lines().filter(l -> l.length() > 79))
                .as("footer lines as wide as the usage width (picocli would wrap them)")
                .isEmpty();
    }

    @Test
    void everyCommandsHelpNamesOnlyCodesTheEnumDefines() {
        CommandLine all = PilotCommand.commandLine(null, new ByteArrayInputStream(new byte[0]));
        List<String> checked = new ArrayList<>();
        for (CommandLine command : all.getSubcommands().values()) {
            walk(command, checked);
        }
        assertThat(checked).as("commands whose help lists exit codes").hasSizeGreaterThan(10);
    }

    private static void walk(CommandLine command, List<String> checked) {
        String usage = command.getUsageMessage(CommandLine.Help.Ansi.OFF);
        Set<Integer> codes = listed(usage);
        if (!codes.isEmpty()) {
            assertThat(CODES).as(command.getCommandSpec().qualifiedName()).containsAll(codes);
            checked.add(command.getCommandSpec().qualifiedName());
        }
        for (CommandLine sub : command.getSubcommands().values()) {
            walk(sub, checked);
        }
    }

    @Test
    void theDocumentationsTableListsExactlyTheCodes() throws IOException {
        String doc = Files.readString(Path.of("..", "docs", "exit-codes.md"));
        Set<Integer> documented = new TreeSet<>();
        Matcher row = Pattern.compile("(?m)^\\| ([0-9, ]+) \\|").matcher(doc);
        while (row.find()) {
            for (String n : row.group(1).split(",")) {
                documented.add(Integer.parseInt(n.strip()));
            }
        }
        assertThat(documented).isEqualTo(CODES);
    }
}
