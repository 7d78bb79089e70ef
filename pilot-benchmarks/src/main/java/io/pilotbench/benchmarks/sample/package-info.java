/**
 * The sample for {@code pilot jmh --compare}: {@link io.pilotbench.benchmarks.sample.SumBenchmark}'s two ways of
 * summing boxed integers, which CI compares fork by fork (docs/jmh.md).
 */
package io.pilotbench.benchmarks.sample;
