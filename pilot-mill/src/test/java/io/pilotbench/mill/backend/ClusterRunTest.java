package io.pilotbench.mill.backend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pilotbench.core.model.InputException;
import io.pilotbench.experiment.ExperimentFile;
import io.pilotbench.experiment.ExperimentSpec;
import io.pilotbench.experiment.Worker;
import io.pilotbench.mill.testing.TinyExperiment;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ClusterRun}'s bookkeeping with a scripted in-memory back-end (no cluster): what is re-submitted, what is
 * given up, what a resume does, and that a row is written once whatever the back-end returns.
 */
class ClusterRunTest {
    private static final ClusterRun.Settings FAST = new ClusterRun.Settings(2, Duration.ofMillis(1));

    @TempDir
    Path tmp;

    /** What a cluster job does: ends with the job's row, ends without one, or vanishes. */
    enum Fate {
        ROW,
        ERROR_ROW,
        NO_ROW,
        LOST
    }

    /** Each job's fates, one per submission (the last repeats); a job runs one poll before it ends. */
    static class Scripted implements ExecutionBackend {
        final Map<String, Deque<Fate>> fates = new HashMap<>();
        final Map<String, Fate> byId = new LinkedHashMap<>();
        final Map<String, String> jobOf = new HashMap<>();
        final Map<String, Integer> polls = new HashMap<>();
        final List<String> submitted = new ArrayList<>();

        Scripted fate(String job, Fate... f) {
            fates.put(job, new ArrayDeque<>(List.of(f)));
            return this;
        }

        @Override
        public String name() {
            return "scripted";
        }

        @Override
        public List<Worker> inventory() {
            return List.of(new Worker("n1", Map.of("arch", "x86_64", "cores", "2")));
        }

        @Override
        public String submit(ClusterJob job) {
            String id = "c" + (byId.size() + 1);
            Deque<Fate> d = fates.getOrDefault(job.job().id(), new ArrayDeque<>(List.of(Fate.ROW)));
            byId.put(id, d.size() > 1 ? d.poll() : d.peek());
            jobOf.put(id, job.job().id());
            submitted.add(job.name());
            return id;
        }

        @Override
        public Map<String, State> poll(Map<String, ClusterJob> jobs) {
            Map<String, State> m = new LinkedHashMap<>();
            for (String id : jobs.keySet()) {
                int n = polls.merge(id, 1, Integer::sum);
                Fate f = byId.get(id);
                m.put(
                        id,
                        n == 1
                                ? State.RUNNING
                                : switch (f) {
                                    case ROW, ERROR_ROW -> State.DONE;
                                    case NO_ROW -> State.FAILED;
                                    case LOST -> State.LOST;
                                });
            }
            return m;
        }

        @Override
        public Map<String, String> collect(ClusterJob job, String id) {
            Fate f = byId.get(id);
            if (f != Fate.ROW && f != Fate.ERROR_ROW) {
                return null;
            }
            Map<String, String> row = new LinkedHashMap<>();
            row.put("job", job.job().id());
            row.put("worker", job.job().worker());
            row.put("replication", Integer.toString(job.job().replication()));
            row.put("work", job.job().levels().get("work"));
            row.put("time", "0.5");
            row.put("rounds", "3");
            row.put("stop", "round_limit");
            row.put("error", f == Fate.ERROR_ROW ? "run.sh failed, 3 times" : "");
            return row;
        }

        @Override
        public void cancel(String id) {}

        @Override
        public Map<String, String> active(String prefix) {
            return Map.of();
        }

        @Override
        public String why(String id) {
            return "NODE_FAIL";
        }
    }

    private ExperimentSpec spec() throws IOException {
        return ExperimentFile.read(TinyExperiment.write(tmp.resolve("exp"), 2, "0"));
    }

    private static List<String> jobsIn(Path dir) throws IOException {
        return Csv.records(Files.readString(dir.resolve("results.csv"))).stream()
                .map(r -> r.get("job"))
                .toList();
    }

    @Test
    void aJobThatKeepsEndingWithoutARowIsGivenUpAfterMaxAttemptsAndAResumeTriesItAgain() throws IOException {
        Path dir = tmp.resolve("out");
        Scripted b = new Scripted().fate("0002", Fate.NO_ROW, Fate.LOST);
        ClusterRun.Outcome o = ClusterRun.start(spec(), b, dir, false, FAST, null);
        assertThat(o.jobs()).isEqualTo(4);
        assertThat(o.collected()).isEqualTo(3);
        assertThat(o.givenUp()).containsExactly("0002");
        assertThat(o.resubmitted()).isEqualTo(1);
        assertThat(b.submitted).filteredOn(n -> n.contains("-0002-")).hasSize(2);
        String journal = Files.readString(dir.resolve("cluster/journal.csv"));
        assertThat(journal)
                .contains("ended,0002,1,", ",NODE_FAIL\n")
                .contains("ended,0002,2,")
                .contains("gave-up,0002,2,");
        assertThat(jobsIn(dir)).containsExactlyInAnyOrder("0001", "0003", "0004");

        Scripted later = new Scripted(); // the node is back
        ClusterRun.Outcome again = ClusterRun.resume(dir, later, FAST, null);
        assertThat(again.collected()).isEqualTo(4);
        assertThat(again.givenUp()).isEmpty();
        assertThat(later.submitted).hasSize(1).allMatch(n -> n.endsWith("-0002-a3"));
        assertThat(jobsIn(dir)).containsExactlyInAnyOrder("0001", "0002", "0003", "0004");
    }

