package io.pilotbench.experiment;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pilotbench.core.model.InputException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Experiment files that parsed and then broke their experiment: each is now a mistake named with its key. */
class ExperimentFileLimitsTest {
    @TempDir
    Path tmp;

    private void refused(String yaml, String message) throws Exception {
        java.nio.file.Files.writeString(tmp.resolve("s.sh"), "exec \"$@\"\n");
        assertThatThrownBy(() -> ExperimentFile.parse(tmp.resolve("e.yaml"), yaml))
                .as(yaml)
                .isInstanceOf(InputException.class)
                .hasMessageContaining(message);
    }

    /** A level with a newline ("0\n5") split the plan's table and the job lines in two; a tab shifted columns. */
    @Test
    void aLevelWithANewlineOrATabIsRefused() throws Exception {
        String head = "packages: {p: pk/p}\nfactors:\n  nice: {script: s.sh, levels: ";
        refused(head + "[\"0\\n5\", \"1\"]}\n", "factors.nice.levels: level '0\\n5' holds a control character");
        refused(head + "[\"a\\tb\", \"1\"]}\n", "level 'a\\tb' holds a control character");
    }

    /**
     * A metric named rounds (or a factor named job, worker, time, replication) overwrote that column of results.csv:
     * the header had 15 columns and every row 14, analyze found "0 jobs that succeeded" and resume ran every job
     * again; on the mill each job failed five times. Factors a-b and a_b shared PILOT_FACTOR_A_B.
     */
    @Test
    void namesThatShareAColumnOrAVariableAreRefused() throws Exception {
        String head = "packages: {p: pk/p}\n";
        refused(head + "metrics: [m, rounds]\n", "metrics: 'rounds' is a column results.csv has already");
        refused(
                head + "factors:\n  job: {script: s.sh, levels: [a, b]}\n",
                "factors.job: 'job' is a column results.csv has already");
        refused(
                head + "factors:\n  x: {script: s.sh, levels: [a, b]}\nmetrics: [x.observed]\n",
                "'x.observed' is a column");
        refused(
                head + "factors:\n  a-b: {script: s.sh, levels: [x1, x2]}\n  a_b: {script: s.sh, levels: [y1, y2]}\n",
                "'a_b' and 'a-b' are one environment variable to the scripts, PILOT_FACTOR_A_B");
    }

    /**
     * A mill master's preview told which files it has: a factor script /etc/nope was "does not exist", /etc/passwd
     * "outside the experiment's directory". Checked as the master checks an upload, both are outside, alike.
     */
    @Test
    void aConfinedFileSaysOutsideWhetherTheScriptExistsOrNot() {
        for (String script : new String[] {"/etc/passwd", "/etc/nope-" + System.nanoTime(), "../x.sh"}) {
            String yaml = "packages: {p: pk/p}\nfactors:\n  x: {script: " + script + ", levels: [a, b]}\n";
            assertThatThrownBy(() -> ExperimentFile.parse(tmp.resolve("e.yaml"), yaml, true))
                    .as(script)
                    .isInstanceOf(InputException.class)
                    .hasMessageContaining("factors.x.script: '")
                    .hasMessageContaining("' is outside the experiment's directory")
                    .hasMessageNotContaining("does not exist");
        }
    }

    /**
     * replications: 3000000000 was cast to −1294967296 (0 jobs, exit 0), 4294967297 to 1; 50,000,000 ran out of
     * memory while planning; max-time: 0s passed and then failed every job.
     */
    @Test
    void countsBeyondTheirRangeAndAZeroTimeAreRefused() throws Exception {
        String head = "packages: {p: pk/p}\n";
        refused(head + "replications: 3000000000\n", "replications: expected a whole number from 1 to 100000");
        refused(head + "replications: 4294967297\n", "replications: expected a whole number from 1 to 100000");
        refused(head + "precision: {max-rounds: 3000000000}\n", "precision.max-rounds: expected a whole number");
        refused(head + "precision: {max-time: 0s}\n", "precision.max-time: '0s' must be more than 0");
    }
}
