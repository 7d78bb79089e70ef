package io.pilotbench.script;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Checks, before a campaign runs (and with {@code --check}), every MEASURE whose arguments hold no variable, wherever
 * it is in the script, on this machine. A device or interface that is not here ({@code MEASURE io nosuchdisk})
 * passed {@code --check} and ended the run after campaign.json was written, which left the output directory unusable
 * ("not empty", then "the script changed" on {@code --resume}). A MEASURE with a {@code %VAR%}, and MEASURE remote, are
 * checked when they are reached.
 */
final class MeasureCheck {
    private MeasureCheck() {}

    static void all(List<Stmt> program) {
        for (Stmt st : program) {
            if (st instanceof Stmt.Measure m) {
                one(m);
            } else if (st instanceof Stmt.Test t) {
                all(t.body());
            } else if (st instanceof Stmt.If i) {
                i.branches().forEach(b -> all(b.body()));
                all(i.otherwise());
            } else if (st instanceof Stmt.While w) {
                all(w.body());
            } else if (st instanceof Stmt.Foreach f) {
                all(f.body());
            } else if (st instanceof Stmt.For f) {
                all(f.body());
            }
        }
    }

    private static void one(Stmt.Measure m) {
        // a device or an interface of this machine; MEASURE remote needs what the script sets up first (an ENV
        // PILOT_SSH, a machine a SETUP starts), and is checked when it is reached
        if (!List.of("io", "net").contains(m.kind())
                || m.args().stream().anyMatch(w -> w.text().contains("%"))) {
            return;
        }
        List<String> args = m.args().stream().map(Word::text).toList();
        try {
            MeasurementHook.of(m.kind(), args, Path.of("/proc"), Map.of()).sample();
        } catch (IOException e) {
            throw new ScriptException(m.pos(), "MEASURE " + m.kind() + " cannot measure here: " + e.getMessage());
        }
    }
}
