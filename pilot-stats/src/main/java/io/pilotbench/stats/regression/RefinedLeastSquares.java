package io.pilotbench.stats.regression;

import io.pilotbench.stats.Descriptive;

/**
 * The numerical core of {@link LinearRegression}: the least-squares solution of y ≈ a·1 + Σ b_j (x_j − m_j), where
 * m_j are the column means (0 without an intercept), by Householder QR of the centred, unit-scaled design followed by
 * iterative refinement of the augmented system [I A; Aᵀ 0][r; c] = [y; 0] with residuals in double-double arithmetic
 * (Björck, "Iterative refinement of linear least squares solutions I", BIT 7 (1967) 257–278; Björck, Numerical Methods
 * for Least Squares Problems, SIAM 1996, §2.9). The refinement removes the κ²·‖r‖ error term that plain QR leaves on
 * large-residual problems (NIST Wampler4/5) and converges at a rate of about κ·ε.
 *
 * <p>A predictor column may be given as an unevaluated sum hi + lo (the polynomial powers), so the refined solution
 * is that of the exact design rather than of its rounding.
 */
final class RefinedLeastSquares {
    private static final int MAX_REFINEMENTS = 8;

    final int n;
    final int k;
    final boolean intercept;
    /** Column means m_j (exact doubles; the model is parametrised about them). */
    final double[] means;
    /** Unit-norm scaling d_j of the centred columns. */
    final double[] scales;
    /** a: the fitted value at x = m (the intercept of the centred model), 0 without intercept. */
    double centredIntercept;
    /** b_j: the slopes in the original units. */
    final double[] slopes;
    /** The residuals y − ŷ, accurate to a few ulps of their own size. */
    final double[] residuals;
    /** R⁻¹ of the QR of the scaled design [1/√n | (x_j − m_j)/d_j]. */
    final double[][] rInverse;

    RefinedLeastSquares(double[] y, double[][] hi, double[][] lo, boolean intercept, String[] names) {
        this.n = y.length;
        this.k = hi.length;
        this.intercept = intercept;
        this.means = new double[k];
        this.scales = new double[k];
        int offset = intercept ? 1 : 0;
        int p = k + offset;
        double[][] design = new double[p][];
        String[] qrNames = new String[p];
        if (intercept) {
            design[0] = new double[n];
            java.util.Arrays.fill(design[0], 1 / Math.sqrt(n));
            qrNames[0] = "the intercept";
        }
        for (int j = 0; j < k; j++) {
            means[j] = intercept ? Descriptive.mean(hi[j]) : 0;
            double[] z = new double[n];
            for (int i = 0; i < n; i++) {
                z[i] = (hi[j][i] - means[j]) + (lo == null || lo[j] == null ? 0 : lo[j][i]);
            }
            scales[j] = norm(z);
            if (!(scales[j] > 0)) {
                throw new IllegalArgumentException("rank-deficient design: " + names[j] + " is "
                        + (intercept ? "constant, which the intercept already covers" : "all zero"));
            }
            for (int i = 0; i < n; i++) {
                z[i] /= scales[j];
            }
            design[j + offset] = z;
            qrNames[j + offset] = names[j];
        }
        HouseholderQr qr = new HouseholderQr(design, LinearRegression.RANK_TOLERANCE, qrNames);
        double[] c = qr.solveR(qr.applyQt(y));
        this.slopes = new double[k];
        this.residuals = new double[n];
        setParameters(c, offset);
        double[] f = residualOfFirstEquation(y, hi, lo);
        System.arraycopy(f, 0, residuals, 0, n);
        f = residualOfFirstEquation(y, hi, lo);
        for (int iteration = 0; iteration < MAX_REFINEMENTS; iteration++) {
            double[] g = negatedScaledTransposeProduct(hi, lo, residuals);
            double[] qtf = qr.applyQt(f);
            double[] h1 = qr.solveRt(g);
            double[] rhs = new double[p];
            for (int i = 0; i < p; i++) {
                rhs[i] = qtf[i] - h1[i];
            }
            double[] dc = qr.solveR(rhs);
            double[] hFull = qtf.clone();
            System.arraycopy(h1, 0, hFull, 0, p);
            double[] dr = qr.applyQ(hFull);
            double change = 0;
            double size = 0;
            for (int j = 0; j < p; j++) {
                c[j] += dc[j];
                change = Math.max(change, Math.abs(dc[j]));
                size = Math.max(size, Math.abs(c[j]));
            }
            for (int i = 0; i < n; i++) {
                residuals[i] += dr[i];
            }
            setParameters(c, offset);
            f = residualOfFirstEquation(y, hi, lo);
            if (change <= 0x1p-60 * size) {
                break;
            }
        }
        this.rInverse = qr.rInverse();
    }

