package io.pilotbench.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * A system test: it starts real services or needs tools and privileges beyond a JDK (Chromium, PostgreSQL, Slurm,
 * sshd, root for a tmpfs or a remount). {@code ./mvnw verify} runs these with failsafe after the unit tests of their
 * module (surefire leaves them out; {@code -Dsurefire.excludedGroups=} puts them back in a surefire run), and in CI a
 * system test that skips fails ({@link SkipsFailInCi}).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag(SystemTest.TAG)
public @interface SystemTest {
    /** The JUnit tag surefire excludes and failsafe runs. */
    String TAG = "system";
}
