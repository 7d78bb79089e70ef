/**
 * DataMill's experiments (paper §3): vary the hidden factors of a benchmark on purpose and tell which of them matter.
 * <ul>
 *   <li>What is asked: an experiment file ({@link io.pilotbench.experiment.ExperimentFile}, read into an
 *       {@link io.pilotbench.experiment.ExperimentSpec}) names the packages
 *       ({@link io.pilotbench.experiment.ExperimentPackage}, §3.1), the factors with their levels and coverage
 *       ({@link io.pilotbench.experiment.Factor}), the workers' constraints, the precision and the metrics.</li>
 *   <li>What will run: {@link io.pilotbench.experiment.ExperimentPlan} (§3.2) chooses the workers
 *       ({@link io.pilotbench.experiment.WorkerSelection}, the 0-1 ILP, over
 *       {@link io.pilotbench.experiment.Worker}s) and the jobs ({@link io.pilotbench.experiment.Job}), from the
 *       experiment's seed.</li>
 *   <li>Running (§3.3): {@link io.pilotbench.experiment.ExperimentRunner} runs the jobs into a directory that a kill
 *       does not spoil ({@link io.pilotbench.experiment.ExperimentDirectory}); each job's steps are
 *       {@link io.pilotbench.experiment.JobRun}'s, its factors applied by
 *       {@link io.pilotbench.experiment.JobEnvironment}, its commands confined by
 *       {@link io.pilotbench.experiment.JobConfinement} within {@link io.pilotbench.experiment.JobLimits} (the
 *       memory cap through {@link io.pilotbench.experiment.MemoryCgroups}), and its row appended to
 *       {@link io.pilotbench.experiment.ResultsTable}. Archives are unpacked by
 *       {@link io.pilotbench.experiment.SafeExtractor}, names checked by
 *       {@link io.pilotbench.experiment.SafeName}.</li>
 *   <li>Analysis: {@link io.pilotbench.experiment.ExperimentAnalysis} (the n-way ANOVA of the table) and
 *       {@link io.pilotbench.experiment.ExperimentFigures} (its plots).</li>
 * </ul>
 * The command-line side is pilot-cli's {@code pilot experiment} (docs/experiment.md); pilot-mill runs the same jobs
 * one at a time on many machines through {@link io.pilotbench.experiment.ExperimentRunner#runJob} (docs/mill.md).
 * The module's place among the others is in docs/design.md, "Modules".
 */
package io.pilotbench.experiment;
