package io.pilotbench.experiment;

import io.pilotbench.core.model.CiTarget;
import io.pilotbench.core.model.InputException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Parse;
import org.snakeyaml.engine.v2.events.Event;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;

/**
 * Reads an experiment file (YAML). Why YAML through SnakeYAML Engine: it is YAML 1.2 (so {@code on}, {@code off}
 * and {@code no} stay strings: ASLR levels are not booleans, the "Norway problem" of YAML 1.1 parsers), it builds
 * only maps, lists and scalars (no object construction from tags, so a file cannot instantiate classes), it has no
 * dependencies of its own, it is maintained by SnakeYAML's authors, and its errors carry line and column. TOML would
 * have done as well, but its maintained Java parsers pull in ANTLR.
 *
 * <pre>
 * name: compressors
 * seed: 42
 * replications: 3
 * packages: {gzip: packages/gzip, xz: packages/xz.tar.gz}
 * constraints: {arch: x86_64, cores: 1, memory: 1G}
 * metrics: [ratio]
 * precision: {ci-width: 10%, max-rounds: 10, max-time: 20s}
 * factors:
 *   package: 100%
 *   aslr: {levels: [on, off], coverage: 100%}
 *   env-padding: {levels: [0, 4096], coverage: 0%}
 *   delay: {script: factors/delay.sh, levels: ["0", "0.01"]}
 * hardware: {arch: 100%}
 * </pre>
 *
 * Every mistake is one {@link InputException} line: the file, the key path, what is wrong and what is accepted.
 */
public final class ExperimentFile extends YamlFields {
    private static final Set<String> TOP = Set.of(
            "name", "seed", "replications", "packages", "constraints", "metrics", "precision", "factors", "hardware");
    private static final Map<String, List<String>> FIXED_LEVELS = Map.of(
            "aslr", List.of("on", "off"),
            "link-order", List.of("default", "alphabetical", "reverse", "random"),
            "symbol-names", List.of("original", "random"),
            "drop-caches", List.of("off", "on"));

    /** The deepest nesting of maps and lists a file may have (the format itself needs four). */
    static final int MAX_DEPTH = 32;

    /** Whether scripts must lie below the file's directory (see {@link #parse(Path, String, boolean)}). */
    private boolean confined;

    private ExperimentFile(Path file) {
        super(file);
    }

