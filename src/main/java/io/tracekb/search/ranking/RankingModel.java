package io.tracekb.search.ranking;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Locale;
import java.util.Properties;

/**
 * The learned combination of the {@link Feature}s and the threshold above which an answer is called confident.
 * Each candidate's log-odds are {@code bias + weights·features}; the candidates of one paste compete for being the
 * right incident, with "none of them" as an outside option (a conditional logit, learned listwise), and Platt
 * scaling (a, b) of the result makes {@link #probabilities} the estimated chance that each candidate is right. Read from one versioned file, {@value #RESOURCE}, written by the
 * training command (see the README, "Matching model"); no ranking constant lives anywhere else.
 */
public final class RankingModel {

    public static final String RESOURCE = "/io/tracekb/search/ranking/ranking-model.properties";

    private final String version;
    private final double bias;
    private final double[] weights;
    private final double calibrationA;
    private final double calibrationB;
    private final double threshold;

    public RankingModel(String version, double bias, double[] weights, double calibrationA, double calibrationB,
            double threshold) {
        if (weights.length != Feature.COUNT) {
            throw new IllegalArgumentException("a model needs " + Feature.COUNT + " weights, not " + weights.length);
        }
        this.version = version;
        this.bias = bias;
        this.weights = weights.clone();
        this.calibrationA = calibrationA;
        this.calibrationB = calibrationB;
        this.threshold = threshold;
    }

    private static final RankingModel SHIPPED = load();

    /** The model shipped in the resources. */
    public static RankingModel shipped() {
        return SHIPPED;
    }

    private static RankingModel load() {
        try (InputStream in = RankingModel.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("no ranking model at " + RESOURCE);
            }
            Properties p = new Properties();
            p.load(in);
            return parse(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static RankingModel parse(Properties p) {
        double[] w = new double[Feature.COUNT];
        for (Feature f : Feature.values()) {
            w[f.ordinal()] = number(p, "weight." + f.name());
        }
        return new RankingModel(p.getProperty("version", "unversioned"), number(p, "bias"), w,
                number(p, "calibration.a"), number(p, "calibration.b"), number(p, "threshold"));
    }

    private static double number(Properties p, String key) {
        String v = p.getProperty(key);
        if (v == null) {
            throw new IllegalStateException("the ranking model has no " + key + " (retrain it: README, Matching model)");
        }
        return Double.parseDouble(v.trim());
    }

    /** The model as the file holds it. */
    public Properties toProperties() {
        Properties p = new Properties();
        p.setProperty("version", version);
        p.setProperty("bias", format(bias));
        for (Feature f : Feature.values()) {
            p.setProperty("weight." + f.name(), format(weights[f.ordinal()]));
        }
        p.setProperty("calibration.a", format(calibrationA));
        p.setProperty("calibration.b", format(calibrationB));
        p.setProperty("threshold", format(threshold));
        return p;
    }

    private static String format(double d) {
        return String.format(Locale.ROOT, "%.6f", d);
    }

    /** The regression's log-odds before calibration. */
    public double logit(double[] features) {
        double z = bias;
        for (int i = 0; i < weights.length; i++) {
            z += weights[i] * features[i];
        }
        return z;
    }

    /** For each candidate of one paste, the estimated probability that it is the right incident. */
    public double[] probabilities(java.util.List<double[]> candidates) {
        double[] z = new double[candidates.size()];
        for (int i = 0; i < z.length; i++) {
            z[i] = logit(candidates.get(i));
        }
        return calibrated(z, calibrationA, calibrationB);
    }

    /**
     * The candidates' competing probabilities given their log-odds {@code z} (the outside option has log-odds 0),
     * each then Platt-scaled: {@code sigmoid(a * logit(p) + b)}.
     */
    public static double[] calibrated(double[] z, double a, double b) {
        double max = 0;
        for (double v : z) {
            max = Math.max(max, v);
        }
        double denominator = Math.exp(-max);
        double[] p = new double[z.length];
        for (int i = 0; i < z.length; i++) {
            p[i] = Math.exp(z[i] - max);
            denominator += p[i];
        }
        for (int i = 0; i < z.length; i++) {
            double q = Math.min(1 - 1e-12, Math.max(1e-12, p[i] / denominator));
            p[i] = sigmoid(a * Math.log(q / (1 - q)) + b);
        }
        return p;
    }

    /** How much one sample trace's features say on their own: picks the sample that speaks for the incident. */
    public double sampleEvidence(double[] features) {
        double z = 0;
        for (Feature f : Feature.values()) {
            if (f.perSample) {
                z += weights[f.ordinal()] * features[f.ordinal()];
            }
        }
        return z;
    }

    /** What the feature added to the log-odds (weight times value): the order of the reasons. */
    public double contribution(Feature f, double[] features) {
        return weights[f.ordinal()] * features[f.ordinal()];
    }

    public double threshold() {
        return threshold;
    }

    public static double sigmoid(double z) {
        return 1 / (1 + Math.exp(-z));
    }

    @Override
    public String toString() {
        return "RankingModel " + version + " bias " + bias + " weights " + Arrays.toString(weights);
    }
}
