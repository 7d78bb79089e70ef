package io.pilotbench.experiment;

import java.nio.file.Path;
import java.util.List;

/**
 * A dimension of the experiment space (paper §3.2) and how much of it to cover.
 *
 * @param name     its name: a built-in factor's ({@link Kind#key}), or the user's
 * @param kind     what varying it means
 * @param levels   its levels, as given (the package names for {@link Kind#PACKAGE}; the inventory's values for a
 *                 {@link Kind#HARDWARE} attribute)
 * @param coverage the paper's percentage as a fraction in [0, 1]: 1 every level, 0 one random level, p a random
 *                 subset of at least ⌈p·L⌉ levels (and at least one)
 * @param script   a user factor's script (receives the level), else null
 */
public record Factor(String name, Kind kind, List<String> levels, double coverage, Path script) {
    public Factor {
        levels = List.copyOf(levels);
        if (!(coverage >= 0 && coverage <= 1)) {
            throw new IllegalArgumentException("coverage must be in [0, 1], got " + coverage);
        }
        if (levels.isEmpty()) {
            throw new IllegalArgumentException("factor " + name + " has no levels");
        }
    }

    /** The kinds of factor Pilot knows how to apply (paper §4.3), plus the user's own. */
    public enum Kind {
        /** Which package runs (the comparison itself). */
        PACKAGE("package"),
        /** Address-space layout randomisation of the run, per process: on, or off via {@code setarch -R}. */
        ASLR("aslr"),
        /** A clean, whitelisted environment plus N bytes of padding. */
        ENV_PADDING("env-padding"),
        /** Compiler optimisation flags, through {@code CFLAGS} (and {@code CC}) for setup.sh. */
        CFLAGS("cflags"),
        /** The order of {@code .o} operands on the link line, through a compiler wrapper in {@code CC}. */
        LINK_ORDER("link-order"),
        /** The names of the linked objects' global symbols: as written, or renamed at random with a seed per job
         *  (their lengths vary, and with them the string table and symbol hash layout), by the same wrapper. */
        SYMBOL_NAMES("symbol-names"),
        /** Dropping the page cache before each job (root only). */
        DROP_CACHES("drop-caches"),
        /** A worker attribute (architecture, cores...): chosen by worker selection, not applied. */
        HARDWARE("hardware"),
        /** The user's own: a script that receives the level and runs the command after it. */
        USER("user");

        private final String key;

        Kind(String key) {
            this.key = key;
        }

        /** The factor's name in the experiment file. */
        public String key() {
            return key;
        }
    }
}
