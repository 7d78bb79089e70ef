package io.pilotbench.testing;

import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.condition.DisabledForJreRange;
import org.junit.jupiter.api.condition.DisabledInNativeImage;
import org.junit.jupiter.api.condition.DisabledOnJre;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.EnabledInNativeImage;
import org.junit.jupiter.api.condition.EnabledOnJre;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.LifecycleMethodExecutionExceptionHandler;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;
import org.junit.platform.commons.support.ReflectionSupport;
import org.opentest4j.TestAbortedException;

/**
 * In CI a system test may not skip: a laptop without Chromium, PostgreSQL, Slurm or sshd skips the tests that need
 * them, but a CI run that lost a package must not look green.
 *
 * <p>Registered for every module's tests through {@code META-INF/services} (JUnit's extension auto-detection, switched
 * on for surefire in the parent POM). When CI is on — the configuration parameter or system property
 * {@value #CI_PARAMETER}, else the environment variable {@code CI} — it
 *
 * <ul>
 *   <li>turns a failed assumption (a {@link TestAbortedException}) of a test, or of its before/after methods, into
 *       a failure that carries the assumption's message, which names what is missing;
 *   <li>evaluates the conditions on a test or class other than the platform's (operating system, JRE, native image)
 *       — {@code @EnabledIf}, {@code @DisabledIfEnvironmentVariable} and the like — before they run, and fails the
 *       test when one of them would disable it.
 * </ul>
 *
 * <p>A skip that no package can cure (the test needs root, a block device, a network address) is declared with
 * {@link Circumstances}: it still skips in CI. Outside CI nothing changes.
 */
public final class SkipsFailInCi
        implements ExecutionCondition, TestExecutionExceptionHandler, LifecycleMethodExecutionExceptionHandler {
    /** The configuration parameter (or system property) that says CI on ({@code true}) or off, before {@code CI}. */
    public static final String CI_PARAMETER = "pilot.ci";

    /** The conditions that say where a test applies, not what is installed: left alone. */
    private static final Set<Class<? extends Annotation>> PLATFORM = Set.of(
            EnabledOnOs.class,
            DisabledOnOs.class,
            EnabledOnJre.class,
            DisabledOnJre.class,
            EnabledForJreRange.class,
            DisabledForJreRange.class,
            EnabledInNativeImage.class,
            DisabledInNativeImage.class);

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        if (!inCi(context) || context.getElement().isEmpty()) {
            return ConditionEvaluationResult.enabled("not in CI");
        }
        for (Class<? extends ExecutionCondition> type :
                conditionsOn(context.getElement().get())) {
            ConditionEvaluationResult result =
                    ReflectionSupport.newInstance(type).evaluateExecutionCondition(context);
            if (result.isDisabled()) {
                throw new AssertionError("CI=true: a system test may not be disabled here; " + type.getSimpleName()
                        + " says: " + result.getReason().orElse("(no reason given)"));
            }
        }
        return ConditionEvaluationResult.enabled("CI: no condition disables it");
    }

    @Override
    public void handleTestExecutionException(ExtensionContext context, Throwable thrown) throws Throwable {
        throw failInCi(context, thrown);
    }

    @Override
    public void handleBeforeAllMethodExecutionException(ExtensionContext context, Throwable thrown) throws Throwable {
        throw failInCi(context, thrown);
    }

    @Override
    public void handleBeforeEachMethodExecutionException(ExtensionContext context, Throwable thrown) throws Throwable {
        throw failInCi(context, thrown);
    }

    @Override
    public void handleAfterEachMethodExecutionException(ExtensionContext context, Throwable thrown) throws Throwable {
        throw failInCi(context, thrown);
    }

    @Override
    public void handleAfterAllMethodExecutionException(ExtensionContext context, Throwable thrown) throws Throwable {
        throw failInCi(context, thrown);
    }

    /** What to throw instead of {@code thrown}: a failure when it is a skip that CI does not allow, else itself. */
    private static Throwable failInCi(ExtensionContext context, Throwable thrown) {
        if (thrown instanceof TestAbortedException && !(thrown instanceof Circumstances.NotMet) && inCi(context)) {
            AssertionError failure = new AssertionError("CI=true: a system test may not skip; it lacks: "
                    + Optional.ofNullable(thrown.getMessage()).orElse("(the assumption gave no reason)"));
            failure.initCause(thrown);
            return failure;
        }
        return thrown;
    }

    static boolean inCi(ExtensionContext context) {
        Optional<String> parameter = context.getConfigurationParameter(CI_PARAMETER);
        return Boolean.parseBoolean(parameter.orElseGet(() -> System.getenv("CI")));
    }

    /** The condition classes that annotations on {@code element} (or on their own annotations) register. */
    private static Set<Class<? extends ExecutionCondition>> conditionsOn(AnnotatedElement element) {
        Set<Class<? extends ExecutionCondition>> found = new LinkedHashSet<>();
        for (Annotation a : element.getAnnotations()) {
            collect(a.annotationType(), found, new LinkedHashSet<>());
        }
        return found;
    }

    @SuppressWarnings("unchecked")
    private static void collect(
            Class<? extends Annotation> type, Set<Class<? extends ExecutionCondition>> found, Set<Class<?>> seen) {
        if (PLATFORM.contains(type) || type.getName().startsWith("java.") || !seen.add(type)) {
            return;
        }
        for (ExtendWith extendWith : type.getAnnotationsByType(ExtendWith.class)) {
            for (Class<?> extension : extendWith.value()) {
                if (ExecutionCondition.class.isAssignableFrom(extension) && extension != SkipsFailInCi.class) {
                    found.add((Class<? extends ExecutionCondition>) extension);
                }
            }
        }
        for (Annotation meta : type.getAnnotations()) {
            collect(meta.annotationType(), found, seen);
        }
    }
}
