package io.pilotbench.mill;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;

/**
 * A master as its own process, for the crash test ({@code pilot mill serve} is the real entry point; this module
 * cannot depend on the CLI): {@code PORT DATA LEASE_MS}. Runs until killed.
 */
public final class MasterMain {
    private MasterMain() {}

    public static void main(String[] args) throws Exception {
        MillServer.start(
                new MillServer.Options(
                        "127.0.0.1",
                        Integer.parseInt(args[0]),
                        Path.of(args[1]),
                        null,
                        null,
                        null,
                        Duration.ofMillis(Long.parseLong(args[2]))),
                Clock.systemUTC(),
                new PrintWriter(System.out, true));
        Thread.currentThread().join();
    }
}
