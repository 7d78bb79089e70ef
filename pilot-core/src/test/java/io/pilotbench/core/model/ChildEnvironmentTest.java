package io.pilotbench.core.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The user's locale variables, kept by the launchers while the JVM runs in UTF-8, go back to pilot's children. */
class ChildEnvironmentTest {
    @Test
    void savedLocaleVariablesAreRestoredAndTheCopiesDropped() {
        Map<String, String> env = new HashMap<>(Map.of(
                "LC_ALL", "C.UTF-8",
                "PILOT_USER_LC_ALL", ChildEnvironment.UNSET,
                "PILOT_USER_LC_CTYPE", "C",
                "PATH", "/bin"));
        ChildEnvironment.restore(env);
        assertThat(env).isEqualTo(Map.of("LC_CTYPE", "C", "PATH", "/bin"));
    }

    @Test
    void anEnvironmentTheLauncherLeftAloneIsUnchanged() {
        Map<String, String> env = new HashMap<>(Map.of("LANG", "de_DE.UTF-8", "LC_ALL", "C.UTF-8"));
        ChildEnvironment.restore(env);
        assertThat(env).isEqualTo(Map.of("LANG", "de_DE.UTF-8", "LC_ALL", "C.UTF-8"));
    }
}
