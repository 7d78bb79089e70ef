package io.pilotbench.report.plot;

import java.util.Locale;

/** SVG with one element per shape, classed by role and carrying the values it stands for as data attributes. */
final class SvgCanvas implements Canvas {
    private final StringBuilder b = new StringBuilder();

    SvgCanvas(int width, int height) {
        b.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
                .append(width)
                .append("\" height=\"")
                .append(height)
                .append("\" viewBox=\"0 0 ")
                .append(width)
                .append(' ')
                .append(height)
                .append("\" font-family=\"Helvetica, Arial, sans-serif\">\n");
    }

    @Override
    public void line(double x1, double y1, double x2, double y2, String color, double width, String role, String data) {
        b.append("<line class=\"")
                .append(role)
                .append("\" x1=\"")
                .append(f(x1))
                .append("\" y1=\"")
                .append(f(y1))
                .append("\" x2=\"")
                .append(f(x2))
                .append("\" y2=\"")
                .append(f(y2))
                .append("\" stroke=\"")
                .append(color)
                .append("\" stroke-width=\"")
                .append(f(width))
                .append('"')
                .append(data)
                .append("/>\n");
    }

    @Override
    public void rect(double x, double y, double w, double h, String fill, String role, String data) {
        b.append("<rect class=\"")
                .append(role)
                .append("\" x=\"")
                .append(f(x))
                .append("\" y=\"")
                .append(f(y))
                .append("\" width=\"")
                .append(f(w))
                .append("\" height=\"")
                .append(f(h))
                .append("\" fill=\"")
                .append(fill)
                .append('"')
                .append(data)
                .append("/>\n");
    }

    @Override
    public void polyline(double[] xs, double[] ys, String color, double width, String role, String data) {
        b.append("<polyline class=\"")
                .append(role)
                .append("\" fill=\"none\" stroke=\"")
                .append(color)
                .append("\" stroke-width=\"")
                .append(f(width))
                .append("\" points=\"");
        for (int i = 0; i < xs.length; i++) {
            b.append(i == 0 ? "" : " ").append(f(xs[i])).append(',').append(f(ys[i]));
        }
        b.append('"').append(data).append("/>\n");
    }

    @Override
    public void circle(double cx, double cy, double r, String fill, String role, String data) {
        b.append("<circle class=\"")
                .append(role)
                .append("\" cx=\"")
                .append(f(cx))
                .append("\" cy=\"")
                .append(f(cy))
                .append("\" r=\"")
                .append(f(r))
                .append("\" fill=\"")
                .append(fill)
                .append('"')
                .append(data)
                .append("/>\n");
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
        b.append("<text class=\"")
                .append(role)
                .append("\" x=\"")
                .append(f(x))
                .append("\" y=\"")
                .append(f(y))
                .append("\" font-size=\"")
                .append(f(size))
                .append("\" text-anchor=\"")
                .append(anchor)
                .append('"');
        if (bold) {
            b.append(" font-weight=\"bold\"");
        }
        if (angle != 0) {
            b.append(" transform=\"rotate(")
                    .append(f(-angle))
                    .append(' ')
                    .append(f(x))
                    .append(' ')
                    .append(f(y))
                    .append(")\"");
        }
        b.append(data).append('>').append(PlotLayout.escape(text)).append("</text>\n");
    }

    @Override
    public void begin(String role, String data) {
        b.append("<g class=\"").append(role).append('"').append(data).append(">\n");
    }

    @Override
    public void end() {
        b.append("</g>\n");
    }

    String finish() {
        return b.append("</svg>\n").toString();
    }

    private static String f(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }
}
