package org.tally.core.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.tally.core.answer.AnswerStatus;
import org.tally.core.answer.Rung;
import org.tally.core.dialect.Dialect;

/** Rung 4: one model-written statement, through the same safety policy and allow-list, labelled as such. */
class RawSqlRungTest {

    private static PlannerFixture fixture;

    @BeforeAll
    static void open() throws Exception {
        fixture = new PlannerFixture();
    }

    @AfterAll
    static void close() throws Exception {
        fixture.close();
    }

    private static Rung.Attempt ask(String sql) {
        ScriptedPlanner model = ScriptedPlanner.of("{\"sql\":\"" + sql.replace("\"", "\\\"") + "\"}");
        RawSqlRung rung = new RawSqlRung(new PlannerGate(model), fixture.binding(), Dialect.H2,
                fixture.grammarRung()::runWritten, PlannerSettings.DEFAULTS, System::nanoTime);
        Rung.Attempt a = rung.attempt("how many deliveries were caesareans");
        assertThat(model.requests()).singleElement().satisfies(r -> {
            assertThat(r.system()).containsIgnoringCase("deliveries").doesNotContainIgnoringCase("first_name")
                    .doesNotContainIgnoringCase("phone");
        });
        return a;
    }

    @Test
    void anAllowedStatementRunsAndIsLabelledAsModelWritten() {
        Rung.Attempt a = ask("SELECT COUNT(*) AS n FROM deliveries WHERE delivery_mode = 'caesarean'");
        assertThat(a).isInstanceOf(Rung.Attempt.Done.class);
        var answer = ((Rung.Attempt.Done) a).answer();
        assertThat(answer.status()).isEqualTo(AnswerStatus.ANSWERED);
        assertThat(answer.rows()).containsExactly(List.of(2L));
        assertThat(answer.explanation()).isEqualTo(RawSqlRung.LABEL);
        assertThat(answer.specHash()).isNull();
        assertThat(answer.model().name()).isEqualTo(ScriptedPlanner.MODEL.name());
        assertThat(answer.sql()).containsIgnoringCase("from deliveries");
        assertThat(a.steps()).extracting(s -> s.rung()).containsExactly("generate", "validate", "preflight",
                "execute");
    }

    @Test
    void writesTablesOutsideTheAllowListAndPersonalColumnsAreRejectedBeforeTheyRun() {
        for (String sql : List.of("DELETE FROM deliveries", "SELECT * FROM INFORMATION_SCHEMA.USERS",
                "SELECT first_name FROM patients", "SELECT COUNT(*) FROM deliveries; DROP TABLE wards",
                "SELECT \"PHONE\" FROM patients")) {
            Rung.Attempt a = ask(sql);
            assertThat(a).as(sql).isInstanceOf(Rung.Attempt.Miss.class);
            assertThat(((Rung.Attempt.Miss) a).reason()).as(sql).startsWith("the model-written SQL was rejected");
            assertThat(a.steps()).as(sql).extracting(s -> s.rung()).doesNotContain("execute");
        }
    }
}
