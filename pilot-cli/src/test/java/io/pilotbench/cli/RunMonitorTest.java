package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** {@code pilot run --monitor}: the paper's accuracy check (§III-B) on a real command. */
@EnabledOnOs(OS.LINUX)
class RunMonitorTest {
    @TempDir
    Path tmp;

    @Test
    void aCpuBoundCommandMeasuredAsADiskIsReportedWithExitCode6() throws Exception {
        CliRun r = CliRun.run(
                "run",
                "-q",
                "--monitor",
                "--cut",
                "memory",
                "--ci-width",
                "40%",
                "--max-rounds",
                "60",
                "-o",
                tmp.resolve("s").toString(),
                "--",
                "sh",
                "-c",
                "i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done");
        assertThat(r.out())
                .contains("utilisation (--monitor")
                .contains("the result may be CPU-bound, not a measure " + "of memory");
        assertThat(r.code())
                .as(r.out() + r.err())
                .isEqualTo(
                        r.out().contains("stopped   converged")
                                ? ExitCode.BOTTLENECK.code()
                                : r.out().contains("no steady state")
                                        ? ExitCode.NO_STEADY_STATE.code()
                                        : ExitCode.LIMIT.code());
        List<String> rows = Files.readAllLines(tmp.resolve("s/monitor.csv"));
        int rounds = Files.readAllLines(tmp.resolve("s/rounds.csv")).size() - 1;
        assertThat(rows.get(0)).isEqualTo("round,component,utilization");
        assertThat(rows.stream().filter(l -> l.contains(",cpu:command,")).count())
                .isEqualTo(rounds);
    }

