package io.pilotbench.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

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

    /**
     * The example's t-test took the readings' variance over subsession counts while the sessions' CIs came from the
     * autocorrelation-aware analysis: "Welch t = -156.34, df = 334.4" beside a column-major CI of ±20% resting on 10.5
     * degrees of freedom. Its t must be the difference of the means over the two sessions' own standard errors, and
     * its degrees of freedom at most theirs together (Welch–Satterthwaite).
     */
    @Test
    void matrixIterationsTestRestsOnTheSessionsOwnStandardErrors() throws Exception {
        String out = capture(() -> MatrixIteration.main(new String[] {"256", "5"}));
        java.util.regex.Matcher session = java.util.regex.Pattern.compile("(?m)^(?:row|column)-major +([0-9.]+) ± "
                        + "[0-9.]+ ns per element \\(95% CI; standard error ([0-9.e-]+), ([0-9.]+) df\\)")
                .matcher(out);
        double[] mean = new double[2];
        double[] se = new double[2];
        double df = 0;
        for (int i = 0; i < 2; i++) {
            assertThat(session.find()).as(out).isTrue();
            mean[i] = Double.parseDouble(session.group(1));
            se[i] = Double.parseDouble(session.group(2));
            df += Double.parseDouble(session.group(3));
        }
        java.util.regex.Matcher t = java.util.regex.Pattern.compile("Welch t = (-?[0-9.]+), df = ([0-9.]+)")
                .matcher(out);
        assertThat(t.find()).as(out).isTrue();
        double expected = Math.abs(mean[1] - mean[0]) / Math.hypot(se[0], se[1]);
        // the means are printed to three decimals: their difference is known to ±0.001
        double slack = 0.001 / Math.hypot(se[0], se[1]);
        assertThat(Math.abs(Double.parseDouble(t.group(1))))
                .as(out)
                .isCloseTo(expected, within(slack + 0.01 * expected));
        assertThat(Double.parseDouble(t.group(2))).as(out).isLessThanOrEqualTo(df + 2);
    }

    @Test
    void userDrivenSessionIsRecordedAndReadable() throws Exception {
        String out = capture(() -> UserDrivenSession.main(new String[] {tmp.toString()}));
        assertThat(out).contains("sort:").contains("µs (95% CI)");
        SessionResult r = Session.analyse(SessionReader.read(tmp.resolve("session")));
        assertThat(r.rounds()).isPositive();
        assertThat(r.pis().get(0).unitReadings().n()).isPositive();
    }

    /**
     * The example said "750 warm-up sorts removed" where every one of them was cut as a cool-down (the last 250 of
     * each round): it printed the count of both cuts as warm-up. It names each cut as the session records it.
     */
    @Test
    void userDrivenSessionNamesItsWarmUpAndCoolDownApart() throws Exception {
        String out = capture(() -> UserDrivenSession.main(new String[] {tmp.toString()}));
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(
                        "the first (\\d+) \\(warm-up\\) and the last (\\d+) \\(cool-down\\)")
                .matcher(out);
        assertThat(m.find()).as(out).isTrue();
        var phases = Session.analyse(SessionReader.read(tmp.resolve("session")))
                .pis()
                .get(0)
                .unitReadingsPhases();
        assertThat(Integer.parseInt(m.group(1))).isEqualTo(phases.warmup());
        assertThat(Integer.parseInt(m.group(2))).isEqualTo(phases.cooldown());
    }
}
