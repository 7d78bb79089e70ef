package io.pilotbench.report.plot;

/**
 * The few drawing operations a plot needs, in a y-down coordinate system of the plot's size. The same layout
 * ({@link PlotLayout}) draws on every back-end, so SVG, PNG and PDF show the same picture. {@code role} names what
 * a shape is ("bar", "error-bar", "axis") for back-ends that can keep it (SVG classes), and {@code data} carries the
 * values it stands for.
 */
interface Canvas {
    void line(double x1, double y1, double x2, double y2, String color, double width, String role, String data);

    void rect(double x, double y, double w, double h, String fill, String role, String data);

    void polyline(double[] xs, double[] ys, String color, double width, String role, String data);

    void circle(double cx, double cy, double r, String fill, String role, String data);

    /**
     * @param anchor start, middle or end
     * @param angle  rotation in degrees, counter-clockwise (−90: reading upwards)
     */
    void text(
            double x,
            double y,
            String text,
            double size,
            String anchor,
            double angle,
            boolean bold,
            String role,
            String data);

    /** Groups what follows (SVG {@code <g>}); other back-ends ignore groups. */
    default void begin(String role, String data) {}

    default void end() {}
}
