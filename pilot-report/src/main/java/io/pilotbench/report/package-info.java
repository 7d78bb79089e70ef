/**
 * Every renderer of results: a session's text, Markdown, JSON and CSV ({@link io.pilotbench.report.SessionRenderer},
 * {@link io.pilotbench.report.RunReport}), analyses of data files ({@link io.pilotbench.report.AnalysisRenderer}),
 * comparisons ({@link io.pilotbench.report.ComparisonReport}, one verdict in the same words in every format),
 * change points and simulations. Renderers read results; they compute nothing a decision depends on.
 * Subpackages: {@code html} (the HTML report) and {@code plot} (SVG, PDF and PNG plots).
 */
package io.pilotbench.report;
