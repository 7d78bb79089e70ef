package io.pilotbench.script;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Where a campaign stands, and its journal: the steps completed (TESTs, EXECs outside a TEST, CHECKPOINTs), the loop
 * nest, and the replay a resume makes up to the first step not completed (Auto-pilot's checkpoints, Wright et al.,
 * USENIX ATC 2005 FREENIX, §3.5), all written to {@link CampaignState#FILE} after every step and run. Separate from
 * {@link Campaign}, which runs the steps: this class counts them, says which are replayed, and keeps the journal.
 */
final class Progress {
    private final CampaignState state;
    private final Scope scope;
    private final Path results;
    private final Consumer<String> note;
    private final Deque<String> position = new ArrayDeque<>();
    private final int replayUntil;
    private boolean caughtUp;
    private int step;

    /**
     * @param resuming whether the campaign goes on from {@code state}: its steps are then replayed without side
     *                 effects
     * @param note     where what the campaign does is said to people
     */
    Progress(CampaignState state, boolean resuming, Scope scope, Path results, Consumer<String> note) {
        this.state = state;
        this.scope = scope;
        this.results = results;
        this.note = note;
        this.replayUntil = resuming ? state.steps : 0;
        this.caughtUp = !resuming;
    }

    /** The journal's state, for the TEST in progress and the steps that ended. */
    CampaignState state() {
        return state;
    }

    /** The steps completed: the number of the next one. */
    int step() {
        return step;
    }

    /** Whether a resume has nothing to replay (its first step was not completed). */
    boolean replaysNothing() {
        return replayUntil == 0;
    }

    /** Enters a loop iteration, named for people reading the journal ({@code FOREACH X=1}). */
    void enter(String where) {
        position.push(where);
    }

    void leave() {
        position.pop();
    }

    /** True while a resume replays steps that were completed before. */
    boolean replaying() {
        return step < replayUntil;
    }

    /**
     * Passes over a step completed before the crash. Right after the last of them the replay has caught up, before
     * any condition after it is evaluated: RESTORE is 1 from there on (so {@code IF %RESTORE% == 0} after a
     * CHECKPOINT does not reboot the machine again).
     */
    void skipStep() {
        step++;
        if (step == replayUntil) {
            catchUp();
        }
    }

    /** The replay reached the first step not completed: check it rebuilt the state recorded, then RESTORE = 1. */
    void catchUp() {
        if (caughtUp) {
            return;
        }
        caughtUp = true;
        Map<String, String> now = new LinkedHashMap<>(scope.vars());
        Map<String, String> then = new LinkedHashMap<>(state.vars);
        now.remove("RESTORE");
        then.remove("RESTORE");
        if (step == replayUntil && !now.equals(then)) {
            throw new IllegalArgumentException("resuming " + results + ": replaying the script up to step " + step
                    + " gave variables " + now + ", not the recorded " + then + "; the script depends on something "
                    + "that changed (start a new campaign)");
        }
        scope.set("RESTORE", "1");
        note.accept("resuming after step " + step
                + (state.position.isEmpty() ? "" : " (" + String.join(", ", state.position) + ")"));
    }

    /** A step completed: counted and journaled. */
    void stepDone() throws IOException {
        step++;
        state.steps = step;
        journal();
    }

    /**
     * CHECKPOINT: a step of its own, the journal written also to the file it names, if any. {@code %RESTORE%} is 0
     * after it, until a resume has replayed the steps up to here.
     */
    void checkpoint(Stmt.Checkpoint c) throws IOException {
        scope.set("RESTORE", "0");
        if (replaying()) {
            skipStep();
            return;
        }
        stepDone();
        if (c.file() != null) {
            state.write(results.resolve(scope.sub(c.file().text())));
        }
        note.accept("checkpoint after step " + step);
    }

    /** Writes the journal: where the loop nest stands and, between TESTs, the variables. */
    void journal() throws IOException {
        state.position = new ArrayList<>(position);
        Collections.reverse(state.position);
        if (state.currentStep == null) {
            state.vars = new LinkedHashMap<>(scope.vars());
        }
        state.write(results.resolve(CampaignState.FILE));
    }

    /** The digest of a script and the files it includes: a resume refuses a script changed since. */
    static String digest(Path script) throws IOException {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            for (String text : ScriptParser.texts(script)) {
                md.update(text.getBytes(StandardCharsets.UTF_8));
                md.update((byte) 0);
            }
            return HexFormat.of().formatHex(md.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
