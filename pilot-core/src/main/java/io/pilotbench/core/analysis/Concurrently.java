package io.pilotbench.core.analysis;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;

/**
 * Independent parts of the analysis of one long series, run on a second thread while the caller computes the rest:
 * on 10⁶ values each part is a few passes over 8 MB, and a machine with two cores does two at once ({@code pilot
 * analyze} of 10⁶ values, bench/README.md). Short series — every look of a session — stay on the caller's thread,
 * where a thread would cost more than it saves. The results are the same either way: the parts share no state.
 */
final class Concurrently {
    /** The length from which a series' parts run on two threads. */
    static final int FROM = 1 << 16;

    private Concurrently() {}

    /**
     * {@code part}, started on another thread when {@code length} ≥ {@link #FROM}, else computed at once; its
     * result (or what it threw) when the returned supplier is asked.
     */
    static <T> Supplier<T> start(int length, Supplier<T> part) {
        if (length < FROM) {
            T now = part.get();
            return () -> now;
        }
        CompletableFuture<T> later = CompletableFuture.supplyAsync(part);
        return () -> {
            try {
                return later.join();
            } catch (CompletionException e) {
                if (e.getCause() instanceof RuntimeException r) {
                    throw r;
                }
                if (e.getCause() instanceof Error r) {
                    throw r;
                }
                throw e;
            }
        };
    }
}
