package io.pilotbench.script;

/**
 * One word of a script line: its text with quotes removed ({@code text}), the source as written ({@code raw}, quotes
 * kept, for commands handed to the shell) and where it starts.
 */
record Word(String text, String raw, Pos pos) {}
