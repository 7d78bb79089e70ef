package io.pilotbench.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pilotbench.core.api.Pilot;
import io.pilotbench.core.model.SessionResult;
import io.pilotbench.core.model.SessionSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** The JMH driver from Java, with a stand-in for java that writes a real JMH result (2 forks of 3 iterations). */
@EnabledOnOs({OS.LINUX, OS.MAC})
class JmhWorkloadTest {
    @TempDir
    Path tmp;

    @Test
    void aSessionOfForksHasTheirIterationsAsUnitReadings() throws Exception {
        Path result = Path.of(getClass().getResource("/import/jmh-edm.json").toURI());
        Path java = tmp.resolve("fake-java");
        Files.writeString(
                java,
                "#!/bin/sh\nwhile [ $# -gt 0 ]; do if [ \"$1\" = -rff ]; then cp " + result
                        + " \"$2\"; fi; shift; done\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        JmhWorkload jmh = new JmhWorkload(
                Path.of("b.jar"), "Edm.exact$", 3, 2, "ms/op", java.toString(), List.of("-p", "n=1000"));
        assertThat(jmh.command())
                .containsExactly(
                        java.toString(),
                        "-jar",
                        "b.jar",
                        "Edm.exact$",
                        "-f",
                        "1",
                        "-wi",
                        "2",
                        "-i",
                        "3",
                        "-rf",
                        "json",
                        "-rff",
                        "%RESULT_DIR%/jmh.json",
                        "-p",
                        "n=1000");
        Path dir = tmp.resolve("s");
        SessionSettings settings =
                SessionSettings.builder().pi(jmh.pi()).maxRounds(3).build();
        SessionResult r = Pilot.of(settings, jmh.workload(dir)).directory(dir).run();
        assertThat(r.rounds()).isEqualTo(3);
        assertThat(r.pis().get(0).unitReadings().n()
                        + r.pis().get(0).unitReadings().removed())
                .isEqualTo(18);
        assertThat(r.pis().get(0).pi().unit()).isEqualTo("ms/op");
    }

    /** As {@code pilot jmh} by default: a fork warms up for as many iterations as it measures (JMH's ratio). */
    @Test
    void aForkWarmsUpForAsManyIterationsAsItMeasuresByDefault() {
        JmhWorkload jmh = JmhWorkload.of(Path.of("b.jar"), "x", 7, "ms/op");
        assertThat(jmh.warmupIterations()).isEqualTo(7);
        assertThat(jmh.iterations()).isEqualTo(7);
    }

    @Test
    void aForkNeedsTwoIterations() {
        assertThatThrownBy(() -> JmhWorkload.of(Path.of("b.jar"), "x", 1, "ms/op"))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
