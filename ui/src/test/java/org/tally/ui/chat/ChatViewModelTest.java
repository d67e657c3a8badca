package org.tally.ui.chat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.tally.core.answer.Outcome;
import org.tally.core.answer.PathStep;
import org.tally.core.source.DemoSchema;
import org.tally.core.source.SourceConnectionException;
import org.tally.core.source.SourceRef;
import org.tally.ui.result.ChartKind;
import org.tally.ui.task.Activity;
import org.tally.ui.task.SyncTaskRunner;
import org.tally.ui.testing.FakeAnswers;
import org.tally.ui.testing.FakeEngines;

class ChatViewModelTest {

    private final FakeEngines engines = FakeEngines.byKeyword();
    private final ChatViewModel chat = chat(engines);

    private static ChatViewModel chat(FakeEngines engines) {
        EngineSession session = new EngineSession(engines, new SourceRef.Demo(DemoSchema.DEV));
        return new ChatViewModel(session, new SyncTaskRunner(), new Activity(), ExampleQuestions.DEMO);
    }

    @Test
    void askingTheQuestionBoxGivesAnAnsweredCardWithAKpiAndChips() {
        chat.questionProperty().set("  How many patients are there?  ");
        chat.ask();

        assertThat(chat.questionProperty().get()).isEmpty();
        assertThat(engines.asked).containsExactly("How many patients are there?");
        AnswerCardModel card = chat.cards().get(0);
        assertThat(card.state()).isEqualTo(CardState.ANSWERED);
        assertThat(card.result().shown()).isEqualTo(ChartKind.KPI);
        assertThat(card.result().kpiText()).isEqualTo(java.text.NumberFormat.getIntegerInstance().format(12480));
        assertThat(card.explanation()).isEqualTo("Counted patients.");
        // the rung that decided first, then its steps; the rungs that did not apply only on hover
        assertThat(card.provenance().shown()).extracting(ChipModel::label)
                .containsExactly("Grammar ✓", "Bind ✓", "Compile ✓", "Validate ✓", "Execute ✓");
        assertThat(card.provenance().triedText()).isEqualTo("tried: focus, meta");
        assertThat(card.provenance().triedTooltip()).contains("Focus missed: nothing to follow up yet (0 ms)",
                "Meta missed: not a meta question (1 ms)");
        // rungs only (focus 0 + meta 1 + grammar 38): the steps inside grammar are part of its 38 ms
        assertThat(card.totalMs()).isEqualTo(39);
        assertThat(card.sqlForClipboard()).isEqualTo(FakeAnswers.SCALAR_SQL);
        assertThat(card.specHash()).isEqualTo(FakeAnswers.SCALAR_HASH);
        assertThat(card.specJsonForClipboard()).isEqualTo(FakeAnswers.SCALAR_SPEC);
        assertThat(card.specJsonForReading()).isEqualTo("{\n  \"measures\" : [ {\n    \"type\" : \"count\"\n  } ],\n"
                + "  \"shape\" : \"Scalar\",\n  \"subject\" : \"patient\"\n}");
        assertThat(card.suggestions()).isEmpty();
    }

    @Test
    void aBlankQuestionAsksNothing() {
        chat.ask("   ");
        assertThat(chat.cards()).isEmpty();
        assertThat(engines.opened).isEmpty();
    }

    @Test
    void groupedAndTrendAnswersPickBarAndLine() {
        chat.ask("deliveries last month by ward");
        chat.ask("admissions per month");
        assertThat(chat.cards().get(0).result().shown()).isEqualTo(ChartKind.BAR);
        assertThat(chat.cards().get(0).result().availableKinds()).containsExactly(ChartKind.BAR, ChartKind.PIE,
                ChartKind.TABLE);
        assertThat(chat.cards().get(1).result().shown()).isEqualTo(ChartKind.LINE);
        assertThat(engines.opened).as("one engine serves the conversation").hasSize(1);
    }

