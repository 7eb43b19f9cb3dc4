package io.tracekb.search.eval;

import java.util.List;

/**
 * Listwise learning to rank: a conditional logit with an outside option, fitted by Newton's method with an L2
 * penalty. Each query's candidates compete: candidate i is right with probability
 * {@code exp(z_i) / (1 + sum_j exp(z_j))}, {@code z = bias + w·x}, and with the remaining probability none is
 * (a negative, or a query whose incident stage 1 did not propose). Unlike a per-candidate regression, two
 * candidates that look equally good share the probability, which is what "confident" must mean.
 */
final class ConditionalLogit {

    /** One query: its candidates' features, and the index of the right one or -1. */
    record Group(List<double[]> candidates, int right) {
    }

    private ConditionalLogit() {
    }

    static LogisticRegression.Fit fit(List<Group> groups, double lambda) {
        int d = groups.stream().filter(g -> !g.candidates().isEmpty()).findFirst().orElseThrow().candidates().get(0)
                .length;
        int n = d + 1; // index d is the bias
        double[] w = new double[n];
        for (int iteration = 0; iteration < 60; iteration++) {
            double[] gradient = new double[n];
            double[][] hessian = new double[n][n];
            for (Group g : groups) {
                int m = g.candidates().size();
                if (m == 0) {
                    continue;
                }
                double[] e = new double[m];
                double[] z = logits(g, w);
                double max = max(z);
                double denominator = Math.exp(-max);
                for (int i = 0; i < m; i++) {
                    e[i] = Math.exp(z[i] - max);
                    denominator += e[i];
                }
                double[] mean = new double[n];
                for (int i = 0; i < m; i++) {
                    double p = e[i] / denominator;
                    double[] x = g.candidates().get(i);
                    for (int a = 0; a < n; a++) {
                        double xa = a == d ? 1 : x[a];
                        mean[a] += p * xa;
                        for (int b = 0; b <= a; b++) {
                            hessian[a][b] += p * xa * (b == d ? 1 : x[b]);
                        }
                    }
                }
                for (int a = 0; a < n; a++) {
                    for (int b = 0; b <= a; b++) {
                        hessian[a][b] -= mean[a] * mean[b];
                    }
                    // gradient of the negative log-likelihood: expected features minus the right one's
                    gradient[a] += mean[a];
                    if (g.right() >= 0) {
                        gradient[a] -= a == d ? 1 : g.candidates().get(g.right())[a];
                    }
                }
            }
            for (int a = 0; a < n; a++) {
                for (int b = 0; b < a; b++) {
                    hessian[b][a] = hessian[a][b];
                }
                if (a < d) {
                    gradient[a] += lambda * w[a];
                    hessian[a][a] += lambda;
                } else {
                    hessian[a][a] += 1e-9;
                }
            }
            double[] step = LogisticRegression.solve(hessian, gradient);
            // damped Newton: halve the step until the objective falls (a full step can overshoot far from the optimum)
            double before = objective(groups, w, lambda);
            double t = 1;
            double[] next = new double[n];
            for (int halving = 0; halving < 40; halving++, t /= 2) {
                for (int a = 0; a < n; a++) {
                    next[a] = w[a] - t * step[a];
                }
                if (objective(groups, next, lambda) <= before) {
                    break;
                }
            }
            double change = 0;
            for (int a = 0; a < n; a++) {
                change = Math.max(change, Math.abs(next[a] - w[a]));
                w[a] = next[a];
            }
            if (change < 1e-7) {
                break;
            }
        }
        double[] weights = new double[d];
        System.arraycopy(w, 0, weights, 0, d);
        return new LogisticRegression.Fit(w[d], weights);
    }

    /** The penalised negative log-likelihood; {@code w[d]} is the bias. */
    static double objective(List<Group> groups, double[] w, double lambda) {
        int d = w.length - 1;
        double f = 0;
        for (Group g : groups) {
            int m = g.candidates().size();
            if (m == 0) {
                continue;
            }
            double[] z = logits(g, w);
            double max = max(z);
            double sum = Math.exp(-max);
            for (double v : z) {
                sum += Math.exp(v - max);
            }
            f += max + Math.log(sum) - (g.right() >= 0 ? z[g.right()] : 0);
        }
        for (int k = 0; k < d; k++) {
            f += lambda / 2 * w[k] * w[k];
        }
        return f;
    }

    /** Each candidate's log-odds {@code w[d] + w·x}. */
    private static double[] logits(Group g, double[] w) {
        int d = w.length - 1;
        double[] z = new double[g.candidates().size()];
        for (int i = 0; i < z.length; i++) {
            z[i] = w[d];
            double[] x = g.candidates().get(i);
            for (int k = 0; k < d; k++) {
                z[i] += w[k] * x[k];
            }
        }
        return z;
    }

    /** The largest log-odds, the outside option's 0 included (for a stable log-sum-exp). */
    private static double max(double[] z) {
        double max = 0;
        for (double v : z) {
            max = Math.max(max, v);
        }
        return max;
    }
}
