package io.pilotbench.cli;

import io.pilotbench.core.files.Privileges;
import io.pilotbench.experiment.JobLimits;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code pilot mill}: DataMill's master and workers. */
@Command(
        name = "mill",
        mixinStandardHelpOptions = true,
        usageHelpAutoWidth = true,
        subcommands = {MillCommand.Serve.class, MillCommand.WorkerCommand.class},
        description = {
            "Run experiments over many machines (DataMill, ICPE 2013, section 4): a master keeps experiments, jobs "
                    + "and results in a database and serves a JSON API; workers pull jobs over outbound HTTP, run each "
                    + "one as pilot experiment would, and post the row back. A worker that goes silent loses its job "
                    + "to another when its lease expires; no result is lost or counted twice.",
            ""
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  pilot mill serve --port 8080 --data mill-data",
            "  pilot mill worker --master http://master:8080/ --token TOKEN --data worker-data"
        })
final class MillCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** {@code pilot mill serve}. */
    @Command(
            name = "serve",
            mixinStandardHelpOptions = true,
            usageHelpAutoWidth = true,
            description = {
                "Start the master: the JSON API and web page on --bind and --port, state in the embedded H2 "
                        + "database under --data (nothing to install) or in PostgreSQL (--db). Runs until stopped "
                        + "(Ctrl-C); a restarted master continues where it stopped.",
                ""
            },
            footerHeading = "%nExamples:%n",
            footer = {
                "  pilot mill serve",
                "  pilot mill serve --bind 0.0.0.0 --registration invite --port 9000 --data /srv/mill --lease 2m",
                "  pilot mill serve --db jdbc:postgresql://db:5432/mill --db-user mill",
                "    (the password from the environment variable PILOT_DB_PASSWORD)",
                "",
                "Exit codes: 130 stopped by Ctrl-C, 143 by SIGTERM (the database closed first);",
                "2 bad usage, a port in use, or a --data or --db that cannot be used (one line",
                "on stderr names it); 1 internal error."
            })
    static final class Serve implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(
                names = {"--bind", "--host"},
                paramLabel = "ADDR",
                defaultValue = "127.0.0.1",
                description = "The interface to listen on. Default: 127.0.0.1 (this machine only); give the address "
                        + "workers reach it on, or 0.0.0.0 for all, once --registration says who may submit.")
        String host;

        @Option(
                names = "--registration",
                paramLabel = "POLICY",
                defaultValue = "approval",
                description = "Who may submit experiments, that is run code on the workers: approval (anyone "
                        + "makes an account, which submits once the administrator approves it), invite (an account "
                        + "needs an invite code from the administrator) or open (anyone who reaches the master). The "
                        + "first account is the administrator's. Default: approval.")
        Registration registration;

        @Option(
                names = "--port",
                paramLabel = "P",
                defaultValue = "8080",
                description = "The TCP port (0: any free one, printed). Default: 8080.")
        int port;

        @Option(
                names = "--data",
                paramLabel = "DIR",
                defaultValue = "mill-data",
                description = "The master's directory (the H2 database, uploads being checked). Default: mill-data.")
        Path data;

        @Option(
                names = "--db",
                paramLabel = "URL",
                description = "A JDBC URL for PostgreSQL (jdbc:postgresql://host:5432/mill) instead of the embedded "
                        + "H2; its password is read from the environment variable PILOT_DB_PASSWORD.")
        String db;

        @Option(names = "--db-user", paramLabel = "USER", description = "The database user (with --db).")
        String dbUser;

        @Option(
                names = "--lease",
                paramLabel = "DURATION",
                defaultValue = "60s",
                description = "How long a job stays a worker's without a heartbeat (workers beat every third of it); "
                        + "then it goes to another worker. Default: 60s.")
        Duration lease;

        /** Who may submit experiments ({@code --registration}); the master takes the lower-case name. */
        enum Registration {
            APPROVAL,
            INVITE,
            OPEN
        }

        @Override
        public Integer call() throws Exception {
            if (port < 0 || port > 65535) {
                throw new IllegalArgumentException("--port must be 0 to 65535, got " + port);
            }
            if (db != null && !db.startsWith("jdbc:")) {
                throw new IllegalArgumentException(
                        "--db: '" + db + "' is not a JDBC URL (e.g. " + "jdbc:postgresql://localhost:5432/mill)");
            }
            Duration leaseTime = lease;
            String policy = registration.name().toLowerCase(java.util.Locale.ROOT);
            quietLibraries();
            MillProcesses.serveUntilStopped(
                    host,
                    port,
                    data,
                    db,
                    dbUser,
                    leaseTime,
                    policy,
                    spec.commandLine().getOut());
            return ExitCode.OK.code();
        }
    }

    /**
     * The pool, the migrations and the web server log every start-up step at INFO; the master's own line says what
     * matters, so they log warnings and errors only, unless the user set a level for them (SLF4J simple's
     * {@code -Dorg.slf4j.simpleLogger.log.NAME=info}). Read once, when the first logger is made: so before any.
     */
    static void quietLibraries() {
        for (String name : new String[] {"com.zaxxer.hikari", "org.flywaydb", "io.javalin", "org.eclipse.jetty"}) {
            String key = "org.slf4j.simpleLogger.log." + name;
            if (System.getProperty(key) == null) {
                System.setProperty(key, "warn");
            }
        }
        // Javalin's own logger says "Failed to start Javalin" at ERROR before the master's one line on a port in
        // use; the errors of requests are logged by its other loggers, which stay at warn
        String javalin = "org.slf4j.simpleLogger.log.io.javalin.Javalin";
        if (System.getProperty(javalin) == null) {
            System.setProperty(javalin, "off");
        }
    }

    /** {@code pilot mill worker}. */
    @Command(
            name = "worker",
            mixinStandardHelpOptions = true,
            usageHelpAutoWidth = true,
            description = {
                "Run jobs for a master: register once (with a one-time --token; the secret it gets is kept "
                        + "in --data, so a restarted worker needs no token), then lease a job, fetch its packages and "
                        + "verify their SHA-256, run it in its own directory under --data while heartbeating, post its row; "
                        + "repeat. Outbound HTTP only; waits out a master restart. Runs until stopped.",
                ""
            },
            footerHeading = "%nExamples:%n",
            footer = {
                "  pilot mill worker --master http://master:8080/ --token TOKEN --run-as nobody",
                "  pilot mill worker --master http://master:8080/ --data /var/lib/pilot-worker --run-as pilot \\",
                "      --memory-limit 8GiB --time-limit 2h",
                "",
                "Exit codes: 130 stopped by Ctrl-C, 143 by SIGTERM (what a job left running is",
                "killed; the master gives the job out again when its lease ends); 2 bad usage,",
                "a refused --token, a master that no longer knows this worker, or a --data",
                "that cannot be used (one line on stderr names it); 1 internal error."
            })
    static final class WorkerCommand implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(
                names = "--master",
                paramLabel = "URL",
                required = true,
                description = "The master's URL, e.g. http://master:8080/.")
        String master;

        @Option(
                names = "--token",
                paramLabel = "TOKEN",
                description = "A one-time enrolment token from the master (its administrator makes one); needed the "
                        + "first time only.")
        String token;

        @Option(
                names = "--data",
                paramLabel = "DIR",
                defaultValue = "worker-data",
                description = "The worker's directory: its identity, experiments and job directories. Default: "
                        + "worker-data.")
        Path data;

        @Option(
                names = "--name",
                paramLabel = "NAME",
                description = "The name to register under. Default: the host name.")
        String name;

        @Option(
                names = "--poll",
                paramLabel = "DURATION",
                defaultValue = "2s",
                description = "How long to wait before asking again when there is no job. Default: 2s.")
        Duration poll;

        @Option(
                names = "--run-as",
                paramLabel = "USER",
                description = "The account the jobs' commands run as (setpriv; the worker must be root): their "
                        + "directories are given to it, what Pilot records stays the worker's. Required when the worker "
                        + "runs as root: --run-as root runs other people's experiments as root, if you mean it.")
        String runAs;

        @Option(
                names = "--memory-limit",
                paramLabel = "SIZE",
                description = "A cap on each job's memory, all of its processes together (its own memory cgroup, "
                        + "where the worker can make one; else an address-space limit per process), e.g. 4GiB. Default: "
                        + "none.")
        Converters.ByteSize memoryLimit;

        @Option(
                names = "--time-limit",
                paramLabel = "DURATION",
                description = "A cap on each job's wall time, setup and collect included; at it the job's processes "
                        + "are killed and its row says so. Default: the experiment's max-time plus 10 minutes (none "
                        + "when it has no max-time).")
        Duration timeLimit;

        @Override
        public Integer call() throws Exception {
            URI uri;
            try {
                uri = new URI(master.endsWith("/") ? master : master + "/");
            } catch (URISyntaxException e) {
                throw new IllegalArgumentException(
                        "--master: '" + master + "' is not a URL (e.g. " + "http://master:8080/)");
            }
            if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme())) {
                throw new IllegalArgumentException(
                        "--master: '" + master + "' is not an http(s) URL (e.g. " + "http://master:8080/)");
            }
            if (uri.getHost() == null) {
                throw new IllegalArgumentException(
                        "--master: '" + master + "' has no host (e.g. " + "http://master:8080/)");
            }
            Duration every = poll;
            if (runAs == null && Privileges.isRoot()) {
                throw new IllegalArgumentException("pilot mill worker runs as root, so its jobs would too: give "
                        + "--run-as USER (an unprivileged account, e.g. nobody), or --run-as root if you mean it");
            }
            long memory = memoryLimit == null ? 0 : memoryLimit.bytes();
            Duration time = timeLimit;
            JobLimits limits;
            try {
                limits = new JobLimits(runAs, memory, time);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--run-as, --memory-limit or --time-limit: " + e.getMessage());
            }
            try {
                MillProcesses.work(
                        uri,
                        token,
                        data,
                        name,
                        every,
                        limits,
                        spec.commandLine().getOut());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return ExitCode.OK.code();
        }
    }
}
