package io.pilotbench.report.plot;

import io.pilotbench.core.files.AtomicFiles;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;
import javax.imageio.ImageIO;

/**
 * {@code pilot plot}: Graphit's line and bar graphs (Wright et al., Auto-pilot, USENIX ATC 2005, §3.4;
 * docs/references.md#wright-2005) with error bars, as SVG, PDF (vector, for papers) or PNG (slides).
 *
 * <p>Why our own renderer rather than a Java plotting library: XChart (Apache-2.0) draws PNG well, but its SVG goes
 * through VectorGraphics2D (LGPL-3.0) and its PDF through PDFBox (several megabytes), and its SVG renders every label
 * as glyph outlines with no structure, so neither a reader's tools nor a test can find a bar, an axis or an error bar
 * in it. JFreeChart's SVG needs JFreeSVG (GPL); the other charting libraries on Maven Central are for Swing or JavaFX
 * screens. The graphs Graphit drew need six primitives; {@link PlotLayout} lays them out once and three small back-ends
 * write them: SVG with one classed element per bar and error bar, Java2D for PNG, and a one-page PDF in the standard
 * fonts.
 */
public final class Plot {
    /** The output formats, by file extension. */
    public enum Output {
        SVG,
        PNG,
        PDF;

        /** The format of {@code file} by its extension, or null when it is none of them. */
        public static Output of(Path file) {
            String name = file.getFileName() == null
                    ? ""
                    : file.getFileName().toString().toLowerCase(Locale.ROOT);
            for (Output o : values()) {
                if (name.endsWith("." + o.name().toLowerCase(Locale.ROOT))) {
                    return o;
                }
            }
            return null;
        }
    }

    private final PlotData data;
    private final PlotSpec spec;

    private Plot(PlotData data, PlotSpec spec) {
        this.data = data;
        this.spec = spec;
    }

    /**
     * A plot of {@code data} drawn as {@code spec} says.
     *
     * @throws IllegalArgumentException when a component or stacked component named in {@code spec} is not in the
     *                                  data
     */
    public static Plot of(PlotData data, PlotSpec spec) {
        new PlotLayout(data, spec); // validates
        return new Plot(data, spec);
    }

    /** The plot as an SVG document. */
    public String svg() {
        SvgCanvas c = new SvgCanvas(spec.width(), spec.height());
        new PlotLayout(data, spec).draw(c);
        return c.finish();
    }

    /** The plot as a PDF file of one page, width × height points. */
    public byte[] pdf() {
        PdfCanvas c = new PdfCanvas(spec.width(), spec.height());
        new PlotLayout(data, spec).draw(c);
        return c.finish();
    }

    /** The plot as an image of width × height pixels. */
    public BufferedImage image() {
        BufferedImage img = new BufferedImage(spec.width(), spec.height(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        try {
            new PlotLayout(data, spec).draw(new Graphics2DCanvas(g));
        } finally {
            g.dispose();
        }
        return img;
    }

    /** Writes the plot to {@code file} in the format its extension names (svg, png, pdf). */
    public void write(Path file) throws IOException {
        Output o = Output.of(file);
        if (o == null) {
            throw new IllegalArgumentException(file + ": unknown extension; name the file *.svg, *.png or *.pdf");
        }
        // a temporary file renamed over the old one: a full disk left a cut-off figure where a good one had been
        byte[] bytes =
                switch (o) {
                    case SVG -> svg().getBytes(StandardCharsets.UTF_8);
                    case PDF -> pdf();
                    case PNG -> {
                        java.io.ByteArrayOutputStream png = new java.io.ByteArrayOutputStream();
                        if (!ImageIO.write(image(), "png", png)) {
                            throw new IOException("no PNG writer in this JVM");
                        }
                        yield png.toByteArray();
                    }
                    default -> throw new IllegalStateException(o.toString());
                };
        AtomicFiles.write(file, bytes);
    }
}
