/**
 * JMH benchmarks of Pilot's own code: the per-round engine, the process launcher, the series reader, subsessions
 * and EDM. Built by {@code ./mvnw verify}, run on request; the figures and their commands are in bench/README.md.
 */
package io.pilotbench.benchmarks;