    /**
     * The intercept of the original parametrisation, mean(y − Σ b_j x_j) for the final (rounded) slopes, summed in
     * double-double: forming it as a − Σ b_j m_j instead would lose |Σ b_j m_j|·ε to cancellation (NIST Wampler1
     * loses 6 digits that way).
     */
    double intercept(double[] y, double[][] hi, double[][] lo) {
        double sHi = 0;
        double sLo = 0;
        for (int i = 0; i < n; i++) {
            double t = sHi + y[i];
            sLo += twoSumError(sHi, y[i], t);
            sHi = t;
            for (int j = 0; j < k; j++) {
                double pHi = slopes[j] * hi[j][i];
                double pLo =
                        Math.fma(slopes[j], hi[j][i], -pHi) + (lo == null || lo[j] == null ? 0 : slopes[j] * lo[j][i]);
                t = sHi - pHi;
                sLo += twoSumError(sHi, -pHi, t) - pLo;
                sHi = t;
            }
        }
        return (sHi + sLo) / n;
    }

    private void setParameters(double[] c, int offset) {
        centredIntercept = intercept ? c[0] / Math.sqrt(n) : 0;
        for (int j = 0; j < k; j++) {
            slopes[j] = c[j + offset] / scales[j];
        }
    }

    /** f = y − r − a − Σ b_j (x_j − m_j), in double-double, rounded once per element. */
    private double[] residualOfFirstEquation(double[] y, double[][] hi, double[][] lo) {
        double[] f = new double[n];
        for (int i = 0; i < n; i++) {
            double sHi = y[i];
            double sLo = 0;
            // s -= r_i
            double t = sHi - residuals[i];
            sLo += twoSumError(sHi, -residuals[i], t);
            sHi = t;
            t = sHi - centredIntercept;
            sLo += twoSumError(sHi, -centredIntercept, t);
            sHi = t;
            for (int j = 0; j < k; j++) {
                double dHi = hi[j][i] - means[j];
                double dLo = twoSumError(hi[j][i], -means[j], dHi) + (lo == null || lo[j] == null ? 0 : lo[j][i]);
                double pHi = slopes[j] * dHi;
                double pLo = Math.fma(slopes[j], dHi, -pHi) + slopes[j] * dLo;
                t = sHi - pHi;
                sLo += twoSumError(sHi, -pHi, t) - pLo;
                sHi = t;
            }
            f[i] = sHi + sLo;
        }
        return f;
    }

    /** g = −Aᵀr for the scaled design A = [1/√n | (x_j − m_j)/d_j], with compensated sums. */
    private double[] negatedScaledTransposeProduct(double[][] hi, double[][] lo, double[] r) {
        int offset = intercept ? 1 : 0;
        double[] g = new double[k + offset];
        if (intercept) {
            double sHi = 0;
            double sLo = 0;
            for (int i = 0; i < n; i++) {
                double t = sHi + r[i];
                sLo += twoSumError(sHi, r[i], t);
                sHi = t;
            }
            g[0] = -(sHi + sLo) / Math.sqrt(n);
        }
        for (int j = 0; j < k; j++) {
            double sHi = 0;
            double sLo = 0;
            for (int i = 0; i < n; i++) {
                double dHi = hi[j][i] - means[j];
                double dLo = twoSumError(hi[j][i], -means[j], dHi) + (lo == null || lo[j] == null ? 0 : lo[j][i]);
                double pHi = dHi * r[i];
                double pLo = Math.fma(dHi, r[i], -pHi) + dLo * r[i];
                double t = sHi + pHi;
                sLo += twoSumError(sHi, pHi, t) + pLo;
                sHi = t;
            }
            g[j + offset] = -(sHi + sLo) / scales[j];
        }
        return g;
    }

    /** The rounding error of s = a + b (Knuth's TwoSum): a + b = s + error exactly. */
    private static double twoSumError(double a, double b, double s) {
        double bb = s - a;
        return (a - (s - bb)) + (b - bb);
    }

    private static double norm(double[] v) {
        double scale = 0;
        for (double x : v) {
            scale = Math.max(scale, Math.abs(x));
        }
        if (scale == 0) {
            return 0;
        }
        double s = 0;
        for (double x : v) {
            double r = x / scale;
            s += r * r;
        }
        return scale * Math.sqrt(s);
    }
}
