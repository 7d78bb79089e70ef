package io.pilotbench.script;

/** Where a word of a script starts: its file (as given or included), line and column, both 1-based. */
record Pos(String file, int line, int column) {
    @Override
    public String toString() {
        return file + ":" + line + ":" + column;
    }
}
