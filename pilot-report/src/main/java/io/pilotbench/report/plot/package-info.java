/**
 * Plots without a plotting library: a {@link io.pilotbench.report.plot.PlotSpec} laid out ({@link
 * io.pilotbench.report.plot.PlotLayout}) and drawn on a {@link io.pilotbench.report.plot.Canvas}: SVG, PDF or PNG
 * (Java2D). {@code pilot plot} and the parameter scans' plots use it.
 */
package io.pilotbench.report.plot;
