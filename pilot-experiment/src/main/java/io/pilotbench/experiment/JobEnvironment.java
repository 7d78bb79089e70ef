package io.pilotbench.experiment;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How a job's software factors are applied (paper §4.3): the environment its scripts get, and the wrappers its
 * run.sh goes through. Every measured run goes through {@code env -i}, so the child's environment is exactly this
 * one whatever the levels (and costs the same exec at every level); likewise {@code setarch} wraps both ASLR levels.
 *
 * <ul>
 *   <li>env-padding N: the environment is a whitelist ({@link #WHITELIST}) of this process's, plus the package's env
 *       file, plus {@code PILOT_ENV_PAD} holding N bytes, plus {@code PILOT_ENV_FILL} holding what the job's level
 *       names leave short of the longest ({@link #shorterLevels}), so that its size differs between jobs by N alone;
 *       without the factor, this process's whole environment.</li>
 *   <li>aslr off: {@code setarch ARCH -R} (personality ADDR_NO_RANDOMIZE, per process, no root); on: {@code setarch
 *       ARCH}.</li>
 *   <li>cflags: {@code CFLAGS} for setup.sh (and run.sh).</li>
 *   <li>link-order: {@code CC} is the wrapper {@code pilot-link-cc}, which reorders {@code .o} operands
 *       (alphabetical, reverse, random with a seed per job) and logs the order in the job's {@code link-order.log};
 *       the real compiler is {@code PILOT_REAL_CC} (this process's {@code CC}, else cc).</li>
 *   <li>symbol-names random: the same wrapper renames the global symbols the linked objects define (all but
 *       {@code main}) to names of seeded random length, consistently across the objects, and logs how many in the
 *       job's {@code symbol-names.log}.</li>
 *   <li>a user factor: its script runs as {@code sh SCRIPT LEVEL COMMAND...}: it applies the level, shifts it
 *       off and runs the command ({@code shift; exec "$@"}); it may export {@code PILOT_OBSERVED_<NAME>} (upper
 *       case, - as _) to report what it observed.</li>
 * </ul>
 * Every job's scripts also get {@code PILOT_JOB}, {@code PILOT_PACKAGE} and {@code PILOT_FACTOR_<NAME>} per factor.
 */
final class JobEnvironment {
    /** What a clean environment keeps from this process's. */
    static final List<String> WHITELIST =
            List.of("PATH", "HOME", "USER", "LOGNAME", "LANG", "LC_ALL", "TZ", "TMPDIR", "TERM", "SHELL");

    private final Map<String, String> env;
    private final List<String> wrappers;
    private final boolean clean;

    private JobEnvironment(Map<String, String> env, List<String> wrappers, boolean clean) {
        this.env = env;
        this.wrappers = wrappers;
        this.clean = clean;
    }

    /**
     * @param factorScripts user factor name → its script (copied into the experiment)
     * @param linkCc        the link-order wrapper in the experiment
     * @param jobDir        the job's directory
     */
    static JobEnvironment of(
            ExperimentSpec spec,
            Job job,
            ExperimentPackage pkg,
            Map<String, Path> factorScripts,
            Path linkCc,
            Path jobDir,
            String arch,
            Map<String, String> inherited) {
        Map<String, String> env = new LinkedHashMap<>();
        String padding = job.levels().get("env-padding");
        if (padding != null && spec.factor("env-padding").kind() == Factor.Kind.ENV_PADDING) {
            for (String k : WHITELIST) {
                if (inherited.containsKey(k)) {
                    env.put(k, inherited.get(k));
                }
            }
        } else {
            env.putAll(inherited);
        }
        env.putAll(pkg.env());
        env.put("PILOT_JOB", job.id());
        env.put("PILOT_PACKAGE", pkg.name());
        for (Map.Entry<String, String> l : job.levels().entrySet()) {
            env.put("PILOT_FACTOR_" + variable(l.getKey()), l.getValue());
        }
        List<String> wrappers = new ArrayList<>();
        for (Factor f : spec.factors()) {
            String level = job.levels().get(f.name());
            switch (f.kind()) {
                case CFLAGS -> env.put("CFLAGS", level);
                case LINK_ORDER -> {
                    wrapCompiler(env, inherited, linkCc, spec, job);
                    env.put("PILOT_LINK_ORDER", level);
                    env.put("PILOT_LINK_LOG", jobDir.resolve("link-order.log").toString());
                }
                case SYMBOL_NAMES -> {
                    wrapCompiler(env, inherited, linkCc, spec, job);
                    env.put("PILOT_SYMBOL_NAMES", level);
                    env.put(
                            "PILOT_SYMBOL_LOG",
                            jobDir.resolve("symbol-names.log").toString());
                }
                case ASLR -> {
                    wrappers.add("setarch");
                    wrappers.add(arch);
                    if (level.equals("off")) {
                        wrappers.add("-R");
                    }
                }
                case USER -> {
                    wrappers.add("sh");
                    wrappers.add(factorScripts.get(f.name()).toString());
                    wrappers.add(level);
                }
                default -> {}
            }
        }
        if (padding != null) {
            env.put("PILOT_ENV_PAD", "x".repeat(Integer.parseInt(padding)));
            env.put("PILOT_ENV_FILL", "x".repeat(shorterLevels(spec, job.levels())));
        }
        return new JobEnvironment(env, wrappers, padding != null);
    }

    /**
     * The bytes this job's level names leave short of the longest of each factor, in the variables that hold them
     * ({@code PILOT_FACTOR_<NAME>}, and {@code CFLAGS}, {@code PILOT_LINK_ORDER}, {@code PILOT_SYMBOL_NAMES}):
     * {@code PILOT_ENV_FILL} takes them up, so that the environment's size is the same in every job but for
     * env-padding's N (in {@code PILOT_ENV_PAD}). Without
     * it the size moved with the other factors' level names (a level "bbbbbbbbbbbbbbbb" against "a": 16 bytes), and
     * an effect of the environment's size was credited to them.
     */
    static int shorterLevels(ExperimentSpec spec, Map<String, String> levels) {
        int bytes = 0;
        for (Factor f : spec.factors()) {
            String level = levels.get(f.name());
            if (level == null) {
                continue;
            }
            int longest = 0;
            for (String l : f.levels()) {
                longest = Math.max(longest, utf8(l));
            }
            int copies =
                    switch (f.kind()) {
                        case CFLAGS, LINK_ORDER, SYMBOL_NAMES -> 2;
                        default -> 1;
                    };
            bytes += copies * (longest - utf8(level));
        }
        return bytes;
    }

    private static int utf8(String s) {
        return s.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
    }

    /** CC is the link wrapper, which runs the real compiler with a seed per job. */
    private static void wrapCompiler(
            Map<String, String> env, Map<String, String> inherited, Path linkCc, ExperimentSpec spec, Job job) {
        env.put("PILOT_REAL_CC", inherited.getOrDefault("CC", "cc"));
        env.put("CC", linkCc.toString());
        env.put("PILOT_LINK_SEED", Long.toString(Math.floorMod(spec.seed() * 31 + job.number(), 1_000_000_007L)));
    }

    /** "link-order" → "LINK_ORDER". */
    static String variable(String factor) {
        return factor.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9_]", "_");
    }

    /** The environment of the job's scripts. */
    Map<String, String> env() {
        return env;
    }

    /** Whether the environment is clean (env-padding): then the measured command goes through env -i. */
    boolean clean() {
        return clean;
    }

    /**
     * The words that run {@code command} under the job's factors: {@code [env -i VARS...] [setarch...] [sh script
     * level]... command}, with {@code extra} variables (placeholders such as {@code %RESULT_DIR%}) added to a clean
     * environment; without env-padding the caller passes {@link #env()} to the launcher instead.
     */
    List<String> wrap(List<String> command, Map<String, String> extra) {
        List<String> words = new ArrayList<>();
        if (clean) {
            words.addAll(List.of("env", "-i"));
            Map<String, String> all = new LinkedHashMap<>(env);
            all.putAll(extra);
            all.forEach((k, v) -> words.add(k + "=" + v));
        }
        words.addAll(wrappers);
        words.addAll(command);
        return words;
    }
}
