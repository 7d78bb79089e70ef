package io.pilotbench.simulate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.pilotbench.stats.Descriptive;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The synthetic workloads against their own closed forms: every stated tolerance is a multiple of the standard error
 * of the estimate it bounds (a test that fails here means the model does not have the truth it reports).
 */
class WorkloadModelTest {

    /** Sample mean and sd of 400,000 i.i.d. samples of the marginal against {@code mean()} and {@code sd()}. */
    @ParameterizedTest
    @CsvSource({
        "dist=normal,mean=100,cv=0.1",
        "dist=lognormal,mean=50,cv=0.5",
        "dist=pareto,mean=100,cv=0.2,tail=5",
        "dist=bimodal,mean=10,cv=0.05,modes=0.3:0.4"
    })
    void marginalsHaveTheirStatedMeanAndSd(String spec) {
        Marginal m = WorkloadModel.parse(spec).marginal();
        SplittableRandom rnd = new SplittableRandom(11);
        int n = 400_000;
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = m.sample(rnd.nextGaussian(), rnd.nextDouble());
        }
        double se = m.sd() / Math.sqrt(n);
        assertThat(Descriptive.mean(x)).as(spec).isCloseTo(m.mean(), within(5 * se));
        // the sd of a sample sd is about sd·sqrt((kurtosis − 1)/(4n)); 2% is > 5 of those for these shapes
        assertThat(Descriptive.stddev(x)).as(spec).isCloseTo(m.sd(), within(0.02 * m.sd()));
    }

    /** The heavy preset (tail 2.5: finite variance, infinite fourth moment): its mean and its floor. */
    @Test
    void heavyTailHasItsMeanAndAFloor() {
        WorkloadModel w = WorkloadModel.parse("heavy");
        WorkloadGenerator g = w.generator(5);
        int n = 400_000;
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = g.round(i, 0).reading();
        }
        assertThat(Descriptive.mean(x)).isCloseTo(w.trueMean(), within(6 * w.trueSd() / Math.sqrt(n)));
        // shift = mean − α·xm/(α−1) with xm = cv·mean·(α−1)/sqrt(α/(α−2)): 100 − 2.5·(10·1.5/√5)/1.5 = 88.82
        assertThat(Descriptive.min(x)).isGreaterThan(100 - 10 * 2.5 / Math.sqrt(5) + 6.7);
        assertThat(Descriptive.max(x)).as("a long right tail").isGreaterThan(w.trueMean() + 10 * w.trueSd());
    }

    @Test
    void ar1ReadingsHaveTheirAutocorrelationAndLongRunVariance() {
        WorkloadModel w = WorkloadModel.parse("ar1");
        WorkloadGenerator g = w.generator(3);
        int n = 1_000_000;
        int b = 1000;
        double[] x = new double[n];
        double[] batch = new double[n / b];
        for (int i = 0; i < n; i++) {
            x[i] = g.round(i, 0).reading();
            batch[i / b] += x[i] / b;
        }
        // r1 of an AR(1) estimate has sd about sqrt((1 − φ²)/n) = 0.0004
        assertThat(Descriptive.lag1Autocorrelation(x)).isCloseTo(0.9, within(0.003));
        // σ²(1+φ)/(1−φ) = 100·19 = 1900; batch means of 1000 estimate it with 1000 batches (relative sd ≈ 4.5%)
        assertThat(w.longRunVariance()).isCloseTo(1900, within(1e-9));
        assertThat(Descriptive.variance(batch) * b).isCloseTo(1900, within(1900 * 0.15));
    }

    @Test
    void spikesRaiseTheTrueMeanByTheirExpectedFactor() {
        WorkloadModel w = WorkloadModel.parse("normal,spikes=0.02:4");
        assertThat(w.trueMean()).isCloseTo(106, within(1e-9)); // 100·(1 + 0.02·3)
        WorkloadGenerator g = w.generator(9);
        int n = 300_000;
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = g.round(i, 0).reading();
        }
        assertThat(Descriptive.mean(x)).isCloseTo(106, within(5 * w.trueSd() / Math.sqrt(n)));
        assertThat(Descriptive.stddev(x)).isCloseTo(w.trueSd(), within(0.03 * w.trueSd()));
    }

    @Test
    void aRoundDependsOnlyOnSeedAndRound() {
        WorkloadModel w = WorkloadModel.parse("warmup-ar1");
        WorkloadGenerator inOrder = w.generator(42);
        double[] series = new double[50];
        for (int r = 0; r < 50; r++) {
            series[r] = inOrder.round(r, 0).reading();
        }
        // a fresh process asked for round 37 only (emit), and a generator asked out of order
        assertThat(w.generator(42).round(37, 0).reading()).isEqualTo(series[37]);
        WorkloadGenerator jumping = w.generator(42);
        assertThat(jumping.round(45, 0).reading()).isEqualTo(series[45]);
        assertThat(jumping.round(3, 0).reading()).isEqualTo(series[3]);
        assertThat(w.generator(43).round(37, 0).reading()).isNotEqualTo(series[37]);
        double[] units = WorkloadModel.parse("units").generator(42).round(7, 0).unitReadings();
        assertThat(WorkloadModel.parse("units").generator(42).round(7, 0).unitReadings())
                .containsExactly(units);
    }

    @Test
    void warmupDecaysAcrossRoundsToTheStableMean() {
        WorkloadModel w = WorkloadModel.parse("normal,warmup=exp:1:20");
        int seeds = 4000;
        double first = 0;
        double later = 0;
        for (int s = 0; s < seeds; s++) {
            WorkloadGenerator g = w.generator(s);
            first += g.round(0, 0).reading() / seeds;
            later += g.round(300, 0).reading() / seeds;
        }
        double se = 10 / Math.sqrt(seeds);
        assertThat(first).isCloseTo(200, within(2 * 5 * se)); // (1 + 1·e^0)·100, sd doubled too
        assertThat(later).isCloseTo(100, within(5 * se)); // e^(−15) is nothing
    }

    @Test
    void unitRoundsHaveWarmupAtTheStartAndCooldownAtTheEnd() {
        WorkloadModel w = WorkloadModel.parse("units,cv=0,phi=0"); // noise-free: the phases alone
        SimulatedRound r = w.generator(1).round(0, 0);
        assertThat(r.unitReadings()).hasSize(200);
        assertThat(r.unitReadings()[0]).isEqualTo(3.0); // step:2:20 → 1 + 2
        assertThat(r.unitReadings()[19]).isEqualTo(3.0);
        assertThat(r.unitReadings()[20]).isEqualTo(1.0);
        assertThat(r.unitReadings()[194]).isEqualTo(1.0);
        assertThat(r.unitReadings()[195]).isEqualTo(2.0); // step:1:5 on the last 5
        assertThat(r.reading()).isCloseTo(200 + 2 * 20 + 5, within(1e-9));
        assertThat(r.seconds()).isCloseTo(0.05 + 0.245, within(1e-12));
        assertThat(w.generator(1).round(0, 50).unitReadings()).hasSize(50);
    }

    @Test
    void wpsDurationIsSetupPlusWorkOverSpeedPlusPhases() {
        WorkloadModel w = WorkloadModel.parse("wps,cv=0");
        // 0.5 s + (w + 2·min(w, 2000) + 1·min(w, 300)) / 1000
        assertThat(w.generator(1).round(0, 100_000).seconds())
                .isCloseTo(0.5 + (100_000 + 4000 + 300) / 1000.0, within(1e-9));
        assertThat(w.generator(1).round(3, 1000).seconds()).isCloseTo(0.5 + (1000 + 2000 + 300) / 1000.0, within(1e-9));
        assertThat(w.trueSpeed()).isEqualTo(1000);
        assertThat(WorkloadModel.parse("wps,spikes=0.1:2").trueSpeed()).isCloseTo(1000 / 1.1, within(1e-9));
    }

    @Test
    void exponentialPhaseSumIsTheSumOfItsFactors() {
        Phase p = Phase.parse("warmup", "exp:0.5:7");
        double sum = 0;
        for (int i = 0; i < 40; i++) {
            sum += p.factor(i);
        }
        assertThat(p.sum(40)).isCloseTo(sum, within(1e-12));
        assertThat(Phase.parse("cooldown", "step:1:2.5").sum(10)).isEqualTo(3.0); // i = 0, 1, 2
    }

    /** {@code warmup=A+B}: two phases, kept in order, printed back as given. */
    @Test
    void aWarmupOfSeveralPhasesParses() {
        WorkloadModel w = WorkloadModel.parse("normal,warmup=exp:2:3+step:0.08:40");
        assertThat(w.warmup().parts())
                .containsExactly(new Phase(Phase.Shape.EXP, 2, 3), new Phase(Phase.Shape.STEP, 0.08, 40));
        assertThat(w.warmup()).hasToString("exp:2:3+step:0.08:40");
        assertThat(w.describe()).contains("warm-up exp:2:3+step:0.08:40");
        assertThat(w.plantedWarmup()).as("a decay never quite ends").isEqualTo(-1);
        assertThat(WorkloadModel.parse("normal,warmup=step:0.5:10+step:0.1:40").plantedWarmup())
                .isEqualTo(40);
        assertThat(WorkloadModel.parse("units,cooldown=step:1:5+exp:0.5:2")
                        .cooldown()
                        .parts())
                .hasSize(2);
    }

    /**
     * The factors add: noise-free, round r takes 100·(1 + 2·e^(−r/3) + 0.08·[r &lt; 40]); with noise, the mean of
     * 4,000 seeded sessions at a round is that within 5 standard errors (the sd is scaled by the same factor).
     */
    @Test
    void severalWarmupPhasesAddTheirFactors() {
        WorkloadModel exact = WorkloadModel.parse("dist=normal,mean=100,cv=0,warmup=exp:2:3+step:0.08:40");
        WorkloadGenerator g = exact.generator(1);
        for (int r : new int[] {0, 1, 5, 20, 39, 40, 41, 200}) {
            double expected = 100 * (1 + 2 * Math.exp(-r / 3.0) + (r < 40 ? 0.08 : 0));
            assertThat(g.round(r, 0).reading()).as("round %d", r).isCloseTo(expected, within(1e-9));
        }
        WorkloadModel noisy = WorkloadModel.parse("dist=normal,mean=100,cv=0.1,phi=0.8,warmup=exp:2:3+step:0.08:40");
        int seeds = 4000;
        int[] rounds = {0, 3, 30, 60};
        double[] mean = new double[rounds.length];
        for (int s = 0; s < seeds; s++) {
            WorkloadGenerator n = noisy.generator(s);
            for (int j = 0; j < rounds.length; j++) {
                mean[j] += n.round(rounds[j], 0).reading() / seeds;
            }
        }
        for (int j = 0; j < rounds.length; j++) {
            double factor = 1 + 2 * Math.exp(-rounds[j] / 3.0) + (rounds[j] < 40 ? 0.08 : 0);
            double se = 10 * factor / Math.sqrt(seeds);
            assertThat(mean[j]).as("round %d", rounds[j]).isCloseTo(100 * factor, within(5 * se));
        }
        // and the work-amount sums that UNITS and WPS use add the same way
        PhaseSum sum = noisy.warmup();
        assertThat(sum.sum(50)).isCloseTo(Phase.parse("warmup", "exp:2:3").sum(50) + 0.08 * 40, within(1e-12));
    }

    @Test
    void aMalformedWarmupOfSeveralPhasesSaysWhichPartInOneLine() {
        for (String bad :
                new String[] {"exp:2:3+", "exp:2:3+stp:0.08:40", "exp:2:3++step:0.08:40", "exp:2:3+step:0.08"}) {
            assertThatThrownBy(() -> WorkloadModel.parse("normal,warmup=" + bad))
                    .as(bad)
                    .hasMessageStartingWith(
                            "workload spec 'normal,warmup=" + bad + "': 'warmup=" + bad + "': its part '")
                    .hasMessageContaining("is not exp:AMPLITUDE:TAU or step:AMPLITUDE:COUNT")
                    .hasMessageContaining("joined with +, e.g. warmup=exp:2:3+step:0.08:40")
                    .hasMessageNotContaining("\n");
        }
        assertThatThrownBy(() -> WorkloadModel.parse("normal,warmup=step:-0.6:10+exp:-0.5:5"))
                .hasMessageContaining("negative amplitudes must sum to more than -1");
    }

    /**
     * The presets shaped like real benchmarks: their truths by the formula (spikes count: 100·(1 + 0.01·4)), a drift's
     * truth its level at round 0, and the description of a drifting model says it has no steady state.
     */
    @Test
    void realisticPresetsHaveTheirTruths() {
        assertThat(WorkloadModel.parse("warmup-exp").truth()).isEqualTo(100);
        assertThat(WorkloadModel.parse("warmup-exp").warmup().factor(10)).isCloseTo(0.4 / Math.E, within(1e-12));
        assertThat(WorkloadModel.parse("warmup-exp-slow").truth()).isEqualTo(100);
        assertThat(WorkloadModel.parse("jit-tiers").warmup().parts()).hasSize(2);
        assertThat(WorkloadModel.parse("gc-spikes").truth()).isCloseTo(104, within(1e-9));
        WorkloadModel drift = WorkloadModel.parse("drift");
        assertThat(drift.truth()).isEqualTo(100);
        assertThat(drift.stationary()).isFalse();
        assertThat(drift.describe()).contains("no steady state");
        assertThat(WorkloadModel.parse("ar1-0.5").phi()).isEqualTo(0.5);
        assertThat(WorkloadModel.PRESETS.keySet()).containsAll(WorkloadModel.PRESET_NOTES.keySet());
    }

    /** The presets whose results are published keep their specs: new presets are added, never edited in. */
    @Test
    void publishedPresetsKeepTheirSpecs() {
        assertThat(WorkloadModel.PRESETS)
                .containsAllEntriesOf(java.util.Map.of(
                        "normal", "dist=normal,mean=100,cv=0.1",
                        "ar1", "dist=normal,mean=100,cv=0.1,phi=0.9",
                        "warmup-ar1", "dist=normal,mean=100,cv=0.1,phi=0.9,warmup=exp:1:20",
                        "heavy", "dist=pareto,mean=100,cv=0.1,tail=2.5",
                        "lognormal", "dist=lognormal,mean=100,cv=0.3",
                        "bimodal", "dist=bimodal,mean=100,cv=0.05,modes=0.3:0.3",
                        "warmup-step", "dist=normal,mean=100,cv=0.1,warmup=step:0.3:10",
                        "mm1", "mm1=0.9",
                        "units",
                                "dist=normal,mean=1,cv=0.2,phi=0.5,units=200,warmup=step:2:20,cooldown=step:1:5,setup=0.05",
                        "wps", "wps=1000,range=1000:1000000,setup=0.5,warmup=step:2:2000,cooldown=step:1:300,cv=0.03"));
    }

    /** Every preset parses, says what it is, and has a finite, positive truth. */
    @Test
    void everyPresetParsesWithAFiniteTruth() {
        for (String preset : WorkloadModel.PRESETS.keySet()) {
            WorkloadModel w = WorkloadModel.parse(preset);
            assertThat(w.truth()).as(preset).isFinite().isPositive();
            assertThat(w.longRunVariance()).as(preset).isFinite().isPositive();
            assertThat(w.describe()).as(preset).isNotBlank().doesNotContain("\n");
        }
    }

    @Test
    void presetsAreOverriddenByLaterKeys() {
        WorkloadModel w = WorkloadModel.parse("ar1, phi=0.5, mean=20");
        assertThat(w.phi()).isEqualTo(0.5);
        assertThat(w.trueMean()).isEqualTo(20);
        assertThat(w.marginal().cv()).isEqualTo(0.1);
        assertThat(w.level()).isEqualTo(WorkloadModel.Level.READINGS);
        assertThat(WorkloadModel.parse("units").level()).isEqualTo(WorkloadModel.Level.UNITS);
        assertThat(WorkloadModel.parse("wps").level()).isEqualTo(WorkloadModel.Level.WPS);
        for (String preset : WorkloadModel.PRESETS.keySet()) {
            assertThat(WorkloadModel.parse(preset).describe()).isNotBlank();
        }
    }

    @Test
    void badSpecsSayWhatIsWrong() {
        assertThatThrownBy(() -> WorkloadModel.parse("nromal"))
                .hasMessageContaining("'nromal'")
                .hasMessageContaining("a preset (normal, ar1");
        assertThatThrownBy(() -> WorkloadModel.parse("normal,colour=red")).hasMessageContaining("unknown key 'colour'");
        assertThatThrownBy(() -> WorkloadModel.parse("dist=cauchy")).hasMessageContaining("is not normal, lognormal");
        assertThatThrownBy(() -> WorkloadModel.parse("normal,cooldown=step:1:5"))
                .hasMessageContaining("a cool-down happens at the end of a round");
        assertThatThrownBy(() -> WorkloadModel.parse("units,wps=100")).hasMessageContaining("exclude each other");
        assertThatThrownBy(() -> WorkloadModel.parse("ar1,phi=1")).hasMessageContaining("phi must be in (-1, 1)");
        assertThatThrownBy(() -> WorkloadModel.parse("heavy,tail=2")).hasMessageContaining("tail index must be > 2");
        assertThatThrownBy(() -> WorkloadModel.parse("normal,warmup=exp:1"))
                .hasMessageContaining("warmup=exp:AMPLITUDE:TAU");
        assertThatThrownBy(() -> WorkloadModel.parse("normal,mean=fast"))
                .hasMessageContaining("mean=fast is not a number");
        assertThatThrownBy(() -> WorkloadModel.parse(" ")).hasMessageContaining("empty workload spec");
    }
}
