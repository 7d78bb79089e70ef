/**
 * Pilot's core, in layers that only import downward (ArchitectureTest keeps them so):
 * <ol>
 *   <li>{@link io.pilotbench.core.model}: the records, enums and interfaces every layer speaks (a performance index, a
 *       round and its result, session settings with the CI target and warm-up choice, results). Public API.</li>
 *   <li>{@link io.pilotbench.core.analysis} (one sample → mean, CI, stop rule, warm-up), {@link
 *       io.pilotbench.core.input} (data files), {@link io.pilotbench.core.env} (the environment snapshot).</li>
 *   <li>{@link io.pilotbench.core.engine} (a session's incremental analysis, planner, WPS), {@link
 *       io.pilotbench.core.store} (session directories and their formats), {@link io.pilotbench.core.compare} (the
 *       statistics of comparisons).</li>
 *   <li>{@link io.pilotbench.core.api}: the entry points that wire them ({@code Pilot}, {@code Session}, {@code
 *       InterleavedComparison}). Public API; nothing below imports it.</li>
 * </ol>
 * Only {@code model}, {@code api} and the result types of {@code compare} are API; the other packages are public for
 * the modules above core (process, report, simulate, cli) and may change.
 */
package io.pilotbench.core;
