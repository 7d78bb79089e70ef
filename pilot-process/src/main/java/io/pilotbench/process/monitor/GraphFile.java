package io.pilotbench.process.monitor;

import io.pilotbench.core.model.InputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** A graph file ({@code node NAME key=value…}, {@code link FROM -> TO}) read and checked line by line. */
final class GraphFile {
    private GraphFile() {}

    static ComponentGraph read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new InputException(file + ": cannot be read (" + e.getMessage() + ")");
        }
        List<ComponentGraph.Node> nodes = new ArrayList<>();
        List<String[]> links = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String where = file + ":" + (i + 1) + ": ";
            String[] w = line.split("\\s+");
            switch (w[0].toLowerCase(Locale.ROOT)) {
                case "node" -> {
                    if (w.length < 2) {
                        throw new InputException(where + "a node needs a name: node disk:sda limit=500MB/s");
                    }
                    Map<String, String> facts = new LinkedHashMap<>();
                    for (int k = 2; k < w.length; k++) {
                        int eq = w[k].indexOf('=');
                        if (eq <= 0) {
                            throw new InputException(where + "'" + w[k] + "' is not key=value (e.g. limit=1Gb/s)");
                        }
                        facts.put(
                                w[k].substring(0, eq),
                                checkedFact(where, w[k].substring(0, eq), w[k].substring(eq + 1)));
                    }
                    if (nodes.stream().anyMatch(n -> n.name().equals(w[1]))) {
                        throw new InputException(where + "a second 'node " + w[1] + "'; give each node once, with all "
                                + "its facts on one line");
                    }
                    nodes.add(new ComponentGraph.Node(w[1], facts, ""));
                }
                case "link" -> {
                    if (w.length != 4 || !w[2].equals("->")) {
                        throw new InputException(where + "a link is 'link FROM -> TO', one per direction");
                    }
                    links.add(new String[] {w[1], w[3]});
                }
                default ->
                    throw new InputException(
                            where + "'" + w[0] + "': a line is 'node NAME key=value…' or " + "'link FROM -> TO'");
            }
        }
        List<String> names = nodes.stream().map(ComponentGraph.Node::name).toList();
        for (String[] l : links) {
            for (String end : l) {
                if (!names.contains(end)) {
                    throw new InputException(file + ": the link " + l[0] + " -> " + l[1] + " names '" + end
                            + "', which is not a node; add 'node " + end + "'");
                }
            }
        }
        return new ComponentGraph(nodes, links);
    }

    /**
     * A node's fact as a graph file gives it, checked: the facts {@link ComponentGraph#local} and {@link ComponentGraph#withDiskBandwidth} write,
     * each with the form it must have, for a typo ({@code limt=}) or a bad value would otherwise pass unnoticed and the
     * monitor run without the limit the user meant to give.
     */
    private static String checkedFact(String where, String key, String value) {
        boolean ok =
                switch (key) {
                    case "limit", "read", "write" ->
                        ComponentGraph.RATE.matcher(value).matches();
                    case "cores" -> value.matches("[1-9][0-9]{0,5}");
                    case "size" -> value.matches("[0-9]*\\.?[0-9]+(B|KiB|MiB|GiB|TiB|PiB)");
                    case "rotational" -> value.equals("yes") || value.equals("no");
                    default ->
                        throw new InputException(
                                where + "unknown fact '" + key + "'; a node's facts are limit, read, write "
                                        + "(rates such as 1Gb/s, 500MB/s), cores, size (8.0GiB) and rotational (yes or no)");
                };
        if (!ok) {
            throw new InputException(where + key + "='" + value + "' is not "
                    + switch (key) {
                        case "cores" -> "a whole number of cores from 1 (cores=16)";
                        case "size" -> "a size such as 8.0GiB or 512MiB";
                        case "rotational" -> "yes or no";
                        default -> "a rate (e.g. 10Gb/s, 400Mb/s, 1GB/s)";
                    });
        }
        return value;
    }
}
