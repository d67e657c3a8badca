package org.tally.core.conversation;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.tally.core.answer.AnswerEngine;
import org.tally.core.answer.AnswerStatus;
import org.tally.core.answer.Outcome;
import org.tally.core.answer.PathStep;
import org.tally.core.answer.StepListener;
import org.tally.core.spec.SpecCanonicalizer;
import org.tally.core.spec.SpecHash;
import org.tally.core.testing.SmallHospital;

/** Rung 0 on a real engine: follow-ups as changes of the last spec, every answer checked against hand-written SQL. */
class ConversationTest {

    private static SmallHospital hospital;
    private AnswerEngine engine;
    private Conversation chat;

    @BeforeAll
    static void openHospital() throws SQLException {
        hospital = new SmallHospital();
    }

    @AfterAll
    static void closeHospital() throws SQLException {
        hospital.close();
    }

    @BeforeEach
    void open() throws SQLException {
        engine = hospital.engine();
        chat = new Conversation(engine, "All service lines", TurnLog.NONE);
    }

    @AfterEach
    void close() {
        engine.close();
    }

    private Turn ask(String question) {
        return chat.ask(question, StepListener.NONE);
    }

    private static long number(Turn t) {
        assertThat(t.answer().status()).as(t.question() + ": " + t.answer().message()).isEqualTo(AnswerStatus.ANSWERED);
        return ((Number) t.answer().rows().get(0).get(t.answer().columns().size() - 1)).longValue();
    }

    @Test
    void aFollowUpReplacesThePeriodAndSaysWhatItKept() throws SQLException {
        Turn first = ask("How many deliveries were there last month?");
        assertThat(number(first)).isEqualTo(hospital.count("SELECT COUNT(*) FROM deliveries"
                + " WHERE delivered_at >= DATE '2026-10-01' AND delivered_at < DATE '2026-11-01'"));
        assertThat(first.focus()).isNull();

        Turn second = ask("what about October 2025?");
        assertThat(number(second)).isEqualTo(hospital.count("SELECT COUNT(*) FROM deliveries"
                + " WHERE delivered_at >= DATE '2025-10-01' AND delivered_at < DATE '2025-11-01'"));
        assertThat(second.focus().fromTurn()).isEqualTo(1);
        assertThat(second.focus().move()).isEqualTo("time");
        assertThat(second.focus().using()).isEqualTo("Deliveries");
        assertThat(second.spec().provenance().fromTurn()).isEqualTo(1);
        PathStep rung0 = second.answer().path().get(second.answer().path().size() - 1);
        assertThat(rung0.rung()).isEqualTo("focus");
        assertThat(rung0.outcome()).isEqualTo(Outcome.OK);
    }

    @Test
    void aFilterAndAGroupingAreAddedToTheLastSpec() throws SQLException {
        ask("How many deliveries were there last month?");
        Turn only = ask("only caesareans");
        assertThat(number(only)).isEqualTo(hospital.count("SELECT COUNT(*) FROM deliveries WHERE delivery_mode ="
                + " 'caesarean' AND delivered_at >= DATE '2026-10-01' AND delivered_at < DATE '2026-11-01'"));
        Turn byWard = ask("and by ward?");
        assertThat(byWard.answer().rows()).containsExactlyInAnyOrder(List.of("Maternity", 1L),
                List.of("Labour Suite", 1L));
        assertThat(byWard.focus().using()).isEqualTo("October 2026 · Deliveries · caesarean");
    }

    @Test
    void aQuestionThatStandsAloneIsReadAlone() {
        ask("How many deliveries were there last month?");
        Turn other = ask("How many incidents were reported this year?");
        assertThat(other.answer().status()).isEqualTo(AnswerStatus.ANSWERED);
        assertThat(other.focus()).isNull();
        assertThat(other.spec().subject()).isEqualToIgnoringCase("incident");
        assertThat(other.answer().path().get(0).rung()).isEqualTo("focus");
        assertThat(other.answer().path().get(0).outcome()).isEqualTo(Outcome.MISS);
    }

    @Test
    void aFollowUpThatDoesNotBindRefusesInPlainWords() {
        ask("How many patients are there?");
        Turn byWard = ask("by ward");
        assertThat(byWard.answer().status()).isEqualTo(AnswerStatus.REFUSED);
        assertThat(byWard.answer().message()).isEqualTo("Patients have no ward on this source.");
    }

    @Test
    void startingOverClearsTheFocusAndComesBackWithoutRows() {
        ask("How many deliveries were there last month?");
        Turn reset = ask("start over");
        assertThat(reset.answer().status()).isEqualTo(AnswerStatus.ANSWERED);
        assertThat(reset.answer().rows()).isEmpty();
        assertThat(chat.focus().hasSpec()).isFalse();
        assertThat(ask("by ward").answer().status()).isEqualTo(AnswerStatus.REFUSED);
    }

