/**
 * External commands as Pilot workloads (the paper's third kind of benchmark, §II).
 * <ul>
 *   <li>Launching: a {@link io.pilotbench.process.ProcessLauncher} runs one
 *       {@link io.pilotbench.process.CommandRequest} and reports a {@link io.pilotbench.process.ProcessOutcome}.
 *       On Linux with glibc it is {@link io.pilotbench.process.NativeLauncher} (posix_spawn and wait4 through JNA,
 *       for each child's own CPU time and peak memory), with its spawn
 *       ({@link io.pilotbench.process.NativeSpawn}), its child from spawn to reap
 *       ({@link io.pilotbench.process.NativeChild}) and the child's environment
 *       ({@link io.pilotbench.process.SpawnEnvironment}) apart; elsewhere {@link io.pilotbench.process.JdkLauncher}.
 *       {@link io.pilotbench.process.Launchers} chooses and holds what both share; {@link io.pilotbench.process.LibC}
 *       is the binding, {@link io.pilotbench.process.JnaLibrary} unpacks JNA's library once, and
 *       {@link io.pilotbench.process.QuietCompiler} keeps the JIT compiler out of the timed interval.</li>
 *   <li>Reading: {@link io.pilotbench.process.PiSpec} says where a PI's values come from (the {@code --pi} forms) and
 *       {@link io.pilotbench.process.OutputParser} reads them from a round's output.</li>
 *   <li>Workloads: {@link io.pilotbench.process.CommandWorkload} runs a {@link io.pilotbench.process.CommandTemplate}
 *       once a round, its round directories kept by {@link io.pilotbench.process.RoundDirectories}, their output files
 *       by {@link io.pilotbench.process.RoundOutput}, and each round read by
 *       {@link io.pilotbench.process.RoundReader}; {@link io.pilotbench.process.JmhWorkload} is a JMH fork a round;
 *       {@link io.pilotbench.process.ShellCalibration} measures the start-up of a shell to subtract, and
 *       {@link io.pilotbench.process.RecordedCommand} keeps the command with its session for a resume.</li>
 * </ul>
 * No JNA type leaves the package-private classes (docs/design.md, "Rules the build enforces"). The options these serve
 * are {@code pilot run}'s (docs/run.md); the resource monitor is in {@link io.pilotbench.process.monitor}.
 */
package io.pilotbench.process;
