package io.pilotbench.core.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.pilotbench.core.api.Session;
import io.pilotbench.core.model.PiResult;
import io.pilotbench.core.model.RoundStatus;
import io.pilotbench.core.model.SessionResult;
import io.pilotbench.core.model.StopReason;
import io.pilotbench.core.model.StoredSession;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Results written by an earlier Pilot stay readable: a session directory of format version 1, written once by
 * {@code pilot run} and frozen under {@code src/test/resources/fixtures/session-v1} (how: the README there), read with
 * today's reader; and a live comparison's compare.json and comparison.json, frozen under {@code fixtures/compare}. A change that breaks it breaks users' old results: bump the format version and keep reading this
 * one instead of editing the fixture.
 */
class FrozenFormatsTest {
    private static final Path FIXTURE = Path.of("src/test/resources/fixtures/session-v1");
    private static final Path COMPARE = Path.of("src/test/resources/fixtures/compare");

    @TempDir
    Path tmp;

    @Test
    void aVersion1SessionIsStillRead() throws IOException {
        StoredSession s = SessionReader.read(copy(FIXTURE, tmp.resolve("session")));
        assertThat(s.name()).isEqualTo("fixture");
        assertThat(s.stopReason()).isEqualTo(StopReason.ROUND_LIMIT);
        assertThat(s.settings().maxRounds()).isEqualTo(6);
        assertThat(s.settings().pis())
                .extracting(pi -> pi.name() + " (" + pi.unit() + ")")
                .containsExactly("wall time (s)", "op (us)");
        assertThat(s.rounds()).hasSize(6).allSatisfy(r -> assertThat(r.status()).isEqualTo(RoundStatus.OK));
        assertThat(s.discarded()).isZero();
        assertThat(s.rounds().get(0).reading(0)).isEqualTo(0.028936737);
        assertThat(s.rounds().get(0).unitReadings(1)).containsExactly(10.132, 10.249, 10.252);
        assertThat(s.elapsed().rounds()).isEqualTo(6);
        assertThat(s.elapsed().seconds()).isEqualTo(0.4094423);
        assertThat(s.environment())
                .containsEntry("cpuModel", "Intel(R) Xeon(R) Processor")
                .containsEntry("logicalCores", 2)
                .containsEntry("cpuMaxFrequencyHz", 2100000000)
                .containsEntry("totalMemoryBytes", 25325268992L)
                .containsEntry("hostname", "host");
        assertThat(s.environment().keySet()).startsWith("osName", "osVersion", "kernel");
        assertThat(s.environment().get("jvmInputArguments"))
                .asInstanceOf(InstanceOfAssertFactories.LIST)
                .startsWith("-XX:+UseSerialGC");
    }

    /**
     * Analysed today, the frozen rounds give the mean result.json recorded then (the same numbers, to 1e-12), and the
     * same CI to 1e-9 relative: a deliberate change of the CI method updates these bounds, with the reason.
     */
    @Test
    void aVersion1SessionGivesTheResultItRecorded() throws IOException {
        SessionResult result = Session.analyse(SessionReader.read(copy(FIXTURE, tmp.resolve("session"))));
        JsonNode recorded = JsonMapper.builder()
                .build()
                .readTree(FIXTURE.resolve("result.json").toFile());
        assertThat(recorded.path("rounds").asInt()).isEqualTo(result.rounds()).isEqualTo(6);

        PiResult wall = result.pi("wall time");
        JsonNode wallRecorded = recorded.path("pis").path(0).path("readings");
        assertThat(wall.readings().n()).isEqualTo(6);
        assertThat(wall.readings().mean())
                .isCloseTo(0.027567201333333333, within(1e-12 * 0.0276))
                .isCloseTo(wallRecorded.path("mean").asDouble(), within(1e-12 * 0.0276));
        // the skewness hedge grows with the skewness seen (1.25·se·tanh(g/se), was a full 1.25·se step): the lower end
        // of
        // these six rounds, whose skewness is hedged less, moved from [0.024552681827056225, 0.03963747610389113]
        assertThat(wall.readings().ci().low()).isCloseTo(0.024074881614581854, within(1e-9 * 0.0241));
        assertThat(wall.readings().ci().high()).isCloseTo(0.03216304847698769, within(1e-9 * 0.0322));

        PiResult op = result.pi("op");
        assertThat(op.unitReadings().n()).isEqualTo(18);
        assertThat(op.unitReadings().mean()).isCloseTo(10.327388888888889, within(1e-12 * 10.3));
        assertThat(op.unitReadings().ci().low()).isCloseTo(10.07905522855796, within(1e-9 * 10.1));
    }

