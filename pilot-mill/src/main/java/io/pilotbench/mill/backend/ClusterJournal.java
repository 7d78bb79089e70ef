package io.pilotbench.mill.backend;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A cluster experiment's journal, {@code DIR/cluster/journal.csv}: one line {@code event,job,attempt,id,detail} per
 * cluster job submitted, ended, collected or given up, appended and forced to disk as it happens. It is what a
 * resumed driver knows of the cluster jobs it started; it is kept apart from {@link ClusterRun}, which decides what
 * to submit, so that the file's format and its durability are read in one place.
 */
final class ClusterJournal {
    /** The journal's file name, in {@code DIR/cluster/}. */
    static final String FILE = "journal.csv";

    /** One line of the journal: what happened to the cluster job {@code id}, attempt {@code attempt} of its job. */
    record Event(String event, String job, int attempt, String id) {}

    private final Path file;

    ClusterJournal(Path dir) {
        this.file = dir.resolve("cluster").resolve(FILE);
    }

    /** The events of the given jobs, in the order they happened (none when there is no journal yet). */
    List<Event> read(Set<String> jobs) throws IOException {
        List<Event> events = new ArrayList<>();
        if (!Files.isRegularFile(file)) {
            return events;
        }
        for (List<String> e : Csv.parse(Files.readString(file))) {
            if (e.size() < 4 || !jobs.contains(e.get(1))) {
                continue;
            }
            events.add(new Event(e.get(0), e.get(1), Integer.parseInt(e.get(2)), e.get(3)));
        }
        return events;
    }

    /** Appends an event and forces it to disk. */
    void append(String event, String job, int attempt, String id, String detail) throws IOException {
        appendForced(file, Csv.line(List.of(event, job, Integer.toString(attempt), id, detail)));
    }

    /** Appends {@code text} to {@code file} (created if missing) and forces it to disk before returning. */
    static void appendForced(Path file, String text) throws IOException {
        try (FileChannel ch = FileChannel.open(
                file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
            ch.write(ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)));
            ch.force(true);
        }
    }
}
