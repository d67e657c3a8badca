package org.tally.app;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchIgnore;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;

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

    /**
     * Package-private by default: a public class of core or models is used from another package (or module).
     * Switched on with the sweeping style change that makes the rest package-private (docs/architecture.md).
     */
    @ArchIgnore(reason = "the sweeping style change (package-private by default) is done last, by one engineer, after"
            + " every branch has landed; switch this rule on with it")
    @ArchTest
    static final ArchRule publicOnlyWhereUsedFromElsewhere = classes()
            .that().resideInAnyPackage("org.tally.core..", "org.tally.models..")
            .and().areTopLevelClasses()
            .and().arePublic()
            .should(beUsedFromAnotherPackage())
            .because("a type nobody outside its package uses is package-private, so its package can change it freely");

    private static ArchCondition<JavaClass> beUsedFromAnotherPackage() {
        return new ArchCondition<>("be used from another package") {
            @Override
            public void check(JavaClass type, ConditionEvents events) {
                boolean used = false;
                for (Dependency d : type.getDirectDependenciesToSelf()) {
                    if (!d.getOriginClass().getPackageName().equals(type.getPackageName())) {
                        used = true;
                        break;
                    }
                }
                if (!used) {
                    events.add(SimpleConditionEvent.violated(type, type.getName()
                            + " is public but only its own package uses it"));
                }
            }
        };
    }
}
