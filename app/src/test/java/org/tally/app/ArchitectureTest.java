package org.tally.app;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** Layering that code review alone would let slip (the rules inside core: core's CoreArchitectureTest). */
@AnalyzeClasses(packages = "org.tally", importOptions = {ImportOption.DoNotIncludeTests.class,
        ArchitectureTest.DoNotIncludeTestJars.class})
class ArchitectureTest {

    /** Other modules' test jars (shared fixtures on this module's test class path) are tests too. */
    public static final class DoNotIncludeTestJars implements ImportOption {
        @Override
        public boolean includes(Location location) {
            return !location.contains("-tests.jar");
        }
    }

    /** core and models run headless (command line, tests, benchmarks): no JavaFX, no UI. */
    @ArchTest
    static final ArchRule coreAndModelsStayFreeOfJavaFx = noClasses()
            .that().resideInAnyPackage("org.tally.core..", "org.tally.models..")
            .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.tally.ui..", "atlantafx..")
            .because("the engine must run without a display; only the ui module knows JavaFX");

    /** Model runtimes are adapted in models; core sees only its own Planner interface. */
    @ArchTest
    static final ArchRule coreKnowsNoModelRuntime = noClasses()
            .that().resideInAnyPackage("org.tally.core..", "org.tally.ui..")
            .should().dependOnClassesThat().resideInAnyPackage("de.kherud..", "org.tally.models..")
            .because("llama.cpp is an adapter behind core's planner interface, wired by the app");

    /** View models hold the UI logic and are tested without a stage: JavaFX properties yes, controls no. */
    @ArchTest
    static final ArchRule viewModelsHoldNoControls = noClasses()
            .that().resideInAPackage("org.tally.ui..")
            .and().haveSimpleNameEndingWith("Model")
            .should().dependOnClassesThat().resideInAnyPackage("javafx.scene..", "javafx.stage..", "atlantafx..")
            .because("view models are unit-tested without a stage");

    /** The workstation asks core for everything a database says (answers, catalogs, the source check). */
    @ArchTest
    static final ArchRule theUiNeverTouchesJdbc = noClasses()
            .that().resideInAPackage("org.tally.ui..")
            .should().dependOnClassesThat().resideInAnyPackage("java.sql..", "javax.sql..")
            .because("connections, SQL and what a database can do belong to core (SourceChecker, the engines)");

    // Package-private by default (a public type of core or models is used from another package) is checked in the
    // acceptance module, the last one built, where the test code of every module is compiled and can be read:
    // org.tally.acceptance.PackagePrivateByDefaultTest.
}