    @Test
    void theMonitorsOptionsNeedTheMonitor() {
        CliRun r = CliRun.run("run", "--cut", "disk:vda", "--", "true");
        assertThat(r.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(r.err())
                .isEqualTo(
                        "pilot: --cut, --monitor-rate, --graph and --utilization-limit apply with --monitor; add it\n");
    }

    /**
     * A --cut that names no component of this machine was taken: the CPU-bound command was then said to be "not a
     * measure of nosuch", and a typo (disk:sdaa) made every component a suspect. It is one line, exit 2, before any
     * round runs, with the names this machine has.
     */
    @Test
    void aCutThatNamesNoComponentOfThisMachineIsRefused() {
        CliRun r = CliRun.run(
                "run", "--monitor", "--cut", "nosuch", "-o", tmp.resolve("s").toString(), "--", "true");
        assertThat(r.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(r.err())
                .startsWith("pilot: --cut nosuch: this machine has no such component; give one of cpu, cpu:command, "
                        + "memory")
                .endsWith("(pilot graph lists them)\n")
                .hasLineCount(1);
        assertThat(tmp.resolve("s")).doesNotExist();
        assertThat(CliRun.run(
                                "run",
                                "-q",
                                "--monitor",
                                "--cut",
                                "cpu1",
                                "--max-rounds",
                                "3",
                                "-o",
                                tmp.resolve("t").toString(),
                                "--",
                                "true")
                        .code())
                .isNotEqualTo(ExitCode.USAGE.code());
    }

    /** A bounded transfer over loopback, with the link's limit from a graph file: the interface shows it. */
    @Test
    void aLoopbackTransferShowsTheInterfaceBusy() throws Exception {
        try (java.net.ServerSocket server =
                new java.net.ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
            Thread sink = new Thread(() -> {
                byte[] buffer = new byte[1 << 16];
                while (!server.isClosed()) {
                    try (java.net.Socket s = server.accept();
                            var in = s.getInputStream()) {
                        while (in.read(buffer) >= 0) {
                            // discard
                        }
                    } catch (java.io.IOException e) {
                        return;
                    }
                }
            });
            sink.setDaemon(true);
            sink.start();
            Path graph = tmp.resolve("graph.txt");
            Files.writeString(graph, "node net:lo limit=1Gb/s\n");
            CliRun r = CliRun.run(
                    "run",
                    "-q",
                    "--format",
                    "json",
                    "--monitor",
                    "--graph",
                    graph.toString(),
                    "--cut",
                    "cpu",
                    "--max-rounds",
                    "3",
                    "-o",
                    tmp.resolve("s").toString(),
                    "--",
                    "bash",
                    "-c",
                    "head -c 20000000 /dev/zero > /dev/tcp/127.0.0.1/" + server.getLocalPort());
            assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.LIMIT.code());
            tools.jackson.databind.JsonNode monitor = tools.jackson.databind.json.JsonMapper.builder()
                    .build()
                    .readTree(r.out())
                    .get("monitor");
            assertThat(monitor.get("suspects").toString()).contains("net:lo:tx", "net:lo:rx");
            assertThat(Files.readString(tmp.resolve("s/monitor.json"))).contains("\"net:lo:tx\"");
        }
    }

    /**
     * Every core kept busy by other processes while the command sleeps: the CPU is busy, but not with the command's
     * work, so the verdict is interference, not a CPU-bound result.
     */
    @Test
    void aSleepingCommandBesideCpuHogsIsInterferenceNotCpuBound() throws Exception {
        List<Process> hogs = cpuHogs();
        try {
            CliRun r = CliRun.run(
                    "run",
                    "-q",
                    "--monitor",
                    "--cut",
                    "memory",
                    "--max-rounds",
                    "12",
                    "-o",
                    tmp.resolve("s").toString(),
                    "--",
                    "sleep",
                    "0.05");
            assertThat(r.code())
                    .as(r.err())
                    .isIn(ExitCode.BOTTLENECK.code(), ExitCode.LIMIT.code(), ExitCode.NO_STEADY_STATE.code());
            assertThat(r.out())
                    .contains("other processes used")
                    .contains("interference")
                    .doesNotContain("CPU-bound");
            JsonNode monitor = JSON.readTree(Files.readString(tmp.resolve("s/monitor.json")));
            assertThat(monitor.get("suspects").toString())
                    .contains("cpu:others")
                    .doesNotContain("cpu:command");
        } finally {
            for (Process hog : hogs) {
                hog.destroyForcibly().waitFor();
            }
        }
    }

    /** --monitor-rate auto: the rate it chose and the overhead it measured are in the report and monitor.json. */
    @Test
    void monitorRateAutoRecordsTheRateItChoseAndItsOverhead() throws Exception {
        CliRun r = CliRun.run(
                "run",
                "-q",
                "--format",
                "json",
                "--monitor",
                "--monitor-rate",
                "auto",
                "--max-rounds",
                "3",
                "-o",
                tmp.resolve("s").toString(),
                "--",
                "sleep",
                "0.02");
        assertThat(r.code())
                .as(r.err())
                .isIn(ExitCode.LIMIT.code(), ExitCode.NO_STEADY_STATE.code(), ExitCode.OK.code());
        JsonNode sampling = JSON.readTree(r.out()).get("monitor").get("sampling");
        assertThat(sampling).as(r.out()).isNotNull();
        assertThat(sampling.get("auto").asBoolean()).isTrue();
        assertThat(sampling.get("rate").asDouble()).isBetween(1.0, 1000.0);
        assertThat(sampling.get("overhead").isNumber()).isTrue();
        assertThat(sampling.get("overheadLimit").asDouble()).isEqualTo(0.01);
        assertThat(sampling.get("ratesMeasured").asInt()).isBetween(1, 6);
        assertThat(JSON.readTree(Files.readString(tmp.resolve("s/monitor.json")))
                        .get("sampling"))
                .isEqualTo(sampling);
        CliRun fixed = CliRun.run(
                "run",
                "-q",
                "--format",
                "json",
                "--monitor",
                "--monitor-rate",
                "50",
                "--max-rounds",
                "2",
                "-o",
                tmp.resolve("f").toString(),
                "--",
                "true");
        JsonNode given = JSON.readTree(fixed.out()).get("monitor").get("sampling");
        assertThat(given.get("rate").asDouble()).isEqualTo(50.0);
        assertThat(given.get("auto").asBoolean()).isFalse();
    }

    /**
     * This machine's loopback has no speed in sysfs (reading it fails with EINVAL), like a virtual NIC's eth0 (-1):
     * the link is listed with its traffic in bytes a second and no utilisation, and the verdict says how to give
     * its limit.
     */
    @Test
    void aLinkOfUnknownSpeedIsListedWithItsTrafficAndNoUtilisation() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(speedUnknown("lo"), "this machine knows the loopback's speed");
        try (java.net.ServerSocket server = loopbackSink()) {
            CliRun r = CliRun.run(
                    "run",
                    "-q",
                    "--format",
                    "json",
                    "--monitor",
                    "--max-rounds",
                    "3",
                    "-o",
                    tmp.resolve("s").toString(),
                    "--",
                    "bash",
                    "-c",
                    "head -c 20000000 /dev/zero > /dev/tcp/127.0.0.1/" + server.getLocalPort());
            assertThat(r.code())
                    .as(r.err())
                    .isIn(ExitCode.LIMIT.code(), ExitCode.NO_STEADY_STATE.code(), ExitCode.OK.code());
            JsonNode monitor = JSON.readTree(r.out()).get("monitor");
            JsonNode tx = component(monitor, "net:lo:tx");
            assertThat(tx).as(monitor.toString()).isNotNull();
            assertThat(tx.get("mean").isNull()).isTrue();
            assertThat(tx.get("peak").isNull()).isTrue();
            assertThat(tx.get("bytesPerSecond").asDouble()).as("20 MB a round").isGreaterThan(1e6);
            assertThat(monitor.get("suspects").toString()).doesNotContain("net:lo");
            assertThat(monitor.get("verdict").toString())
                    .contains("net:lo")
                    .contains("limit is unknown")
                    .contains("--graph (node net:lo limit=");
            // every other link that is up and whose speed is unknown (eth0 of a virtual machine: -1) is listed too
            try (var links = Files.list(Path.of("/sys/class/net"))) {
                for (Path link : links.toList()) {
                    String name = link.getFileName().toString();
                    if (speedUnknown(name) && !first(link.resolve("operstate")).equals("down")) {
                        assertThat(component(monitor, "net:" + name + ":rx"))
                                .as(name)
                                .isNotNull();
                    }
                }
            }
        }
    }

