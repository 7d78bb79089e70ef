package io.pilotbench.cli;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

/**
 * The training run of the {@code ./pilot} launcher's class-data-sharing archive: one JVM that does what users do
 * most, so that the classes each of those commands loads are in the archive (a dynamic archive holds the classes of
 * one run): the help screen, a short {@code run}, an {@code analyze} and a {@code compare} of small files. Run in an
 * empty temporary directory: {@code java -XX:ArchiveClassesAtExit=pilot.jsa -cp pilot.jar
 * io.pilotbench.cli.CdsTraining}. Each step's outcome is irrelevant (three rounds do not meet a target).
 */
public final class CdsTraining {
    private CdsTraining() {
    }

    public static void main(String[] args) throws IOException {
        PrintWriter nowhere = new PrintWriter(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);
        Random random = new Random(1);
        StringBuilder a = new StringBuilder();
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 200; i++) {
            a.append(String.format(java.util.Locale.ROOT, "%.3f%n", 100 + 10 * random.nextGaussian()));
            b.append(String.format(java.util.Locale.ROOT, "%.3f%n", 101 + 10 * random.nextGaussian()));
        }
        Path fa = Files.writeString(Path.of("a.txt"), a);
        Path fb = Files.writeString(Path.of("b.txt"), b);
        String[][] steps = {
            {"--help"},
            {"run", "-q", "--format", "json", "--max-rounds", "3", "-o", "s", "--", "true"},
            {"analyze", fa.toString()},
            {"compare", fa.toString(), fb.toString()},
        };
        for (String[] step : steps) {
            PilotCommand.run(step, nowhere, nowhere, new ByteArrayInputStream(new byte[0]));
        }
    }
}
