package io.pilotbench.script;

import java.util.List;

/**
 * The parsed script: one record per directive. Values keep their {@code %VAR%} and {@code $VAR$} references; the
 * interpreter substitutes them when it reaches the statement. INCLUDEs are resolved by the parser (their statements
 * stand in the include's place), so a script is checked whole before it runs.
 */
sealed interface Stmt {
    Pos pos();

    /** SETUP, EXEC, CLEANUP, PRESETUP, POSTCLEANUP: a shell command line (the text after the directive). */
    enum CommandKind {
        SETUP,
        EXEC,
        CLEANUP,
        PRESETUP,
        POSTCLEANUP
    }

    /**
     * {@code TEST name [min-runs [batch program…]]}.
     *
     * @param minRuns the minimum number of runs, as written (substituted at run time); null: 1
     * @param batch   runs between two evaluations of the program; null when there is no program
     * @param program the stop program, as written (quotes kept); null: Pilot's precision target stops the TEST
     */
    record Test(Pos pos, Word name, Word minRuns, Word batch, String program, List<Stmt> body) implements Stmt {}

    record Command(Pos pos, CommandKind kind, String text) implements Stmt {}

    record Threads(Pos pos, Word count) implements Stmt {}

    /**
     * VAR (env false) or ENV (env true).
     *
     * @param arithmetic the value's {@code $((...))} arithmetic, evaluated when the VAR is reached; null for a
     *                   plain value
     */
    record Assign(Pos pos, boolean env, String name, Word value, Arithmetic arithmetic) implements Stmt {}

    record Branch(Cond cond, List<Stmt> body) {}

    /** IF / ELSEIF… / ELSE / FI; {@code otherwise} is empty without ELSE. */
    record If(Pos pos, List<Branch> branches, List<Stmt> otherwise) implements Stmt {}

    record While(Pos pos, Cond cond, List<Stmt> body) implements Stmt {}

    record Foreach(Pos pos, String var, List<Word> values, List<Stmt> body) implements Stmt {}

    /** {@code FOR V=from TO to [FACTOR f | STEP s]} (STEP 1 by default). */
    record For(Pos pos, String var, Word from, Word to, boolean factor, Word by, List<Stmt> body) implements Stmt {}

    /** FASTFAIL [script]: {@code script} may be empty. */
    record Fastfail(Pos pos, String script) implements Stmt {}

    /** CHECKPOINT [file]: {@code file} null for the default state file in the results directory. */
    record Checkpoint(Pos pos, Word file) implements Stmt {}

    /** OPTION key value, inside a TEST: a Pilot precision setting for that TEST. */
    record Option(Pos pos, String key, Word value) implements Stmt {}

    /** MEASURE kind args…: a measurement hook for the TESTs that follow. */
    record Measure(Pos pos, String kind, List<Word> args) implements Stmt {}

    /** COOL kind args…: cool caches between runs of the TESTs that follow. */
    record Cool(Pos pos, String kind, List<Word> args) implements Stmt {}

    /**
     * A condition: {@code a OP b} with OP one of {@code == != < > <= >=} (numbers when both sides are numbers, else
     * strings), or any other expression, evaluated by {@link Predicate}.
     */
    record Cond(Pos pos, List<Word> words) {}
}
