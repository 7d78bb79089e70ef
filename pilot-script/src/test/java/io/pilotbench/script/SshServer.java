package io.pilotbench.script;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real OpenSSH server on a free loopback port, for tests of {@code MEASURE remote}: its own host key, one client
 * key authorised for the user running the tests, and the ssh command line that reaches it. Skipped (see
 * {@link #available()}) where Debian's {@code openssh-server} is not installed.
 */
final class SshServer implements AutoCloseable {
    private static final Path SSHD = Path.of("/usr/sbin/sshd");

    private final Process process;
    private final Path dir;
    private final int port;

    private SshServer(Process process, Path dir, int port) {
        this.process = process;
        this.dir = dir;
        this.port = port;
    }

    static boolean available() {
        return Files.isExecutable(SSHD)
                && Files.isExecutable(Path.of("/usr/bin/ssh"))
                && Files.isExecutable(Path.of("/usr/bin/ssh-keygen"));
    }

    static SshServer start(Path dir) throws IOException, InterruptedException {
        run(List.of(
                "ssh-keygen",
                "-q",
                "-t",
                "ed25519",
                "-N",
                "",
                "-f",
                dir.resolve("host_key").toString()));
        run(List.of(
                "ssh-keygen",
                "-q",
                "-t",
                "ed25519",
                "-N",
                "",
                "-f",
                dir.resolve("client_key").toString()));
        Files.copy(dir.resolve("client_key.pub"), dir.resolve("authorized_keys"));
        Files.setPosixFilePermissions(dir.resolve("authorized_keys"), PosixFilePermissions.fromString("rw-------"));
        if ("root".equals(System.getProperty("user.name"))) {
            Files.createDirectories(Path.of("/run/sshd")); // the privilege separation directory sshd insists on
        }
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Path config = Files.writeString(
                dir.resolve("sshd_config"),
                String.join(
                                "\n",
                                "Port " + port,
                                "ListenAddress 127.0.0.1",
                                "HostKey " + dir.resolve("host_key"),
                                "AuthorizedKeysFile " + dir.resolve("authorized_keys"),
                                "PidFile " + dir.resolve("sshd.pid"),
                                "PasswordAuthentication no",
                                "KbdInteractiveAuthentication no",
                                "PubkeyAuthentication yes",
                                "PermitRootLogin prohibit-password",
                                "StrictModes no",
                                "UsePAM no",
                                "")
                        + "\n");
        Process p = new ProcessBuilder(SSHD.toString(), "-D", "-e", "-f", config.toString())
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("sshd.log").toFile())
                .start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (true) {
            try (Socket s = new Socket("127.0.0.1", port)) {
                return new SshServer(p, dir, port);
            } catch (IOException e) {
                if (!p.isAlive() || System.nanoTime() > deadline) {
                    p.destroyForcibly();
                    throw new IOException("sshd did not start: " + Files.readString(dir.resolve("sshd.log")));
                }
                Thread.sleep(20);
            }
        }
    }

    private static void run(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (p.waitFor() != 0) {
            throw new IOException(command + " failed: " + out);
        }
    }

    /** The ssh command (for {@code ENV PILOT_SSH=...}) that reaches this server with the client key. */
    String sshCommand() {
        return "ssh -p " + port + " -i " + dir.resolve("client_key") + " -o StrictHostKeyChecking=no"
                + " -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR";
    }

    /** The destination: the user running the tests, on loopback. */
    String host() {
        return System.getProperty("user.name") + "@127.0.0.1";
    }

    @Override
    public void close() {
        process.destroy();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        process.destroyForcibly();
    }
}
