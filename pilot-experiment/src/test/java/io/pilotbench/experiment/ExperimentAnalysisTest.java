package io.pilotbench.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.pilotbench.stats.anova.AnovaRow;
import io.pilotbench.stats.anova.AnovaTable;
import io.pilotbench.stats.anova.SumOfSquares;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExperimentAnalysisTest {
    /** 1e-9 relative, the accuracy asked of the analysis. */
    private static final double TOLERANCE = 1e-9;

    private static Path reference() throws URISyntaxException {
        return Path.of(ExperimentAnalysisTest.class
                        .getResource("/anova-reference/results.csv")
                        .toURI())
                .getParent();
    }

    /** A saved experiment (see anova.R beside it) against R's anova(lm(...)) and car::Anova(type = 2). */
    @Test
    void matchesRsTypeIAndTypeIITables() throws Exception {
        Path dir = reference();
        List<List<String>> ref = ResultsTable.parse(Files.readString(dir.resolve("reference.csv")));
        int checked = 0;
        for (SumOfSquares type : new SumOfSquares[] {SumOfSquares.TYPE_I, SumOfSquares.TYPE_II}) {
            ExperimentAnalysis.MetricAnalysis a =
                    ExperimentAnalysis.analyze(dir, 2, type).get(0);
            assertThat(a.metric()).isEqualTo("time");
            assertThat(a.n()).isEqualTo(29);
            AnovaTable t = a.table();
            String name = type == SumOfSquares.TYPE_I ? "I" : "II";
            for (List<String> r : ref.subList(1, ref.size())) {
                if (!r.get(0).equals(name)) {
                    continue;
                }
                AnovaRow row = r.get(1).equals("Residuals") ? t.residual() : t.row(r.get(1));
                assertThat(row.df()).isEqualTo(Integer.parseInt(r.get(2)));
                close(row.ss(), r.get(3), name + " " + r.get(1) + " SS");
                if (!r.get(1).equals("Residuals")) {
                    close(row.f(), r.get(4), name + " " + r.get(1) + " F");
                    close(row.pValue(), r.get(5), name + " " + r.get(1) + " p");
                    checked++;
                }
            }
            close(a.rSquared(), ref.get(ref.size() - 1).get(3), "R²");
        }
        assertThat(checked).isEqualTo(20);
    }

    private static void close(double actual, String expected, String what) {
        double e = Double.parseDouble(expected);
        assertThat(actual).as(what).isCloseTo(e, within(Math.abs(e) * TOLERANCE));
    }

    /**
     * The false-positive rate of a factor with no effect, beside one with a planted effect, over 2000 seeded
     * replications of a 2 × 2 design with 4 replications (16 jobs, normal noise): measured 5.05% at α = 0.05 (so
     * the test is neither liberal nor conservative), and the planted effect (1 noise SD, 8 jobs a level) found in
     * 45% of them (the t-test's power for that design is 46%).
     */
    @Test
    void aFactorWithoutEffectIsSignificantAtTheNominalRate() {
        Random random = new Random(2026);
        int reps = 2000;
        int falsePositives = 0;
        int found = 0;
        for (int rep = 0; rep < reps; rep++) {
            List<Map<String, String>> rows = new ArrayList<>();
            for (String a : new String[] {"x", "y"}) {
                for (String b : new String[] {"u", "v"}) {
                    for (int r = 0; r < 4; r++) {
                        Map<String, String> row = new LinkedHashMap<>();
                        row.put("planted", a);
                        row.put("none", b);
                        row.put("time", Double.toString(10 + (a.equals("y") ? 1 : 0) + random.nextGaussian()));
                        row.put("error", "");
                        rows.add(row);
                    }
                }
            }
            ExperimentAnalysis.MetricAnalysis m =
                    ExperimentAnalysis.analyzeMetric(rows, List.of("planted", "none"), "time", 1, SumOfSquares.TYPE_II);
            if (m.table().row("none").pValue() < 0.05) {
                falsePositives++;
            }
            if (m.table().row("planted").pValue() < 0.05) {
                found++;
            }
        }
        double rate = (double) falsePositives / reps;
        System.out.printf("false positives %.4f, power %.4f%n", rate, (double) found / reps);
        assertThat(rate).isBetween(0.035, 0.065); // 5% ± 3 SE
        assertThat((double) found / reps).isBetween(0.40, 0.52);
    }

    /**
     * With failed jobs the table is unbalanced, and the effect sentence, taken from raw level means, gave aslr's effect
     * the wrong sign ("on 0.02913 vs off 0.02868": off was never faster) and env-padding, which does nothing, a
     * difference of 1.06 ms ± 0.45 ms. Cells here: delay 20 ms or 30 ms; at 30 ms aslr off is 1.3 ms slower, at 20 ms
     * aslr does nothing; env-padding does nothing; two of the (30 ms, off) jobs failed, both with padding 4096.
     */
    @Test
    void effectsOfAnUnbalancedTableComeFromMarginalMeansNotRawOnes() {
        Random random = new Random(11);
        List<Map<String, String>> rows = new ArrayList<>();
        int job = 0;
        for (String delay : new String[] {"0.02", "0.03"}) {
            for (String aslr : new String[] {"on", "off"}) {
                for (String pad : new String[] {"0", "4096"}) {
                    for (int r = 0; r < 3; r++) {
                        boolean failed = delay.equals("0.03") && aslr.equals("off") && pad.equals("4096") && r < 2;
                        double t = Double.parseDouble(delay)
                                + (delay.equals("0.03") && aslr.equals("off") ? 0.0013 : 0)
                                + 0.0002 * random.nextGaussian();
                        Map<String, String> row = new LinkedHashMap<>();
                        row.put("job", Integer.toString(job++));
                        row.put("delay", delay);
                        row.put("aslr", aslr);
                        row.put("env-padding", pad);
                        row.put("time", failed ? "" : Double.toString(t));
                        row.put("error", failed ? "exit code 1" : "");
                        rows.add(row);
                    }
                }
            }
        }
        ExperimentAnalysis.MetricAnalysis m = ExperimentAnalysis.analyzeMetric(
                rows, List.of("delay", "aslr", "env-padding"), "time", 2, SumOfSquares.TYPE_II);
        ExperimentAnalysis.Effect aslr = m.effects().get("aslr");
        assertThat(aslr.low()).isEqualTo("on");
        assertThat(aslr.high()).isEqualTo("off");
        // the truth: 1.3 ms at 30 ms, 0 at 20 ms, averaged over the two delays alike
        assertThat(aslr.difference()).isCloseTo(0.00065, within(0.0003));
        ExperimentAnalysis.Effect pad = m.effects().get("env-padding");
        assertThat(Math.abs(pad.difference())).isLessThan(pad.ciHalfWidth() + 0.0002);
        assertThat(Math.abs(pad.difference())).isLessThan(0.0004);
    }

    /** A metric that is 0 at a factor's lowest level: "changes padlen by Infinity%" is said without a percentage. */
    @Test
    void anEffectFromAMeanOfZeroHasNoPercentage() {
        List<Map<String, String>> rows = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            rows.add(Map.of("pad", "0", "padlen", Double.toString(0), "error", ""));
            rows.add(Map.of("pad", "4096", "padlen", Double.toString(4096 + (i % 2)), "error", ""));
        }
        ExperimentAnalysis.MetricAnalysis m =
                ExperimentAnalysis.analyzeMetric(rows, List.of("pad"), "padlen", 1, SumOfSquares.TYPE_II);
        String text = String.join("\n", ExperimentAnalysis.render(m, 0.05));
        assertThat(text).contains("pad changes padlen (4096 ").doesNotContain("Infinity");
    }

    /** Factor f at a (times about 1.05) and b (about 2.05), four jobs each. */
    private static List<Map<String, String>> twoLevels() {
        List<Map<String, String>> rows = new ArrayList<>();
        double[] a = {1.0, 1.2, 0.9, 1.1};
        double[] b = {2.0, 2.2, 1.9, 2.1};
        for (int i = 0; i < 4; i++) {
            rows.add(Map.of("f", "a", "time", Double.toString(a[i]), "error", ""));
            rows.add(Map.of("f", "b", "time", Double.toString(b[i]), "error", ""));
        }
        return rows;
    }

    @Test
    void theEffectIsTheDifferenceOfLevelMeansWithItsCi() {
        List<Map<String, String>> rows = twoLevels();
        rows.add(Map.of("f", "b", "time", "99", "error", "collect.sh failed")); // failed jobs are left out
        ExperimentAnalysis.MetricAnalysis m =
                ExperimentAnalysis.analyzeMetric(rows, List.of("f"), "time", 2, SumOfSquares.TYPE_II);
        assertThat(m.n()).isEqualTo(8);
        ExperimentAnalysis.Effect e = m.effects().get("f");
        assertThat(e.low()).isEqualTo("a");
        assertThat(e.difference()).isCloseTo(1.0, within(1e-12));
        assertThat(e.relative()).isCloseTo(1.0 / 1.05, within(1e-12));
        // residual MS = pooled variance 0.016667 on 6 df: half-width t(0.975, 6) · sqrt(MS · (1/4 + 1/4))
        assertThat(e.ciHalfWidth()).isCloseTo(2.446911851 * Math.sqrt(0.05 / 3 * 0.5), within(1e-8));
        assertThat(ExperimentAnalysis.render(m, 0.05)).anySatisfy(l -> assertThat(l)
                .contains("f changes execution time by 95.2% (b 2.050 vs a 1.050")
                .contains("p < 0.001"));
    }

    /**
     * With --type 3 the table has an Intercept row, whose p-value is almost always tiny (a mean far from 0), and the
     * text called it "the interaction Intercept is significant: the effect of one factor depends on the level of the
     * other". Only terms of two or more factors are interactions.
     */
    @Test
    void theInterceptOfTypeThreeIsNotCalledAnInteraction() {
        List<Map<String, String>> rows = twoLevels();
        ExperimentAnalysis.MetricAnalysis m =
                ExperimentAnalysis.analyzeMetric(rows, List.of("f"), "time", 1, SumOfSquares.TYPE_III);
        assertThat(m.table().terms()).anyMatch(r -> r.term().equals("Intercept") && r.pValue() < 0.05);
        assertThat(ExperimentAnalysis.render(m, 0.05))
                .noneMatch(l -> l.contains("interaction Intercept"))
                .anyMatch(l -> l.contains("f changes execution time"));
    }

    @Test
    void termsGoUpToTheOrderAsked() {
        assertThat(ExperimentAnalysis.terms(List.of("a", "b", "c"), 1)).containsExactly("a", "b", "c");
        assertThat(ExperimentAnalysis.terms(List.of("a", "b", "c"), 2))
                .containsExactly("a", "b", "c", "a:b", "a:c", "b:c");
        assertThat(ExperimentAnalysis.terms(List.of("a", "b", "c"), 5))
                .hasSize(7)
                .endsWith("a:b:c");
    }

    /**
     * A metric that the factors do not move (a size every job reports alike): the text said "no residual variance …
     * F is infinite or undefined" and "R² = NaN", the JSON's residualNote was null, and the effect went "from 0 to 0",
     * a level to itself. The note is now one sentence for both, R² is "undefined", and the effect is between two
     * levels.
     */
    @Test
    void aMetricTheFactorsDoNotMoveSaysSoAlikeAndItsEffectIsBetweenTwoLevels() {
        List<Map<String, String>> rows = new ArrayList<>();
        for (String level : List.of("0", "64", "0", "64")) {
            rows.add(Map.of("f", level, "size", "100", "error", ""));
        }
        ExperimentAnalysis.MetricAnalysis m =
                ExperimentAnalysis.analyzeMetric(rows, List.of("f"), "size", 1, SumOfSquares.TYPE_II);
        String note = ExperimentAnalysis.residualNote(m);
        assertThat(note).contains("no residual variance: size is fixed by the factors");
        assertThat(ExperimentAnalysis.render(m, 0.05))
                .anyMatch(l -> l.contains(note))
                .anyMatch(l -> l.contains("R² = undefined (size does not vary)"));
        ExperimentAnalysis.Effect e = m.effects().get("f");
        assertThat(e.low()).isNotEqualTo(e.high());
        assertThat(List.of(e.low(), e.high())).containsExactlyInAnyOrder("0", "64");
        assertThat(e.difference()).isZero();
    }

    @Test
    void aTableWhereNothingVariesIsRefused() throws IOException {
        List<Map<String, String>> rows =
                List.of(Map.of("f", "a", "time", "1", "error", ""), Map.of("f", "a", "time", "2", "error", ""));
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> ExperimentAnalysis.analyzeMetric(rows, List.of("f"), "time", 1, SumOfSquares.TYPE_II))
                .hasMessageContaining("nothing to attribute variance to");
    }

    @Test
    void onlyAnalysedJobsShortOfTheirTargetAreCountedAsImprecise() {
        List<Map<String, String>> rows = List.of(
                Map.of("job", "0001", "stop", "target_met", "error", ""),
                Map.of("job", "0002", "stop", "round_limit", "error", ""),
                Map.of("job", "0003", "stop", "round_limit", "error", "collect.sh exited with 1"),
                Map.of("job", "0004", "stop", "time_limit", "error", ""));
        ExperimentAnalysis.Imprecise i = ExperimentAnalysis.imprecise(rows);
        assertThat(i.analysed()).isEqualTo(3);
        assertThat(i.jobs()).containsExactly("0002", "0004");
        assertThat(i.reasons()).containsExactly(Map.entry("round_limit", 1), Map.entry("time_limit", 1));
        assertThat(ExperimentAnalysis.render(i).get(0))
                .isEqualTo(
                        "warning: 2 of 3 jobs stopped before their "
                                + "precision target (1 at the round cap (max-rounds), 1 at the time cap (max-time)): 0002 0004.");
        ExperimentAnalysis.Imprecise none = ExperimentAnalysis.imprecise(rows.subList(0, 1));
        assertThat(none.jobs()).isEmpty();
        assertThat(ExperimentAnalysis.render(none)).isEmpty();
    }

    @TempDir
    Path tmp;

    /**
     * One job failed and the package never varied (one package): the analysis says so instead of dropping them
     * silently; and with one job per cell of a and b (order 2: 4 parameters for 4 jobs) there is nothing left to
     * estimate the error from, which it says, not that time "is fixed by the factors".
     */
    @Test
    void analyzeSaysWhatItLeftOutAndThatThereAreNoReplicates() throws IOException {
        Path dir = tmp;
        List<String> header = List.of(
                "job",
                "worker",
                "replication",
                "package",
                "a",
                "b",
                "time",
                "time.ci.low",
                "time.ci.high",
                "rounds",
                "stop",
                "env.bytes",
                "error");
        ResultsTable.create(dir, header);
        double[] t = {1.0, 1.5, 2.25, 2.5};
        int n = 0;
        for (String a : List.of("x", "y")) {
            for (String b : List.of("u", "v")) {
                ResultsTable.append(
                        dir,
                        List.of(
                                String.format("%04d", n + 1),
                                "host",
                                "1",
                                "p",
                                a,
                                b,
                                Double.toString(t[n]),
                                "",
                                "",
                                "40",
                                "target_met",
                                "",
                                ""));
                n++;
            }
        }
        ResultsTable.append(
                dir, List.of("0005", "host", "2", "p", "x", "u", "", "", "", "", "", "", "collect.sh exited with 1"));
        ExperimentAnalysis.MetricAnalysis m =
                ExperimentAnalysis.analyze(dir, 2, SumOfSquares.TYPE_II).get(0);
        assertThat(m.n()).isEqualTo(4);
        assertThat(m.left().failedJobs()).containsExactly("0005");
        assertThat(m.left().singleLevel()).containsExactly(Map.entry("package", "p"));
        assertThat(m.noReplicates()).isTrue();
        String text = String.join("\n", ExperimentAnalysis.render(m, 0.05));
        assertThat(text)
                .contains("1 failed job was left out (job 0005; the error column of results.csv says why)")
                .contains("factor package was left out: it has one level (p) among the jobs analysed")
                .contains("no replicates to estimate the error from")
                .contains("replications: 2 or more")
                .doesNotContain("is fixed by the factors");
        // with replicates (order 1: 3 parameters for 4 jobs) the residual has a degree of freedom and no such line
        ExperimentAnalysis.MetricAnalysis main =
                ExperimentAnalysis.analyze(dir, 1, SumOfSquares.TYPE_II).get(0);
        assertThat(main.noReplicates()).isFalse();
        assertThat(String.join("\n", ExperimentAnalysis.render(main, 0.05)))
                .doesNotContain("no replicates")
                .contains("1 failed job was left out");
    }
}
