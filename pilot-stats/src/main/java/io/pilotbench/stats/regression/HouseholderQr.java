package io.pilotbench.stats.regression;

/**
 * Householder QR of a tall matrix held column by column, without pivoting (Golub &amp; Van Loan, Matrix Computations,
 * 4th ed., §5.1.3 and Algorithm 5.2.1; the layout follows JAMA's {@code QRDecomposition}). The caller scales the
 * columns to unit Euclidean norm first, so a diagonal entry of R is the sine of the angle between a column and the
 * span of the columns before it, and one absolute tolerance detects (near) rank deficiency.
 */
final class HouseholderQr {
    private final int n;
    private final int p;
    /** Column j holds R's strict upper part in rows 0..j-1 and the Householder vector in rows j..n-1. */
    private final double[][] qr;

    private final double[] rDiag;

    /**
     * Factors the columns (copied) and throws if one of them lies within {@code tolerance} of the span of the ones
     * before it.
     *
     * @param columns   p columns of length n ≥ p, each of unit norm
     * @param tolerance smallest acceptable |R_kk|
     * @param names     column names for the error message
     */
    HouseholderQr(double[][] columns, double tolerance, String[] names) {
        p = columns.length;
        n = columns[0].length;
        qr = new double[p][];
        for (int j = 0; j < p; j++) {
            qr[j] = columns[j].clone();
        }
        rDiag = new double[p];
        for (int k = 0; k < p; k++) {
            double[] v = qr[k];
            double norm = 0;
            for (int i = k; i < n; i++) {
                norm += v[i] * v[i];
            }
            norm = Math.sqrt(norm);
            if (!(norm > tolerance)) {
                throw new IllegalArgumentException("rank-deficient design: " + names[k]
                        + " is (nearly) a linear combination of the columns before it"
                        + " (remaining norm " + norm + " after unit scaling)");
            }
            if (v[k] < 0) {
                norm = -norm;
            }
            for (int i = k; i < n; i++) {
                v[i] /= norm;
            }
            v[k] += 1;
            for (int j = k + 1; j < p; j++) {
                reflect(v, k, qr[j]);
            }
            rDiag[k] = -norm;
        }
    }

    /** Applies the k-th reflector (vector v, rows k..n-1) to x in place. */
    private void reflect(double[] v, int k, double[] x) {
        double s = 0;
        for (int i = k; i < n; i++) {
            s += v[i] * x[i];
        }
        s = -s / v[k];
        for (int i = k; i < n; i++) {
            x[i] += s * v[i];
        }
    }

    /** Qᵀy (a new array of length n): the first p entries give the fit, the rest the residual. */
    double[] applyQt(double[] y) {
        double[] z = y.clone();
        for (int k = 0; k < p; k++) {
            reflect(qr[k], k, z);
        }
        return z;
    }

    /** Qx for x of length n (a new array): the reflectors applied in reverse order. */
    double[] applyQ(double[] x) {
        double[] z = x.clone();
        for (int k = p - 1; k >= 0; k--) {
            reflect(qr[k], k, z);
        }
        return z;
    }

    /** Solves Rᵀ h = g (length p) by forward substitution. */
    double[] solveRt(double[] g) {
        double[] h = new double[p];
        for (int k = 0; k < p; k++) {
            double s = g[k];
            for (int j = 0; j < k; j++) {
                s -= qr[k][j] * h[j];
            }
            h[k] = s / rDiag[k];
        }
        return h;
    }

    /** Solves R c = z[0..p) by back substitution. */
    double[] solveR(double[] z) {
        double[] c = new double[p];
        for (int k = p - 1; k >= 0; k--) {
            double s = z[k];
            for (int j = k + 1; j < p; j++) {
                s -= qr[j][k] * c[j];
            }
            c[k] = s / rDiag[k];
        }
        return c;
    }

    /** R⁻¹ (upper triangular, p×p, row-major): Cov(c) = σ² R⁻¹R⁻ᵀ. */
    double[][] rInverse() {
        double[][] inv = new double[p][p];
        for (int col = 0; col < p; col++) {
            double[] e = new double[p];
            e[col] = 1;
            double[] x = solveR(e);
            for (int row = 0; row < p; row++) {
                inv[row][col] = x[row];
            }
        }
        return inv;
    }
}
