package io.pilotbench.simulate;

/**
 * One simulated round.
 *
 * @param reading      the round's reading: its time in ms (READINGS: the sample; UNITS: the sum of the unit
 *                     readings) or, for WPS, its duration in seconds
 * @param unitReadings the unit readings in ms (UNITS), or null
 * @param seconds      how long the round takes in simulated time, setup included
 */
public record SimulatedRound(double reading, double[] unitReadings, double seconds) {}
