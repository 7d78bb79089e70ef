/**
 * A session's analysis as rounds arrive (incremental, with looks), the planner of the next round's work
 * amount, and the work-per-second regression. No I/O, no clock. Internal.
 */
package io.pilotbench.core.engine;