    @Test
    void afterARefusalAFollowUpHasNothingToBuildOn() {
        ask("How many deliveries were there last month?");
        assertThat(ask("only purple ones").answer().status()).isEqualTo(AnswerStatus.REFUSED);
        Turn byWard = ask("by ward");
        assertThat(byWard.answer().status()).isEqualTo(AnswerStatus.REFUSED);
        assertThat(byWard.answer().message()).contains("only purple ones", "was not answered");
        assertThat(byWard.suggestions()).allSatisfy(s -> assertThat(s.kind()).isEqualTo("question"));
    }

    @Test
    void aFollowUpWithNoAnswerBeforeItSaysSo() {
        Turn first = ask("by ward");
        assertThat(first.answer().status()).isEqualTo(AnswerStatus.REFUSED);
        assertThat(first.answer().message()).startsWith("There is no earlier answer for \u201cby ward\u201d to follow");
        assertThat(ask("How many purple unicorns are there?").answer().status()).isEqualTo(AnswerStatus.REFUSED);
        Turn perMonth = ask("and per month?");
        assertThat(perMonth.answer().status()).isEqualTo(AnswerStatus.REFUSED);
        assertThat(perMonth.answer().message()).startsWith("\u201cby ward\u201d was not answered, so there is no"
                + " answer for \u201cand per month?\u201d to follow");
        assertThat(ask("How many deliveries were there last month?").answer().status())
                .isEqualTo(AnswerStatus.ANSWERED);
        Turn followed = ask("and by ward?");
        assertThat(followed.answer().status()).as(String.valueOf(followed.answer().message()))
                .isEqualTo(AnswerStatus.ANSWERED);
    }

    @Test
    void aRequestToChangeRecordsIsRefused() {
        ask("How many deliveries were there last month?");
        Turn delete = ask("delete them");
        assertThat(delete.answer().status()).isEqualTo(AnswerStatus.REFUSED);
        assertThat(delete.answer().message()).contains("only reads");
        // it changes nothing the analyst is looking at
        assertThat(ask("by ward").answer().status()).isEqualTo(AnswerStatus.ANSWERED);
    }

    @Test
    void aTypedReplyFillsTheOpenSlotAndASecondQuestionBackIsNotAsked() throws SQLException {
        Turn asked = ask("How many falls were reported this year?");
        assertThat(asked.answer().status()).as(asked.answer().message()).isEqualTo(AnswerStatus.CLARIFY);
        assertThat(asked.answer().clarify().options()).contains("Incident");
        Turn filled = ask("incidents");
        assertThat(number(filled)).isEqualTo(hospital.count("SELECT COUNT(*) FROM incidents WHERE category = 'fall'"
                + " AND reported_at >= DATE '2026-01-01' AND reported_at < DATE '2027-01-01'"));
        assertThat(filled.question()).isEqualTo("incidents");

        assertThat(ask("How many falls were reported this year?").answer().status()).isEqualTo(AnswerStatus.CLARIFY);
        Turn again = ask("How many falls were there?");
        assertThat(again.answer().status()).as("asked once, never twice").isEqualTo(AnswerStatus.REFUSED);
        assertThat(again.answer().message()).contains("several readings");
    }

    @Test
    void aReplyThatFillsNothingIsANewQuestion() {
        assertThat(ask("How many falls were reported this year?").answer().status()).isEqualTo(AnswerStatus.CLARIFY);
        Turn other = ask("How many deliveries were there last month?");
        assertThat(other.answer().status()).isEqualTo(AnswerStatus.ANSWERED);
        assertThat(other.spec().subject()).isEqualToIgnoringCase("delivery");
    }

    @Test
    void everyChipAnswersAndItsQuestionAskedNextGivesTheSameSpec() throws SQLException {
        Turn first = ask("How many deliveries were there this year?");
        assertThat(first.suggestions()).isNotEmpty().hasSizeLessThanOrEqualTo(Suggestions.MAX);
        for (Suggestion chip : first.suggestions()) {
            try (AnswerEngine other = hospital.engine()) {
                Conversation typed = new Conversation(other, "All service lines", TurnLog.NONE);
                typed.ask("How many deliveries were there this year?", StepListener.NONE);
                Turn asked = typed.ask(chip.question(), StepListener.NONE);
                assertThat(asked.answer().status()).as(chip.question()).isEqualTo(AnswerStatus.ANSWERED);
                assertThat(hash(asked)).as(chip.question()).isEqualTo(SpecHash.of(SpecCanonicalizer.canonicalize(
                        chip.spec())));
            }
            Conversation clicked = new Conversation(engine, "All service lines", TurnLog.NONE);
            clicked.ask("How many deliveries were there this year?", StepListener.NONE);
            Turn chosen = clicked.choose(chip, StepListener.NONE);
            assertThat(chosen.answer().status()).as(chip.label()).isEqualTo(AnswerStatus.ANSWERED);
            assertThat(chosen.answer().path()).extracting(PathStep::rung).doesNotContain("grammar");
        }
        List<String> kinds = new ArrayList<>();
        first.suggestions().forEach(s -> kinds.add(s.kind()));
        assertThat(kinds).doesNotHaveDuplicates();
    }