    @Test
    void aJobsOwnFailureIsCollectedWithItsErrorAndNotSubmittedAgain() throws IOException {
        Path dir = tmp.resolve("out");
        Scripted b = new Scripted().fate("0003", Fate.ERROR_ROW);
        ClusterRun.Outcome o = ClusterRun.start(spec(), b, dir, false, FAST, null);
        assertThat(o.collected()).isEqualTo(4);
        assertThat(o.failed()).isEqualTo(1);
        assertThat(o.resubmitted()).isZero();
        assertThat(b.submitted).hasSize(4);
    }

    /** A cluster that does not answer a few polls in a row (a controller restarting) does not end the run. */
    @Test
    void unansweredPollsAreAskedAgainUpToALimit() throws IOException {
        class Unanswering extends Scripted {
            int failuresLeft;

            Unanswering(int failures) {
                failuresLeft = failures;
            }

            @Override
            public Map<String, State> poll(Map<String, ClusterJob> jobs) {
                if (failuresLeft-- > 0) {
                    throw new io.pilotbench.core.model.InputException("kubernetes: cannot list the Jobs (timeout)");
                }
                return super.poll(jobs);
            }
        }
        StringWriter log = new StringWriter();
        Unanswering b = new Unanswering(ClusterRun.MAX_POLL_FAILURES - 1);
        ClusterRun.Outcome o = ClusterRun.start(spec(), b, tmp.resolve("out"), false, FAST, new PrintWriter(log));
        assertThat(o.collected()).isEqualTo(4);
        assertThat(b.submitted).as("nothing submitted twice").hasSize(4);
        assertThat(log.toString())
                .contains("cannot ask scripted how its jobs are (kubernetes: cannot list the Jobs "
                        + "(timeout)); asking again");

        Unanswering gone = new Unanswering(ClusterRun.MAX_POLL_FAILURES);
        assertThatThrownBy(() -> ClusterRun.start(spec(), gone, tmp.resolve("out2"), false, FAST, null))
                .isInstanceOf(io.pilotbench.core.model.InputException.class)
                .hasMessageContaining("timeout");
    }

    /** Killed after the row went into results.csv, before the journal said "collected": the row stays single. */
    @Test
    void aRowAlreadyInTheTableIsNeverWrittenTwice() throws IOException {
        Path dir = tmp.resolve("out");
        ClusterRun.start(spec(), new Scripted(), dir, false, FAST, null);
        Path journal = dir.resolve("cluster/journal.csv");
        Files.writeString(
                journal,
                String.join(
                        "",
                        Files.readAllLines(journal).stream()
                                .filter(l -> !l.startsWith("collected"))
                                .map(l -> l + "\n")
                                .toList()));
        Scripted b = new Scripted();
        ClusterRun.Outcome o = ClusterRun.resume(dir, b, FAST, null);
        assertThat(o.collected()).isEqualTo(4);
        assertThat(b.submitted).isEmpty();
        assertThat(jobsIn(dir)).hasSize(4).doesNotHaveDuplicates();
    }

    @Test
    void aResumeRefusesAnotherBackendAndADirectoryThatIsNotAClusterExperiment() throws IOException {
        Path dir = tmp.resolve("out");
        ClusterRun.start(spec(), new Scripted(), dir, false, FAST, null);
        assertThat(ClusterRun.backendOf(dir)).isEqualTo("scripted");
        ExecutionBackend other = new Scripted() {
            @Override
            public String name() {
                return "slurm";
            }
        };
        assertThatThrownBy(() -> ClusterRun.resume(dir, other, FAST, null))
                .isInstanceOf(InputException.class)
                .hasMessageContaining("was started on scripted, not slurm; resume it with --backend scripted");
        assertThat(ClusterRun.backendOf(tmp)).isNull();
        assertThatThrownBy(() -> ClusterRun.resume(tmp, other, FAST, null))
                .isInstanceOf(InputException.class)
                .hasMessageContaining("not a cluster experiment");
    }

    @Test
    void noNodeMeetingTheFeaturesIsOneLine() throws IOException {
        ExperimentSpec s = spec();
        ExperimentSpec wants = new ExperimentSpec(
                s.name(),
                s.file(),
                s.seed(),
                s.replications(),
                s.packages(),
                Map.of("features", "avx512"),
                s.metrics(),
                s.factors(),
                s.precision());
        assertThatThrownBy(() -> ClusterRun.plan(wants, new Scripted(), false))
                .isInstanceOf(InputException.class)
                .hasMessageEndingWith("constraints.features: no scripted node has avx512");
    }

    @Test
    void theTagIsAValidKubernetesNamePrefixAndDiffersBetweenDirectories() {
        String a = ClusterRun.tag(tmp.resolve("a"));
        assertThat(a).matches("pilot-[0-9a-f]{8}");
        assertThat((a + "-0001-a12").length()).isLessThanOrEqualTo(63);
        assertThat(ClusterRun.tag(tmp.resolve("b"))).isNotEqualTo(a);
        assertThat(ClusterRun.tag(tmp.resolve("a"))).isEqualTo(a);
    }
}
