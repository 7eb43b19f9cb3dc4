package io.tracekb.bench;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.AffineTransform;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;

/**
 * Match latency p50 and p99 against corpus size, drawn from the measured points with plain Java 2D (headless):
 * log x axis, linear y axis from 0, labelled axes and a legend.
 */
final class LatencyChart {

    static final int WIDTH = 900;
    static final int HEIGHT = 540;
    private static final int LEFT = 90;
    private static final int RIGHT = 40;
    private static final int TOP = 60;
    private static final int BOTTOM = 80;
    static final Color P50 = new Color(0x1f77b4);
    static final Color P99 = new Color(0xd62728);

    record Point(double incidents, double p50Ms, double p99Ms) {
    }

    private LatencyChart() {
    }

    static void write(List<Point> points, String title, Path png) throws IOException {
        System.setProperty("java.awt.headless", "true");
        BufferedImage image = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            draw(g, points, title);
        } finally {
            g.dispose();
        }
        Files.createDirectories(png.toAbsolutePath().getParent());
        if (!ImageIO.write(image, "png", png.toFile())) {
            throw new IOException("no PNG writer");
        }
    }

    private static void draw(Graphics2D g, List<Point> points, String title) {
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, WIDTH, HEIGHT);
        int plotW = WIDTH - LEFT - RIGHT;
        int plotH = HEIGHT - TOP - BOTTOM;

        // x: the measured sizes with a third of a decade of margin on each side; y: 0 to a round value above the largest p99
        double minX = points.stream().mapToDouble(Point::incidents).min().orElse(1000);
        double maxX = points.stream().mapToDouble(Point::incidents).max().orElse(100_000);
        double decadeLo = Math.log10(minX) - 0.33;
        double decadeHi = Math.max(Math.log10(maxX), Math.log10(minX) + 1) + 0.33;
        double maxY = niceCeiling(points.stream().mapToDouble(p -> Math.max(p.p50Ms(), p.p99Ms())).max().orElse(1) * 1.1);

        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 18));
        g.setColor(Color.BLACK);
        centered(g, title, LEFT + plotW / 2, 32);

        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        FontMetrics fm = g.getFontMetrics();
        for (int i = 0; i <= 5; i++) { // y grid and labels
            double v = maxY * i / 5;
            int y = TOP + plotH - (int) Math.round(plotH * i / 5.0);
            g.setColor(new Color(0xe0e0e0));
            g.drawLine(LEFT, y, LEFT + plotW, y);
            g.setColor(Color.DARK_GRAY);
            String label = format(v);
            g.drawString(label, LEFT - 8 - fm.stringWidth(label), y + fm.getAscent() / 2 - 1);
        }
        for (int d = (int) Math.floor(decadeLo); d <= Math.ceil(decadeHi); d++) { // grid at decades, ticks between
            for (int m = 1; m <= 9; m++) {
                double v = m * Math.pow(10, d);
                if (Math.log10(v) < decadeLo || Math.log10(v) > decadeHi) {
                    continue;
                }
                int x = xOf(v, decadeLo, decadeHi, plotW);
                g.setColor(m == 1 ? new Color(0xe0e0e0) : Color.DARK_GRAY);
                if (m == 1) {
                    g.drawLine(x, TOP, x, TOP + plotH);
                    g.setColor(Color.DARK_GRAY);
                    centered(g, sizeLabel(v), x, TOP + plotH + 20);
                } else {
                    g.drawLine(x, TOP + plotH, x, TOP + plotH + 4);
                }
            }
        }
        g.setColor(Color.BLACK);
        g.drawRect(LEFT, TOP, plotW, plotH);

        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 14));
        centered(g, "incidents in the index (log scale)", LEFT + plotW / 2, HEIGHT - 25);
        AffineTransform saved = g.getTransform();
        g.rotate(-Math.PI / 2);
        centered(g, "match latency (ms)", -(TOP + plotH / 2), 28);
        g.setTransform(saved);

        series(g, points, true, P50, decadeLo, decadeHi, maxY, plotW, plotH);
        series(g, points, false, P99, decadeLo, decadeHi, maxY, plotW, plotH);

        int lx = LEFT + 16;
        int ly = TOP + 16;
        g.setColor(Color.WHITE);
        g.fillRect(lx - 6, ly - 6, 150, 52);
        g.setColor(Color.GRAY);
        g.drawRect(lx - 6, ly - 6, 150, 52);
        legend(g, "p50", P50, lx, ly + 6);
        legend(g, "p99", P99, lx, ly + 30);
    }

    private static void series(Graphics2D g, List<Point> points, boolean p50, Color color, double lo, double hi,
            double maxY, int plotW, int plotH) {
        g.setColor(color);
        g.setStroke(new BasicStroke(2.5f));
        List<Point> sorted = points.stream().sorted((a, b) -> Double.compare(a.incidents(), b.incidents())).toList();
        int px = -1;
        int py = -1;
        for (Point p : sorted) {
            int x = xOf(p.incidents(), lo, hi, plotW);
            int y = TOP + plotH - (int) Math.round(plotH * (p50 ? p.p50Ms() : p.p99Ms()) / maxY);
            if (px >= 0) {
                g.drawLine(px, py, x, y);
            }
            g.fillOval(x - 5, y - 5, 10, 10);
            g.drawString(format(p50 ? p.p50Ms() : p.p99Ms()) + " ms", x + 8, y - 6);
            px = x;
            py = y;
        }
        g.setStroke(new BasicStroke(1f));
    }

    private static void legend(Graphics2D g, String label, Color color, int x, int y) {
        g.setColor(color);
        g.setStroke(new BasicStroke(2.5f));
        g.drawLine(x, y, x + 30, y);
        g.fillOval(x + 10, y - 5, 10, 10);
        g.setStroke(new BasicStroke(1f));
        g.setColor(Color.BLACK);
        g.drawString(label + " (in-process)", x + 40, y + 5);
    }

    static int xOf(double incidents, double decadeLo, double decadeHi, int plotW) {
        return LEFT + (int) Math.round(plotW * (Math.log10(incidents) - decadeLo) / (decadeHi - decadeLo));
    }

    /** 1, 2 or 5 times a power of ten, at least {@code v}. */
    static double niceCeiling(double v) {
        if (!(v > 0)) {
            return 1;
        }
        double decade = Math.pow(10, Math.floor(Math.log10(v)));
        for (double m : new double[] { 1, 2, 5, 10 }) {
            if (m * decade >= v) {
                return m * decade;
            }
        }
        return 10 * decade;
    }

    private static String sizeLabel(double n) {
        return n >= 1_000_000 ? (long) (n / 1_000_000) + "M" : n >= 1000 ? (long) (n / 1000) + "k" : Long.toString((long) n);
    }

    private static String format(double ms) {
        return ms >= 10 ? String.format(Locale.ROOT, "%.0f", ms) : String.format(Locale.ROOT, "%.1f", ms);
    }

    private static void centered(Graphics2D g, String s, int x, int y) {
        g.drawString(s, x - g.getFontMetrics().stringWidth(s) / 2, y);
    }
}
