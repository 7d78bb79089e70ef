package io.pilotbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class StudentTTest {

    /** commons-statistics / R qt / NIST handbook quantiles (refdata/tdist/t_quantiles_read.csv). */
    @Test
    void quantilesMatchPublishedTables() {
        List<String> lines = RefData.lines("tdist/t_quantiles_read.csv");
        int checked = 0;
        for (String line : lines.subList(1, lines.size())) {
            // The first field (source) may be quoted and hold commas.
            String[] f = line.replaceFirst("^(\"[^\"]*\"|[^,]*)", "source").split(",");
            double df = Double.parseDouble(f[1]);
            // "upper-tail p" rows (NIST handbook) give P(T > t) = p.
            double p = f[2].startsWith("upper-tail ")
                    ? 1 - Double.parseDouble(f[2].substring("upper-tail ".length()))
                    : Double.parseDouble(f[2]);
            double t = Double.parseDouble(f[3]);
            // Rows from NIST's 3-5 digit handbook table carry their own rounding; the 17-digit rows must agree
            // to 1e-12 relative. The tolerance is chosen per row from the number of digits published.
            int digits = f[3].replaceAll("[^0-9]", "").replaceFirst("^0+", "").length();
            double tol = digits >= 15 ? 1e-12 : Math.pow(10, -digits + 1);
            assertThat(StudentT.quantile(p, df)).as(line).isCloseTo(t, within(Math.abs(t) * tol + 1e-15));
            checked++;
        }
        assertThat(checked).isEqualTo(64);
    }

    /** Boost's spot values (refdata/tdist/boost_students_t_spots.csv), which Boost checks at 1e-8 relative. */
    @Test
    void cdfMatchesBoostSpots() {
        List<String> lines = RefData.lines("tdist/boost_students_t_spots.csv");
        int checked = 0;
        for (String line : lines) {
            if (line.startsWith("#") || line.startsWith("df")) {
                continue;
            }
            String[] f = line.split(",");
            double df = Double.parseDouble(f[0]);
            double t = Double.parseDouble(f[1]);
            double p = Double.parseDouble(f[2]);
            assertThat(StudentT.cdf(t, df)).as(line).isCloseTo(p, within(p * 1e-8));
            checked++;
        }
        assertThat(checked).isEqualTo(13);
    }

    /** NIST e-Handbook table (3 decimals): every published critical value rounds to ours. */
    @Test
    void criticalValuesMatchNistHandbook() {
        List<String> lines = RefData.lines("tdist/nist_handbook_t_table.csv");
        String[] header = null;
        int checked = 0;
        for (String line : lines) {
            if (line.startsWith("#")) {
                continue;
            }
            String[] f = line.split(",", -1);
            if (header == null) {
                header = f;
                continue;
            }
            double df = f[0].equalsIgnoreCase("inf") ? Double.POSITIVE_INFINITY : Double.parseDouble(f[0]);
            for (int c = 1; c < f.length; c++) {
                if (f[c].isBlank()) {
                    continue;
                }
                double p = Double.parseDouble(header[c].substring(1));
                assertThat(StudentT.quantile(p, df))
                        .as(line + " p=" + p)
                        .isCloseTo(Double.parseDouble(f[c]), within(0.0005 + 1e-9));
                checked++;
            }
        }
        assertThat(checked).isGreaterThan(150);
    }

    @Test
    void criticalValueReproducesOriginalPilotCiForThreeReadings() {
        // docs/original.md#vectors-run-workload: CI width 4.9682754235006596 = 2·t(0.975, 2)·sqrt(1/3)
        double width = 2 * StudentT.critical(0.95, 2) * Math.sqrt(1.0 / 3);
        assertThat(width).isCloseTo(4.9682754235006596, within(4.97 * 1e-14));
    }

    @Test
    void edgeCases() {
        assertThat(StudentT.quantile(0, 3)).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(StudentT.quantile(1, 3)).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(StudentT.quantile(0.5, 3)).isZero();
        assertThat(StudentT.cdf(Double.NaN, 3)).isNaN();
        assertThat(StudentT.cdf(Double.POSITIVE_INFINITY, 3)).isEqualTo(1.0);
        assertThat(StudentT.quantile(0.975, Double.POSITIVE_INFINITY)).isCloseTo(1.959963984540054, within(1e-14));
        assertThat(StudentT.quantile(0.975, 27.754)).isCloseTo(-StudentT.quantile(0.025, 27.754), within(1e-15));
        assertThatThrownBy(() -> StudentT.quantile(0.5, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> StudentT.quantile(1.5, 3)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> StudentT.critical(1, 3)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> StudentT.cdf(1, Double.NaN)).isInstanceOf(IllegalArgumentException.class);
    }
}
