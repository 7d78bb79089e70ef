package io.pilotbench.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.pilotbench.core.api.Session;
import io.pilotbench.core.model.SessionResult;
import io.pilotbench.core.store.SessionReader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs every example, small, so that CI keeps them working. */
class ExamplesTest {
    @TempDir
    Path tmp;

    private static String capture(ThrowingRunnable r) throws Exception {
        PrintStream old = System.out;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            r.run();
        } finally {
            System.setOut(old);
        }
        String out = bytes.toString(StandardCharsets.UTF_8);
        old.print(out);
        return out;
    }

    interface ThrowingRunnable {
        void run() throws Exception;
    }

    @Test
    void matrixIterationReportsBothVariants() throws Exception {
        String out = capture(() -> MatrixIteration.main(new String[] {"256", "5"}));
        assertThat(out)
                .containsPattern("(?m)^row-major +\\d")
                .containsPattern("(?m)^column-major +\\d")
                .contains("ns per element")
                .contains("Welch t =");
        assertThat(MatrixIteration.rowMajor(new int[][] {{1, 2}, {3, 4}}))
                .isEqualTo(MatrixIteration.columnMajor(new int[][] {{1, 2}, {3, 4}}))
                .isEqualTo(10);
    }

    @Test
    void userDrivenSessionIsRecordedAndReadable() throws Exception {
        String out = capture(() -> UserDrivenSession.main(new String[] {tmp.toString()}));
        assertThat(out).contains("sort:").contains("µs (95% CI)");
        SessionResult r = Session.analyse(SessionReader.read(tmp.resolve("session")));
        assertThat(r.rounds()).isPositive();
        assertThat(r.pis().get(0).unitReadings().n()).isPositive();
    }
}
