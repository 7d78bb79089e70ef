/**
 * The accuracy check of the Pilot paper (§III-B): was the result bound by the component under test, or by something
 * else?
 * <ul>
 *   <li>Step 1, the components: {@link io.pilotbench.process.monitor.ComponentGraph}, the devices a benchmark's data
 *       passes through and their limits, built from /proc and /sys or read from a file (docs/graph.md).</li>
 *   <li>Step 2, their use: {@link io.pilotbench.process.monitor.Monitor}s, here the Linux ones of
 *       {@link io.pilotbench.process.monitor.ProcMonitors}, read cumulative counters
 *       ({@link io.pilotbench.process.monitor.Usage}); {@link io.pilotbench.process.monitor.MonitoredWorkload}
 *       reads them around every round of another workload and, at a rate
 *       {@link io.pilotbench.process.monitor.SamplingCalibration} may choose (step 4), within it.</li>
 *   <li>Step 3, the verdict: {@link io.pilotbench.process.monitor.Bottlenecks} names a component other than the one
 *       under test that was busier than the limit, from each component's
 *       {@link io.pilotbench.process.monitor.ComponentUtilization}.</li>
 * </ul>
 * It stands on {@link io.pilotbench.process} (it waits, as the launcher does, for an idle JIT compiler before its
 * reads), never the other way round. The options it serves are {@code pilot run --monitor} and its companions
 * (docs/run.md, "Monitoring").
 */
package io.pilotbench.process.monitor;