    @Test
    void clarifyShowsOptionsAndChoosingOneRepliesWithItOnce() {
        chat.ask("average length of stay");
        AnswerCardModel card = chat.cards().get(0);
        assertThat(card.state()).isEqualTo(CardState.CLARIFY);
        assertThat(card.clarifyQuestion()).isEqualTo("Which date do you mean?");
        assertThat(card.clarifyOptions()).containsExactly("admission date", "discharge date");

        assertThat(card.clarifyChoosable()).isTrue();
        chat.choose(card, "discharge date");
        chat.choose(card, "admission date");

        assertThat(engines.asked).as("the reply is no new question").containsExactly("average length of stay");
        assertThat(engines.replies).containsExactly("average length of stay → discharge date");
        assertThat(card.clarifyAnsweredProperty().get()).isTrue();
        assertThat(chat.cards()).hasSize(2);
        assertThat(chat.cards().get(1).state()).isEqualTo(CardState.ANSWERED);
        assertThat(chat.cards().get(1).question()).isEqualTo("average length of stay → discharge date");
        assertThat(chat.history()).containsExactly("average length of stay");
    }

    @Test
    void aClarificationThatCannotBeAnsweredByChoosingIsNotSentToTheEngine() {
        FakeEngines unchoosable = new FakeEngines(q -> org.tally.core.answer.Answer.clarify(q, List.of(), "h",
                new org.tally.core.answer.Clarify("Admission refers to Department in several ways. Which one do you"
                        + " mean?", List.of("admitting department", "discharging department"))));
        ChatViewModel c = chat(unchoosable);
        c.ask("admissions by department");
        AnswerCardModel card = c.cards().get(0);
        assertThat(card.clarifyChoosable()).isFalse();
        c.choose(card, "admitting department");
        assertThat(unchoosable.replies).isEmpty();
        assertThat(c.cards()).hasSize(1);
    }

    @Test
    void anOptionThatWasNotOfferedIsRejected() {
        chat.ask("average length of stay");
        AnswerCardModel card = chat.cards().get(0);
        assertThatThrownBy(() -> chat.choose(card, "birth date")).hasMessageContaining("not one of the options");
        assertThat(card.clarifyAnsweredProperty().get()).isFalse();
    }

    @Test
    void aRefusalSaysWhyAndOffersQuestionsThatCanBeAsked() {
        chat.ask("what is the weather?");
        AnswerCardModel card = chat.cards().get(0);
        assertThat(card.state()).isEqualTo(CardState.REFUSED);
        assertThat(card.message()).contains("nothing in this hospital's data is about the weather");
        assertThat(card.suggestions()).containsExactlyElementsOf(ExampleQuestions.DEMO.subList(0, 3));
        assertThat(card.result()).isNull();
        assertThat(card.hasSql()).isFalse();
        // the grammar applied and could not read it: that miss is shown; focus and meta only did not apply
        assertThat(card.provenance().shown()).extracting(ChipModel::label).containsExactly("Grammar ✗");
        assertThat(card.provenance().shown().get(0).styleClass()).isEqualTo("chip-miss");
        assertThat(card.provenance().triedText()).isEqualTo("tried: focus, meta");
    }

    @Test
    void anEngineErrorAndAnUnreachableSourceBecomeErrorCards() {
        chat.ask("timeout please");
        assertThat(chat.cards().get(0).state()).isEqualTo(CardState.ERROR);
        assertThat(chat.cards().get(0).message()).contains("did not answer within 5 seconds");

        FakeEngines broken = new FakeEngines(q -> {
            throw new SourceConnectionException("Cannot connect to demo:dev: demo not generated", null);
        });
        ChatViewModel other = chat(broken);
        other.ask("How many patients are there?");
        assertThat(other.cards().get(0).state()).isEqualTo(CardState.ERROR);
        assertThat(other.cards().get(0).message()).isEqualTo("Tally could not answer: Cannot connect to demo:dev:"
                + " demo not generated");
        assertThat(other.busyProperty().get()).isFalse();
    }

    @Test
    void anEmptyGroupingIsAnAnswerShownAsAnEmptyTable() {
        FakeEngines none = new FakeEngines(FakeAnswers::empty);
        ChatViewModel c = chat(none);
        c.ask("stillbirths in May by ward");
        AnswerCardModel card = c.cards().get(0);
        assertThat(card.state()).isEqualTo(CardState.ANSWERED);
        assertThat(card.result().isEmpty()).isTrue();
        assertThat(card.result().availableKinds()).containsExactly(ChartKind.TABLE);
    }

