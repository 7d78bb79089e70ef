package io.pilotbench.cli;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** DESIGN.md: dependencies point down the module table only (stats ← core ← cli), and stats does no I/O. */
class ArchitectureTest {
    private static final JavaClasses PILOT = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("io.pilotbench");

    @Test
    void statsDependsOnNothingOfOurs() {
        noClasses().that().resideInAPackage("io.pilotbench.stats..")
                .should().dependOnClassesThat().resideInAnyPackage("io.pilotbench.core..", "io.pilotbench.cli..")
                .check(PILOT);
    }

    @Test
    void coreDoesNotDependOnTheCommandLine() {
        noClasses().that().resideInAPackage("io.pilotbench.core..")
                .should().dependOnClassesThat().resideInAnyPackage("io.pilotbench.cli..", "picocli..")
                .check(PILOT);
    }

    @Test
    void statsIsPureNoIoNoClockNoConsole() {
        noClasses().that().resideInAPackage("io.pilotbench.stats..")
                .should().dependOnClassesThat().resideInAnyPackage("java.io..", "java.nio..", "java.net..")
                .orShould().callMethod(System.class, "nanoTime")
                .orShould().callMethod(System.class, "currentTimeMillis")
                .orShould().accessField(System.class, "out")
                .check(PILOT);
    }

    @Test
    void analysisDoesNoIo() {
        noClasses().that().resideInAPackage("io.pilotbench.core.analysis..")
                .should().dependOnClassesThat().resideInAnyPackage("java.io..", "java.nio.file..", "java.net..")
                .check(PILOT);
    }

    /**
     * DESIGN.md: OSHI's API churns, so one package wraps it and no OSHI (or JNA) type leaves that package; JNA is
     * also used, privately, by the process launcher (posix_spawn + wait4).
     */
    @Test
    void onlyTheEnvironmentPackageUsesOshiAndNativeCallsStayPrivate() {
        noClasses().that().resideOutsideOfPackage("io.pilotbench.core.env")
                .should().dependOnClassesThat().resideInAnyPackage("oshi..")
                .check(PILOT);
        noClasses().that().resideOutsideOfPackages("io.pilotbench.core.env", "io.pilotbench.core.process")
                .should().dependOnClassesThat().resideInAnyPackage("com.sun.jna..")
                .check(PILOT);
        classes().that().resideInAnyPackage("io.pilotbench.core.env", "io.pilotbench.core.process").and().arePublic()
                .should().onlyDependOnClassesThat().resideOutsideOfPackages("oshi..", "com.sun.jna..")
                .check(PILOT);
    }
}
