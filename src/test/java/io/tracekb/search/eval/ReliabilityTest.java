package io.tracekb.search.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class ReliabilityTest {

    private static EvalQuery positive(String slug) {
        return new EvalQuery("q " + slug, "", slug, null, -1);
    }

    @Test
    void bucketsEveryResultAndWeighsTheGapBetweenShareCorrectAndMeanScore() {
        Reliability r = new Reliability(0.6);
        // right incident first and confident (0.9), a wrong runner-up (0.3)
        r.add(positive("a"), new Answer(List.of("a", "b"), true, List.of(0.9, 0.3)));
        // wrong incident first and confident (0.7), the right one second (0.5)
        r.add(positive("c"), new Answer(List.of("d", "c"), true, List.of(0.7, 0.5)));
        // a negative: nothing it returns is correct; 1.0 falls in the top bucket
        r.add(new EvalQuery("n", "", null, null, -1), new Answer(List.of("e"), false, List.of(1.0)));

        assertThat(r.count).containsExactly(0, 1, 1, 1, 2);
        assertThat(r.correct).containsExactly(0, 0, 1, 0, 1);
        assertThat(r.meanScore(4)).isCloseTo(0.95, within(1e-9));
        // (1 * |0 - 0.3| + 1 * |1 - 0.5| + 1 * |0 - 0.7| + 2 * |0.5 - 0.95|) / 5
        assertThat(r.expectedCalibrationError()).isCloseTo((0.3 + 0.5 + 0.7 + 0.9) / 5, within(1e-9));
        assertThat(r.confidentPrecision()).isEqualTo(0.5);
        assertThat(r.confidentRecall()).isEqualTo(0.5);
    }

    @Test
    void anAnswerWithoutScoresIsRefused() {
        assertThatThrownBy(() -> new Reliability(0.6).add(positive("a"), new Answer(List.of("a"), true)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theDiagramMarksEachBucketAtItsMeanScoreAndShareRight(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws java.io.IOException {
        Reliability r = new Reliability(0.6);
        r.add(positive("a"), new Answer(List.of("a", "b"), true, List.of(0.9, 0.3)));
        java.nio.file.Path png = dir.resolve("reliability.png");

        ReliabilityPlot.write(r, "test", png);

        java.awt.image.BufferedImage image = javax.imageio.ImageIO.read(png.toFile());
        assertThat(image.getWidth()).isEqualTo(ReliabilityPlot.SIZE);
        // the top bucket (mean 0.9, all right) is drawn at x = 0.9, y = 1 of the plot area
        int plot = ReliabilityPlot.SIZE - 2 * 70;
        int rgb = image.getRGB(70 + (int) (0.9 * plot), 70) & 0xffffff;
        assertThat(rgb).isEqualTo(0x1f77b4);
        // the 0.2-0.4 bucket (mean 0.3, none right) sits on the bottom edge
        assertThat(image.getRGB(70 + (int) (0.3 * plot), 70 + plot - 2) & 0xffffff).isEqualTo(0x1f77b4);
    }
}
