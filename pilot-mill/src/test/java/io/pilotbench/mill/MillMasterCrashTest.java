package io.pilotbench.mill;

import static org.assertj.core.api.Assertions.assertThat;

import io.pilotbench.testing.SystemTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The master killed with SIGKILL mid-run (not stopped: its embedded H2 database is cut off wherever it was) and
 * started again on the same data: the workers wait it out and every job still ends with exactly one row.
 */
@SystemTest
class MillMasterCrashTest {
    @TempDir
    Path tmp;

    private final List<Process> processes = new ArrayList<>();

    @AfterEach
    void stop() throws Exception {
        for (Process p : processes) {
            p.destroyForcibly().waitFor();
        }
    }

    private Process java(String log, String main, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                main));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(
                        ProcessBuilder.Redirect.appendTo(tmp.resolve(log).toFile()))
                .start();
        processes.add(p);
        return p;
    }

    private int listening(String log, int times) throws Exception {
        Pattern p = Pattern.compile("listening on http://127.0.0.1:(\\d+)/");
        long end = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < end) {
            String text = Files.exists(tmp.resolve(log)) ? Files.readString(tmp.resolve(log)) : "";
            Matcher m = p.matcher(text);
            int found = 0;
            int port = -1;
            while (m.find()) {
                found++;
                port = Integer.parseInt(m.group(1));
            }
            if (found >= times) {
                return port;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("the master did not start: " + Files.readString(tmp.resolve(log)));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Integer> jobs(MillHttp http, String user, long id) throws Exception {
        return (Map<String, Integer>)
                http.get("api/experiments/" + id, user).json().get("jobs");
    }

    @Test
    void aKilledMasterLosesNoJobAndCountsNoneTwice() throws Exception {
        String data = tmp.resolve("master").toString();
        Process master = java("master.log", MasterMain.class.getName(), "0", data, "3000");
        int port = listening("master.log", 1);
        MillHttp http = new MillHttp(port);
        String user = http.user("admin", "admin-password");
        for (String w : List.of("w1", "w2")) {
            java(
                    w + ".log",
                    WorkerMain.class.getName(),
                    "--master",
                    http.base().toString(),
                    "--token",
                    http.enrolmentToken(user),
                    "--data",
                    tmp.resolve(w).toString(),
                    "--name",
                    w);
        }
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (http.get("api/workers", user).list().size() < 2) {
            assertThat(System.nanoTime()).isLessThan(deadline);
            Thread.sleep(50);
        }
        MillHttp.Reply r = http.post("api/experiments", user, TinyExperiment.submission("tiny", "0.2", false));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        long id = ((Number) r.json().get("id")).longValue();
        deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (jobs(http, user, id).get("done") < 2) {
            assertThat(System.nanoTime()).isLessThan(deadline);
            Thread.sleep(50);
        }
        master.destroyForcibly(); // SIGKILL: no shutdown hook, no database close
        assertThat(master.waitFor()).isEqualTo(137);
        java("master.log", MasterMain.class.getName(), Integer.toString(port), data, "3000");
        listening("master.log", 2);
        String again = (String) http.post("api/login", null, Map.of("name", "admin", "password", "admin-password"))
                .json()
                .get("token");
        assertThat(again).as("the account survived").isNotNull();
        deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        Map<String, Integer> states;
        while ((states = jobs(http, user, id)).get("done") + states.get("failed") < 8) {
            assertThat(System.nanoTime())
                    .as(states + "\n" + Files.readString(tmp.resolve("w1.log")) + "\n"
                            + Files.readString(tmp.resolve("w2.log")) + "\nmaster:\n"
                            + Files.readString(tmp.resolve("master.log")))
                    .isLessThan(deadline);
            Thread.sleep(100);
        }
        assertThat(states).containsEntry("done", 8);
        List<String> lines = http.get("api/experiments/" + id + "/results.csv", user)
                .body()
                .lines()
                .toList();
        assertThat(lines).hasSize(9);
        assertThat(new HashSet<>(lines.subList(1, 9).stream()
                        .map(l -> l.substring(0, l.indexOf(',')))
                        .toList()))
                .hasSize(8);
    }
}
