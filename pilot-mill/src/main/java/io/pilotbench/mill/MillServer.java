package io.pilotbench.mill;

import com.zaxxer.hikari.HikariDataSource;
import io.javalin.Javalin;
import io.javalin.http.staticfiles.Location;
import io.pilotbench.core.files.FileTrees;
import io.pilotbench.core.model.InputException;
import java.io.PrintWriter;
import java.net.BindException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;

/**
 * The mill's master (paper §4): an HTTP server (Javalin on Jetty 12) with the JSON API that users and workers speak
 * ({@link MillApi}) and a static web page, over a {@link MillStore}. It keeps no state of its own: everything is in
 * the database, so a restarted master continues where it stopped and its workers carry on.
 *
 * <pre>
 * DATA/mill.mv.db       the embedded H2 database (unless --db names another)
 * DATA/staging/         uploads being checked, removed afterwards
 * </pre>
 */
public final class MillServer implements AutoCloseable {
    private final Javalin app;
    private final MillStore store;
    private final HikariDataSource pool;

    /**
     * Who may submit experiments, that is run code on the workers (docs/mill.md#threat-model). The first
     * account is the administrator's, under every policy.
     */
    public enum Registration {
        /** Anyone who reaches the master makes an account and submits: for a master only trusted people reach. */
        OPEN,
        /** An account needs a one-time invite code from the administrator ({@code POST /api/invites}). */
        INVITE,
        /** Anyone makes an account, which submits once the administrator approves it: the default. */
        APPROVAL
    }

    /**
     * How to run a master.
     *
     * @param host       the interface to listen on ("127.0.0.1": this machine only; "0.0.0.0": all, so remote
     *                   workers can reach it)
     * @param port       the TCP port (0: any free one; see {@link #port()})
     * @param data       the master's directory (created if missing)
     * @param dbUrl      a JDBC URL (jdbc:postgresql://host:5432/mill), or null for the embedded H2 in {@code data}
     * @param dbUser     the database user, or null
     * @param dbPassword the database password, or null
     * @param lease      how long a lease lasts without a heartbeat (workers beat every third of it); a worker
     *                   silent that long loses its job to another
     * @param registration who may submit
     */
    public record Options(
            String host,
            int port,
            Path data,
            String dbUrl,
            String dbUser,
            String dbPassword,
            Duration lease,
            Registration registration) {
        /** With the default registration policy, {@link Registration#APPROVAL}. */
        public Options(
                String host, int port, Path data, String dbUrl, String dbUser, String dbPassword, Duration lease) {
            this(host, port, data, dbUrl, dbUser, dbPassword, lease, Registration.APPROVAL);
        }

        /**
         * The defaults: this machine only (127.0.0.1), port 8080, data in ./mill-data, embedded H2, 60 s leases,
         * accounts approved by the administrator.
         */
        public static Options defaults() {
            return new Options(
                    "127.0.0.1",
                    8080,
                    Path.of("mill-data"),
                    null,
                    null,
                    null,
                    Duration.ofSeconds(60),
                    Registration.APPROVAL);
        }
    }

    private MillServer(Javalin app, MillStore store, HikariDataSource pool) {
        this.app = app;
        this.store = store;
        this.pool = pool;
    }

    /**
     * Opens (or creates and migrates) the database and starts serving.
     *
     * @param log one line when it listens, or null
     * @throws InputException when the port is taken or the database cannot be opened
     */
    public static MillServer start(Options o, Clock clock, PrintWriter log) throws java.io.IOException {
        if (o.lease().toMillis() < 1000) {
            throw new InputException("--lease: " + o.lease().toMillis() + " ms is too short; give at least 1s");
        }
        Files.createDirectories(o.data());
        HikariDataSource pool;
        MillStore store;
        try {
            pool = MillStore.pool(o.dbUrl(), o.dbUser(), o.dbPassword(), o.data());
        } catch (RuntimeException e) {
            throw cannotOpen(o, e);
        }
        try {
            store = new MillStore(pool, clock);
        } catch (RuntimeException e) {
            pool.close();
            throw cannotOpen(o, e);
        }
        store.renewLeases(o.lease().toMillis());
        FileTrees.delete(o.data().resolve("staging")); // uploads being checked when a previous master stopped
        // absolute, so that the messages of a checked upload can name its files without this machine's paths
        MillApi api = new MillApi(
                store,
                o.lease(),
                o.data().toAbsolutePath().normalize().resolve("staging"),
                o.registration() == null ? Registration.APPROVAL : o.registration(),
                clock);
        Javalin app = Javalin.create(config -> {
            config.startup.showJavalinBanner = false;
            config.http.maxRequestSize = MillApi.MAX_UPLOAD;
            config.staticFiles.add("/io/pilotbench/mill/web", Location.CLASSPATH);
            api.routes(config.routes);
        });
        try {
            app.start(o.host(), o.port());
        } catch (RuntimeException e) {
            store.close();
            if (rootCause(e) instanceof BindException) {
                throw new InputException(
                        "--port " + o.port() + ": cannot listen (" + rootMessage(e) + "); choose " + "another port");
            }
            throw e;
        }
        if (log != null) {
            log.println("pilot mill: master listening on http://" + o.host() + ":" + app.port() + "/ (data in "
                    + o.data() + ", database " + (o.dbUrl() == null ? "embedded H2" : o.dbUrl()) + ", registration "
                    + (o.registration() == null ? Registration.APPROVAL : o.registration())
                            .name()
                            .toLowerCase(java.util.Locale.ROOT)
                    + ")");
            log.flush();
        }
        return new MillServer(app, store, pool);
    }

    /** One line for a database that cannot be opened or migrated. */
    private static InputException cannotOpen(Options o, RuntimeException e) {
        if (o.dbUrl() == null) {
            return new InputException("--data " + o.data() + ": cannot open the embedded database (" + rootMessage(e)
                    + "); is another master using this directory?");
        }
        return new InputException("--db " + o.dbUrl() + ": cannot open the database (" + rootMessage(e) + ")");
    }

    /** The port it listens on. */
    public int port() {
        return app.port();
    }

    /** Stops serving and closes the database. */
    @Override
    public void close() {
        app.stop();
        store.close();
        pool.close();
    }

    MillStore store() {
        return store;
    }

    static Throwable rootCause(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t;
    }

    static String rootMessage(Throwable e) {
        Throwable t = rootCause(e);
        String m = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
        return m.lines().findFirst().orElse(m);
    }
}
