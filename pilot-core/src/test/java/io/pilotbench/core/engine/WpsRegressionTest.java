package io.pilotbench.core.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.pilotbench.core.model.WpsResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The WPS regression against the original's vectors (docs/original.md#vectors-wps), called as the
 * original's tests do: autocorrelation limit 1 (q = 1), no duration threshold, no work floor. With q = 1 the
 * original's α and v are right (its q-scaling bug needs q &gt; 1); its v CI used a fixed factor 2 on the OLS error,
 * ours the t-quantile on the heteroscedasticity-consistent HC3 error (with the variance margin of a session that stops
 * on its own estimate), checked against R's sandwich::vcovHC (r/hc3-reference.R).
 */
class WpsRegressionTest {
    private static WpsResult fit(double[] work, double[] seconds) {
        return WpsRegression.analyze(work, seconds, 1, 0.95, 0.1, true, 3, false);
    }

    private static double[] ns(double... nanos) {
        double[] s = new double[nanos.length];
        for (int i = 0; i < s.length; i++) {
            s[i] = nanos[i] / 1e9;
        }
        return s;
    }

    /** R's lm and sandwich::vcovHC(type = "HC3") for a data set of r/hc3-reference.csv: {intercept, slope, se_hc3}. */
    private static double[][] reference(String dataset) {
        List<Double> x = new ArrayList<>();
        List<Double> y = new ArrayList<>();
        double[] fit = new double[3];
        for (String line : lines("/r/hc3-reference.csv")
                .subList(1, lines("/r/hc3-reference.csv").size())) {
            String[] c = line.split(",", -1);
            if (!c[0].equals(dataset)) {
                continue;
            }
            switch (c[1]) {
                case "point" -> {
                    x.add(Double.parseDouble(c[2].strip()));
                    y.add(Double.parseDouble(c[3].strip()));
                }
                case "intercept" -> fit[0] = Double.parseDouble(c[2].strip());
                case "slope" -> fit[1] = Double.parseDouble(c[2].strip());
                case "se_hc3" -> fit[2] = Double.parseDouble(c[2].strip());
                default -> {}
            }
        }
        return new double[][] {
            x.stream().mapToDouble(Double::doubleValue).toArray(),
            y.stream().mapToDouble(Double::doubleValue).toArray(),
            fit
        };
    }

