package io.pilotbench.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * Small test classes (nested, so surefire does not run them itself) run through the JUnit Platform Launcher with CI
 * on or off, the way surefire runs every module's tests: auto-detection registers the extension.
 */
class SkipsFailInCiTest {

    static class NeedsATool {
        @Test
        void usesFrobnicate() {
            Assumptions.assumeTrue(false, "frobnicate is not on PATH (apt-get install frobnicate)");
        }

        @Test
        void needsNothing() {}
    }

    static class NeedsAToolForAll {
        @BeforeAll
        static void startServer() {
            Assumptions.assumeTrue(false, "no frobnicate server");
        }

        @Test
        void talksToTheServer() {}
    }

    static class NeedsRoot {
        @Test
        void mounts() {
            Circumstances.assumeTrue(false, "needs root");
        }
    }

    static class DisabledByACondition {
        @Test
        @EnabledIfSystemProperty(
                named = "pilot.frobnicate.home",
                matches = ".+",
                disabledReason = "frobnicate is not installed")
        void usesFrobnicate() {}
    }

    static class OnAnotherPlatform {
        @Test
        @EnabledOnOs(OS.OTHER)
        void runsThereOnly() {}
    }

    @Test
    void inCiAFailedAssumptionIsAFailureThatNamesTheTool() {
        Map<String, TestExecutionResult> results = run(NeedsATool.class, true);
        TestExecutionResult skipped = results.get("usesFrobnicate()");
        assertThat(skipped.getStatus()).isEqualTo(TestExecutionResult.Status.FAILED);
        assertThat(skipped.getThrowable().orElseThrow())
                .hasMessageContaining("may not skip")
                .hasMessageContaining("frobnicate is not on PATH");
        assertThat(results.get("needsNothing()").getStatus()).isEqualTo(TestExecutionResult.Status.SUCCESSFUL);
    }

    @Test
    void outsideCiItSkips() {
        Map<String, TestExecutionResult> results = run(NeedsATool.class, false);
        assertThat(results.get("usesFrobnicate()").getStatus()).isEqualTo(TestExecutionResult.Status.ABORTED);
    }

    @Test
    void inCiAFailedAssumptionBeforeAllFailsTheClass() {
        Map<String, TestExecutionResult> results = run(NeedsAToolForAll.class, true);
        TestExecutionResult container = results.get("NeedsAToolForAll");
        assertThat(container.getStatus()).isEqualTo(TestExecutionResult.Status.FAILED);
        assertThat(container.getThrowable().orElseThrow()).hasMessageContaining("no frobnicate server");
        assertThat(run(NeedsAToolForAll.class, false).get("NeedsAToolForAll").getStatus())
                .isEqualTo(TestExecutionResult.Status.ABORTED);
    }

    @Test
    void aCircumstanceStillSkipsInCi() {
        assertThat(run(NeedsRoot.class, true).get("mounts()").getStatus())
                .isEqualTo(TestExecutionResult.Status.ABORTED);
    }

    @Test
    void inCiAConditionThatDisablesATestFailsIt() {
        TestExecutionResult result = run(DisabledByACondition.class, true).get("usesFrobnicate()");
        assertThat(result.getStatus()).isEqualTo(TestExecutionResult.Status.FAILED);
        assertThat(result.getThrowable().orElseThrow()).hasMessageContaining("frobnicate is not installed");
        assertThat(run(DisabledByACondition.class, false)).containsEntry("usesFrobnicate()", null);
    }

    @Test
    void anOperatingSystemConditionStillDisablesInCi() {
        assertThat(run(OnAnotherPlatform.class, true)).containsEntry("runsThereOnly()", null);
    }

    private static String name(TestIdentifier id) {
        return id.getDisplayName().substring(id.getDisplayName().lastIndexOf('$') + 1);
    }

    /** Each test's and class's result by display name (a class's simple name); null for one a condition skipped. */
    private static Map<String, TestExecutionResult> run(Class<?> tests, boolean ci) {
        Map<String, TestExecutionResult> results = new LinkedHashMap<>();
        TestExecutionListener listener = new TestExecutionListener() {
            @Override
            public void executionSkipped(TestIdentifier id, String reason) {
                results.put(name(id), null);
            }

            @Override
            public void executionFinished(TestIdentifier id, TestExecutionResult result) {
                results.put(name(id), result);
            }
        };
        LauncherFactory.create()
                .execute(
                        LauncherDiscoveryRequestBuilder.request()
                                .selectors(selectClass(tests))
                                .configurationParameter("junit.jupiter.extensions.autodetection.enabled", "true")
                                .configurationParameter(SkipsFailInCi.CI_PARAMETER, Boolean.toString(ci))
                                .build(),
                        listener);
        return results;
    }
}