    /** Parses the experiment file at {@code file}; packages are named, not opened. */
    public static ExperimentSpec read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new InputException(file + ": no such experiment file");
        }
        return parse(file, Files.readString(file, StandardCharsets.UTF_8));
    }

    /**
     * The levels of each factor in the order the experiment file declares them (a package factor without levels: the
     * packages' order), read leniently, for the figures: nothing is checked and no file it names must exist (an
     * experiment directory's copy names scripts relative to where the original was). Empty when the file is missing
     * or not YAML.
     */
    public static Map<String, List<String>> declaredLevels(Path file) {
        try {
            return declaredLevels(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            return new LinkedHashMap<>();
        }
    }

    /** {@link #declaredLevels(Path)} of an experiment file's text (the mill keeps the text). */
    public static Map<String, List<String>> declaredLevels(String text) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        try {
            Object doc = new Load(LoadSettings.builder().build()).loadFromString(text);
            if (!(doc instanceof Map<?, ?> top) || !(top.get("factors") instanceof Map<?, ?> factors)) {
                return out;
            }
            List<String> packages = new ArrayList<>();
            if (top.get("packages") instanceof Map<?, ?> pk) {
                pk.keySet().forEach(k -> packages.add(String.valueOf(k)));
            }
            for (Map.Entry<?, ?> f : factors.entrySet()) {
                String name = String.valueOf(f.getKey());
                List<String> levels = new ArrayList<>();
                if (f.getValue() instanceof Map<?, ?> body && body.get("levels") instanceof List<?> l) {
                    l.forEach(v -> levels.add(String.valueOf(v)));
                } else if (name.equals("package")) {
                    levels.addAll(packages);
                } else if (FIXED_LEVELS.containsKey(name)) {
                    levels.addAll(FIXED_LEVELS.get(name));
                }
                out.put(name, levels);
            }
        } catch (RuntimeException e) {
            // the figures then order levels as the table first shows them
        }
        return out;
    }

    /** Parses {@code text} as if read from {@code file}. */
    public static ExperimentSpec parse(Path file, String text) {
        return parse(file, text, false);
    }

    /**
     * As {@link #parse(Path, String)}; {@code confined}: every script must lie below the file's directory, checked
     * before whether it exists (a mill master's check of an upload: "does not exist" for /etc/nope but "outside the
     * experiment's directory" for /etc/shadow told which files the master has).
     */
    public static ExperimentSpec parse(Path file, String text, boolean confined) {
        Object doc;
        try {
            LoadSettings settings = LoadSettings.builder()
                    .setLabel(file.toString())
                    .setAllowDuplicateKeys(false)
                    .build();
            checkDepth(file, settings, text);
            doc = new Load(settings).loadFromString(text);
        } catch (MarkedYamlEngineException e) {
            String where = e.getProblemMark()
                    .map(m -> " line " + (m.getLine() + 1) + " column " + (m.getColumn() + 1))
                    .orElse("");
            throw new InputException(file + ":" + where + ": not valid YAML: " + e.getProblem());
        } catch (YamlEngineException e) {
            throw new InputException(file + ": not valid YAML: "
                    + e.getMessage().lines().findFirst().orElse(""));
        }
        ExperimentFile f = new ExperimentFile(file);
        f.confined = confined;
        return f.spec(doc);
    }

    /**
     * Refuses nesting deeper than {@value #MAX_DEPTH} before the document is built: SnakeYAML Engine composes
     * nodes recursively and has no depth limit of its own, so a file of thousands of {@code [} would overflow the
     * stack. Its parser is iterative, so counting the events' depth first is safe at any depth.
     */
    private static void checkDepth(Path file, LoadSettings settings, String text) {
        int depth = 0;
        for (Event e : new Parse(settings).parseString(text)) {
            switch (e.getEventId()) {
                case MappingStart, SequenceStart -> {
                    if (++depth > MAX_DEPTH) {
                        String where = e.getStartMark()
                                .map(m -> " line " + (m.getLine() + 1) + " column " + (m.getColumn() + 1))
                                .orElse("");
                        throw new InputException(file + ":" + where + ": nested more than " + MAX_DEPTH
                                + " levels deep; an experiment file needs a few");
                    }
                }
                case MappingEnd, SequenceEnd -> depth--;
                default -> {
                    // scalars, aliases, document and stream markers
                }
            }
        }
    }

    private ExperimentSpec spec(Object doc) {
        Map<String, Object> top = map("", doc);
        for (String key : top.keySet()) {
            if (!TOP.contains(key)) {
                throw bad(key, "unknown key (expected: " + String.join(", ", new java.util.TreeSet<>(TOP)) + ")");
            }
        }
        String name = top.containsKey("name") ? string("name", top.get("name")) : stem();
        long seed = top.containsKey("seed") ? integer("seed", top.get("seed"), Long.MIN_VALUE, Long.MAX_VALUE) : 1;
        int replications = top.containsKey("replications")
                ? (int) integer("replications", top.get("replications"), 1, MAX_REPLICATIONS)
                : 1;
        Map<String, Path> packages = new LinkedHashMap<>();
        Map<String, Object> pk = map("packages", top.get("packages"));
        if (pk.isEmpty()) {
            throw bad("packages", "name at least one package (name: directory or .tar.gz)");
        }
        for (Map.Entry<String, Object> e : pk.entrySet()) {
            // a package's name becomes a directory name (packages/NAME) on every machine that runs the experiment
            String why = SafeName.problem(e.getKey());
            if (why != null) {
                throw bad("packages", why);
            }
            packages.put(e.getKey(), resolve(string("packages." + e.getKey(), e.getValue())));
        }
        Map<String, String> constraints = new LinkedHashMap<>();
        if (top.containsKey("constraints")) {
            for (Map.Entry<String, Object> e :
                    map("constraints", top.get("constraints")).entrySet()) {
                constraints.put(e.getKey(), scalar("constraints." + e.getKey(), e.getValue()));
            }
        }
        List<String> metrics = metrics(top);
        List<Factor> factors = new ArrayList<>();
        if (top.containsKey("factors")) {
            for (Map.Entry<String, Object> e :
                    map("factors", top.get("factors")).entrySet()) {
                factors.add(factor(e.getKey(), e.getValue(), packages));
            }
        }
        if (packages.size() > 1 && factors.stream().noneMatch(f -> f.kind() == Factor.Kind.PACKAGE)) {
            factors.add(0, new Factor("package", Factor.Kind.PACKAGE, List.copyOf(packages.keySet()), 1, null));
        }
        if (top.containsKey("hardware")) {
            for (Map.Entry<String, Object> e :
                    map("hardware", top.get("hardware")).entrySet()) {
                String key = "hardware." + e.getKey();
                if (factors.stream().anyMatch(f -> f.name().equals(e.getKey()))) {
                    throw bad(key, "a software factor has this name already");
                }
                // the levels are the inventory's values, known when workers are selected
                factors.add(
                        new Factor(e.getKey(), Factor.Kind.HARDWARE, List.of("*"), coverage(key, e.getValue()), null));
            }
        }
        ExperimentSpec spec = new ExperimentSpec(
                name,
                file,
                seed,
                replications,
                packages,
                constraints,
                metrics,
                factors,
                precision(top.get("precision")));
        String clash = spec.clash();
        if (clash != null) {
            throw new InputException(file + ": " + clash);
        }
        return spec;
    }

    /** A level of a factor, refused when it holds a control character or was given before. */
    private String level(String key, Object value, List<String> before) {
        String level = scalar(key, value);
        if (level.chars().anyMatch(Character::isISOControl)) {
            // a newline or tab broke the plan's table and the job lines, and reached a script's argument
            throw bad(
                    key,
                    "level '" + level.replace("\n", "\\n").replace("\t", "\\t")
                            + "' holds a control character (a newline, a tab); give it on one line");
        }
        if (before.contains(level)) {
            throw bad(key, "level '" + level + "' is given twice");
        }
        return level;
    }

    private Factor factor(String name, Object value, Map<String, Path> packages) {
        String key = "factors." + name;
        Factor.Kind kind = null;
        for (Factor.Kind k : Factor.Kind.values()) {
            if (k.key().equals(name) && k != Factor.Kind.USER && k != Factor.Kind.HARDWARE) {
                kind = k;
            }
        }
        Map<String, Object> body = value instanceof Map ? map(key, value) : Map.of("coverage", value);
        for (String k : body.keySet()) {
            if (!Set.of("levels", "coverage", "script").contains(k)) {
                throw bad(key + "." + k, "unknown key (expected: levels, coverage, script)");
            }
        }
        if (kind == null && !body.containsKey("script")) {
            throw bad(
                    key,
                    "unknown factor '" + name + "' (built in: package, aslr, env-padding, cflags, "
                            + "link-order, symbol-names, drop-caches; a factor of your own needs script: FILE)");
        }
        if (kind != null && body.containsKey("script")) {
            throw bad(
                    key + ".script",
                    "'" + name + "' is built in and takes no script; name your own factor " + "differently");
        }
        double coverage = body.containsKey("coverage") ? coverage(key + ".coverage", body.get("coverage")) : 1;
        List<String> levels = new ArrayList<>();
        if (body.containsKey("levels")) {
            for (Object l : list(key + ".levels", body.get("levels"))) {
                levels.add(level(key + ".levels", l, levels));
            }
        }
        if (kind == Factor.Kind.PACKAGE) {
            if (!levels.isEmpty()) {
                for (String l : levels) {
                    if (!packages.containsKey(l)) {
                        throw bad(
                                key + ".levels",
                                "no package named '" + l + "' (packages: " + String.join(", ", packages.keySet())
                                        + ")");
                    }
                }
            } else {
                levels.addAll(packages.keySet());
            }
        } else if (levels.isEmpty()) {
            List<String> fixed = FIXED_LEVELS.get(name);
            if (fixed == null) {
                throw bad(key + ".levels", "give the factor's levels (a list)");
            }
            levels.addAll(fixed);
        }
        List<String> allowed = FIXED_LEVELS.get(name);
        for (String l : levels) {
            if (allowed != null && !allowed.contains(l)) {
                throw bad(
                        key + ".levels",
                        "'" + l + "' is not a level of " + name + " (levels: " + String.join(", ", allowed) + ")");
            }
            if (kind == Factor.Kind.ENV_PADDING && !l.matches("[0-9]{1,7}")) {
                throw bad(key + ".levels", "'" + l + "' is not a number of padding bytes (0 to 9999999)");
            }
        }
        Path script = null;
        if (kind == null) {
            if (!name.matches("[A-Za-z_][A-Za-z0-9_-]*") || !SafeName.ok(name)) {
                throw bad(key, "a factor's name is letters, digits, _ and - (at most 100)");
            }
            script = script(key, body);
        }
        return new Factor(name, kind == null ? Factor.Kind.USER : kind, levels, coverage, script);
    }

    private ExperimentSpec.Precision precision(Object value) {
        String ci = "10%";
        int maxRounds = 0;
        Duration maxTime = null;
        Integer minSub = null;
        if (value != null) {
            for (Map.Entry<String, Object> e : map("precision", value).entrySet()) {
                String key = "precision." + e.getKey();
                switch (e.getKey()) {
                    case "ci-width" -> {
                        ci = scalar(key, e.getValue());
                        try {
                            CiTarget.parse(ci);
                        } catch (IllegalArgumentException x) {
                            throw bad(key, x.getMessage());
                        }
                    }
                    case "max-rounds" -> maxRounds = (int) integer(key, e.getValue(), 1, Integer.MAX_VALUE);
                    case "max-time" -> maxTime = duration(key, scalar(key, e.getValue()));
                    case "min-subsessions" -> minSub = (int) integer(key, e.getValue(), 1, Integer.MAX_VALUE);
                    default ->
                        throw bad(key, "unknown key (expected: ci-width, max-rounds, max-time, " + "min-subsessions)");
                }
            }
        }
        return new ExperimentSpec.Precision(ci, maxRounds, maxTime, minSub);
    }

    /** "100%", "75%", "0%", or a number read as a percentage. */
    private double coverage(String key, Object value) {
        String s = scalar(key, value).strip();
        String number = s.endsWith("%") ? s.substring(0, s.length() - 1).strip() : s;
        double pct;
        try {
            pct = Double.parseDouble(number);
        } catch (NumberFormatException e) {
            throw bad(key, "'" + s + "' is not a coverage (a percentage from 0% to 100%)");
        }
        if (!(pct >= 0 && pct <= 100)) {
            throw bad(key, "coverage " + s + (s.endsWith("%") ? "" : "%") + " is outside 0% to 100%");
        }
        return pct / 100;
    }

    private Path resolve(String path) {
        Path p = Path.of(path);
        Path dir = file.toAbsolutePath().getParent();
        return p.isAbsolute() || dir == null ? p : dir.resolve(p).normalize();
    }

    /** A factor's own script: below the file's directory when {@code confined} (checked first), and existing. */
    private Path script(String key, Map<String, Object> body) {
        Path script = resolve(string(key + ".script", body.get("script")));
        Path home = file.toAbsolutePath().normalize().getParent();
        if (confined && (home == null || !script.toAbsolutePath().normalize().startsWith(home))) {
            throw bad(
                    key + ".script",
                    "'" + script.getFileName() + "' is outside the experiment's directory; "
                            + "refer to scripts by paths below the experiment file");
        }
        if (!Files.isRegularFile(script)) {
            throw bad(key + ".script", script + " does not exist");
        }
        return script;
    }

    /** The metrics collect.sh prints, in order, without time (every job has it) and without repeats. */
    private List<String> metrics(Map<String, Object> top) {
        List<String> metrics = new ArrayList<>();
        if (top.containsKey("metrics")) {
            for (Object m : list("metrics", top.get("metrics"))) {
                String metric = string("metrics", m);
                if (!metric.matches("[A-Za-z_][A-Za-z0-9_.-]*")) {
                    throw bad("metrics", "'" + metric + "' is not a metric name (letters, digits, _ . -)");
                }
                if (!metric.equals(ExperimentSpec.TIME) && !metrics.contains(metric)) {
                    metrics.add(metric);
                }
            }
        }
        return metrics;
    }

    private String stem() {
        String n = file.getFileName().toString();
        int dot = n.lastIndexOf('.');
        return dot > 0 ? n.substring(0, dot) : n;
    }

    /** The most replications a file may ask for: each is a job per combination of levels, planned in memory. */
    static final int MAX_REPLICATIONS = 100_000;
}
