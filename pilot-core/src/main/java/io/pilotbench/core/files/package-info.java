/**
 * The plumbing every module writes files with, in one place: {@link io.pilotbench.core.files.AtomicFiles} (a file
 * whole or not at all), {@link io.pilotbench.core.files.JsonMappers} (the two JSON mappers), {@link io.pilotbench.core.files.FileTrees}
 * (deleting a directory tree) and
 * {@link io.pilotbench.core.files.Privileges} (whether this process runs as root). It depends on nothing of Pilot's
 * and may be used by every module, campaigns included (docs/design.md, "Modules").
 */
package io.pilotbench.core.files;
