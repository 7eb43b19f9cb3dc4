package io.tracekb.search.eval;

import java.util.List;

/**
 * L2-regularised logistic regression fitted by Newton's method (iteratively reweighted least squares): for a
 * handful of features and tens of thousands of rows it converges in a few steps to the exact optimum, with no
 * learning rate to tune. Used to fit the ranking model and, on one feature, its Platt calibration.
 */
final class LogisticRegression {

    /** The fitted intercept and weights. */
    record Fit(double bias, double[] weights) {

        double logit(double[] x) {
            double z = bias;
            for (int i = 0; i < weights.length; i++) {
                z += weights[i] * x[i];
            }
            return z;
        }
    }

    private LogisticRegression() {
    }

    /**
     * @param lambda the L2 penalty on the weights (not on the intercept)
     */
    static Fit fit(List<double[]> rows, List<Boolean> labels, double lambda) {
        int d = rows.get(0).length;
        double[] w = new double[d + 1]; // w[d] is the intercept
        for (int iteration = 0; iteration < 50; iteration++) {
            double[] gradient = new double[d + 1];
            double[][] hessian = new double[d + 1][d + 1];
            for (int r = 0; r < rows.size(); r++) {
                double[] x = rows.get(r);
                double z = w[d];
                for (int i = 0; i < d; i++) {
                    z += w[i] * x[i];
                }
                double p = 1 / (1 + Math.exp(-z));
                double err = p - (labels.get(r) ? 1 : 0);
                double s = Math.max(p * (1 - p), 1e-9);
                for (int i = 0; i <= d; i++) {
                    double xi = i == d ? 1 : x[i];
                    gradient[i] += err * xi;
                    for (int j = 0; j <= i; j++) {
                        hessian[i][j] += s * xi * (j == d ? 1 : x[j]);
                    }
                }
            }
            for (int i = 0; i <= d; i++) {
                for (int j = 0; j < i; j++) {
                    hessian[j][i] = hessian[i][j];
                }
                if (i < d) {
                    gradient[i] += lambda * w[i];
                    hessian[i][i] += lambda;
                } else {
                    hessian[i][i] += 1e-9;
                }
            }
            double[] step = solve(hessian, gradient);
            double change = 0;
            for (int i = 0; i <= d; i++) {
                w[i] -= step[i];
                change = Math.max(change, Math.abs(step[i]));
            }
            if (change < 1e-7) {
                break;
            }
        }
        double[] weights = new double[d];
        System.arraycopy(w, 0, weights, 0, d);
        return new Fit(w[d], weights);
    }

    /** Gaussian elimination with partial pivoting: a (d+1)² system. */
    static double[] solve(double[][] a, double[] b) {
        int n = b.length;
        double[][] m = new double[n][n + 1];
        for (int i = 0; i < n; i++) {
            System.arraycopy(a[i], 0, m[i], 0, n);
            m[i][n] = b[i];
        }
        for (int c = 0; c < n; c++) {
            int pivot = c;
            for (int r = c + 1; r < n; r++) {
                if (Math.abs(m[r][c]) > Math.abs(m[pivot][c])) {
                    pivot = r;
                }
            }
            double[] t = m[c];
            m[c] = m[pivot];
            m[pivot] = t;
            if (Math.abs(m[c][c]) < 1e-12) {
                continue; // a feature that is constant in the data: its step stays 0
            }
            for (int r = 0; r < n; r++) {
                if (r != c) {
                    double f = m[r][c] / m[c][c];
                    for (int k = c; k <= n; k++) {
                        m[r][k] -= f * m[c][k];
                    }
                }
            }
        }
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = Math.abs(m[i][i]) < 1e-12 ? 0 : m[i][n] / m[i][i];
        }
        return x;
    }
}
