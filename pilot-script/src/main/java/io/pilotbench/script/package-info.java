/**
 * {@code pilot script} and {@code pilot getstats}: Auto-pilot's campaign language and its Getstats (Wright et al.,
 * USENIX ATC 2005 FREENIX; docs/script.md, docs/getstats.md) on Pilot's engine. A script is read and checked whole
 * before anything runs ({@link io.pilotbench.script.ScriptParser}, the one-line directives in
 * {@link io.pilotbench.script.Directives}); {@link io.pilotbench.script.Campaign} interprets it, each TEST becoming a
 * Pilot session ({@link io.pilotbench.script.TestStep}, one run of it a {@link io.pilotbench.script.TestRun}, n copies
 * at once a {@link io.pilotbench.script.ThreadedRun}), with the measurement hooks of MEASURE
 * ({@link io.pilotbench.script.MeasurementHook}) sampled around every EXEC and the caches cooled before it by COOL
 * ({@link io.pilotbench.script.Cooling}, {@link io.pilotbench.script.Chill}, {@link io.pilotbench.script.Remount}).
 * Progress is journaled after every run ({@link io.pilotbench.script.Progress},
 * {@link io.pilotbench.script.CampaignState}) so a campaign resumes after a crash or a reboot
 * ({@link io.pilotbench.script.ResumeUnit}); each TEST's runs go to {@code runs.csv}
 * ({@link io.pilotbench.script.RunsCsv}), which {@link io.pilotbench.script.Getstats} summarises. Only
 * {@code Campaign}, {@code ResumeUnit}, {@code Getstats} and {@code ScriptException} are public, for the command
 * line; the package uses Pilot's core through its public API and its file plumbing ({@code core.files}) only.
 */
package io.pilotbench.script;
