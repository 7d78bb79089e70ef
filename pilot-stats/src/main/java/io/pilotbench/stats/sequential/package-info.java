/**
 * Sequential inference that stays valid however often the data are looked at: confidence sequences for decisions
 * taken while a benchmark is still running.
 */
package io.pilotbench.stats.sequential;
