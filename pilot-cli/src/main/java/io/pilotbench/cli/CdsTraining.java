package io.pilotbench.cli;

import io.pilotbench.process.JnaLibrary;
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
 * most, so that the classes each of those commands loads are in the list the archive is made from: the help screen,
 * two short {@code run}s (JSON and text reports), an {@code analyze} and a {@code compare} of small files. Run in an
 * empty temporary directory: {@code java -XX:DumpLoadedClassList=classes.lst -cp pilot.jar
 * io.pilotbench.cli.CdsTraining [JNA_DIR]}. Each step's outcome is irrelevant (three rounds do not meet a target).
 *
 * <p>With {@code JNA_DIR}, JNA's native library for this platform is first copied there, for the launcher's
 * {@code -Djna.boot.library.path}: otherwise JNA unpacks it from the jar into a new temporary file at every start
 * (250 KB written and deleted, and a SecureRandom with 60 classes of the security provider for its name).
 */
public final class CdsTraining {
    private CdsTraining() {}

    public static void main(String[] args) throws IOException {
        if (args.length == 1) {
            JnaLibrary.unpackInto(Path.of(args[0])); // the training then loads classes as runs will
        }
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
            {"run", "--max-rounds", "3", "-o", "t", "--", "true"}, // the text report, with its notes
            {"analyze", fa.toString()},
            {"compare", fa.toString(), fb.toString()},
        };
        StaticHelp.answer(new String[] {"--help"}, nowhere, false); // as Main answers pilot --help
        for (String[] step : steps) {
            PilotCommand.run(step, nowhere, nowhere, new ByteArrayInputStream(new byte[0]));
        }
    }
}
