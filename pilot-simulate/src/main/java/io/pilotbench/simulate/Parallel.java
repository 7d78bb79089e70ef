package io.pilotbench.simulate;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;

/** Independent simulated sessions on a pool of daemon threads, their results in submission order. */
final class Parallel {
    private Parallel() {}

    /**
     * {@code task(0) … task(count − 1)} on {@code threads} threads (at most {@code count}).
     *
     * @throws RuntimeException the first task's failure, unwrapped
     */
    static <R> List<R> map(int count, int threads, String name, IntFunction<R> task) throws InterruptedException {
        if (count == 0) {
            return List.of();
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(threads, count)), r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<R>> futures = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                int index = i;
                futures.add(pool.submit(() -> task.apply(index)));
            }
            List<R> out = new ArrayList<>(count);
            for (Future<R> f : futures) {
                out.add(f.get());
            }
            return out;
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            throw c instanceof RuntimeException re ? re : new IllegalStateException(c);
        } finally {
            pool.shutdownNow();
        }
    }
}
