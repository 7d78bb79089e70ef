package io.pilotbench.core.api;

import io.pilotbench.core.model.Workload;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A session's time limit enforced in the middle of a round: once it passes, the running round of every workload is
 * cancelled ({@link Workload#cancel}), again every {@value #REPEAT_MILLIS} ms while the session has not noticed (a
 * round may start just as the limit passes). Without it, {@code --max-time 3s -- sleep 1000} waits for the round.
 */
final class Deadline implements AutoCloseable {
    static final long REPEAT_MILLIS = 50;
    private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "pilot-deadline");
        t.setDaemon(true);
        return t;
    });

    private final ScheduledFuture<?> task;
    private volatile boolean passed;

    private Deadline(Duration remaining, List<Workload> workloads) {
        if (remaining == null) {
            task = null;
            return;
        }
        long nanos = Math.max(0, remaining.toNanos());
        task = TIMER.scheduleAtFixedRate(
                () -> {
                    passed = true;
                    for (Workload w : workloads) {
                        w.cancel();
                    }
                },
                nanos,
                TimeUnit.MILLISECONDS.toNanos(REPEAT_MILLIS),
                TimeUnit.NANOSECONDS);
    }

    /**
     * Starts the clock.
     *
     * @param limit       the session's limit (null: none, and this does nothing)
     * @param usedSeconds what the session has used of it already (a resumed session)
     */
    static Deadline start(Duration limit, double usedSeconds, List<Workload> workloads) {
        return new Deadline(limit == null ? null : limit.minusNanos((long) (usedSeconds * 1e9)), workloads);
    }

    /** Whether the limit has passed: a round that ended in an interruption was cut by it. */
    boolean passed() {
        return passed;
    }

    @Override
    public void close() {
        if (task != null) {
            task.cancel(false);
        }
    }
}
