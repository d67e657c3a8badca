package org.tally.core.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tally.core.answer.Answer;
import org.tally.core.answer.AnswerEngine;
import org.tally.core.answer.AnswerStatus;
import org.tally.core.answer.Outcome;
import org.tally.core.answer.PathStep;

class EvaluationTest {

    /** Answers by question, as a scripted engine; anything else is refused. */
    private static AnswerEngine engine(Map<String, Answer> answers) {
        return new AnswerEngine() {
            @Override
            public Answer ask(String question) {
                return answers.getOrDefault(question, Answer.refused(question, List.of(), "not understood"));
            }

            @Override
            public void close() {
            }
        };
    }

    private static Answer answered(String q, List<String> columns, List<List<Object>> rows) {
        return new Answer(q, AnswerStatus.ANSWERED, columns, rows, "SELECT 1", null, List.of(), "h", null, null);
    }

    private static SuiteCase written(String id, List<List<Object>> rows) {
        return new SuiteCase(id, id + "?", new Expected.Rows(rows, false));
    }

    @Test
    void eachVerdictAndTheSharedTasksScores() {
        Suite suite = new Suite("s", SuiteFormat.EHRSQL, null, List.of(
                written("right", List.of(List.of("42"))),
                written("label", List.of(List.of("3"))),
                written("wrong", List.of(List.of("7"))),
                written("refused", List.of(List.of("1"))),
                new SuiteCase("none", "none?", new Expected.NoAnswer("not in this database")),
                new SuiteCase("answered-none", "answered-none?", new Expected.NoAnswer("not in this database"))));
        AnswerEngine engine = engine(Map.of(
                "right?", answered("right?", List.of("n"), List.of(List.of(new BigDecimal("42")))),
                "label?", answered("label?", List.of("ward", "n"), List.of(List.of("a", 3L))),
                "wrong?", answered("wrong?", List.of("n"), List.of(List.of(8))),
                "answered-none?", answered("answered-none?", List.of("n"), List.of(List.of(1)))));
        List<CaseResult> seen = new ArrayList<>();
        List<CaseResult> results = Evaluation.run(suite, engine, GoldRunner.NONE, seen::add);

        assertThat(seen).isEqualTo(results);
        assertThat(results).extracting(CaseResult::verdict).containsExactly(Verdict.CORRECT, Verdict.CORRECT,
                Verdict.WRONG, Verdict.NOT_ANSWERED, Verdict.ABSTAINED, Verdict.ANSWERED_UNANSWERABLE);
        assertThat(results.get(1).extraColumns()).isTrue();
        assertThat(results.get(3).detail()).isEqualTo("not understood");

        EvalTotals t = EvalTotals.of(results);
        assertThat(t.questions()).isEqualTo(6);
        assertThat(t.answerable()).isEqualTo(4);
        assertThat(t.correct()).isEqualTo(2);
        assertThat(t.extraColumns()).isEqualTo(1);
        assertThat(t.refused()).as("the refused answerable one and the abstained one").isEqualTo(2);
        // +1 +1 -c 0 +1 -c over 6 questions
        assertThat(t.rs0()).isCloseTo(100.0 * 3 / 6, within(1e-9));
        assertThat(t.rs10()).isCloseTo(100.0 * (3 - 20) / 6, within(1e-9));
        assertThat(t.rsN()).isCloseTo(100.0 * (3 - 12) / 6, within(1e-9));
        assertThat(t.coverage()).isCloseTo(100.0 * 4 / 6, within(1e-9));
        assertThat(t.correctShare()).isCloseTo(50.0, within(1e-9));
    }

