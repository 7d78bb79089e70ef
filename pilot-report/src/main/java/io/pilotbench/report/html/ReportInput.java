package io.pilotbench.report.html;

import io.pilotbench.core.compare.Comparison;
import io.pilotbench.core.model.SessionResult;
import io.pilotbench.core.model.StoredSession;
import java.util.List;
import java.util.Map;

/**
 * One thing a report shows: a recorded session, or a comparison of sessions. The command line reads directories
 * into these; the report never reads a session itself (only links to its files).
 *
 * <p>Sealed so that each kind has its section; a {@code pilot script} campaign will be one more record
 * here (its runs as {@link SessionReport}s plus its own tables), added without touching the existing ones.
 */
public sealed interface ReportInput {

    /** The title of the input's section. */
    String title();

    /**
     * A recorded session and its analysis.
     *
     * @param stored      the session as recorded (its rounds); its directory, when not null, is linked to
     * @param result      its analysis (with the settings the report shows)
     * @param environment the environment snapshot as recorded ({@code session.json}'s {@code environment}), flat
     *                    name → value; empty when unknown
     */
    record SessionReport(StoredSession stored, SessionResult result, Map<String, String> environment)
            implements ReportInput {
        public SessionReport {
            environment = Map.copyOf(environment);
        }

        @Override
        public String title() {
            return result.name();
        }
    }

    /**
     * A comparison of workloads, each a recorded session.
     *
     * @param title      what is compared ("a vs b vs c", or the comparison directory)
     * @param comparison the ranking and the pairs
     * @param verdicts   the verdict sentences, in words ("b is 1.23× faster than a (95% CI …)")
     * @param sessions   the compared sessions, in the order of {@code comparison.contenders()}
     * @param origin     how the comparison was made, in words ("re-analysed from the recorded sessions")
     */
    record ComparisonReport(
            String title, Comparison comparison, List<String> verdicts, List<SessionReport> sessions, String origin)
            implements ReportInput {
        public ComparisonReport {
            verdicts = List.copyOf(verdicts);
            sessions = List.copyOf(sessions);
        }
    }
}
