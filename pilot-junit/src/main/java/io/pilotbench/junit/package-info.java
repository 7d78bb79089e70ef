/**
 * JUnit 5 performance assertions ({@link io.pilotbench.junit.PerformanceAssertions}): measure a block with Pilot's
 * stop rule and fail when it is slower than a committed baseline session by more than a margin, stopping early
 * on an anytime-valid p-value when the answer is already clear. Uses only the public API of pilot-core.
 */
package io.pilotbench.junit;
