package io.pilotbench.process;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * One run of an external command: what to run, where, and where its output goes.
 *
 * @param argv       the program and its arguments, already substituted; argv[0] is looked up on PATH when it has
 *                   no '/'. Never parsed by a shell (pass {@code sh -c ...} explicitly for that)
 * @param cwd        the working directory, or null for the current one
 * @param env        variables added to (or replacing in) the inherited environment, for the child only
 * @param stdoutFile where the child's standard output is written (created or truncated)
 * @param stderrFile where the child's standard error is written (created or truncated)
 * @param timeout    the longest the command may run before its whole process tree is killed; null: no limit
 */
public record CommandRequest(
        List<String> argv, Path cwd, Map<String, String> env, Path stdoutFile, Path stderrFile, Duration timeout) {
    public CommandRequest {
        if (argv == null || argv.isEmpty() || argv.get(0).isEmpty()) {
            throw new IllegalArgumentException("a command needs a program name");
        }
        argv = List.copyOf(argv);
        env = env == null ? Map.of() : Map.copyOf(env);
        if (stdoutFile == null || stderrFile == null) {
            throw new IllegalArgumentException("stdoutFile and stderrFile are required");
        }
        if (timeout != null && (timeout.isNegative() || timeout.isZero())) {
            throw new IllegalArgumentException("timeout must be > 0, got " + timeout);
        }
    }
}
