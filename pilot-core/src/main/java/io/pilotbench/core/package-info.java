/**
 * Pilot's core: the benchmark model, data input, the analysis pipeline and report renderers, built on
 * {@code io.pilotbench.stats}.
 */
package io.pilotbench.core;
