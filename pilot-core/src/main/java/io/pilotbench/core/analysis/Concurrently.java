package io.pilotbench.core.analysis;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;
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

    /**
     * Analyses in progress ({@link #analysing}): each keeps a processor busy, so a part goes to another thread only
     * while a processor is left for it. Two files compared at once ({@code pilot compare a.txt b.txt}, read and
     * analysed in parallel) gained nothing from more threads on two cores and lost 50 ms to the collector.
     */
    private static final AtomicInteger ANALYSES = new AtomicInteger();

    private Concurrently() {}

    /** Whether a part of a series of {@code length} values would go to another thread now. */
    static boolean splits(int length) {
        return length >= FROM && ANALYSES.get() < Runtime.getRuntime().availableProcessors();
    }

    /** {@code analysis}, counted among the analyses in progress while it runs. */
    static <T> T analysing(Supplier<T> analysis) {
        ANALYSES.incrementAndGet();
        try {
            return analysis.get();
        } finally {
            ANALYSES.decrementAndGet();
        }
    }

    /**
     * {@code part}, started on another thread when {@code length} ≥ {@link #FROM} and a processor is free of the
     * analyses in progress, else computed at once; its result (or what it threw) when the returned supplier is
     * asked.
     */
    static <T> Supplier<T> start(int length, Supplier<T> part) {
        if (!splits(length)) {
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