    @Test
    void upRecallsEarlierQuestionsAndDownReturnsToTheDraft() {
        chat.ask("first");
        chat.ask("second");
        chat.ask("second");
        chat.questionProperty().set("half typed");

        chat.recallPrevious();
        assertThat(chat.questionProperty().get()).isEqualTo("second");
        chat.recallPrevious();
        assertThat(chat.questionProperty().get()).isEqualTo("first");
        chat.recallPrevious();
        assertThat(chat.questionProperty().get()).as("stays at the oldest").isEqualTo("first");
        chat.recallNext();
        assertThat(chat.questionProperty().get()).isEqualTo("second");
        chat.recallNext();
        assertThat(chat.questionProperty().get()).isEqualTo("half typed");
        assertThat(chat.history()).as("a repeated question is kept once").containsExactly("first", "second");
    }

    @Test
    void upOnAnEmptyHistoryLeavesTheBoxAlone() {
        chat.questionProperty().set("typing");
        chat.recallPrevious();
        assertThat(chat.questionProperty().get()).isEqualTo("typing");
    }

    @Test
    void theSqlDisclosureToggles() {
        chat.ask("How many patients are there?");
        AnswerCardModel card = chat.cards().get(0);
        assertThat(card.sqlShownProperty().get()).isFalse();
        card.toggleSql();
        assertThat(card.sqlShownProperty().get()).isTrue();
    }

    @Test
    void aLongListShowsItsFirstPageAndLoadsTheNextPagesUntilItIsComplete() {
        chat.ask("list the beds");
        org.tally.ui.result.ResultModel result = chat.cards().get(0).result();
        assertThat(result.rows()).hasSize(FakeAnswers.LIST_PAGE);
        assertThat(result.paged()).isTrue();
        assertThat(result.hasMore()).isTrue();
        assertThat(result.availableKinds()).as("a partial list is not charted").containsExactly(ChartKind.TABLE);
        assertThat(result.pageStatusProperty().get()).isEqualTo("Showing the first 10 rows; more match.");

        result.loadNextPage();
        assertThat(result.rows()).hasSize(20);
        result.loadNextPage();
        assertThat(result.rows()).hasSize(FakeAnswers.LIST_ROWS);
        assertThat(result.hasMore()).isFalse();
        assertThat(result.pageStatusProperty().get()).isEqualTo("All 23 rows are shown.");
        result.loadNextPage();

        assertThat(engines.pagesRead).as("one read per page, none after the last").hasSize(2);
        assertThat(engines.pagesRead).extracting(org.tally.core.answer.PageCursor::rowsShown).containsExactly(10, 20);
        assertThat(result.rows()).extracting(r -> r.get(0)).doesNotHaveDuplicates()
                .containsExactlyElementsOf(java.util.stream.IntStream.rangeClosed(1, 23).mapToObj(i -> "Bed " + i)
                        .toList());
        assertThat(engines.asked).as("paging reruns no question").containsExactly("list the beds");
    }

