/**
 * The statistics of comparing contenders: pairwise verdicts (sequential, by confidence sequences, or a
 * single Welch test), rankings and gates. The result records are part of the API; the live, interleaved run that
 * feeds them is {@link io.pilotbench.core.api.InterleavedComparison}.
 */
package io.pilotbench.core.compare;
