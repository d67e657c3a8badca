package org.tally.core.linking;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.tally.core.answer.AnswerStatus;
import org.tally.core.answer.Outcome;
import org.tally.core.answer.PathStep;
import org.tally.core.answer.Rung;
import org.tally.core.binding.Binding;
import org.tally.core.pack.DomainPack;
import org.tally.core.pack.PackLoader;
import org.tally.core.planner.PlanRequest;
import org.tally.core.planner.PlannerGate;
import org.tally.core.planner.PlannerRung;
import org.tally.core.planner.PlannerSettings;
import org.tally.core.planner.ScriptedPlanner;
import org.tally.core.planner.SpecPipeline;
import org.tally.core.scope.Scope;
import org.tally.core.scope.ScopedBinding;
import org.tally.core.testing.TestBindings;
import org.tally.core.testing.WordVectors;

/**
 * Scope at the planning hook, through the rung the product wires: the planner's prompt is built from the linked cards
 * of the scope's tables only, so a table outside the service line never reaches the model, and a question naming one
 * gets the redirect without the model being asked at all.
 */
class LinkedPlannerScopeTest {

    private static final DomainPack PACK = PackLoader.hospital();
    private static final String UNPAID = "what amount is still unpaid on each one and when was it issued";
    private static Connection db;
    private static Binding binding;

    @BeforeAll
    static void setUp() throws SQLException {
        db = MaternityAndBills.open("linked_planner_scope_test");
        binding = TestBindings.bind(db, "linked-planner-scope-test", PACK);
    }

    @AfterAll
    static void close() throws SQLException {
        db.close();
    }

    /** The planner rung as Wiring builds it for {@code scope}, its model a script that records every request. */
    private static Rung linkedPlanner(Scope scope, ScriptedPlanner model) {
        Binding scoped = ScopedBinding.narrow(binding, scope);
        WordVectors vectors = new WordVectors();
        SchemaLinker linker = new SchemaLinker(binding, scoped, scope, PACK, vectors,
                SchemaLinker.embedCards(binding, PACK, vectors));
        SpecPipeline nothingRuns = (question, spec, live) -> new Rung.Attempt.Miss("not run in this test", List.of());
        PlannerRung planner = PlannerRung.standard(new PlannerGate(model), scoped, PACK, LocalDate.of(2026, 11, 29),
                nothingRuns, PlannerSettings.DEFAULTS, linker::schemaFor);
        return new LinkedRung(linker, planner, System::nanoTime);
    }

    private static String prompt(PlanRequest r) {
        return (r.system() + "\n" + r.user() + "\n" + r.schema()).toLowerCase(Locale.ROOT);
    }

    @Test
    void aTableOutsideTheScopeNeverReachesThePlannersPrompt() {
        ScriptedPlanner everything = ScriptedPlanner.of("not a spec");
        linkedPlanner(Scope.ALL, everything).attempt(UNPAID);
        assertThat(everything.requests()).isNotEmpty();
        // across every table the bills table is linked to these words and described to the model
        assertThat(prompt(everything.requests().get(0))).contains("bill");

        ScriptedPlanner maternity = ScriptedPlanner.of("not a spec");
        linkedPlanner(Scope.named(PACK, "Maternity"), maternity).attempt(UNPAID);
        assertThat(maternity.requests()).isNotEmpty()
                .allSatisfy(r -> assertThat(prompt(r)).doesNotContain("bill").contains("deliver"));
    }

    @Test
    void aQuestionNamingATableOutsideTheScopeIsRedirectedBeforeTheModelIsAsked() {
        ScriptedPlanner model = ScriptedPlanner.of("not a spec");
        Rung.Attempt a = linkedPlanner(Scope.named(PACK, "Maternity"), model)
                .attempt("Which bills were issued last month?");
        assertThat(a).isInstanceOf(Rung.Attempt.Done.class);
        Rung.Attempt.Done done = (Rung.Attempt.Done) a;
        assertThat(done.answer().status()).isEqualTo(AnswerStatus.REFUSED);
        assertThat(done.answer().message()).contains("bills").contains("outside the Maternity scope")
                .doesNotContain("BILLS");
        assertThat(done.steps()).extracting(PathStep::rung, PathStep::outcome)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("linking", Outcome.MISS));
        assertThat(model.requests()).isEmpty();

        // the same question where bills are in scope reaches the model
        ScriptedPlanner revenue = ScriptedPlanner.of("not a spec");
        linkedPlanner(Scope.named(PACK, "Revenue"), revenue).attempt("Which bills were issued last month?");
        assertThat(revenue.requests()).isNotEmpty();
        assertThat(prompt(revenue.requests().get(0))).contains("bill");
    }
}