    private static final tools.jackson.databind.ObjectMapper JSON =
            tools.jackson.databind.json.JsonMapper.builder().build();

    private static JsonNode component(JsonNode monitor, String name) {
        for (JsonNode c : monitor.get("components")) {
            if (c.get("component").asText().equals(name)) {
                return c;
            }
        }
        return null;
    }

    private static boolean speedUnknown(String link) {
        String speed = first(Path.of("/sys/class/net", link, "speed"));
        try {
            return Double.parseDouble(speed) <= 0;
        } catch (NumberFormatException e) {
            return true;
        }
    }

    private static String first(Path file) {
        try {
            return Files.readAllLines(file).stream().findFirst().orElse("").strip();
        } catch (java.io.IOException e) {
            return "";
        }
    }

    /** One busy loop per core, started and left to spin for a moment. */
    private static List<Process> cpuHogs() throws Exception {
        long cores = Files.readAllLines(Path.of("/proc/stat")).stream()
                .filter(l -> l.matches("cpu\\d+ .*"))
                .count();
        List<Process> hogs = new java.util.ArrayList<>();
        for (long i = 0; i < Math.max(1, cores); i++) {
            hogs.add(new ProcessBuilder("sh", "-c", "while :; do :; done").start());
        }
        Thread.sleep(300);
        return hogs;
    }

    /** A server on the loopback that reads and discards whatever it is sent. */
    private static java.net.ServerSocket loopbackSink() throws java.io.IOException {
        java.net.ServerSocket server = new java.net.ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress());
        Thread sink = new Thread(() -> {
            byte[] buffer = new byte[1 << 16];
            while (!server.isClosed()) {
                try (java.net.Socket s = server.accept();
                        var in = s.getInputStream()) {
                    while (in.read(buffer) >= 0) {
                        // discard
                    }
                } catch (java.io.IOException e) {
                    return;
                }
            }
        });
        sink.setDaemon(true);
        sink.start();
        return server;
    }
}
