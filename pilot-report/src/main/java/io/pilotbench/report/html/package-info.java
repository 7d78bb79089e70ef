/**
 * The self-contained HTML report of sessions, comparisons and campaigns ({@link
 * io.pilotbench.report.html.HtmlReport}): uPlot inlined ({@link io.pilotbench.report.html.ChartLibrary}), series
 * thinned for the browser ({@link io.pilotbench.report.html.Thinning}), forest plots of comparisons. Checked in a
 * real Chromium by the report tests.
 */
package io.pilotbench.report.html;
