/**
 * The model: the records, enums and interfaces that every layer of Pilot speaks — {@link
 * io.pilotbench.core.model.PerformanceIndex}, {@link io.pilotbench.core.model.Round}, {@link
 * io.pilotbench.core.model.RoundResult}, {@link io.pilotbench.core.model.SessionSettings} (with its {@link
 * io.pilotbench.core.model.CiTarget} and {@link io.pilotbench.core.model.WarmupRemoval}), {@link
 * io.pilotbench.core.model.SessionResult} and what it holds — and the defaults they take ({@link
 * io.pilotbench.core.model.Defaults}). Public API; depends on nothing of Pilot's but {@code io.pilotbench.stats}.
 */
package io.pilotbench.core.model;
