package io.pilotbench.mill;

import java.time.Clock;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Limits password guessing: at most {@value #PER_NAME} failed logins per user name and {@value #PER_ADDRESS} per
 * client address in a window of {@value #WINDOW_MS} ms (OWASP Authentication Cheat Sheet, "Login Throttling").
 * Every attempt is counted as a failure before its password is hashed, and given back when it succeeds, so a burst
 * of parallel guesses cannot slip past the limit, and a refused attempt costs no hashing. Kept in memory: a
 * restarted master forgets, which only gives a guesser one window more.
 */
final class LoginThrottle {
    static final int PER_NAME = 5;
    static final int PER_ADDRESS = 20;
    static final long WINDOW_MS = 15 * 60 * 1000;
    /** Beyond this many names and addresses, expired windows are dropped, and new keys wait when none is. */
    static final int MAX_KEYS = 100_000;

    private record Window(long startMs, int count) {}

    private final Map<String, Window> windows = new ConcurrentHashMap<>();
    private final Clock clock;

    LoginThrottle(Clock clock) {
        this.clock = clock;
    }

    /**
     * Counts an attempt for {@code name} from {@code address}.
     *
     * @return 0 when it may go ahead, else the seconds until it may (nothing counted then)
     */
    long attempt(String name, String address) {
        long wait = take("n:" + name.toLowerCase(java.util.Locale.ROOT), PER_NAME);
        if (wait > 0) {
            return wait;
        }
        wait = take("a:" + address, PER_ADDRESS);
        if (wait > 0) {
            give("n:" + name.toLowerCase(java.util.Locale.ROOT));
        }
        return wait;
    }

    /** The attempt succeeded: it does not count. */
    void succeeded(String name, String address) {
        give("n:" + name.toLowerCase(java.util.Locale.ROOT));
        give("a:" + address);
    }

    private long take(String key, int limit) {
        long now = clock.millis();
        if (windows.size() >= MAX_KEYS && !windows.containsKey(key)) {
            windows.values().removeIf(w -> now - w.startMs() >= WINDOW_MS);
            if (windows.size() >= MAX_KEYS) {
                return 60;
            }
        }
        long[] wait = {0};
        windows.compute(key, (k, w) -> {
            if (w == null || now - w.startMs() >= WINDOW_MS) {
                return new Window(now, 1);
            }
            if (w.count() >= limit) {
                wait[0] = Math.max(1, (w.startMs() + WINDOW_MS - now + 999) / 1000);
                return w;
            }
            return new Window(w.startMs(), w.count() + 1);
        });
        return wait[0];
    }

    private void give(String key) {
        windows.computeIfPresent(key, (k, w) -> w.count() <= 1 ? null : new Window(w.startMs(), w.count() - 1));
    }
}
