/**
 * The entry points: {@link io.pilotbench.core.api.Pilot} runs a session of a Java workload, {@link
 * io.pilotbench.core.api.Session} lets the caller drive one, {@link io.pilotbench.core.api.InterleavedComparison}
 * runs several workloads in turn until their comparison is decided, {@link io.pilotbench.core.api.RecordedComparison}
 * compares data already recorded. Public API; nothing in Pilot's core imports it.
 */
package io.pilotbench.core.api;