    @Test
    void theCardAppearsAtOnceAndItsChipsFillInAsTheStepsEndWithoutTheUiThreadWaiting() throws Exception {
        java.util.concurrent.LinkedBlockingQueue<Runnable> ui = new java.util.concurrent.LinkedBlockingQueue<>();
        java.util.concurrent.CountDownLatch twoStepsTold = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        org.tally.core.answer.EngineFactory gated = (source, c, today, p) -> new org.tally.core.answer.AnswerEngine() {
            @Override
            public org.tally.core.answer.Answer ask(String q) {
                throw new AssertionError("the chat asks with a live listener");
            }

            @Override
            public org.tally.core.answer.Answer ask(String q, org.tally.core.answer.StepListener live) {
                org.tally.core.answer.Answer a = FakeAnswers.scalar(q);
                live.step(a.path().get(0)); // the conversation told its focus step first
                twoStepsTold.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                a.path().subList(1, a.path().size()).forEach(live::step);
                return a;
            }

            @Override
            public void close() {
            }
        };
        try (org.tally.ui.task.FxTaskRunner runner = new org.tally.ui.task.FxTaskRunner(1, ui::add)) {
            ChatViewModel c = new ChatViewModel(new EngineSession(gated, new SourceRef.Demo(DemoSchema.DEV)), runner,
                    new Activity(), ExampleQuestions.DEMO);
            c.ask("How many patients are there?");
            AnswerCardModel card = c.cards().get(0);
            assertThat(card.state()).as("the card is there before any work").isEqualTo(CardState.PENDING);
            assertThat(card.steps()).isEmpty();
            assertThat(card.progressText()).isEqualTo("Working on it…");

            assertThat(twoStepsTold.await(10, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
            drain(ui, () -> card.steps().size() == 2);
            assertThat(c.cards()).containsExactly(card);
            assertThat(card.provenance().shown()).isEmpty();
            assertThat(card.provenance().triedText()).isEqualTo("tried: focus, meta");
            assertThat(card.progressText()).isEqualTo("Working on it… (tried: focus, meta)");
            assertThat(c.busyProperty().get()).isTrue();

            release.countDown();
            drain(ui, () -> c.cards().get(0).state() == CardState.ANSWERED);
            assertThat(card.steps()).as("every step arrived before the answer").hasSize(7);
            assertThat(c.cards().get(0).provenance().shown()).extracting(ChipModel::label).containsExactly(
                    "Grammar ✓", "Bind ✓", "Compile ✓", "Validate ✓", "Execute ✓");
            assertThat(c.busyProperty().get()).isFalse();
        }
    }

    /** Runs what the background thread posted to the "UI thread" (this one) until the condition holds. */
    private static void drain(java.util.concurrent.BlockingQueue<Runnable> ui, java.util.function.BooleanSupplier done)
            throws InterruptedException {
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(10);
        while (!done.getAsBoolean()) {
            assertThat(System.nanoTime()).as("condition not met within 10 s").isLessThan(deadline);
            Runnable r = ui.poll(50, java.util.concurrent.TimeUnit.MILLISECONDS);
            if (r != null) {
                r.run();
            }
        }
    }

    @Test
    void aRungThatAppliedAndMissedStaysVisibleBeforeTheRungThatAnswered() {
        List<PathStep> path = List.of(new PathStep("focus", Outcome.MISS, "nothing to resolve", 0),
                new PathStep("meta", Outcome.MISS, "not a meta question", 0),
                new PathStep("bind", Outcome.ERROR, "no column for the ward", 1),
                new PathStep("grammar", Outcome.MISS, "the ward could not be bound", 3),
                new PathStep("raw_sql", Outcome.SKIPPED, "disabled", 0),
                new PathStep("validate", Outcome.OK, null, 2),
                new PathStep("execute", Outcome.OK, null, 9),
                new PathStep("planner", Outcome.OK, null, 700));
        Provenance p = Provenance.of(path, true);
        assertThat(p.shown()).extracting(ChipModel::label).containsExactly("Grammar ✗", "Planner ✓", "Validate ✓",
                "Execute ✓");
        assertThat(p.shown().get(0).fellThrough()).isTrue();
        assertThat(p.shown().get(0).tooltip()).contains("the next way of answering was tried",
                "the ward could not be bound");
        assertThat(p.triedText()).isEqualTo("tried: focus, meta, raw sql");
        assertThat(p.totalMs()).isEqualTo(703);
        assertThat(p.spoken()).startsWith("How the answer was found: Grammar missed").endsWith("703 ms in all.");

        // while the answer is still coming, nothing is put first: the steps show as they end
        Provenance live = Provenance.of(path.subList(0, 3), false);
        assertThat(live.shown()).extracting(ChipModel::label).containsExactly("Bind ✗");
        assertThat(live.shown().get(0).styleClass()).isEqualTo("chip-error");
    }

    @Test
    void aMetaAnswerIsItsOwnRung() {
        Provenance p = Provenance.of(List.of(new PathStep("focus", Outcome.MISS, "nothing to resolve", 0),
                new PathStep("meta", Outcome.OK, null, 1)), true);
        assertThat(p.shown()).extracting(ChipModel::label).containsExactly("Meta ✓");
        assertThat(p.triedText()).isEqualTo("tried: focus");
    }

    @Test
    void chipsNameEveryOutcome() {
        assertThat(List.of(org.tally.core.answer.Outcome.values())).allSatisfy(o ->
                assertThat(new ChipModel("raw_sql", o, null, 1).label()).startsWith("Raw SQL "));
        assertThat(new ChipModel("grammar", org.tally.core.answer.Outcome.SKIPPED, null, 0).tooltip())
                .isEqualTo("Grammar not tried (0 ms)");
    }
}
