package io.pilotbench.benchmarks.sample;

import static org.assertj.core.api.Assertions.assertThat;

import io.pilotbench.core.api.Pilot;
import io.pilotbench.core.model.CiTarget;
import io.pilotbench.core.model.MetricResult;
import io.pilotbench.core.model.SessionResult;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.core.model.StopReason;
import io.pilotbench.process.JmhWorkload;
import io.pilotbench.stats.Descriptive;
import io.pilotbench.stats.StudentT;
import io.pilotbench.testing.SystemTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JMH driver (a fork per round after its warm-up iterations, its measured iterations the unit readings) on the shipped
 * sample benchmark, against a reference measured by JMH itself with forks and warm-up iterations of its own: the
 * driver reaches its target, and its mean agrees with the reference (6 forks before the driver's session and 6
 * after) within the 99% CI of their difference (the driver's CI and the reference's t-interval over its fork means,
 * combined in quadrature) widened by the drift between the reference's halves, so the test fails whenever the
 * driver's mean is biased by more than the machine moved, or its CI is far too narrow.
 *
 * <p>Runs after {@code package} (failsafe), on the shaded {@code target/benchmarks.jar}: about 50 forks, a minute here.
 * Whether the AR estimate over concatenated iterations is right when forks differ (a fork-level random effect) was
 * also measured on synthetic series with known truth, 100 each: fork sd 0.9 and iteration sd 1.9 covered 94%; fork
 * sd 2 and iteration sd 1 covered 95% (bench/README.md).
 */
@SystemTest
class JmhDriverCoverageIT {
    private static final Path JAR = Path.of("target", "benchmarks.jar");
    private static final String BENCHMARK = "SumBenchmark.arrayList$";
    private static final List<String> TIMING = List.of("-w", "50ms", "-r", "50ms");
    private static final double CONFIDENCE = 0.99;

    @TempDir
    Path tmp;

    private static String java() {
        return ProcessHandle.current()
                .info()
                .command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }

    /**
     * JMH's own measurement: {@code forks} forks, each with 5 warm-up and 5 measured iterations; per fork the mean.
     */
    private double[] referenceForkMeans(String part, int forks) throws IOException, InterruptedException {
        Path json = tmp.resolve("reference-" + part + ".json");
        Path log = tmp.resolve("reference-" + part + ".log");
        List<String> argv = new ArrayList<>(List.of(
                java(),
                "-jar",
                JAR.toString(),
                BENCHMARK,
                "-f",
                Integer.toString(forks),
                "-wi",
                "5",
                "-i",
                "5",
                "-rf",
                "json",
                "-rff",
                json.toString()));
        argv.addAll(TIMING);
        Process p = new ProcessBuilder(argv)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        assertThat(p.waitFor()).as(Files.readString(log)).isZero();
        // "rawData" : [ [ it1, it2, ... ], [ ... ] ]: one list per fork
        String text = Files.readString(json);
        String raw = text.substring(text.indexOf("\"rawData\""));
        raw = raw.substring(raw.indexOf('[') + 1);
        List<Double> means = new ArrayList<>();
        Matcher fork = Pattern.compile("\\[([^\\[\\]]*)\\]").matcher(raw);
        while (fork.find() && means.size() < forks) {
            double[] v = Pattern.compile(",")
                    .splitAsStream(fork.group(1))
                    .map(String::strip)
                    .mapToDouble(Double::parseDouble)
                    .toArray();
            means.add(Descriptive.mean(v));
        }
        return means.stream().mapToDouble(Double::doubleValue).toArray();
    }

    @Test
    void theDriversCiAgreesWithJmhsOwnLongerMeasurement() throws Exception {
        // the reference straddles the driver's session, half before and half after, so that a machine whose speed
        // drifts during the test (these are shared VMs) moves both alike: run one after the other, a drift of 5%
        // failed a CI run (driver 207.8 ± 8.0, JMH 196.7 ± 5.0)
        double[] before = referenceForkMeans("before", 6);
        // as pilot jmh runs a fork by default: as many warm-up iterations as measured ones (JMH's 5 + 5). The forks'
        // levels differ here by a standard deviation of about a fifth of their mean, which the CI of the forks' means
        // counts: at ±5% and 99% that took 117 forks, 140 s of the 3 minutes, so the target is ±7.5% (about 50 forks)
        JmhWorkload jmh = new JmhWorkload(JAR.toAbsolutePath(), BENCHMARK, 5, 5, "us/op", java(), TIMING);
        Path dir = tmp.resolve("session");
        SessionSettings settings = SessionSettings.builder()
                .pi(jmh.pi())
                .ciTarget(CiTarget.ofMean(0.15))
                .confidence(CONFIDENCE)
                .maxDuration(Duration.ofMinutes(3))
                .build();
        SessionResult r = Pilot.of(settings, jmh.workload(dir)).directory(dir).run();
        MetricResult driver = r.pis().get(0).unitReadings();
        assertThat(r.stopReason()).as("the driver met its target").isEqualTo(StopReason.TARGET_MET);

        double[] after = referenceForkMeans("after", 6);
        double[] ref = java.util.stream.DoubleStream.concat(
                        java.util.Arrays.stream(before), java.util.Arrays.stream(after))
                .toArray();
        assertThat(ref).hasSize(12);
        double refMean = Descriptive.mean(ref);
        double refHalf =
                StudentT.critical(CONFIDENCE, ref.length - 1) * Descriptive.stddev(ref) / Math.sqrt(ref.length);
        double driverHalf = (driver.ci().high() - driver.ci().low()) / 2;
        // Widened, as a last resort, by the drift this run itself saw: the machine's speed moved between the two
        // halves of the reference by |before - after|, and the driver ran in between, so its level may lie anywhere in
        // that range. Neither CI can know it: each rests on its own minute of a shared VM. Without this term the
        // check failed 2 of 6 runs (differences 1.006 and 1.12 times the allowance; halves 262.7 and 245.1 us/op
        // in the second) and used 0.48-0.75 of it in three of the passing ones, where a calibrated 99% check would
        // use about a third. A driver biased by more than the drift seen and both CIs still fails it.
        double drift = Math.abs(Descriptive.mean(before) - Descriptive.mean(after));
        double allowed = Math.sqrt(driverHalf * driverHalf + refHalf * refHalf + drift * drift);
        // the two halves of the reference apart: when the check fails, whether the machine drifted during the test
        // (the halves disagree) or the driver's mean is off (they agree with each other, not with it)
        System.out.printf(
                "driver %.3f ± %.3f us/op (%d forks); JMH 6 + 6 forks %.3f ± %.3f (before %.3f, after %.3f); "
                        + "difference %.3f, allowed %.3f (drift %.3f)%n",
                driver.mean(),
                driverHalf,
                r.rounds(),
                refMean,
                refHalf,
                Descriptive.mean(before),
                Descriptive.mean(after),
                driver.mean() - refMean,
                allowed,
                drift);
        assertThat(Math.abs(driver.mean() - refMean)).isLessThanOrEqualTo(allowed);
    }
}
