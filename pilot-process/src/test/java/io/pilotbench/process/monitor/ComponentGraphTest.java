package io.pilotbench.process.monitor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pilotbench.core.model.InputException;
import io.pilotbench.testing.Circumstances;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

class ComponentGraphTest {
    @TempDir
    Path tmp;

    @Test
    void aMachinesGraphFromItsFiles() throws Exception {
        Files.createDirectories(tmp.resolve("proc/net"));
        Files.createDirectories(tmp.resolve("sys/block/sda/queue"));
        Files.createDirectories(tmp.resolve("sys/class/net/eth0"));
        Files.writeString(tmp.resolve("proc/stat"), "cpu  1 0 1 1 0\ncpu0 1 0 1 1 0\ncpu1 1 0 1 1 0\ncpu2 1 0 1 1 0\n");
        Files.writeString(tmp.resolve("proc/meminfo"), "MemTotal: 8388608 kB\nMemAvailable: 1 kB\n");
        Files.writeString(tmp.resolve("proc/diskstats"), "8 0 sda 1 2 3 4 5 6 7 8 9 10 11\n");
        Files.writeString(tmp.resolve("sys/block/sda/size"), "1953525168\n");
        Files.writeString(tmp.resolve("sys/block/sda/queue/rotational"), "0\n");
        Files.writeString(tmp.resolve("proc/net/dev"), "h\nh\n  eth0: 1 1 0 0 0 0 0 0 2 2 0 0 0 0 0 0\n");
        Files.writeString(tmp.resolve("sys/class/net/eth0/speed"), "10000\n");
        ComponentGraph g = ComponentGraph.local(tmp, new ProcMonitors(tmp), null);
        assertThat(g.nodes())
                .extracting(ComponentGraph.Node::name)
                .containsExactly("cpu", "memory", "disk:sda", "net:eth0");
        assertThat(g.nodes().get(0).facts()).containsEntry("cores", "3");
        assertThat(g.nodes().get(1).facts()).containsEntry("size", "8.0GiB");
        assertThat(g.nodes().get(2).facts()).containsEntry("size", "932GiB").containsEntry("rotational", "no");
        assertThat(g.nodes().get(3).facts()).containsEntry("limit", "10000Mb/s");
        assertThat(g.describe()).contains("  memory -> disk:sda", "  disk:sda -> memory", "  memory -> net:eth0");
        // a link whose speed is unknown (-1) is a node without a limit, with a note on how to give it
        Files.writeString(tmp.resolve("sys/class/net/eth0/speed"), "-1\n");
        ComponentGraph.Node eth0 =
                ComponentGraph.local(tmp, new ProcMonitors(tmp), null).nodes().get(3);
        assertThat(eth0.name()).isEqualTo("net:eth0");
        assertThat(eth0.facts()).doesNotContainKey("limit");
        assertThat(eth0.note()).contains("speed is unknown; give it with --graph (node net:eth0 limit=1Gb/s)");
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void thisMachinesGraphNotesTheDiskOfTheWorkingDirectory() {
        ComponentGraph g = ComponentGraph.local(tmp);
        assertThat(Integer.parseInt(g.nodes().get(0).facts().get("cores"))).isPositive();
        String disk = new ProcMonitors().diskOf(tmp);
        if (disk != null) {
            assertThat(g.nodes())
                    .anyMatch(n -> n.name().equals(disk) && n.note().equals("holds the working " + "directory"));
        }
    }

    @Test
    void aGraphFileIsReadAndItsMistakesNamed() throws Exception {
        Path f = tmp.resolve("g.txt");
        Files.writeString(
                f,
                "# a NAS benchmark\nnode cpu cores=4\nnode net:eth0 limit=1Gb/s\nlink cpu -> net:eth0\n"
                        + "link net:eth0 -> cpu\n");
        ComponentGraph g = ComponentGraph.parse(f);
        assertThat(g.nodes()).hasSize(2);
        assertThat(g.links()).hasSize(2);
        Files.writeString(f, "node cpu\nlink cpu -> disk:sda\n");
        assertThatThrownBy(() -> ComponentGraph.parse(f))
                .isInstanceOf(InputException.class)
                .hasMessageContaining("names 'disk:sda', which is not a node; add 'node disk:sda'");
        Files.writeString(f, "node cpu\nedge cpu -> cpu\n");
        assertThatThrownBy(() -> ComponentGraph.parse(f)).hasMessageContaining("g.txt:2: 'edge'");
        Files.writeString(f, "node cpu fast\n");
        assertThatThrownBy(() -> ComponentGraph.parse(f)).hasMessageContaining("g.txt:1: 'fast' is not key=value");
    }

    /**
     * A graph file's facts were taken as any text: limit=abc was printed as a limit and later refused only by --monitor
     * (a typo such as limt=1Gb/s not at all), a node given twice was listed twice, cores=-4 accepted. Each is now a
     * mistake named with its line.
     */
    @Test
    void aGraphFilesBadFactsAndRepeatedNodesAreNamedWithTheirLine() throws Exception {
        Path f = tmp.resolve("g.txt");
        java.util.Map<String, String> cases = java.util.Map.of(
                "node cpu cores=2\nnode disk:x limit=abc\n", "g.txt:2: limit='abc' is not a rate (e.g. 10Gb/s",
                "node net:eth0 limt=1Gb/s\n", "g.txt:1: unknown fact 'limt'; a node's facts are limit, read, write",
                "node cpu cores=-4\n", "g.txt:1: cores='-4' is not a whole number of cores from 1",
                "node disk:x size=big\n", "g.txt:1: size='big' is not a size such as 8.0GiB",
                "node disk:x rotational=maybe\n", "g.txt:1: rotational='maybe' is not yes or no",
                "node cpu cores=2\n\nnode cpu cores=4\n", "g.txt:3: a second 'node cpu'; give each node once");
        for (var c : cases.entrySet()) {
            Files.writeString(f, c.getKey());
            assertThatThrownBy(() -> ComponentGraph.parse(f))
                    .as(c.getKey())
                    .isInstanceOf(InputException.class)
                    .hasMessageContaining(c.getValue());
        }
        Files.writeString(f, "node disk:x size=932GiB rotational=no limit=812MB/s read=812MB/s write=900MB/s\n");
        assertThat(ComponentGraph.parse(f).nodes().get(0).facts()).hasSize(5);
    }

    @Test
    void linkLimitsAreRatesInBitsOrBytes() throws Exception {
        assertThat(ComponentGraph.megabits("n", "10Gb/s")).isEqualTo(10_000);
        assertThat(ComponentGraph.megabits("n", "400Mb/s")).isEqualTo(400);
        assertThat(ComponentGraph.megabits("n", "1GB/s")).isEqualTo(8_000);
        assertThat(ComponentGraph.megabits("n", "100kbps")).isEqualTo(0.1);
        assertThatThrownBy(() -> ComponentGraph.megabits("net:lo", "fast"))
                .isInstanceOf(InputException.class)
                .hasMessageContaining("net:lo: limit 'fast' is not a rate");
        Path f = tmp.resolve("g.txt");
        Files.writeString(f, "node net:lo limit=2Gb/s\nnode disk:sda limit=500MB/s\n");
        assertThat(ComponentGraph.parse(f).linkSpeedsMbits()).containsExactly(java.util.Map.entry("lo", 2000.0));
    }

    /** What format() writes, parse() reads back: the nodes' facts, the notes as comments, the links. */
    @Test
    void aWrittenGraphIsReadBackWithItsBandwidthsEachWay() throws Exception {
        ComponentGraph g = new ComponentGraph(
                List.of(
                        new ComponentGraph.Node("cpu", java.util.Map.of("cores", "2"), ""),
                        new ComponentGraph.Node(
                                "disk:vda",
                                new java.util.LinkedHashMap<>(
                                        java.util.Map.of("limit", "600MB/s", "read", "600MB/s", "write", "450MB/s")),
                                "holds the working directory"),
                        new ComponentGraph.Node("net:eth0", java.util.Map.of(), "speed unknown")),
                List.<String[]>of(new String[] {"cpu", "disk:vda"}, new String[] {"disk:vda", "cpu"}));
        Path f = tmp.resolve("g.txt");
        Files.write(f, g.format());
        assertThat(Files.readAllLines(f)).contains("# disk:vda: holds the working directory", "link cpu -> disk:vda");
        ComponentGraph back = ComponentGraph.parse(f);
        assertThat(back.nodes()).extracting(ComponentGraph.Node::name).containsExactly("cpu", "disk:vda", "net:eth0");
        assertThat(back.nodes().get(1).facts()).isEqualTo(g.nodes().get(1).facts());
        assertThat(back.links()).hasSize(2);
        assertThat(back.diskBandwidthsMbits("read")).containsExactly(java.util.Map.entry("vda", 4800.0));
        assertThat(back.diskBandwidthsMbits("write")).containsExactly(java.util.Map.entry("vda", 3600.0));
        assertThat(back.linkSpeedsMbits()).isEmpty();
    }

    /** The static plug-in: the working directory's disk gets a measured write and read bandwidth. */
    @Test
    @EnabledOnOs(OS.LINUX)
    void theDiskOfADirectoryIsCalibratedWithDirectIo() throws Exception {
        String disk = new ProcMonitors().diskOf(tmp);
        Circumstances.assumeTrue(disk != null, "the temporary directory is not on a block device");
        ComponentGraph g = ComponentGraph.local(tmp).withDiskBandwidth(tmp);
        ComponentGraph.Node node = g.nodes().stream()
                .filter(n -> n.name().equals(disk))
                .findFirst()
                .orElseThrow();
        double write = Double.parseDouble(node.facts().get("write").replace("MB/s", ""));
        double read = Double.parseDouble(node.facts().get("read").replace("MB/s", ""));
        assertThat(write).isPositive();
        assertThat(read).isPositive();
        try (var left = Files.list(tmp)) {
            assertThat(left.map(p -> p.getFileName().toString())).noneMatch(n -> n.startsWith(".pilot-calibration"));
        }
    }

    /** A working directory on NFS: the graph says which link carries it (the route to the server). */
    @Test
    void theLinkOfARemoteMountIsTheRouteToItsServer() throws Exception {
        String mountinfo = "22 27 0:21 / /proc rw - proc proc rw\n"
                + "27 1 254:0 / / rw - ext4 /dev/vda rw\n"
                + "41 27 0:44 / /home rw - nfs4 fileserver:/export/home rw,addr=10.1.2.3\n";
        // /proc/net/route: little-endian hex; the default via eth0, 10.1.2.0/24 via eth1
        String route = "Iface\tDestination\tGateway\tFlags\tRefCnt\tUse\tMetric\tMask\n"
                + "eth0\t00000000\t0102000A\t0003\t0\t0\t0\t00000000\n"
                + "eth1\t0002010A\t00000000\t0001\t0\t0\t0\t00FFFFFF\n";
        java.util.function.Function<String, java.net.InetAddress> dns = host -> {
            try {
                return host.equals("fileserver") ? java.net.InetAddress.getByAddress(new byte[] {10, 1, 2, 3}) : null;
            } catch (java.net.UnknownHostException e) {
                return null;
            }
        };
        assertThat(ComponentGraph.remoteInterface(mountinfo, route, Path.of("/home/me/bench"), dns))
                .isEqualTo("net:eth1");
        assertThat(ComponentGraph.remoteInterface(mountinfo, route, Path.of("/srv/local"), dns))
                .isNull();
    }
}
