package io.pilotbench.process;

import com.sun.jna.Native;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What a child of {@link NativeLauncher} is given as C strings: its argv, its environment (the JVM's, with the
 * request's variables applied) and the program's path, looked up on the PATH. All of it is encoded or searched once
 * where it can be and always before the clock starts. Kept apart from the launcher, which spawns and waits: this is
 * the part that depends only on the JVM's environment and the request.
 */
final class SpawnEnvironment {
    /** Programs found on the PATH, by PATH and name: looked up once, not by the child in every round. */
    private static final Map<String, Map<String, String>> FOUND = new ConcurrentHashMap<>();

    private SpawnEnvironment() {}

    /** The JVM's environment, each variable as "NAME=value" in C's form, encoded once. */
    private static final class BaseEnvironment {
        static final Map<String, byte[]> ENCODED = new LinkedHashMap<>();

        static {
            // the user's locale, not the one the launcher gave the JVM
            io.pilotbench.core.model.ChildEnvironment.of()
                    .forEach((k, v) -> ENCODED.put(k, Native.toByteArray(k + "=" + v)));
        }
    }

    /** The child's environment: the JVM's with {@code overrides} applied (only the overrides are encoded a run). */
    static byte[][] environment(Map<String, String> overrides) {
        Map<String, byte[]> base = BaseEnvironment.ENCODED;
        List<byte[]> env = new ArrayList<>(base.size() + overrides.size());
        for (Map.Entry<String, byte[]> e : base.entrySet()) {
            if (!overrides.containsKey(e.getKey())) {
                env.add(e.getValue());
            }
        }
        for (Map.Entry<String, String> e : overrides.entrySet()) {
            env.add(Native.toByteArray(e.getKey() + "=" + e.getValue()));
        }
        return env.toArray(new byte[0][]);
    }

    /** Each string as C wants it: its bytes in JNA's encoding, NUL-terminated. */
    static byte[][] bytes(String[] strings) {
        byte[][] out = new byte[strings.length][];
        for (int i = 0; i < strings.length; i++) {
            out[i] = Native.toByteArray(strings[i]);
        }
        return out;
    }

    /**
     * {@code program}'s path on the child's PATH, as posix_spawnp would find it (the first executable regular file),
     * or {@code program} itself when it has a '/' or is not found (posix_spawnp then says why). Searched here, before
     * the clock starts: the child's search tries an execve in each directory before the right one, inside the
     * measured interval of every round.
     */
    static String onPath(String program, Map<String, String> env) {
        if (program.indexOf('/') >= 0) {
            return program;
        }
        String path = env != null && env.containsKey("PATH")
                ? env.get("PATH")
                : System.getenv().getOrDefault("PATH", "");
        // by PATH, then by name: no key to build a round (a PATH's String is the same object each time, its hash kept)
        return FOUND.computeIfAbsent(path, p -> new ConcurrentHashMap<>())
                .computeIfAbsent(program, name -> search(path, name));
    }

    private static String search(String path, String program) {
        for (String dir : path.split(":", -1)) {
            if (!dir.startsWith("/")) {
                return program; // relative to the child's directory: leave the search to posix_spawnp
            }
            Path candidate = Path.of(dir).resolve(program);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return candidate.toString();
            }
        }
        return program;
    }
}
