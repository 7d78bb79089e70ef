package io.pilotbench.experiment;

import io.pilotbench.core.files.FileTrees;
import io.pilotbench.core.model.InputException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A DataMill package (paper §3.1): a directory, or a {@code .tar.gz} with the scripts at its root, holding
 * {@code run.sh} and {@code collect.sh} (required), and optionally {@code setup.sh} (run before the runs) and
 * {@code env} ({@code KEY=VALUE} lines added to the run's environment; blank lines and {@code #} comments allowed).
 *
 * @param name   the package's name in the experiment (a factor level)
 * @param root   the directory its scripts are in
 * @param setup  whether it has setup.sh
 * @param env    the variables of its env file, in file order
 */
public record ExperimentPackage(String name, Path root, boolean setup, Map<String, String> env) {
    public static final String RUN = "run.sh";
    public static final String COLLECT = "collect.sh";
    public static final String SETUP = "setup.sh";
    public static final String ENV = "env";
    private static final Pattern KEY = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    public ExperimentPackage {
        env = Map.copyOf(env);
    }

    /** Whether {@code path} names an archive package ({@code .tar.gz} or {@code .tgz}). */
    public static boolean isArchive(Path path) {
        String n = path.getFileName().toString();
        return n.endsWith(".tar.gz") || n.endsWith(".tgz");
    }

    /**
     * Opens the package at {@code source}: a directory is read where it is; an archive is extracted safely
     * ({@link SafeExtractor}) into {@code scratch} (new or empty).
     *
     * @throws InputException when it is missing, unsafe, or lacks a required script, or its env file is malformed
     */
    public static ExperimentPackage open(String name, Path source, Path scratch) throws IOException {
        if (!Files.exists(source)) {
            throw new InputException(
                    source + ": no such package (a directory or a .tar.gz with run.sh and " + "collect.sh)");
        }
        Path root;
        if (Files.isDirectory(source)) {
            root = source;
        } else if (isArchive(source)) {
            new SafeExtractor().extract(source, scratch);
            root = scratch;
        } else {
            throw new InputException(source + ": a package is a directory or a .tar.gz (.tgz) archive");
        }
        for (String script : List.of(RUN, COLLECT)) {
            Path p = root.resolve(script);
            if (!Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
                throw new InputException(source + ": the package has no " + script + " at its root (required: " + RUN
                        + " and " + COLLECT + "; optional: " + SETUP + ", " + ENV + ")");
            }
        }
        boolean setup = Files.isRegularFile(root.resolve(SETUP), LinkOption.NOFOLLOW_LINKS);
        Path envFile = root.resolve(ENV);
        Map<String, String> env = Files.isRegularFile(envFile) ? readEnv(source, envFile) : Map.of();
        return new ExperimentPackage(name, root, setup, env);
    }

    /** The env file's variables; a malformed line is an error naming the file and line. */
    static Map<String, String> readEnv(Path source, Path file) throws IOException {
        Map<String, String> env = new LinkedHashMap<>();
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int eq = line.indexOf('=');
            String key = eq < 0 ? line : line.substring(0, eq).strip();
            if (key.startsWith("export ")) {
                key = key.substring(7).strip();
            }
            if (eq < 0 || !KEY.matcher(key).matches()) {
                throw new InputException(
                        source + ": " + ENV + " line " + (i + 1) + ": expected KEY=VALUE, got '" + line + "'");
            }
            String before = env.put(key, unquote(line.substring(eq + 1).strip()));
            if (before != null) {
                // a shell would take the last, env -i the first: which one a run sees is not for a file to leave open
                throw new InputException(
                        source + ": " + ENV + " line " + (i + 1) + ": " + key + " is set twice; keep one line for it");
            }
        }
        return env;
    }

    private static String unquote(String v) {
        if (v.length() >= 2 && (v.startsWith("\"") && v.endsWith("\"") || v.startsWith("'") && v.endsWith("'"))) {
            return v.substring(1, v.length() - 1);
        }
        return v;
    }

    /** A copy of this package in {@code target} (new), so runs write into the experiment, not the source. */
    public ExperimentPackage copyTo(Path target) throws IOException {
        List<Path> all = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(root)) {
            walk.forEach(all::add);
        }
        for (Path p : all) {
            Path t = target.resolve(root.relativize(p).toString());
            if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                Files.createDirectories(t);
            } else {
                Files.copy(p, t, StandardCopyOption.COPY_ATTRIBUTES, LinkOption.NOFOLLOW_LINKS);
            }
        }
        return new ExperimentPackage(name, target, setup, env);
    }

    /**
     * Checks the package at {@code source} without keeping anything: an archive is extracted (safely) into a
     * temporary directory that is removed afterwards.
     *
     * @return the package, whose root is gone for an archive (use it for {@link #describe()} only)
     * @throws InputException as {@link #open} does
     */
    public static ExperimentPackage check(String name, Path source) throws IOException {
        if (!isArchive(source) || !Files.isRegularFile(source)) {
            return open(name, source, null);
        }
        Path scratch = Files.createTempDirectory("pilot-package-");
        try {
            return open(name, source, scratch.resolve("p"));
        } finally {
            FileTrees.delete(scratch);
        }
    }

    /** One line for {@code pilot package check}. */
    public String describe() {
        return "package " + name + ": " + RUN + ", " + COLLECT + (setup ? ", " + SETUP : "")
                + (env.isEmpty() ? "" : ", " + ENV + " (" + String.join(", ", env.keySet()) + ")");
    }
}