    private static List<String> lines(String resource) {
        try (var in = WpsRegressionTest.class.getResourceAsStream(resource)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void hc3MatchesRsSandwich() {
        for (String set : new String[] {"ols1", "hetero"}) {
            double[][] r = reference(set);
            double se = WpsRegression.slopeStandardErrorHc3(r[0], r[1], r[2][0], r[2][1]);
            assertThat(se).as(set).isCloseTo(r[2][2], within(1e-10 * r[2][2]));
        }
    }

    @Test
    void ols1() {
        WpsResult r = fit(new double[] {50, 100, 150, 200, 250}, new double[] {162, 233, 324, 417, 572});
        assertThat(r.status()).isEqualTo(WpsResult.Status.OK);
        assertThat(r.subsessionSize()).isEqualTo(1);
        assertThat(r.alpha()).isCloseTo(40.4, within(1e-12));
        assertThat(r.v()).isCloseTo(0.49800796812749004, within(1e-15));
        // slope 2.008 ± t(0.975, 3)·se, se = HC3 (R: 0.37176731805728985) × exp(0.75·√(2/3)/2), t = 3.182446305284263
        double half = 3.182446305284263 * 0.37176731805728985 * Math.exp(0.75 * Math.sqrt(2.0 / 3) / 2);
        assertThat(r.vCi().low()).isCloseTo(1 / (2.008 + half), within(1e-11));
        assertThat(r.vCi().high()).isCloseTo(1 / (2.008 - half), within(1e-11));
        assertThat(r.vCi().contains(r.v())).isTrue();
    }

    @Test
    void ols2ExactLinearData() {
        double[] w = new double[40];
        double[] t = new double[40];
        for (int i = 0; i < 40; i++) {
            int ts = 50 * i;
            w[i] = 500 * 100 + 30 * ts + 15 * 30;
            t[i] = (140 + ts) / 1e9;
        }
        WpsResult r = fit(w, t);
        assertThat(r.alpha()).isCloseTo(-1541.6666666666666e-9, within(1e-16));
        assertThat(r.v()).isCloseTo(30e9, within(1e-3));
        assertThat(r.vCi().width()).isLessThan(1e-3);
    }

    @Test
    void ols3() {
        WpsResult r = fit(
                new double[] {429497000, 472446000, 515396000, 558346000},
                ns(4681140000d, 5526190000d, 5632120000d, 5611980000d));
        assertThat(r.alpha()).isCloseTo(2.029655249066034, within(1e-10));
        assertThat(r.v()).isCloseTo(148182202.2235833, within(148182202.2235833 * 1e-12));
        // The slope's 95% interval reaches below 0 here (2 residual df): v has no upper bound.
        assertThat(r.vCi().high()).isInfinite();
    }

    @Test
    void ols4() {
        double[] w = {429496729, 472446392, 515396064, 558345736, 601295408, 644245080, 687194752, 730144424, 773094096
        };
        WpsResult r = fit(
                w,
                ns(
                        5731883327d,
                        5235129386d,
                        5321265550d,
                        5860121124d,
                        6040418744d,
                        6513983890d,
                        6623204911d,
                        6828709974d,
                        7455453108d));
        assertThat(r.alpha()).isCloseTo(2.694596476978467, within(1e-10));
        assertThat(r.v()).isCloseTo(172572240.77355415, within(172572240.77355415 * 1e-12));
        assertThat(r.vCi().contains(r.v())).isTrue();
    }

    /**
     * docs/original.md#vectors-wps, prepare_data: setup 1 s, warm-up 2 s at 3v, cool-down 1 s at v/2, stable v = 1.5
     * (truncated to ns).
     */
    @Test
    void readingsWarmupRemovalCases() {
        double[] case1 = {50, 100, 50, 100};
        double[] case2 = {50, 100, 50, 100, 50, 80, 50, 80, 50, 100, 50, 100};
        for (double[] w : new double[][] {case1, case2}) {
            double[] t = new double[w.length];
            for (int i = 0; i < w.length; i++) {
                long warm = (long) (4.5e-9 * 2e9);
                long cool = (long) (0.75e-9 * 1e9);
                long stableNs = (long) ((w[i] - warm - cool) / 1.5e-9);
                t[i] = (1e9 + 2e9 + stableNs + 1e9) / 1e9;
            }
            WpsResult r = fit(w, t);
            assertThat(r.v()).isCloseTo(1.5, within(1e-8));
            assertThat(r.alpha()).isCloseTo(-2.0, within(1e-8));
            assertThat(r.vCi().width()).isLessThan(1e-5);
        }
    }

    @Test
    void notEnoughDataAndNoSpread() {
        assertThat(fit(new double[] {50}, new double[] {1}).status()).isEqualTo(WpsResult.Status.NOT_ENOUGH_DATA);
        assertThat(fit(new double[] {50, 50, 50, 50}, new double[] {1, 2, 1, 2}).status())
                .isEqualTo(WpsResult.Status.NOT_ENOUGH_DATA);
        assertThat(fit(new double[] {10, 20, 30, 40}, new double[] {4, 3, 2, 1}).status())
                .isEqualTo(WpsResult.Status.NOT_LINEAR);
    }

    @Test
    void workFloorDropsRoundsBelowAlphaTimesV() {
        // t = 5 + w/100 above w = 200; below it the round never leaves its slow warm-up (w/20).
        double[] w = {50, 100, 150, 300, 400, 500, 600, 700, 800, 900};
        double[] t = new double[w.length];
        for (int i = 0; i < w.length; i++) {
            t[i] = w[i] < 200 ? 1 + w[i] / 20 : 5 + w[i] / 100;
        }
        WpsResult r = WpsRegression.analyze(w, t, 0.1, 0.95, 0.1, true, 3, true);
        // The first fit, pulled up by the slow rounds, puts α·v above the median work amount, so the floor stops at
        // the median (never more than half the rounds go): 400, keeping 400..900.
        assertThat(r.workFloor()).isEqualTo(400);
        assertThat(r.roundsUsed()).isEqualTo(6);
        assertThat(r.v()).isCloseTo(100, within(1e-9));
        assertThat(r.alpha()).isCloseTo(5, within(1e-9));
    }
}
