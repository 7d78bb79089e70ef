/**
 * Reading existing data: numbers from text, CSV and TSV files or standard input, by column. Internal.
 */
package io.pilotbench.core.input;
