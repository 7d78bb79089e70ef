package io.pilotbench.cli;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.codeUnits;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.domain.JavaType;
import com.tngtech.archunit.core.domain.properties.HasModifiers;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The layout of docs/design.md#modules, checked on the compiled classes of every module (the command line depends on
 * them all).
 *
 * <ul>
 *   <li>Modules point down: stats ← core ← process, simulate ← report, script, experiment ← mill ← cli.</li>
 *   <li>Inside core: model at the bottom; analysis, input, env on it; engine, store, compare above; the api facade on
 *       top, imported by nothing in core.</li>
 *   <li>No two packages anywhere import each other, directly or through others.</li>
 *   <li>The public API (model, compare, api) speaks only Java, {@code io.pilotbench.stats} and its own types.</li>
 * </ul>
 */
class ArchitectureTest {
    private static final JavaClasses PILOT = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.pilotbench");

    /** The packages whose public types users of the library import. */
    static final String[] API = {
        "io.pilotbench.core.model..", "io.pilotbench.core.compare..", "io.pilotbench.core.api.."
    };

    @Test
    void modulesDependOnlyDownward() {
        layeredArchitecture()
                .consideringOnlyDependenciesInLayers()
                .layer("stats")
                .definedBy("io.pilotbench.stats..")
                .layer("core")
                .definedBy("io.pilotbench.core..")
                .layer("process")
                .definedBy("io.pilotbench.process..")
                .layer("simulate")
                .definedBy("io.pilotbench.simulate..")
                .layer("report")
                .definedBy("io.pilotbench.report..")
                .layer("script")
                .definedBy("io.pilotbench.script..")
                .layer("junit")
                .definedBy("io.pilotbench.junit..")
                .layer("experiment")
                .definedBy("io.pilotbench.experiment..")
                .layer("mill")
                .definedBy("io.pilotbench.mill..")
                .layer("cli")
                .definedBy("io.pilotbench.cli..")
                .whereLayer("junit")
                .mayNotBeAccessedByAnyLayer()
                .whereLayer("cli")
                .mayNotBeAccessedByAnyLayer()
                .whereLayer("mill")
                .mayOnlyBeAccessedByLayers("cli")
                .whereLayer("experiment")
                .mayOnlyBeAccessedByLayers("mill", "cli")
                .whereLayer("report")
                .mayOnlyBeAccessedByLayers("experiment", "mill", "cli")
                .whereLayer("script")
                .mayOnlyBeAccessedByLayers("cli")
                .whereLayer("process")
                .mayOnlyBeAccessedByLayers("cli", "script", "experiment", "mill")
                .whereLayer("simulate")
                .mayOnlyBeAccessedByLayers("report", "cli")
                .whereLayer("core")
                .mayOnlyBeAccessedByLayers(
                        "process", "simulate", "report", "script", "junit", "experiment", "mill", "cli")
                .check(PILOT);
    }

    @Test
    void coreIsLayeredWithTheModelAtTheBottomAndTheApiOnTop() {
        layeredArchitecture()
                .consideringOnlyDependenciesInLayers()
                .layer("model")
                .definedBy("io.pilotbench.core.model..")
                .layer("analysis")
                .definedBy("io.pilotbench.core.analysis..")
                .layer("input")
                .definedBy("io.pilotbench.core.input..")
                .layer("env")
                .definedBy("io.pilotbench.core.env..")
                .layer("engine")
                .definedBy("io.pilotbench.core.engine..")
                .layer("store")
                .definedBy("io.pilotbench.core.store..")
                .layer("compare")
                .definedBy("io.pilotbench.core.compare..")
                .layer("api")
                .definedBy("io.pilotbench.core.api..")
                .whereLayer("api")
                .mayNotBeAccessedByAnyLayer()
                .whereLayer("engine")
                .mayOnlyBeAccessedByLayers("api")
                .whereLayer("store")
                .mayOnlyBeAccessedByLayers("api")
                .whereLayer("compare")
                .mayOnlyBeAccessedByLayers("api")
                .whereLayer("env")
                .mayOnlyBeAccessedByLayers("api")
                .whereLayer("analysis")
                .mayOnlyBeAccessedByLayers("engine", "compare", "api")
                .whereLayer("input")
                .mayOnlyBeAccessedByLayers("store", "api")
                .check(PILOT);
        // the plumbing every module writes files with stands on nothing of Pilot's
        classes()
                .that()
                .resideInAPackage("io.pilotbench.core.files..")
                .should()
                .onlyDependOnClassesThat()
                .resideInAnyPackage(
                        "io.pilotbench.core.files..", "java..", "tools.jackson..", "org.apache.commons.io..")
                .check(PILOT);
        classes()
                .that()
                .resideInAPackage("io.pilotbench.core.model..")
                .should()
                .onlyDependOnClassesThat()
                .resideInAnyPackage("io.pilotbench.core.model..", "io.pilotbench.stats..", "java..")
                .check(PILOT);
    }