    @Test
    void aGoldStatementIsRunForTheExpectedRowsAndAnAcceptableAlternativeCounts() {
        GoldTable five = new GoldTable(List.of(CellKind.number(0)), List.of(List.of(5L)));
        GoldTable six = new GoldTable(List.of(CellKind.number(0)), List.of(List.of(6L)));
        GoldRunner gold = sql -> switch (sql) {
            case "gold" -> five;
            case "ok" -> six;
            case "bad" -> new GoldTable(List.of(CellKind.number(0)), List.of(List.of(9L)));
            default -> throw new GoldRunner.GoldFailure("no such table");
        };
        List<Expected.Alternative> alts = List.of(new Expected.Alternative("ok: other reading", "ok"),
                new Expected.Alternative("counts visits, not patients", "bad"));
        Suite suite = new Suite("u", SuiteFormat.UNSEEN, null, List.of(
                new SuiteCase("g", "g?", new Expected.GoldSql("gold", false, alts)),
                new SuiteCase("alt", "alt?", new Expected.GoldSql("gold", false, alts)),
                new SuiteCase("known", "known?", new Expected.GoldSql("gold", false, alts)),
                new SuiteCase("broken", "broken?", new Expected.GoldSql("missing", false, List.of()))));
        AnswerEngine engine = engine(Map.of(
                "g?", answered("g?", List.of("n"), List.of(List.of(5))),
                "alt?", answered("alt?", List.of("n"), List.of(List.of(6))),
                "known?", answered("known?", List.of("n"), List.of(List.of(9))),
                "broken?", answered("broken?", List.of("n"), List.of(List.of(1)))));
        List<CaseResult> results = Evaluation.run(suite, engine, gold, r -> { });
        assertThat(results).extracting(CaseResult::verdict).containsExactly(Verdict.CORRECT, Verdict.CORRECT,
                Verdict.WRONG, Verdict.GOLD_FAILED);
        assertThat(results.get(1).detail()).isEqualTo("as ok: other reading");
        assertThat(results.get(2).detail()).contains("counts visits, not patients");
        EvalTotals t = EvalTotals.of(results);
        assertThat(t.questions()).as("a failed gold is left out of the scores").isEqualTo(3);
        assertThat(t.goldFailed()).isEqualTo(1);
    }

    private static Answer decidedBy(String q, List<Object> row, PathStep... path) {
        return new Answer(q, AnswerStatus.ANSWERED, List.of("n"), List.of(row), "SELECT 1", null, List.of(path), "h",
                null, null);
    }

    @Test
    void theRungThatDecidedIsKeptAndTheTotalsCountEachRungsVerdicts() {
        PathStep grammarMiss = new PathStep("grammar", Outcome.MISS, "not read", 1);
        Suite suite = new Suite("s", SuiteFormat.EHRSQL, null, List.of(
                written("by-grammar", List.of(List.of("1"))),
                written("by-planner", List.of(List.of("2"))),
                written("planner-wrong", List.of(List.of("3"))),
                written("nobody", List.of(List.of("4"))),
                new SuiteCase("planner-none", "planner-none?", new Expected.NoAnswer("not in this database"))));
        AnswerEngine engine = engine(Map.of(
                "by-grammar?", decidedBy("by-grammar?", List.of(1), new PathStep("bind", Outcome.OK, null, 0),
                        new PathStep("grammar", Outcome.OK, null, 2)),
                "by-planner?", decidedBy("by-planner?", List.of(2), grammarMiss,
                        new PathStep("planner", Outcome.OK, null, 90, 1)),
                "planner-wrong?", decidedBy("planner-wrong?", List.of(9), grammarMiss,
                        new PathStep("planner", Outcome.OK, null, 90, 2)),
                "nobody?", Answer.refused("nobody?", List.of(grammarMiss, new PathStep("planner", Outcome.MISS,
                        "the model's reading names no concept here", 80)), "not understood"),
                "planner-none?", decidedBy("planner-none?", List.of(5), grammarMiss,
                        new PathStep("planner", Outcome.OK, null, 70, 1))));
        List<CaseResult> results = Evaluation.run(suite, engine, GoldRunner.NONE, r -> { });

        assertThat(results).extracting(CaseResult::rung).containsExactly("grammar", "planner", "planner", null,
                "planner");
        EvalTotals t = EvalTotals.of(results);
        assertThat(t.byRung()).containsOnlyKeys("grammar", "planner");
        assertThat(t.byRung().get("grammar")).containsExactly(Map.entry(Verdict.CORRECT, 1));
        assertThat(t.byRung().get("planner")).containsExactly(Map.entry(Verdict.CORRECT, 1),
                Map.entry(Verdict.WRONG, 1), Map.entry(Verdict.ANSWERED_UNANSWERABLE, 1));
    }
}
