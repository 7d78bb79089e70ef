/**
 * DataMill's infrastructure (paper §4) over Pilot's experiments: the master service, its workers, and the back-ends
 * that run the same jobs on clusters users already have (Slurm, Kubernetes) instead of a scheduler of our own.
 */
package io.pilotbench.mill;