    /** The files beside the tables: command.json (read by --resume) and result.json keep their fields. */
    @Test
    void theRecordsBesideTheTablesKeepTheirFields() throws IOException {
        JsonMapper json = JsonMapper.builder().build();
        JsonNode command = json.readTree(FIXTURE.resolve("command.json").toFile());
        assertThat(command.path("formatVersion").asInt()).isEqualTo(1);
        assertThat(command.path("command").get(0).asString()).isEqualTo("sh");
        assertThat(command.path("pis").get(1).asString()).isEqualTo("name=op,unit=us,unit-readings=ops.txt");
        JsonNode session = json.readTree(FIXTURE.resolve(SessionFiles.SESSION).toFile());
        assertThat(session.path("formatVersion").asInt())
                .isEqualTo(SessionFiles.FORMAT_VERSION)
                .isEqualTo(1);
        JsonNode result = json.readTree(FIXTURE.resolve("result.json").toFile());
        assertThat(result.path("stopReason").asString()).isEqualTo("round_limit");
        assertThat(result.path("converged").asBoolean()).isFalse();
    }

    /**
     * monitor.json, frozen under {@code fixtures/monitor-v1}: read with today's reader, every field is there, and
     * written again it comes out byte for byte.
     */
    @Test
    void aVersion1MonitorFileIsReadAndWrittenUnchanged() throws IOException {
        Path frozen = Path.of("src/test/resources/fixtures/monitor-v1");
        MonitorFile m = MonitorFile.read(frozen);
        assertThat(m.cut()).isEqualTo("cpu");
        assertThat(m.utilizationLimit()).isEqualTo(0.8);
        assertThat(m.sessionDisk()).isEqualTo("vda");
        assertThat(m.sampling().auto()).isTrue();
        assertThat(m.sampling().rate()).isEqualTo(37.5);
        assertThat(m.sampling().calibration().overheadCi()).containsExactly(-0.0012, 0.0094);
        assertThat(m.sampling().calibration().ratesMeasured()).isEqualTo(4);
        assertThat(m.components())
                .hasSize(7)
                .extracting(MonitorFile.Component::component)
                .contains("net:lo:tx");
        MonitorFile.Component lo = m.components().get(5);
        assertThat(lo.mean()).isNull();
        assertThat(lo.bytesPerSecond()).isEqualTo(1.2345678E7);
        assertThat(m.components().get(0).underTest()).isTrue();
        assertThat(m.suspects()).containsExactly("net:eth0");
        assertThat(m.verdict()).hasSize(5);
        m.write(tmp);
        assertThat(Files.readString(tmp.resolve(MonitorFile.FILE)))
                .isEqualTo(Files.readString(frozen.resolve(MonitorFile.FILE)));

        MonitorFile fixed =
                new MonitorFile(null, 0.9, null, new MonitorFile.Sampling(5.0, null), List.of(), List.of(), List.of());
        fixed.write(tmp);
        assertThat(MonitorFile.read(tmp)).isEqualTo(fixed);
        assertThat(Files.readString(tmp.resolve(MonitorFile.FILE)))
                .contains("\"sampling\" : {\n    \"rate\" : 5.0,\n    \"auto\" : false\n  }");
    }

