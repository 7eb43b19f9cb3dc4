package io.tracekb.search.eval;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import javax.imageio.ImageIO;

/**
 * A reliability diagram of TraceKB's scores, drawn with plain Java 2D (headless): for each score bucket of a
 * {@link Reliability}, the share of results that are right against the bucket's mean score, over the diagonal a
 * perfectly calibrated score would follow, with each bucket's number of results.
 */
final class ReliabilityPlot {

    static final int SIZE = 600;
    private static final int MARGIN = 70;

    private ReliabilityPlot() {
    }

    static void write(Reliability r, String title, Path png) throws IOException {
        System.setProperty("java.awt.headless", "true");
        BufferedImage image = new BufferedImage(SIZE, SIZE, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, SIZE, SIZE);
        int plot = SIZE - 2 * MARGIN;
        g.setColor(Color.BLACK);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        g.drawRect(MARGIN, MARGIN, plot, plot);
        for (int i = 0; i <= 5; i++) {
            double v = i / 5.0;
            int x = MARGIN + (int) (v * plot);
            int y = MARGIN + plot - (int) (v * plot);
            g.drawString(String.format(Locale.ROOT, "%.1f", v), x - 10, MARGIN + plot + 18);
            g.drawString(String.format(Locale.ROOT, "%.1f", v), MARGIN - 32, y + 5);
        }
        g.drawString("mean score of the bucket (estimated probability)", MARGIN + 80, SIZE - 22);
        g.drawString("share right", 8, MARGIN - 12);
        g.drawString(title + String.format(Locale.ROOT, " (ECE %.3f)", r.expectedCalibrationError()), MARGIN,
                MARGIN - 30);
        g.setColor(Color.GRAY);
        g.setStroke(new BasicStroke(1, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10, new float[] { 6, 6 }, 0));
        g.drawLine(MARGIN, MARGIN + plot, MARGIN + plot, MARGIN);
        g.setStroke(new BasicStroke(2.5f));
        g.setColor(new Color(0x1f77b4));
        int px = -1;
        int py = -1;
        for (int b = 0; b < r.count.length; b++) {
            if (r.count[b] == 0) {
                continue;
            }
            int x = MARGIN + (int) (r.meanScore(b) * plot);
            int y = MARGIN + plot - (int) (r.shareCorrect(b) * plot);
            if (px >= 0) {
                g.drawLine(px, py, x, y);
            }
            g.fillOval(x - 5, y - 5, 10, 10);
            g.drawString("n=" + r.count[b], x + 8, y + (y < MARGIN + 30 ? 18 : -8));
            px = x;
            py = y;
        }
        g.dispose();
        Files.createDirectories(png.toAbsolutePath().getParent());
        ImageIO.write(image, "png", png.toFile());
    }
}
