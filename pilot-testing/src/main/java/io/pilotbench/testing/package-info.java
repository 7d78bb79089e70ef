/**
 * Test support for every module: {@link io.pilotbench.testing.SkipsFailInCi} turns a skipped system test into a
 * failure when {@code CI=true} (a CI run that lost a package must not look green), and {@link
 * io.pilotbench.testing.Circumstances} names the skips that stay allowed.
 */
package io.pilotbench.testing;