    /** compare.json, read by the typed reader (as --resume reads it), and written again to the byte. */
    @Test
    void aComparisonsRecordIsStillReadAndWrittenAlike() throws IOException {
        CompareRecord r = CompareRecord.read(COMPARE);
        assertThat(r.workloads()).containsExactly("fast", "slow");
        assertThat(r.sessions()).containsExactly("1-fast", "2-slow");
        assertThat(r.pi()).isEqualTo("wall time");
        assertThat(r.direction()).isEqualTo("lower_is_better");
        assertThat(r.baseline()).isNull();
        assertThat(r.metric()).isNull();
        assertThat(r.confidence()).isEqualTo(0.95);
        assertThat(r.alpha()).isEqualTo(0.01);
        assertThat(r.equivalence()).isEqualTo(0.01);
        assertThat(r.test()).isEqualTo("welch");
        assertThat(r.ciTarget()).isFalse();
        assertThat(r.shuffleSeed()).isNull();
        r.write(tmp);
        assertThat(Files.readString(tmp.resolve(CompareRecord.FILE)))
                .isEqualTo(Files.readString(COMPARE.resolve(CompareRecord.FILE)));
    }

    /** comparison.json, read by the typed reader: what a resume and pilot overhead take from it. */
    @Test
    void aComparisonsResultIsStillRead() throws IOException {
        ComparisonSummary s = ComparisonSummary.read(COMPARE);
        assertThat(s.pi()).isEqualTo("wall time");
        assertThat(s.confidence()).isEqualTo(0.95);
        assertThat(s.workloads())
                .extracting(w -> w.name() + " " + w.rank() + " " + w.n())
                .containsExactly("fast 1 5", "slow 2 5");
        assertThat(s.workloads().get(0).mean()).isEqualTo(0.0122193048);
        assertThat(s.pairs()).hasSize(1);
        ComparisonSummary.Pair p = s.pairs().get(0);
        assertThat(p.a() + " " + p.verdict() + " " + p.b()).isEqualTo("fast a<b slow");
        assertThat(p.ratio().value()).isEqualTo(0.5365749173524421);
        assertThat(p.ratio().low()).isEqualTo(0.45317590967988963);
        assertThat(p.ratio().high()).isEqualTo(0.6175048132875536);
        assertThat(p.anytimeP()).isEqualTo(0.006470662637032125);
        assertThat(s.decided()).isTrue();
        assertThat(s.stopReason()).isEqualTo("target_met");
        assertThat(s.seconds()).isEqualTo(0.366270669);
    }

    /** history.csv: a row from before the better column, and rows of two PIs; appended again, byte for byte. */
    @Test
    void aVersion1HistoryIsStillReadAndAppendedAlike() throws IOException {
        Path frozen = Path.of("src/test/resources/fixtures/history-v1");
        List<HistoryFile.Point> points = HistoryFile.read(frozen);
        assertThat(points).extracting(HistoryFile.Point::pi).containsExactly("wall time", "wall time", "throughput");
        assertThat(points.get(0).higherIsBetter())
                .as("10 fields: lower is better")
                .isFalse();
        assertThat(points.get(0).mean()).isEqualTo(0.0275672);
        assertThat(points.get(0).standardError()).isEqualTo(4.1e-4);
        assertThat(points.get(1).n()).isEqualTo(32);
        assertThat(points.get(2).higherIsBetter()).isTrue();
        assertThat(points.get(2).fingerprint()).isEqualTo("Intel(R) Xeon(R) Processor / 2 / 6.1.0 / 17.0.13");
        HistoryFile.append(tmp, points.subList(1, 3));
        List<String> frozenLines = Files.readAllLines(frozen.resolve(HistoryFile.FILE));
        assertThat(Files.readAllLines(tmp.resolve(HistoryFile.FILE)))
                .containsExactly(frozenLines.get(0), frozenLines.get(2), frozenLines.get(3));
    }

    private static Path copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            files.forEach(f -> {
                try {
                    Files.copy(f, to.resolve(from.relativize(f).toString()));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
        return to;
    }
}
