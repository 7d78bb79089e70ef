package io.pilotbench.cli;

import io.pilotbench.core.files.JsonMappers;
import io.pilotbench.process.monitor.ComponentGraph;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code pilot graph}: the component graph that {@code pilot run --monitor} watches (Pilot paper §III-B, step 1). */
@Command(
        name = "graph",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        usageHelpAutoWidth = true,
        description = {
            "Print the components a benchmark's data passes through, with their limits, and how they connect: "
                    + "this machine's CPU, memory, disks (the one holding the working directory noted) and network "
                    + "links, or a graph read from a file. The names are those pilot run --monitor reports and --cut "
                    + "takes.",
            ""
        },
        footerHeading = "%nA graph file (node NAME key=value..., link FROM -> TO, one per direction):%n",
        footer = {
            "  node cpu cores=16",
            "  node disk:nvme0n1 limit=3GB/s",
            "  link cpu -> disk:nvme0n1",
            "  link disk:nvme0n1 -> cpu",
            "",
            "Exit codes: 0 printed; 2 a bad graph file (one line names its line and the",
            "fix), an output file that cannot be written, or bad usage."
        })
final class GraphCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--file", paramLabel = "FILE", description = "Read the graph from FILE instead of this machine.")
    Path file;

    @Option(
            names = "--calibrate",
            description = "Measure the bandwidth of the disk that holds the working directory: "
                    + "64 MiB written and read back with direct I/O (dd), in a file removed afterwards.")
    boolean calibrate;

    @Option(
            names = {"-o", "--output"},
            paramLabel = "FILE",
            description = "Also write the graph to FILE as a graph "
                    + "file (node NAME key=value..., link FROM -> TO), which pilot run --monitor --graph FILE reads: with "
                    + "--calibrate, the disk's measured bandwidth becomes its limit.")
    Path output;

    @Option(
            names = "--format",
            paramLabel = "F",
            defaultValue = "text",
            description = "text or json. Default: ${DEFAULT-VALUE}.")
    Output format;

    /** What {@code --format} takes. */
    enum Output {
        TEXT,
        JSON
    }

    @Override
    public Integer call() throws java.io.IOException, InterruptedException {
        ComponentGraph graph = file != null
                ? ComponentGraph.parse(file)
                : ComponentGraph.local(Path.of("").toAbsolutePath());
        if (calibrate) {
            graph = graph.withDiskBandwidth(Path.of("").toAbsolutePath());
        }
        PrintWriter out = spec.commandLine().getOut();
        if (output != null) {
            java.nio.file.Files.write(output, graph.format());
        }
        if (format == Output.JSON) {
            List<Map<String, Object>> nodes = new ArrayList<>();
            for (ComponentGraph.Node n : graph.nodes()) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("name", n.name());
                m.put("facts", n.facts());
                m.put("note", n.note());
                nodes.add(m);
            }
            List<List<String>> links = graph.links().stream().map(List::of).toList();
            out.println(JsonMappers.indented().writeValueAsString(Map.of("nodes", nodes, "links", links)));
        } else {
            out.println(file != null ? "components (" + file + "):" : "components of this machine:");
            graph.describe().forEach(out::println);
        }
        if (output != null) { // with JSON on stdout, the note goes to stderr
            PrintWriter note = format == Output.JSON ? spec.commandLine().getErr() : out;
            note.println("graph written to " + output + "; pilot run --monitor --graph " + output + " reads it");
            note.flush();
        }
        out.flush();
        return ExitCode.OK.code();
    }
}
