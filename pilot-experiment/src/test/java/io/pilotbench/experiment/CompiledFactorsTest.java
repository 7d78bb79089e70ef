package io.pilotbench.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Compiler flags and link order, applied through CFLAGS and the CC wrapper to a package that builds in setup.sh. */
class CompiledFactorsTest {
    @TempDir
    Path tmp;

    @Test
    void flagsAndLinkOrderReachTheBuildAndAreObserved() throws IOException {
        Path p = Files.createDirectories(tmp.resolve("prog"));
        Files.writeString(p.resolve("b.c"), "int b(void) { return 2; }\n");
        Files.writeString(p.resolve("a.c"), "int b(void);\nint main(void) { return b() - 2; }\n");
        Files.writeString(p.resolve("c.c"), "int c(void) { return 3; }\n");
        Files.writeString(
                p.resolve("setup.sh"),
                "set -e\n$CC $CFLAGS -c a.c b.c c.c\n$CC -o prog c.o b.o a.o\n" + "echo \"$CFLAGS\" > flags-used\n");
        Files.writeString(p.resolve("run.sh"), "./prog\n");
        Files.writeString(p.resolve("collect.sh"), "echo bytes $(wc -c < prog)\n");
        Path f = Files.writeString(tmp.resolve("exp.yaml"), """
                packages: {prog: prog}
                metrics: [bytes]
                precision: {max-rounds: 2}
                factors:
                  cflags: {levels: ["-O0", "-O2"]}
                  link-order: {levels: [default, alphabetical, reverse, random]}
                """);
        Path dir = tmp.resolve("out");
        ExperimentRunner.start(ExperimentPlan.of(ExperimentFile.read(f), List.of(Worker.local()), false), dir, null);
        List<Map<String, String>> rows = ResultsTable.read(dir);
        assertThat(rows).hasSize(8);
        for (Map<String, String> r : rows) {
            assertThat(r.get("error")).isEmpty();
            assertThat(r.get("cflags.observed")).isEqualTo(r.get("cflags"));
            String order = r.get("link-order.observed");
            switch (r.get("link-order")) {
                case "default" -> assertThat(order).isEqualTo("default: c.o b.o a.o");
                case "alphabetical" -> assertThat(order).isEqualTo("alphabetical: a.o b.o c.o");
                case "reverse" -> assertThat(order).isEqualTo("reverse: c.o b.o a.o");
                default ->
                    assertThat(order)
                            .startsWith("random: ")
                            .contains("a.o")
                            .contains("b.o")
                            .contains("c.o");
            }
        }
    }

    @Test
    void randomSymbolNamesRenameEveryGlobalSymbolButMainConsistentlyAndTheProgramStillRuns() throws IOException {
        Path p = Files.createDirectories(tmp.resolve("prog"));
        Files.writeString(p.resolve("b.c"), "int counter = 5;\nint twice(int x) { return 2 * x; }\n");
        Files.writeString(
                p.resolve("a.c"),
                "extern int counter;\nint twice(int);\n" + "int main(void) { return twice(counter) - 10; }\n");
        Files.writeString(
                p.resolve("setup.sh"),
                "set -e\n$CC -c a.c b.c\n$CC -o prog a.o b.o\n" + "nm prog | awk '$2 ~ /[TD]/ { print $3 }' | sort > '"
                        + tmp + "'/symbols-$PILOT_JOB\n");
        Files.writeString(p.resolve("run.sh"), "./prog\n");
        Files.writeString(p.resolve("collect.sh"), "echo ok 1\n");
        Path f = Files.writeString(tmp.resolve("exp.yaml"), """
                seed: 4
                packages: {prog: prog}
                metrics: [ok]
                precision: {max-rounds: 2}
                factors:
                  symbol-names: {levels: [original, random]}
                """);
        Path dir = tmp.resolve("out");
        ExperimentRunner.start(ExperimentPlan.of(ExperimentFile.read(f), List.of(Worker.local()), false), dir, null);
        List<Map<String, String>> rows = ResultsTable.read(dir);
        assertThat(rows).hasSize(2);
        for (Map<String, String> r : rows) {
            assertThat(r.get("error")).isEmpty(); // the program linked and ran (exit 0: twice(5) == 10)
            List<String> symbols = Files.readAllLines(tmp.resolve("symbols-" + r.get("job")));
            if (r.get("symbol-names").equals("random")) {
                assertThat(r.get("symbol-names.observed")).isEqualTo("random: 2 renamed");
                assertThat(symbols)
                        .contains("main")
                        .noneMatch(s -> s.equals("counter") || s.equals("twice"))
                        .anyMatch(s -> s.matches("counter_[a-z]{1,32}"))
                        .anyMatch(s -> s.matches("twice_[a-z]{1,32}"));
            } else {
                assertThat(r.get("symbol-names.observed")).isEqualTo("original: 2 kept");
                assertThat(symbols).contains("main", "counter", "twice");
            }
        }
    }
}
