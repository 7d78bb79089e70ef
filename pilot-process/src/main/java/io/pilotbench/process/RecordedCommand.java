package io.pilotbench.process;

import io.pilotbench.core.files.JsonMappers;
import io.pilotbench.core.model.InputException;
import io.pilotbench.core.store.PlainJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * How a session's command is run, kept in {@code command.json} next to {@code session.json} so that
 * {@code pilot run --resume DIR} runs exactly the same command. Written by hand (not by reflection) so that a renamed
 * field can never change the file.
 *
 * @param words          the command's words, placeholders unsubstituted
 * @param shell          the shell it runs through, or null
 * @param cwd            its working directory (absolute), or null for the one Pilot was started in
 * @param env            variables set for the child
 * @param pis            the {@code --pi} texts, as given (parsed with {@link PiSpec#parse})
 * @param timeoutMillis  the round timeout in ms, or 0 for none
 * @param validExitCodes accepted exit codes
 * @param keepOutput     {@code --keep-output} as given ("64KiB", "all"), or null for the default (a resumed session
 *                       keeps the output its first run was told to keep)
 */
public record RecordedCommand(
        List<String> words,
        String shell,
        String cwd,
        Map<String, String> env,
        List<String> pis,
        long timeoutMillis,
        List<Integer> validExitCodes,
        String keepOutput) {
    /** The file's name in a session directory. */
    public static final String FILE = "command.json";

    public RecordedCommand {
        words = List.copyOf(words);
        env = Map.copyOf(env);
        pis = List.copyOf(pis);
        validExitCodes = List.copyOf(validExitCodes);
    }

    /** Writes {@code command.json} into {@code dir}. */
    public void write(Path dir) throws IOException {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("formatVersion", 1);
        m.put("command", words);
        m.put("shell", shell);
        m.put("cwd", cwd);
        m.put("env", new LinkedHashMap<>(env));
        m.put("pis", pis);
        m.put("roundTimeoutMillis", timeoutMillis);
        m.put("validExitCodes", validExitCodes);
        m.put("keepOutput", keepOutput);
        Files.writeString(dir.resolve(FILE), PlainJson.write(m) + "\n");
    }

    /** Whether {@code dir} holds a recorded command. */
    public static boolean exists(Path dir) {
        return Files.isRegularFile(dir.resolve(FILE));
    }

    /** Reads {@code dir/command.json}; a bad file is an {@link InputException} naming it. */
    public static RecordedCommand read(Path dir) {
        Path file = dir.resolve(FILE);
        try {
            JsonNode n = JsonMappers.plain().readTree(Files.readString(file));
            List<String> words = strings(n.get("command"), file, "command");
            Map<String, String> env = new LinkedHashMap<>();
            JsonNode e = n.get("env");
            if (e != null && e.isObject()) {
                for (Map.Entry<String, JsonNode> entry : e.properties()) {
                    env.put(entry.getKey(), entry.getValue().asString());
                }
            }
            List<Integer> codes = new ArrayList<>();
            JsonNode c = n.get("validExitCodes");
            if (c != null) {
                c.forEach(x -> codes.add(x.asInt()));
            }
            return new RecordedCommand(
                    words,
                    text(n.get("shell")),
                    text(n.get("cwd")),
                    env,
                    strings(n.get("pis"), file, "pis"),
                    n.path("roundTimeoutMillis").asLong(0),
                    codes.isEmpty() ? List.of(0) : codes,
                    text(n.get("keepOutput")));
        } catch (NoSuchFileException e) {
            throw new InputException(
                    file + ": missing, so there is no command to resume; pilot analyze still reads " + "the session");
        } catch (IOException | JacksonException | IllegalArgumentException e) {
            String why = e instanceof JacksonException j ? j.getOriginalMessage() : e.getMessage();
            why = why == null
                    ? e.getClass().getSimpleName()
                    : why.lines().findFirst().orElse(why);
            throw new InputException(file + ": cannot read the recorded command (" + why + "); restore the file (it "
                    + "is JSON: the command, its shell, cwd, env and PIs) or start a new session; pilot analyze still "
                    + "reads this one");
        }
    }

    private static String text(JsonNode n) {
        return n == null || n.isNull() ? null : n.asString();
    }

    private static List<String> strings(JsonNode n, Path file, String field) {
        if (n == null || !n.isArray()) {
            throw new IllegalArgumentException("\"" + field + "\" is missing");
        }
        List<String> out = new ArrayList<>();
        n.forEach(x -> out.add(x.asString()));
        return out;
    }
}
