package io.pilotbench.script;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A campaign's results written by an earlier Pilot stay readable: {@code campaign.json} ("pilot-campaign-1", what
 * {@code --resume} reads) and the TESTs' {@code runs.csv} (what getstats reads), written once by {@code pilot script}
 * and frozen under {@code src/test/resources/fixtures/campaign} (how: the README there).
 */
class FrozenFormatsTest {
    private static final Path FIXTURE = Path.of("src/test/resources/fixtures/campaign");

    @TempDir
    Path tmp;

    @Test
    void aCampaignJournalOfFormat1IsStillRead() throws IOException {
        // a copy: the reader refuses a journal another user owns, and a checkout may belong to someone else
        Path dir = copy(FIXTURE, tmp.resolve("campaign"));
        CampaignState s = CampaignState.read(dir.resolve(CampaignState.FILE));
        assertThat(s.complete).isTrue();
        assertThat(s.failed).isFalse();
        assertThat(s.steps).isEqualTo(2);
        assertThat(s.currentStep).isNull();
        assertThat(s.script).isEqualTo("fixture.pilot");
        assertThat(s.digest).hasSize(64);
        assertThat(s.finished)
                .extracting(
                        CampaignState.Finished::name,
                        CampaignState.Finished::dir,
                        CampaignState.Finished::runs,
                        CampaignState.Finished::stop)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("sleep-0.01", "000-sleep-0.01", 3, "RUNS_ASKED"),
                        org.assertj.core.groups.Tuple.tuple("sleep-0.02", "001-sleep-0.02", 3, "RUNS_ASKED"));
        assertThat(s.vars).containsEntry("D", "0.02");
    }

    /** getstats reads the TESTs' runs.csv: the means to 1e-12, and the t-test's verdict that 0.02 s is slower. */
    @Test
    void theRunsOfACampaignAreStillRead() throws IOException {
        Path dir = copy(FIXTURE, tmp.resolve("campaign"));
        List<Sample> samples = SampleParser.parse(dir);
        assertThat(samples).extracting(Sample::name).containsExactly("sleep-0.01", "sleep-0.02");
        assertThat(Arrays.stream(samples.get(0).columns().get("elapsed"))
                        .average()
                        .orElseThrow())
                .isCloseTo(0.012402426333333334, within(1e-14));
        assertThat(Arrays.stream(samples.get(1).columns().get("elapsed"))
                        .average()
                        .orElseThrow())
                .isCloseTo(0.022468938000000004, within(1e-14));
        StringWriter out = new StringWriter();
        int code = Getstats.run(
                List.of(dir),
                new Getstats.Options(0.95, 0.05, 2, "text", List.of("elapsed"), null),
                new PrintWriter(out, true));
        assertThat(code).as(out.toString()).isZero();
        assertThat(out.toString())
                .contains("Comparing sleep-0.02 (Sample 1) to sleep-0.01 (Sample 2).")
                .containsPattern("u1 <= u2 +u1 > u2 +\\S+ +reject H_0");
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
