package io.pilotbench.script;

import io.pilotbench.core.files.AtomicFiles;
import io.pilotbench.core.files.JsonMappers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.type.TypeReference;

/**
 * The campaign journal, {@code campaign.json} in the results directory, rewritten atomically (a temporary file
 * renamed over it) after every run and every step; CHECKPOINT writes the same state to its file.
 *
 * <p>Resuming replays the script from its start with the recorded command-line variables, without side effects, up
 * to the first step not completed ({@link #steps}): the interpreter is deterministic in its variables, so the replay
 * rebuilds the loop nest and the variables exactly; the script's digest must be unchanged, and the variables at the
 * end of the replay must equal those recorded ({@link #vars}), or resume refuses. The TEST in progress, if any, goes
 * on in its own session directory ({@code Session.resume}): its recorded runs count, the run killed half-way is run
 * again (it was never recorded), so no run is lost or doubled.
 */
final class CampaignState {
    static final String FILE = "campaign.json";

    /**
     * A TEST that ended: its name, session directory (relative to the results) and why it stopped: {@code stop} is
     * TARGET_MET (its precision reached: Pilot's target, or the precision its stop program asks for), RUN_CAP (its
     * stop program's {@code $count} cap ended it first), RUNS_ASKED (a stop program on {@code $count} alone),
     * PROGRAM_SAID_STOP (an external stop program exited 0), ROUND_LIMIT, TIME_LIMIT (OPTION max-runs, max-time) or
     * WORKLOAD_FAILED; {@code why} says it in words (null in journals of older versions).
     */
    record Finished(String name, String dir, int runs, String stop, String why) {}

    String script;
    String digest;
    /** The results directory, absolute (so that a CHECKPOINT file elsewhere leads back to it). */
    String results;

    Map<String, String> args = new LinkedHashMap<>();
    /** Steps (TESTs, EXECs outside a TEST, CHECKPOINTs) completed, in execution order. */
    int steps;
    /** The TEST in progress: its step number, name and directory; null between TESTs. */
    Integer currentStep;

    String currentName;
    String currentDir;
    int currentRuns;
    List<Finished> finished = new ArrayList<>();
    /** The variables after the last completed step (what the replay must reproduce). */
    Map<String, String> vars = new LinkedHashMap<>();
    /** Where the loop nest stood at the last write, for people reading the file. */
    List<String> position = new ArrayList<>();

    boolean failed;
    boolean complete;

