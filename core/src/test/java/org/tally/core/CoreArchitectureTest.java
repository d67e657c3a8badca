package org.tally.core;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.type;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import java.sql.Connection;
import org.junit.jupiter.api.Test;
import java.util.List;
import org.tally.core.catalog.TextShape;
import org.tally.core.dialect.Dialect;
import org.tally.core.execute.ExecutionHandle;
import org.tally.core.execute.ReadOnlyExecutor;
import org.tally.core.archfixture.BreaksTheLayering;
import org.tally.core.safety.Unvalidated;
import org.tally.core.safety.ValidatedStatement;

/**
 * The layering inside core (docs/architecture.md, "Modules and packages"): what each package may know. Each rule
 * names the one place something happens, so a change that puts it elsewhere fails here rather than in review.
 */
@AnalyzeClasses(packages = "org.tally.core", importOptions = ImportOption.DoNotIncludeTests.class)
class CoreArchitectureTest {

    /** The spec is the typed hand-off between reading and binding: it knows no table, no catalog, no SQL. */
    @ArchTest
    static final ArchRule specImportsNothingOfCore = noClasses()
            .that().resideInAPackage("org.tally.core.spec..")
            .should().dependOnClassesThat(resideInAPackage("org.tally.core..")
                    .and(not(resideInAPackage("org.tally.core.spec.."))))
            .because("a QuerySpec names concepts and roles only; everything else depends on it, never the reverse");

    /**
     * The grammar reads a source only through the vocabulary the binding gives it ({@code GrammarVocabulary} and the
     * value types it hands over, such as the catalog's {@code TextShape} of a column's values).
     */
    @ArchTest
    static final ArchRule grammarReachesTheSourceOnlyThroughItsVocabulary = noClasses()
            .that().resideInAPackage("org.tally.core.grammar..")
            .should().dependOnClassesThat(resideInAnyPackage("org.tally.core.binding..", "org.tally.core.binder..",
                    "org.tally.core.rung..", "org.tally.core.catalog..", "org.tally.core.source..", "org.tally.core.execute..",
                    "org.tally.core.safety..", "org.tally.core.sql..", "org.tally.core.dialect..",
                    "org.tally.core.state..", "java.sql..", "javax.sql..")
                    .and(not(type(TextShape.class))))
            .because("no physical name reaches the grammar except through GrammarVocabulary, which the binding"
                    + " implements (BindingVocabulary)");

    /** Every statement runs through the one pipeline: compile → validate → preflight → execute. */
    @ArchTest
    static final ArchRule onlyThePipelineCallsTheExecutor = noClasses()
            .that().doNotHaveSimpleName("QueryRun")
            .and().resideOutsideOfPackage("org.tally.core.execute..")
            .should().callMethod(ReadOnlyExecutor.class, "execute", Connection.class, ValidatedStatement.class,
                    List.class)
            .orShould().callMethod(ReadOnlyExecutor.class, "execute", Connection.class, ValidatedStatement.class,
                    List.class, ExecutionHandle.class)
            .because("the pipeline (QueryRun) is where a statement is compiled, validated and run, with its steps"
                    + " recorded; a second way to the executor would be a second set of rules");

    /** "Validated before executed" by type: only the safety policy makes a ValidatedStatement. */
    @ArchTest
    static final ArchRule onlyThePolicyValidates = noClasses()
            .that().doNotHaveSimpleName("SqlSafetyPolicy")
            .should().callConstructor(ValidatedStatement.class, String.class, Dialect.class)
            .because("the executor runs nothing but what the safety policy allowed");

    /** What a database does differently is asked of its dialect class, never decided by testing which it is. */
    @ArchTest
    static final ArchRule noSwitchOnTheDialectOutsideItsPackage = noClasses()
            .that().resideOutsideOfPackage("org.tally.core.dialect..")
            .should().callMethod(Dialect.class, "ordinal")
            .because("a switch over the dialects outside the dialect package is a second place a new database must"
                    + " be added (docs/architecture.md, \"A new dialect\")");

    /**
     * Only the H2 databases Tally writes itself (the demo hospital and the local snapshot store) name a dialect
     * constant outside the dialect package.
     */
    @ArchTest
    static final ArchRule noDialectConstantOutsideItsPackage = noClasses()
            .that().resideOutsideOfPackages("org.tally.core.dialect..", "org.tally.core.demo..",
                    "org.tally.core.snapshot..")
            .and().doNotHaveFullyQualifiedName("org.tally.core.source.SourceRef$Demo")
            .should().getField(Dialect.class, "POSTGRES")
            .orShould().getField(Dialect.class, "MYSQL")
            .orShould().getField(Dialect.class, "SQLSERVER")
            .orShould().getField(Dialect.class, "H2")
            .because("comparing with a constant is a switch in disguise: ask the dialect's class instead");

    /** The rules can fail: each catches what {@link BreaksTheLayering} does. */
    @Test
    void theRulesCatchWhatTheyForbid() {
        JavaClasses fixture = new ClassFileImporter().importPackages("org.tally.core.archfixture");
        assertThat(noSwitchOnTheDialectOutsideItsPackage.evaluate(fixture).hasViolation()).isTrue();
        assertThat(noDialectConstantOutsideItsPackage.evaluate(fixture).hasViolation()).isTrue();
        assertThat(onlyThePipelineCallsTheExecutor.evaluate(fixture).hasViolation()).isTrue();
        JavaClasses safetyTests = new ClassFileImporter().importClasses(Unvalidated.class);
        assertThat(onlyThePolicyValidates.evaluate(safetyTests).hasViolation()).isTrue();
    }

    /** The dialect package is the bottom of the SQL layer: the knowledge of databases depends on nothing above it. */
    @ArchTest
    static final ArchRule dialectsKnowNothingAbove = noClasses()
            .that().resideInAPackage("org.tally.core.dialect..")
            .should().dependOnClassesThat(resideInAnyPackage("org.tally.core.sql..", "org.tally.core.safety..",
                    "org.tally.core.execute..", "org.tally.core.catalog..", "org.tally.core.binder..",
                    "org.tally.core.binding..", "org.tally.core.answer..", "org.tally.core.source.."))
            .because("every other layer asks the dialect; a dialect that asked back would make a cycle");

    /** The statement stages are pure or bounded mechanisms: answers and what is remembered belong above them. */
    @ArchTest
    static final ArchRule statementStagesKnowNoAnswersAndNoMemories = noClasses()
            .that().resideInAnyPackage("org.tally.core.execute..", "org.tally.core.safety..",
                    "org.tally.core.sql..", "org.tally.core.dialect..")
            .should().dependOnClassesThat(resideInAnyPackage("org.tally.core.answer..", "org.tally.core.binder..",
                    "org.tally.core.rung..", "org.tally.core.grammar..", "org.tally.core.binding..",
                    "org.tally.core.memory.."))
            .because("the statement layers serve every rung and know none of them; the pipeline remembers their"
                    + " results (the memory package), they do not");

    /** Binding a spec is a pure stage: the rung that runs its query, pages it and remembers readings sits above it. */
    @ArchTest
    static final ArchRule theBinderKnowsNoRungAndNoMemories = noClasses()
            .that().resideInAPackage("org.tally.core.binder..")
            .should().dependOnClassesThat(resideInAnyPackage("org.tally.core.rung..", "org.tally.core.answer..",
                    "org.tally.core.memory..", "org.tally.core.execute..", "org.tally.core.safety.."))
            .because("bind, plan and the row-scope pass turn a spec into SQL; running it is the rung's");
}
