/**
 * Session directories: the journal written after every round, the reader, and the JSON forms of settings
 * and results. Internal (the file formats are the contract: see docs/formats.md).
 */
package io.pilotbench.core.store;