    /** Whether a finished TEST ended for one of {@code stops} (its campaign.json {@code stop}). */
    boolean ended(String... stops) {
        return finished.stream().anyMatch(f -> List.of(stops).contains(f.stop()));
    }

    Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("format", "pilot-campaign-1");
        m.put("script", script);
        m.put("digest", digest);
        m.put("results", results);
        m.put("args", args);
        m.put("steps", steps);
        if (currentStep != null) {
            Map<String, Object> c = new LinkedHashMap<>();
            c.put("step", currentStep);
            c.put("name", currentName);
            c.put("dir", currentDir);
            c.put("runs", currentRuns);
            m.put("current", c);
        }
        List<Map<String, Object>> f = new ArrayList<>();
        for (Finished t : finished) {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("name", t.name());
            x.put("dir", t.dir());
            x.put("runs", t.runs());
            x.put("stop", t.stop());
            if (t.why() != null) {
                x.put("why", t.why());
            }
            f.add(x);
        }
        m.put("finished", f);
        m.put("vars", vars);
        m.put("position", position);
        m.put("failed", failed);
        m.put("complete", complete);
        return m;
    }

    /** Writes the state to {@code file} atomically: readers see the old state or the new, never half of one. */
    void write(Path file) throws IOException {
        AtomicFiles.write(file, JsonMappers.indented().writeValueAsString(toMap()) + "\n");
    }

    /**
     * Reads a state file, refusing one that another user owns or that others may write (Auto-pilot's rule: the
     * state decides which commands run).
     */
    @SuppressWarnings("unchecked")
    /**
     * The journal of the campaign in {@code results}, when it can go on: its script is still there, unchanged, and the
     * campaign is not complete.
     *
     * @throws IllegalArgumentException saying which of these fails
     */
    static CampaignState resumable(Path results) throws IOException {
        CampaignState s = read(results.resolve(FILE));
        Path script = Path.of(s.script);
        if (!Files.isRegularFile(script)) {
            throw new IllegalArgumentException(results + ": the campaign's script " + script + " is gone");
        }
        if (!Progress.digest(script).equals(s.digest)) {
            // the digest covers the files the script INCLUDEs: one of them may be what changed
            int included = ScriptParser.texts(script).size() - 1;
            throw new IllegalArgumentException(script
                    + (included == 1
                            ? " or the file it INCLUDEs"
                            : included > 1 ? " or one of the " + included + " files it INCLUDEs" : "")
                    + " changed since the campaign in " + results
                    + " started; resuming would replay a different script (start a new campaign instead)");
        }
        if (s.complete) {
            throw new IllegalArgumentException(results + ": the campaign is complete; nothing to resume");
        }
        return s;
    }

    static CampaignState read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(
                    file + ": no campaign state here (expected " + FILE + " written by pilot script)");
        }
        checkOwner(file);
        Map<String, Object> m;
        try {
            m = JsonMappers.indented().readValue(Files.readString(file), new TypeReference<Map<String, Object>>() {});
        } catch (RuntimeException e) {
            String why = e instanceof tools.jackson.core.JacksonException j ? j.getOriginalMessage() : e.getMessage();
            throw new IllegalArgumentException(file + ": not a campaign state file ("
                    + String.valueOf(why).lines().findFirst().orElse("") + ")");
        }
        if (m == null || !"pilot-campaign-1".equals(m.get("format"))) {
            throw new IllegalArgumentException(file + ": not a campaign state file of this pilot (format "
                    + (m == null ? null : m.get("format")) + ")");
        }
        try {
            return fields(m);
        } catch (ClassCastException | NullPointerException e) {
            // a journal edited by hand or cut short: one line, not an internal error
            throw new IllegalArgumentException(file + ": a campaign state file without the fields pilot script "
                    + "writes (script, results, args, steps, finished, vars, position); was it edited? Start the "
                    + "campaign again into a new directory");
        }
    }

    @SuppressWarnings("unchecked")
    private static CampaignState fields(Map<String, Object> m) {
        for (String key : List.of("script", "results", "args", "steps", "finished", "vars", "position")) {
            java.util.Objects.requireNonNull(m.get(key), key);
        }
        CampaignState s = new CampaignState();
        s.script = (String) m.get("script");
        s.digest = (String) m.get("digest");
        s.results = (String) m.get("results");
        s.args = new LinkedHashMap<>((Map<String, String>) m.get("args"));
        s.steps = ((Number) m.get("steps")).intValue();
        Map<String, Object> c = (Map<String, Object>) m.get("current");
        if (c != null) {
            s.currentStep = ((Number) c.get("step")).intValue();
            s.currentName = (String) c.get("name");
            s.currentDir = (String) c.get("dir");
            s.currentRuns = ((Number) c.get("runs")).intValue();
        }
        for (Map<String, Object> x : (List<Map<String, Object>>) m.get("finished")) {
            s.finished.add(new Finished(
                    (String) x.get("name"),
                    (String) x.get("dir"),
                    ((Number) x.get("runs")).intValue(),
                    (String) x.get("stop"),
                    (String) x.get("why")));
        }
        s.vars = new LinkedHashMap<>((Map<String, String>) m.get("vars"));
        s.position = new ArrayList<>((List<String>) m.get("position"));
        s.failed = Boolean.TRUE.equals(m.get("failed"));
        s.complete = Boolean.TRUE.equals(m.get("complete"));
        return s;
    }

    private static void checkOwner(Path file) throws IOException {
        PosixFileAttributes a;
        try {
            a = Files.readAttributes(file, PosixFileAttributes.class);
        } catch (UnsupportedOperationException e) {
            return; // not a POSIX file system: nothing to check
        }
        String owner = a.owner().getName();
        String me = System.getProperty("user.name");
        if (!owner.equals(me) && !owner.equals("root")) {
            throw new IllegalArgumentException(file + ": owned by " + owner + ", not by you (" + me
                    + ") or root; refusing to run the commands it names");
        }
        if (a.permissions().contains(PosixFilePermission.GROUP_WRITE)
                || a.permissions().contains(PosixFilePermission.OTHERS_WRITE)) {
            throw new IllegalArgumentException(file + ": others may write it; refusing to run the commands it "
                    + "names (chmod go-w " + file + ")");
        }
    }

    /** See {@link Campaign#resultsOf}: the directory itself, or the one the checkpoint file {@code path} names. */
    static Path resultsOf(Path path) throws IOException {
        if (Files.isRegularFile(path)) {
            CampaignState s = read(path);
            if (s.results == null) {
                throw new IllegalArgumentException(path + ": names no results directory");
            }
            return Path.of(s.results);
        }
        return path;
    }
}