    @Test
    void aChipOfAnOlderCardSaysWhatItKeptOfThatCardNotOfTheLastAnswer() {
        Turn deliveries = ask("How many deliveries were there this year?");
        Turn patients = ask("How many patients are there?");
        assertThat(patients.answer().status()).as(patients.answer().message()).isEqualTo(AnswerStatus.ANSWERED);
        Suggestion chip = deliveries.suggestions().stream().filter(c -> !c.kind().equals("question")).findFirst()
                .orElseThrow();
        Turn chosen = chat.choose(chip, StepListener.NONE);
        assertThat(chosen.answer().status()).as(chip.label()).isEqualTo(AnswerStatus.ANSWERED);
        assertThat(chosen.focus().fromTurn()).as("it refines turn 1, not the last answer").isEqualTo(1);
        assertThat(chosen.focus().using()).contains("Deliveries").doesNotContain("Patient");
        assertThat(chosen.answer().path()).extracting(PathStep::reason).anyMatch(r -> r != null
                && r.startsWith("follow-up to turn 1"));
        assertThat(hash(chosen)).isEqualTo(chip.specHash());
        assertThat(chat.focus().subject()).isEqualTo(deliveries.spec().subject());
        assertThat(chat.focus().narrowedFrom()).isEqualTo(deliveries.spec());
    }

    @Test
    void aChipOfAKeptCardStillRefinesItsOwnAnswerWhenTheConversationIsCarriedOn() throws SQLException {
        List<Turn> kept = new ArrayList<>();
        // as the store keeps them: written as JSON and read back
        for (Turn t : List.of(ask("How many deliveries were there this year?"), ask("How many patients are there?"))) {
            kept.add(ConversationJson.turn(ConversationJson.turn(t)));
        }
        try (AnswerEngine other = hospital.engine()) {
            Conversation carried = new Conversation(other, "All service lines", TurnLog.NONE);
            carried.restore(chat.focus(), kept);
            Suggestion chip = kept.get(0).suggestions().stream().filter(c -> !c.kind().equals("question"))
                    .findFirst().orElseThrow();
            Turn chosen = carried.choose(chip, StepListener.NONE);
            assertThat(chosen.number()).isEqualTo(3);
            assertThat(chosen.answer().status()).as(chip.label()).isEqualTo(AnswerStatus.ANSWERED);
            assertThat(chosen.focus().fromTurn()).as("it refines kept turn 1, not the last answer").isEqualTo(1);
            assertThat(chosen.focus().using()).contains("Deliveries").doesNotContain("Patient");
        }
    }

    private static String hash(Turn t) {
        return SpecHash.of(SpecCanonicalizer.canonicalize(t.spec()));
    }

    @Test
    void aCapabilityQuestionIsAnsweredFromTheBinding() {
        Turn about = ask("What can you ask about deliveries?");
        assertThat(about.answer().status()).isEqualTo(AnswerStatus.ANSWERED);
        assertThat(about.answer().sql()).isNull();
        assertThat(about.answer().rows()).extracting(r -> r.get(0)).contains("Counts", "Groupings", "Periods");
        assertThat(about.suggestions()).isNotEmpty().allSatisfy(s -> assertThat(s.question()).startsWith("How many"));

        Turn whole = ask("what do you know about this hospital?");
        assertThat(whole.answer().rows()).extracting(r -> r.get(0)).contains("Deliveries", "Wards");
    }

    @Test
    void theCommandLineObjectCarriesFocusAndSuggestions() {
        ask("How many deliveries were there last month?");
        String line = TurnJson.line(ask("and by ward?"));
        assertThat(line).contains("\"status\":\"answered\"", "\"focus\":{\"fromTurn\":1,\"move\":\"grouping\"",
                "\"using\":\"October 2026 · Deliveries\"", "\"suggestions\":[");
        assertThat(line.indexOf("\"message\"")).isLessThan(line.indexOf("\"focus\":{"));
    }
}
