package io.pilotbench.report.plot;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.AffineTransform;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;

/** Java2D (headless), for PNG. */
final class Graphics2DCanvas implements Canvas {
    private final Graphics2D g;

    Graphics2DCanvas(Graphics2D g) {
        this.g = g;
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
    }

    @Override
    public void line(double x1, double y1, double x2, double y2, String color, double width, String role, String data) {
        g.setColor(Color.decode(color));
        g.setStroke(new BasicStroke((float) width));
        g.draw(new Line2D.Double(x1, y1, x2, y2));
    }

    @Override
    public void rect(double x, double y, double w, double h, String fill, String role, String data) {
        g.setColor(Color.decode(fill));
        g.fill(new Rectangle2D.Double(x, y, w, h));
    }

    @Override
    public void polyline(double[] xs, double[] ys, String color, double width, String role, String data) {
        if (xs.length == 0) {
            return;
        }
        Path2D.Double p = new Path2D.Double();
        p.moveTo(xs[0], ys[0]);
        for (int i = 1; i < xs.length; i++) {
            p.lineTo(xs[i], ys[i]);
        }
        g.setColor(Color.decode(color));
        g.setStroke(new BasicStroke((float) width));
        g.draw(p);
    }

    @Override
    public void circle(double cx, double cy, double r, String fill, String role, String data) {
        g.setColor(Color.decode(fill));
        g.fill(new Ellipse2D.Double(cx - r, cy - r, 2 * r, 2 * r));
    }

    @Override
    public void text(
            double x,
            double y,
            String text,
            double size,
            String anchor,
            double angle,
            boolean bold,
            String role,
            String data) {
        Font font = new Font(Font.SANS_SERIF, bold ? Font.BOLD : Font.PLAIN, (int) Math.round(size));
        g.setFont(font);
        g.setColor(Color.decode("#222222"));
        double w = g.getFontMetrics().stringWidth(text);
        double dx = anchor.equals("middle") ? -w / 2 : anchor.equals("end") ? -w : 0;
        AffineTransform saved = g.getTransform();
        g.translate(x, y);
        g.rotate(Math.toRadians(-angle));
        g.drawString(text, (float) dx, 0f);
        g.setTransform(saved);
    }
}