    /** Campaigns (pilot-script) and JUnit assertions (pilot-junit) use the library's public API, as users do. */
    @Test
    void scriptsUseOnlyThePublicApiOfCore() {
        noClasses()
                .that()
                .resideInAnyPackage("io.pilotbench.script..", "io.pilotbench.junit..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "io.pilotbench.core.engine..",
                        "io.pilotbench.core.store..",
                        "io.pilotbench.core.env..",
                        "io.pilotbench.core.analysis..",
                        "io.pilotbench.core.input..")
                .check(PILOT);
    }

    @Test
    void noPackagesDependOnEachOther() {
        slices().matching("io.pilotbench.(**)").should().beFreeOfCycles().check(PILOT);
    }

    @Test
    void thePublicApiSpeaksOnlyJavaStatsAndItsOwnTypes() {
        ArchCondition<JavaCodeUnit> signature = new ArchCondition<>("use only API types in their signature") {
            @Override
            public void check(JavaCodeUnit unit, ConditionEvents events) {
                List<JavaType> types = new ArrayList<>(unit.getParameterTypes());
                types.add(unit.getReturnType());
                types.addAll(unit.getThrowsClause().getTypes());
                report(unit.getFullName(), types, events);
            }
        };
        codeUnits()
                .that()
                .arePublic()
                .and()
                .areDeclaredInClassesThat(publicApi())
                .should(signature)
                .check(PILOT);
        ArchCondition<JavaField> field = new ArchCondition<>("have an API type") {
            @Override
            public void check(JavaField f, ConditionEvents events) {
                report(f.getFullName(), List.of(f.getType()), events);
            }
        };
        fields().that()
                .arePublic()
                .and()
                .areDeclaredInClassesThat(publicApi())
                .should(field)
                .check(PILOT);
    }

    @Test
    void publicApiClassesCannotBeSubclassed() {
        classes()
                .that(publicApi())
                .and()
                .areNotInterfaces()
                .and()
                .areNotEnums()
                .and()
                .areNotRecords()
                .should()
                .haveModifier(JavaModifier.FINAL)
                .check(PILOT);
    }

    @Test
    void statsIsPureNoIoNoClockNoConsole() {
        noClasses()
                .that()
                .resideInAPackage("io.pilotbench.stats..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("java.io..", "java.nio..", "java.net..")
                .orShould()
                .callMethod(System.class, "nanoTime")
                .orShould()
                .callMethod(System.class, "currentTimeMillis")
                .orShould()
                .accessField(System.class, "out")
                .check(PILOT);
    }

    @Test
    void analysisAndTheEngineDoNoIoAndReadNoClock() {
        noClasses()
                .that()
                .resideInAnyPackage("io.pilotbench.core.analysis..", "io.pilotbench.core.engine..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("java.io..", "java.nio.file..", "java.net..")
                .orShould()
                .callMethod(System.class, "nanoTime")
                .orShould()
                .callMethod(System.class, "currentTimeMillis")
                .check(PILOT);
    }

    @Test
    void noModuleBelowTheCommandLineUsesPicocli() {
        noClasses()
                .that()
                .resideOutsideOfPackage("io.pilotbench.cli..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("picocli..")
                .check(PILOT);
    }

    /**
     * docs/design.md#dependencies: OSHI's API churns, so one package wraps it and no OSHI (or JNA) type leaves that
     * package; JNA is also used, privately, by the process launcher (posix_spawn + wait4).
     */
    @Test
    void onlyTheEnvironmentPackageUsesOshiAndNativeCallsStayPrivate() {
        noClasses()
                .that()
                .resideOutsideOfPackage("io.pilotbench.core.env")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("oshi..")
                .check(PILOT);
        noClasses()
                .that()
                .resideOutsideOfPackages("io.pilotbench.core.env", "io.pilotbench.process")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("com.sun.jna..")
                .check(PILOT);
        classes()
                .that()
                .resideInAnyPackage("io.pilotbench.core.env", "io.pilotbench.process")
                .and()
                .arePublic()
                .should()
                .onlyDependOnClassesThat()
                .resideOutsideOfPackages("oshi..", "com.sun.jna..")
                .check(PILOT);
    }

    private static DescribedPredicate<JavaClass> publicApi() {
        return JavaClass.Predicates.resideInAnyPackage(API)
                .and(HasModifiers.Predicates.modifier(JavaModifier.PUBLIC))
                .as("public classes of the API packages");
    }

    private static void report(String where, List<JavaType> types, ConditionEvents events) {
        for (JavaType t : types) {
            for (JavaClass c : t.getAllInvolvedRawTypes()) {
                boolean allowed = c.isPrimitive()
                        || c.isArray() && c.getBaseComponentType().isPrimitive()
                        || Stream.of(
                                        "java.",
                                        "io.pilotbench.stats.",
                                        "io.pilotbench.core.model.",
                                        "io.pilotbench.core.compare.",
                                        "io.pilotbench.core.api.")
                                .anyMatch(
                                        p -> c.getBaseComponentType().getName().startsWith(p));
                if (!allowed) {
                    events.add(SimpleConditionEvent.violated(where, where + " uses " + c.getName()));
                }
            }
        }
    }
}
