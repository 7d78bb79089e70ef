package io.pilotbench.examples;

import io.pilotbench.core.api.Session;
import io.pilotbench.core.model.CiTarget;
import io.pilotbench.core.model.MetricResult;
import io.pilotbench.core.model.PerformanceIndex;
import io.pilotbench.core.model.Phases;
import io.pilotbench.core.model.PiResult;
import io.pilotbench.core.model.RoundResult;
import io.pilotbench.core.model.SessionSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The caller drives (paper §IV, second kind of benchmark): an existing harness keeps its own loop and asks Pilot
 * after each round whether the results are precise enough, and how much work the next round should do. Each round
 * sorts {@code work} arrays of 10,000 ints and reports the time of every sort as a unit reading; the work amount grows
 * until the sorts' 95% CI is within 2% of their mean (or 60 rounds). The session is recorded in a directory that
 * {@code pilot analyze DIR} can re-analyse.
 *
 * <pre>
 * java -cp … io.pilotbench.examples.UserDrivenSession [SESSION_DIR]
 * </pre>
 */
public final class UserDrivenSession {
    private UserDrivenSession() {}

    public static void main(String[] args) throws Exception {
        Path dir = args.length > 0 ? Path.of(args[0]) : Files.createTempDirectory("pilot-session");
        SessionSettings settings = SessionSettings.builder()
                .pi(PerformanceIndex.of("sort 10k ints", "µs")
                        .withReadingsMustSatisfy(false)
                        .withUnitReadingsMustSatisfy(true))
                .ciTarget(CiTarget.ofMean(0.02))
                .workAmount(1, 500)
                .build();
        SplittableRandom random = new SplittableRandom(1);
        try (Session session = Session.create(settings, dir.resolve("session"), "sort", null)) {
            while (session.needsMoreRounds() && session.rounds().size() < 60) {
                long work = session.nextWorkAmount();
                double[] micros = new double[(int) work];
                long start = System.nanoTime();
                for (int i = 0; i < work; i++) {
                    int[] a = random.ints(10_000).toArray();
                    long t0 = System.nanoTime();
                    Arrays.sort(a);
                    micros[i] = (System.nanoTime() - t0) / 1e3;
                }
                session.addRound(
                        work,
                        RoundResult.builder()
                                .unitReadings(0, micros)
                                .durationNanos(System.nanoTime() - start)
                                .build());
            }
            PiResult pi = session.result().pis().get(0);
            MetricResult m = pi.unitReadings();
            // the first and last sorts of every round that the engine's test cut (warm-up and cool-down apart:
            // m.removed() counts both)
            Phases cut = pi.unitReadingsPhases();
            System.out.printf(
                    Locale.ROOT,
                    "sort: %.1f ± %.1f µs (95%% CI) from %d sorts in %d rounds; cut from every round: the first %d "
                            + "(warm-up) and the last %d (cool-down); recorded in %s%n",
                    m.mean(),
                    m.ci() == null ? Double.NaN : m.ci().halfWidth(),
                    m.n(),
                    session.rounds().size(),
                    cut.warmup(),
                    cut.cooldown(),
                    dir.resolve("session"));
        }
    }
}
