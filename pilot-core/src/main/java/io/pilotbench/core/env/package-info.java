/**
 * The environment recorded with every benchmark session: {@link io.pilotbench.core.env.EnvironmentProbe} captures an
 * {@link io.pilotbench.core.model.EnvironmentSnapshot} (operating system, processor, memory, JVM, host, git commit).
 *
 * <p>Only this package may use OSHI, and no OSHI type appears in its public API (ArchitectureTest keeps it so): OSHI's
 * API changes between major versions, and a benchmark must never fail because a platform fact is unknowable.
 */
package io.pilotbench.core.env;
