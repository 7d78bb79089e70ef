/**
 * Runnable examples of the Java API: the Pilot paper's matrix-iteration comparison ({@link
 * io.pilotbench.examples.MatrixIteration}) and a session the user drives round by round ({@link
 * io.pilotbench.examples.UserDrivenSession}). {@code ExamplesTest} runs them.
 */
package io.pilotbench.examples;
