package io.pilotbench.report.html;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

/**
 * The chart library inlined into every report, read from its webjar on the classpath (Maven resolves it at build
 * time, pinned in the parent POM: {@code org.webjars.npm:uplot}).
 *
 * <p>Why uPlot: MIT-licensed, maintained, no dependencies, about 50 kB minified, and made for time series — it draws
 * 10⁶ points on a canvas in tens of milliseconds, with hover values in its legend and drag-to-zoom built in. That is
 * the shape of a session's readings. Chart.js (70 kB) and ECharts (1 MB) are larger and slower on long series;
 * Plotly (3.5 MB) would dwarf the data. The few charts that are not series (forest plots) are inline SVG.
 */
final class ChartLibrary {
    private static final String WEBJAR = "META-INF/resources/webjars/uplot/";
    private static final String POM = "META-INF/maven/org.webjars.npm/uplot/pom.properties";

    private ChartLibrary() {}

    /** The uPlot version on the classpath. */
    static String version() {
        try (InputStream in = loader().getResourceAsStream(POM)) {
            if (in == null) {
                throw new IllegalStateException("the uPlot webjar is not on the classpath (" + POM + ")");
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** uPlot's minified browser build (defines the global {@code uPlot}). */
    static String script() {
        return read(WEBJAR + version() + "/dist/uPlot.iife.min.js");
    }

    /** uPlot's style sheet. */
    static String css() {
        return read(WEBJAR + version() + "/dist/uPlot.min.css");
    }

    /** A file of the report's own, next to this class. */
    static String resource(String name) {
        return read("io/pilotbench/report/html/" + name);
    }

    private static String read(String name) {
        try (InputStream in = loader().getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ClassLoader loader() {
        return ChartLibrary.class.getClassLoader();
    }
}
