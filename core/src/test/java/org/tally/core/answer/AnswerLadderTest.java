package org.tally.core.answer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class AnswerLadderTest {

    private final AtomicLong clock = new AtomicLong();

    private static Rung missing(String name, String reason) {
        return new Rung() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public Attempt attempt(String question) {
                return new Attempt.Miss(reason, List.of());
            }
        };
    }

    private static Rung answering(String name) {
        return new Rung() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public Attempt attempt(String question) {
                Answer a = new Answer(question, AnswerStatus.ANSWERED, List.of("n"), List.of(List.of(3L)), "SELECT 3",
                        "Counted.", List.of(), "h", null, null);
                return new Attempt.Done(a, List.of(new PathStep("execute", Outcome.OK, null, 1)));
            }
        };
    }

    private AnswerLadder ladder(Rung... rungs) {
        return new AnswerLadder(List.of(rungs), () -> clock.addAndGet(2_000_000), null);
    }

    @Test
    void theFirstRungThatDecidesAnswersAndThePathShowsEveryRungTried() {
        Answer a = ladder(missing("meta", "not a greeting"), answering("grammar"), answering("planner"))
                .ask("  How many?  ");
        assertThat(a.status()).isEqualTo(AnswerStatus.ANSWERED);
        assertThat(a.question()).isEqualTo("How many?");
        assertThat(a.path()).extracting(PathStep::rung).containsExactly("meta", "execute", "grammar");
        assertThat(a.path()).extracting(PathStep::outcome).containsExactly(Outcome.MISS, Outcome.OK, Outcome.OK);
        assertThat(a.path().get(0).ms()).isEqualTo(2);
    }

    @Test
    void whenEveryRungMissesTheRefusalSaysWhyTheLastOneMissed() {
        Answer a = ladder(missing("meta", "not a greeting"), missing("grammar", "'zebra' is not understood here"))
                .ask("How many zebras?");
        assertThat(a.status()).isEqualTo(AnswerStatus.REFUSED);
        assertThat(a.message()).isEqualTo("Tally could not answer this exactly: 'zebra' is not understood here.");
        assertThat(a.path()).extracting(PathStep::reason).containsExactly("not a greeting",
                "'zebra' is not understood here");
        assertThat(a.rows()).isEmpty();
    }

    @Test
    void anEmptyQuestionIsRefusedAndAFailingRungIsAnErrorNotACrash() {
        assertThat(ladder(answering("grammar")).ask("   ").status()).isEqualTo(AnswerStatus.REFUSED);
        Rung broken = new Rung() {
            @Override
            public String name() {
                return "grammar";
            }

            @Override
            public Attempt attempt(String question) {
                throw new IllegalStateException("connection lost");
            }
        };
        Answer a = ladder(broken).ask("How many patients?");
        assertThat(a.status()).isEqualTo(AnswerStatus.ERROR);
        assertThat(a.message()).contains("connection lost");
        assertThat(a.path()).singleElement().satisfies(s -> assertThat(s.outcome()).isEqualTo(Outcome.ERROR));
    }

    @Test
    void aRungThatThrowsAfterAStepSaysWhereItStoppedAndKeepsTheStepsSoFar() {
        Rung broken = new Rung() {
            @Override
            public String name() {
                return "grammar";
            }

            @Override
            public Attempt attempt(String question) {
                return attempt(question, StepListener.NONE);
            }

            @Override
            public Attempt attempt(String question, StepListener live) {
                live.step(new PathStep("bind", Outcome.OK, null, 0));
                throw new NullPointerException("a column without a table");
            }
        };
        Answer a = ladder(broken).ask("How many patients?");
        assertThat(a.status()).isEqualTo(AnswerStatus.ERROR);
        assertThat(a.message()).contains("after its bind step").contains("NullPointerException")
                .contains("a column without a table").contains("log file");
        assertThat(a.path()).extracting(PathStep::rung).containsExactly("bind", "grammar");
        assertThat(a.path().get(1).outcome()).isEqualTo(Outcome.ERROR);
    }

    @Test
    void aSourceThatCouldNotBePreparedAnswersEveryQuestionWithAnErrorSayingWhere() {
        try (StoppedEngine engine = new StoppedEngine("binding", "binding stopped while scoring concepts of table"
                + " cost", null)) {
            for (String q : List.of("How many patients?", "hello")) {
                Answer a = engine.ask(q);
                assertThat(a.question()).isEqualTo(q);
                assertThat(a.status()).isEqualTo(AnswerStatus.ERROR);
                assertThat(a.message()).contains("table cost");
                assertThat(a.path()).singleElement().satisfies(s -> {
                    assertThat(s.rung()).isEqualTo("binding");
                    assertThat(s.outcome()).isEqualTo(Outcome.ERROR);
                });
            }
        }
    }

    @Test
    void eachStepReachesTheLiveListenerAsItEndsInPathOrder() {
        List<PathStep> heard = new java.util.ArrayList<>();
        List<Integer> heardWhenSecondRungStarted = new java.util.ArrayList<>();
        Rung streaming = new Rung() {
            @Override
            public String name() {
                return "grammar";
            }

            @Override
            public Attempt attempt(String question) {
                return attempt(question, StepListener.NONE);
            }

            @Override
            public Attempt attempt(String question, StepListener live) {
                heardWhenSecondRungStarted.add(heard.size());
                PathStep bind = new PathStep("bind", Outcome.OK, null, 1);
                live.step(bind);
                heardWhenSecondRungStarted.add(heard.size());
                PathStep execute = new PathStep("execute", Outcome.OK, null, 4);
                live.step(execute);
                Answer a = new Answer(question, AnswerStatus.ANSWERED, List.of("n"), List.of(List.of(3L)), "SELECT 3",
                        "Counted.", List.of(), "h", null, null);
                return new Attempt.Done(a, List.of(bind, execute));
            }
        };
        Answer a = ladder(missing("meta", "not a greeting"), streaming).ask("How many?", heard::add);

        assertThat(heard).isEqualTo(a.path());
        assertThat(heard).extracting(PathStep::rung).containsExactly("meta", "bind", "execute", "grammar");
        // the meta miss was told before the grammar rung began, and bind before the rung went on to execute
        assertThat(heardWhenSecondRungStarted).containsExactly(1, 2);
    }

    @Test
    void aRungThatCannotStreamTellsItsStepsWhenItIsDone() {
        List<PathStep> heard = new java.util.ArrayList<>();
        Answer a = ladder(answering("grammar")).ask("How many?", heard::add);
        assertThat(heard).isEqualTo(a.path());
        assertThat(heard).extracting(PathStep::rung).containsExactly("execute", "grammar");
    }

    @Test
    void aReplyGoesToTheRungsThatTakeRepliesAndNeverBecomesANewQuestion() {
        List<String> replied = new java.util.ArrayList<>();
        Rung clarifying = new ClarifyingRung() {
            @Override
            public String name() {
                return "grammar";
            }

            @Override
            public Attempt attempt(String question) {
                throw new AssertionError("a reply is not asked as a question");
            }

            @Override
            public java.util.Optional<Attempt> reply(String question, Clarify clarify, String option,
                                                     StepListener live) {
                replied.add(question + " / " + option);
                Answer a = new Answer(question, AnswerStatus.ANSWERED, List.of("n"), List.of(List.of(7L)), "SELECT 7",
                        "Counted.", List.of(), "h", null, null);
                return java.util.Optional.of(new Attempt.Done(a, List.of()));
            }
        };
        Clarify which = new Clarify("Which date?", List.of("admitted", "discharged"), "timeColumn:t");
        AnswerLadder ladder = ladder(missing("meta", "not a greeting"), clarifying);

        Answer a = ladder.reply("stays by month", which, "discharged", StepListener.NONE);
        assertThat(a.status()).isEqualTo(AnswerStatus.ANSWERED);
        assertThat(replied).containsExactly("stays by month / discharged");
        assertThat(a.path()).extracting(PathStep::rung).containsExactly("grammar");

        assertThat(ladder.reply("stays by month", which, "born", StepListener.NONE).message())
                .contains("not one of the options");
        Clarify unchoosable = new Clarify("Which one?", List.of("a", "b"));
        assertThat(ladder.reply("x", unchoosable, "a", StepListener.NONE).status()).isEqualTo(AnswerStatus.REFUSED);
        assertThat(replied).hasSize(1);
    }
}
